// e2e: the production build of the SPA, served with the local cloud, for a real Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { cspStandIns, startCloud } from '../../local/cloud';
import { freePort } from '../../local/ports';
import { serveBuiltStore } from '../../local/builtStore';
import { findChrome, launchBrowserServer } from './browser';
import { fakeProviderKeys, startFakeProviders } from './fakeProviders';

export interface E2eInfo {
  /** The store built without payment provider keys: the local stack's demo payments. */
  baseUrl: string;
  /**
   * The same store built with public Paystack and PayPal keys, served beside it against the same
   * cloud; the API verifies with the loopback provider stand-in at `providersUrl`.
   */
  providersBaseUrl: string;
  providersDistDir: string;
  providersUrl: string;
  publicKeys: { paystack: string; paypal: string };
  /** The production build the browser is served, and the secrets that were in the environment while it was built. */
  distDir: string;
  buildSecrets: Record<string, string>;
  mailUrl: string;
  firestoreHost: string;
  /** The Auth emulator (http://host:port) and the project it serves, for out-of-band codes. */
  authUrl: string;
  projectId: string;
  apiEnv: Record<string, string>;
  /** The run's one Chromium: every test file connects to it (tests/support/e2ePage.ts). */
  browserWsEndpoint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eInfo;
  }
}

const root = resolve(import.meta.dirname, '../..');
const geoIpUrl = 'https://geoip.e2e.test/json';

export default async function setup(project: TestProject) {
  findChrome(); // fail early, with a clear message, when no browser is installed
  const dataDir = await mkdtemp(join(tmpdir(), 'store-e2e-'));
  const storePort = await freePort();
  const providersStorePort = await freePort();
  const baseUrl = `http://127.0.0.1:${storePort}`;
  const providersBaseUrl = `http://127.0.0.1:${providersStorePort}`;
  const providers = await startFakeProviders();
  // Browsers in every test post from 127.0.0.1: the purchase and admin limits are out of the way.
  const cloud = await startCloud({
    dataDir,
    withApi: true,
    withAuth: true,
    seed: true,
    // Tests watch failed e-mails stay failed until they retry them (the retry sweep is tested on its own).
    emailRetryMs: 0,
    // The purchase links a buyer asks for at /purchases go out within a second, as a browser test waits.
    resendSweepMs: 1000,
    // A mailing sent from the dashboard reaches the inbox within seconds, as a browser test waits.
    mailingSweepMs: 2000,
    storeUrl: baseUrl,
    // The second store (real payment buttons) is a browser origin of the local cloud too.
    extraOrigins: [providersBaseUrl],
    apiEnv: {
      ORDER_RATE_LIMIT: '1000',
      CHECKOUT_RATE_LIMIT: '1000',
      RESEND_RATE_LIMIT: '1000',
      ACCESS_RATE_LIMIT: '1000',
      ADMIN_RATE_LIMIT: '1000',
      ACCOUNT_MAIL_RATE_LIMIT: '1000',
      ACCOUNT_MAIL_ADDRESS_RATE_LIMIT: '1000',
      // Library and affiliate sign-ins (a code asked for and tried) from every file's browsers, all on
      // 127.0.0.1: the default of 10 in 10 minutes refused the later files' sign-ins.
      SIGNIN_RATE_LIMIT: '1000',
      CONFIRM_RATE_LIMIT: '1000',
      // 'Pay by transfer (demo)' waits this long for the demo bank: long enough to open the waiting
      // page from its e-mail in another browser before the money arrives.
      DEMO_TRANSFER_DELAY_MS: '8000',
      PAYSTACK_SECRET_KEY: fakeProviderKeys.paystackSecret,
      PAYSTACK_BASE_URL: providers.paystackBaseUrl,
      PAYPAL_CLIENT_ID: fakeProviderKeys.paypalClientId,
      PAYPAL_CLIENT_SECRET: fakeProviderKeys.paypalClientSecret,
      PAYPAL_BASE_URL: providers.paypalBaseUrl,
      PAYPAL_MERCHANT_ID: fakeProviderKeys.paypalMerchantId,
      PAYPAL_WEBHOOK_ID: fakeProviderKeys.paypalWebhookId,
      // The public twin of the Paystack secret the second store is built with, for Store health.
      PAYSTACK_PUBLIC_KEY: 'pk_test_e2e_public_key',
    },
  });
  const outDir = join(dataDir, 'dist');
  const providersOutDir = join(dataDir, 'dist-providers');
  const publicKeys = { paystack: 'pk_test_e2e_public_key', paypal: 'e2e-paypal-client-id' };
  const savedEnv = { ...process.env };
  // The build runs with server secrets in its environment, as on a developer's machine with a full
  // .env, so a test can prove none of them reaches the bundle (docs/architecture.md, 'Configuration').
  const buildSecrets = {
    PAYSTACK_SECRET_KEY: 'sk_test_secret_marker_paystack_7f3a',
    PAYPAL_CLIENT_SECRET: 'paypal_secret_marker_91bd',
    CLOUDINARY_API_SECRET: 'cloudinary_secret_marker_c0de',
    SMTP_PASS: 'smtp_password_marker_5e11',
  };
  Object.assign(process.env, cloud.webEnv, buildSecrets, { VITE_GEOIP_URL: geoIpUrl });
  try {
    // Its own mode: a `production` build refuses VITE_DEMO_PAYMENTS and VITE_USE_EMULATORS.
    await build({ root, mode: 'e2e', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    // A second build with the public payment keys: the Paystack popup and PayPal buttons instead of
    // the demo payment. Builds run one after the other because Vite reads process.env.
    Object.assign(process.env, {
      VITE_PAYSTACK_PUBLIC_KEY: publicKeys.paystack,
      VITE_PAYPAL_CLIENT_ID: publicKeys.paypal,
    });
    await build({ root, mode: 'e2e', logLevel: 'warn', build: { outDir: providersOutDir, emptyOutDir: true } });
  } finally {
    process.env = savedEnv;
  }
  // Both stores send Firebase Hosting's headers from firebase.json, so every e2e test runs under the
  // production CSP; each production origin's local stand-in is allowed where that origin is, and
  // nowhere else (server/lib/hostingHeaders.ts).
  const standIns = cspStandIns(cloud, geoIpUrl);
  // The second (provider keys) build gets its own product page shell: the API fills product pages
  // from the first store's shell, whose asset names belong to the other build.
  const serve = (port: number, dir: string, productPagesThroughApi: boolean) =>
    serveBuiltStore({ root, outDir: dir, port, apiUrl: cloud.api?.url ?? '', standIns, productPagesThroughApi });
  const server = await serve(storePort, outDir, true);
  const providersServer = await serve(providersStorePort, providersOutDir, false);
  // Launched once rather than once per file: each file still opens fresh contexts of its own.
  const browserServer = await launchBrowserServer();
  project.provide('e2e', {
    baseUrl,
    providersBaseUrl,
    providersDistDir: providersOutDir,
    providersUrl: providers.url,
    publicKeys,
    distDir: outDir,
    buildSecrets,
    mailUrl: cloud.mail.webUrl,
    firestoreHost: `127.0.0.1:${cloud.firestore.port}`,
    authUrl: cloud.auth?.url ?? '',
    projectId: cloud.projectId,
    apiEnv: cloud.apiEnv,
    browserWsEndpoint: browserServer.wsEndpoint(),
  });
  return async () => {
    await browserServer.close();
    await server.close();
    await providersServer.close();
    await cloud.stop();
    await providers.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
