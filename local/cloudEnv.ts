// The local cloud's environments: the API's (what server/config.ts reads) and the SPA's (VITE_*),
// both pointing at this cloud's parts, and the demo store's identity they share.
import { resolve } from 'node:path';
import { localBuildVersion } from '../server/health/buildVersion';
import { projectId } from './authEmulator';

/**
 * The demo store's one contact address: the footer and contact page show it, and the store's e-mails
 * name it (SELLER_EMAIL: their reply-to and the seller's copies).
 */
export const demoContactEmail = 'seller@digitalstore.test';

export const storeIdentity = {
  VITE_STORE_NAME: 'Digital Store',
  VITE_COMPANY_NAME: 'Digital Store Ltd',
  VITE_CONTACT_EMAIL: demoContactEmail,
  VITE_CONTACT_PHONE: '+234 800 000 0000',
  VITE_PRODUCT_SITE_URL: 'https://www.digitalstore.test',
  VITE_DEFAULT_AUTHOR: 'Digital Store Content Team',
};

const providerVariables = [
  'PAYSTACK_SECRET_KEY',
  'PAYSTACK_BASE_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_BASE_URL',
  'PAYPAL_MERCHANT_ID',
  // Not a provider's, but the demo bank's stand-in for one: `DEMO_TRANSFER_DELAY_MS=20000 npm start`.
  'DEMO_TRANSFER_DELAY_MS',
] as const;

function providerEnvFromShell(): Record<string, string> {
  return Object.fromEntries(
    providerVariables.flatMap((name) => {
      const value = process.env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
}

// The local image host checks signatures with these, as Cloudinary does with the account's; the
// API signs with the same pair. Local only: the deployed API reads real ones from Secret Manager.
export const imageHostCredentials = { apiKey: 'local-key', apiSecret: 'local-secret' };

/** Where this cloud's parts answer, as the environments name them. */
export interface CloudAddresses {
  host: string;
  /** host:port of the Firestore emulator. */
  firestoreHost: string;
  /** The Auth emulator's port when it runs, else null. */
  authPort: number | null;
  /** The Auth emulator's URL the SPA is pointed at (its reserved port when it does not run). */
  authUrl: string;
  smtpPort: number;
  images: { url: string; cloudName: string; uploadUrl: string };
  storage: { url: string; bucket: string; keyFile: string };
  /** The store's public origin, used in e-mails (access links). */
  storeUrl: string;
}

/** The API's environment; `extra` (a test's) wins over everything else. */
export function apiEnvironment(at: CloudAddresses, extra: Record<string, string> = {}): Record<string, string> {
  return {
    FIREBASE_PROJECT_ID: projectId,
    FIRESTORE_EMULATOR_HOST: at.firestoreHost,
    ...(at.authPort !== null ? { FIREBASE_AUTH_EMULATOR_HOST: `${at.host}:${at.authPort}` } : {}),
    SMTP_HOST: at.host,
    SMTP_PORT: String(at.smtpPort),
    MAIL_FROM: 'Digital Store <orders@digitalstore.test>',
    SELLER_EMAIL: demoContactEmail,
    STORE_NAME: storeIdentity.VITE_STORE_NAME,
    PUBLIC_STORE_URL: at.storeUrl,
    DEMO_PAYMENTS: '1',
    // Fixed, so access links in the local inbox keep working across restarts of npm start.
    ACCESS_LINK_SECRET: 'local-cloud-access-link-secret-not-for-production',
    CLOUDINARY_CLOUD_NAME: at.images.cloudName,
    CLOUDINARY_API_KEY: imageHostCredentials.apiKey,
    CLOUDINARY_API_SECRET: imageHostCredentials.apiSecret,
    CLOUDINARY_API_BASE: at.images.url,
    STORAGE_BUCKET: at.storage.bucket,
    STORAGE_API_ENDPOINT: at.storage.url,
    STORAGE_KEY_FILE: at.storage.keyFile,
    // The API is reached directly or through Vite's proxy, which adds no X-Forwarded-For entry
    // of its own: only the socket's address is the client's (server/lib/clientAddress.ts).
    TRUST_PROXY_HOPS: '0',
    // What GET /api/health answers, as the functions build writes it for the deployed API.
    BUILD_VERSION: localBuildVersion(resolve(import.meta.dirname, '..')),
    // Provider test keys from the shell (`PAYSTACK_SECRET_KEY=sk_test_... npm start`) let the local
    // store take real sandbox payments; without them only the demo payment is offered.
    // A stand-in merchant id, so the local configuration is complete; with sandbox keys from the
    // shell, PAYPAL_MERCHANT_ID must come from the shell too (the API refuses a client id without it).
    ...(process.env.PAYPAL_CLIENT_ID?.trim() ? {} : { PAYPAL_MERCHANT_ID: 'LOCALSTOREMERCHANT' }),
    ...providerEnvFromShell(),
    ...extra,
  };
}

/** VITE_* variables that point the SPA at this cloud. */
export function webEnvironment(at: CloudAddresses): Record<string, string> {
  return {
    VITE_USE_EMULATORS: '1',
    VITE_FIREBASE_PROJECT_ID: projectId,
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: 'localhost',
    VITE_FIREBASE_APP_ID: 'demo-app',
    VITE_FIRESTORE_EMULATOR_HOST: at.firestoreHost,
    VITE_AUTH_EMULATOR_URL: at.authUrl,
    VITE_IMAGE_UPLOAD_URL: at.images.uploadUrl,
    VITE_DEMO_PAYMENTS: '1',
    VITE_CONTACT_URL: '/api/contact',
    // No call leaves the machine: the currency defaults to USD, as after a failed lookup (src/lib/geo.ts).
    VITE_GEOIP_URL: 'off',
    // Canonical URLs and the home page's structured data name the store's origin.
    VITE_PUBLIC_STORE_URL: at.storeUrl,
    ...storeIdentity,
  };
}
