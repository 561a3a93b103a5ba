// Shared by the setup's and the doctor's tests: a copy of the repository's deploy files in a temp
// folder, the Google stand-in and the providers on msw, and the setup run in-process with its output.
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setupServer } from 'msw/node';
import { inject } from 'vitest';
import { runDoctor } from '../../scripts/golive/doctor';
import { runSetup } from '../../scripts/golive/setup';
import { googleStandIn } from './googleApis/deployedRoutes';
import { standInEnv } from './googleApis/handlers';
import { freshProject, liveProject, type GoogleState } from './googleApis/state';
import { providerBases, providerHandlers, type ProviderState } from './goliveProviders';

export const cloud = inject('cloud');
export const googleToken = 'ya29.a0StandInAccessToken-7f3c';
const root = resolve(import.meta.dirname, '../..');

// Each world sets its handlers; the test file runs it through `useMsw(msw)` (tests/support/msw.ts).
export const msw = setupServer();

/** A folder with what the setup reads from the repository (it writes .env, .env.functions, setup.log there). */
export function tempRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'golive-'));
  for (const file of [
    'package.json',
    'storage.cors.json',
    'firestore.rules',
    'storage.rules',
    'firestore.indexes.json',
  ]) {
    copyFileSync(join(root, file), join(dir, file));
  }
  return dir;
}

export function readIn(dir: string, file: string): string {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

export interface World {
  google: GoogleState;
  providers: ProviderState;
  dir: string;
  env: Record<string, string>;
}

/** A fresh Firebase project, providers that accept the keys below, and the seller's environment. */
export function newWorld(): World {
  const tag = Math.random().toString(36).slice(2, 8);
  const google = freshProject(cloud.projectId, googleToken);
  const providers: ProviderState = {
    paystackSecret: `sk_test_9f8e7d6c5b4a${tag}`,
    paypal: { host: 'sandbox', clientId: 'AbPaypalClientId', secret: `EPaypalSecret${tag}` },
    webhooks: [],
    cloudinary: { cloud: 'mystore', key: '614335564976464', secret: `CloudinarySecret${tag}` },
    calls: [],
  };
  msw.resetHandlers(...googleStandIn(google), ...providerHandlers(providers));
  const env: Record<string, string> = {
    ...standInEnv(),
    GOOGLE_OAUTH_ACCESS_TOKEN: googleToken,
    PAYSTACK_BASE_URL: providerBases.paystack,
    CLOUDINARY_API_BASE: providerBases.cloudinary,
    FIRESTORE_EMULATOR_HOST: cloud.firestoreHost,
    FIREBASE_PROJECT_ID: cloud.projectId,
    VITE_FIREBASE_API_KEY: 'AIzaSyStoreWebKey',
    VITE_FIREBASE_APP_ID: '1:418557093162:web:8d2f',
    STORE_NAME: 'Ada Books',
    SELLER_EMAIL: `ada+${tag}@adabooks.test`,
    VITE_CONTACT_PHONE: '+234 803 000 1111',
    PUBLIC_STORE_URL: 'https://shop.adabooks.test',
    VITE_PAYSTACK_PUBLIC_KEY: 'pk_test_1a2b3c4d5e',
    PAYSTACK_SECRET_KEY: providers.paystackSecret,
    PAYPAL_CLIENT_ID: providers.paypal.clientId,
    PAYPAL_CLIENT_SECRET: providers.paypal.secret,
    PAYPAL_MERCHANT_ID: 'ADABOOKSMERCH1',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: cloud.apiEnv.SMTP_PORT ?? '',
    SMTP_USER: 'orders@adabooks.test',
    SMTP_PASS: `smtp-pass-${tag}`,
    MAIL_FROM: 'Ada Books <orders@adabooks.test>',
    CLOUDINARY_CLOUD_NAME: providers.cloudinary.cloud,
    CLOUDINARY_API_KEY: providers.cloudinary.key,
    CLOUDINARY_API_SECRET: providers.cloudinary.secret,
    ADMIN_EMAIL: `owner+${tag}@adabooks.test`,
    ADMIN_NAME: 'Ada Obi',
    ADMIN_PASSWORD: `Admin-pass-${tag}`,
  };
  return { google, providers, dir: tempRepo(), env };
}

export async function setup(world: World, argv = ['--no-prompt', '--skip-deploy']) {
  let output = '';
  const code = await runSetup({
    argv,
    env: world.env,
    dir: world.dir,
    write: (text) => {
      output += text;
    },
    ask: () => Promise.reject(new Error('The setup asked a question under --no-prompt')),
  });
  return { code, output, lines: output.trimEnd().split('\n') };
}

/** The secrets a world's setup sees: none may appear in any output, log or settings file. */
export function secretsOf(world: World): string[] {
  return [
    world.env.PAYSTACK_SECRET_KEY,
    world.env.PAYPAL_CLIENT_SECRET,
    world.env.SMTP_PASS,
    world.env.CLOUDINARY_API_SECRET,
    world.env.ADMIN_PASSWORD,
    googleToken,
    'A21AAPaypalAccessToken',
    ...[...world.google.secrets.values()].flatMap((versions) =>
      versions.map((v) => Buffer.from(v.data, 'base64').toString('utf8')),
    ),
  ].filter((s): s is string => Boolean(s));
}

/** A project the setup and a deploy have made right, and the store's API on the local cloud. */
export function liveWorld(apis: readonly string[]): World {
  const storeUrl = cloud.apiUrl.replace(/\/+$/, '');
  const google = liveProject(
    cloud.projectId,
    googleToken,
    [storeUrl, `https://${cloud.projectId}.web.app`, `https://${cloud.projectId}.firebaseapp.com`],
    apis,
  );
  const providers: ProviderState = {
    paystackSecret: '',
    paypal: { host: 'live', clientId: '', secret: '' },
    webhooks: [],
    cloudinary: { cloud: '', key: '', secret: '' },
    calls: [],
  };
  msw.resetHandlers(...googleStandIn(google), ...providerHandlers(providers));
  const env: Record<string, string> = {
    ...standInEnv(),
    GOOGLE_OAUTH_ACCESS_TOKEN: googleToken,
    FIREBASE_PROJECT_ID: cloud.projectId,
    PUBLIC_STORE_URL: storeUrl,
    VITE_FIREBASE_API_KEY: 'AIzaSyStoreWebKey',
    FIRESTORE_EMULATOR_HOST: cloud.firestoreHost,
    FIREBASE_AUTH_MANAGEMENT_URL: `${cloud.authUrl}/identitytoolkit.googleapis.com`,
  };
  return { google, providers, dir: tempRepo(), env };
}

export async function doctor(world: World, argv: string[] = []) {
  let output = '';
  const code = await runDoctor({
    argv,
    env: world.env,
    dir: world.dir,
    write: (text) => {
      output += text;
    },
  });
  return { code, output, lines: output.trimEnd().split('\n') };
}
