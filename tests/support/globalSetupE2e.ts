// e2e: the production build of the SPA, served with the local cloud, for a real Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { startCloud } from '../../local/cloud';
import { freePort } from '../../local/ports';
import { findChrome } from './browser';

export interface E2eInfo {
  baseUrl: string;
  /** The production build the browser is served, and the secrets that were in the environment while it was built. */
  distDir: string;
  buildSecrets: Record<string, string>;
  mailUrl: string;
  firestoreHost: string;
  apiEnv: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eInfo;
  }
}

const root = resolve(import.meta.dirname, '../..');

export default async function setup(project: TestProject) {
  findChrome(); // fail early, with a clear message, when no browser is installed
  const dataDir = await mkdtemp(join(tmpdir(), 'store-e2e-'));
  const storePort = await freePort();
  const baseUrl = `http://127.0.0.1:${storePort}`;
  // Browsers in every test post from 127.0.0.1: the purchase and admin limits are out of the way.
  const cloud = await startCloud({
    dataDir,
    withApi: true,
    seed: true,
    storeUrl: baseUrl,
    apiEnv: {
      ORDER_RATE_LIMIT: '1000',
      RESEND_RATE_LIMIT: '1000',
      ACCESS_RATE_LIMIT: '1000',
      ADMIN_RATE_LIMIT: '1000',
    },
  });
  const outDir = join(dataDir, 'dist');
  const savedEnv = { ...process.env };
  // The build runs with server secrets in its environment, as on a developer's machine with a full
  // .env, so a test can prove none of them reaches the bundle (DESIGN §6).
  const buildSecrets = {
    PAYSTACK_SECRET_KEY: 'sk_test_secret_marker_paystack_7f3a',
    PAYPAL_CLIENT_SECRET: 'paypal_secret_marker_91bd',
    CLOUDINARY_API_SECRET: 'cloudinary_secret_marker_c0de',
    SMTP_PASS: 'smtp_password_marker_5e11',
  };
  Object.assign(process.env, cloud.webEnv, buildSecrets, { VITE_GEOIP_URL: 'https://geoip.e2e.test/json' });
  try {
    // Its own mode: a `production` build refuses VITE_DEMO_PAYMENTS and VITE_USE_EMULATORS.
    await build({ root, mode: 'e2e', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    process.env = savedEnv;
  }
  process.env.API_PROXY_TARGET = cloud.api?.url ?? '';
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: {
      port: storePort,
      strictPort: true,
      host: '127.0.0.1',
      proxy: { '/api': { target: cloud.api?.url ?? '', changeOrigin: true } },
    },
  });
  project.provide('e2e', {
    baseUrl,
    distDir: outDir,
    buildSecrets,
    mailUrl: cloud.mail.webUrl,
    firestoreHost: `127.0.0.1:${cloud.firestore.port}`,
    apiEnv: cloud.apiEnv,
  });
  return async () => {
    await server.close();
    await cloud.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
