// Every browser setting, read once from Vite's env, typed and validated (docs/architecture.md,
// 'Configuration'). Only VITE_* variables reach the bundle; secrets live in server/config.ts.

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
}

export interface EmulatorConfig {
  /** host:port of the Firestore emulator */
  firestoreHost: string;
  /** http://host:port of the Auth emulator */
  authUrl: string;
}

export interface StoreIdentity {
  storeName: string;
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  /** The company's main site: the menu's external Home/About and the footer's legal pages. */
  productSiteUrl: string;
  aboutUrl: string;
  defaultAuthor: string;
  /** The store's public origin (https://shop.example.com): absolute canonical and og:image URLs in the prerendered pages. Empty: relative. */
  publicUrl: string;
}

export interface AppConfig {
  firebase: FirebaseWebConfig;
  emulators: EmulatorConfig | null;
  store: StoreIdentity;
  contactUrl: string;
  geoIpUrl: string;
  /** The image host's signed-upload endpoint (docs/admin.md, 'Cover images'); the API signs each upload. */
  images: { uploadUrl: string };
  payments: { paystackPublicKey: string; paypalClientId: string; demo: boolean };
}

export class ConfigError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `Missing configuration: ${missing.join(', ')}. Copy .env.example to .env and set them, or use \`npm start\` for the local cloud.`,
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | boolean | undefined>;

function splitHostPort(value: string): boolean {
  return /^[^:\s]+:\d{1,5}$/.test(value);
}

export function parseConfig(env: Env): AppConfig {
  const missing: string[] = [];
  const text = (name: string, fallback?: string): string => {
    const raw = env[name];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value) return value;
    if (fallback !== undefined) return fallback;
    missing.push(name);
    return '';
  };
  const useEmulators = text('VITE_USE_EMULATORS', '0') === '1';

  const firebase: FirebaseWebConfig = {
    apiKey: text('VITE_FIREBASE_API_KEY', useEmulators ? 'demo-api-key' : undefined),
    authDomain: text('VITE_FIREBASE_AUTH_DOMAIN', useEmulators ? 'localhost' : undefined),
    projectId: text('VITE_FIREBASE_PROJECT_ID', useEmulators ? 'demo-digital-store' : undefined),
    appId: text('VITE_FIREBASE_APP_ID', useEmulators ? 'demo-app' : undefined),
  };

  let emulators: EmulatorConfig | null = null;
  if (useEmulators) {
    const firestoreHost = text('VITE_FIRESTORE_EMULATOR_HOST', '127.0.0.1:8080');
    if (firestoreHost && !splitHostPort(firestoreHost)) missing.push('VITE_FIRESTORE_EMULATOR_HOST (host:port)');
    emulators = { firestoreHost, authUrl: text('VITE_AUTH_EMULATOR_URL', 'http://127.0.0.1:9099') };
  }

  const productSiteUrl = text('VITE_PRODUCT_SITE_URL', 'https://example.com').replace(/\/+$/, '');
  const config: AppConfig = {
    firebase,
    emulators,
    store: {
      storeName: text('VITE_STORE_NAME', 'Digital Store'),
      companyName: text('VITE_COMPANY_NAME', 'Digital Store Ltd'),
      contactEmail: text('VITE_CONTACT_EMAIL', 'hello@example.com'),
      contactPhone: text('VITE_CONTACT_PHONE', '+234 800 000 0000'),
      productSiteUrl,
      aboutUrl: text('VITE_ABOUT_URL', `${productSiteUrl}/about`),
      defaultAuthor: text('VITE_DEFAULT_AUTHOR', 'Content Team'),
      publicUrl: text('VITE_PUBLIC_STORE_URL', '').replace(/\/+$/, ''),
    },
    contactUrl: text('VITE_CONTACT_URL', '/api/contact'),
    geoIpUrl: text('VITE_GEOIP_URL', 'https://ipapi.co/json/'),
    images: {
      uploadUrl: text('VITE_IMAGE_UPLOAD_URL', ''),
    },
    payments: {
      paystackPublicKey: text('VITE_PAYSTACK_PUBLIC_KEY', ''),
      paypalClientId: text('VITE_PAYPAL_CLIENT_ID', ''),
      demo: text('VITE_DEMO_PAYMENTS', '0') === '1',
    },
  };
  // Everything in VITE_* ships to every shopper: a Paystack secret key pasted here by mistake
  // would hand anyone the seller's account, so the build refuses anything but a public key.
  const { paystackPublicKey } = config.payments;
  if (paystackPublicKey && !/^pk_(test|live)_/.test(paystackPublicKey)) {
    missing.push('VITE_PAYSTACK_PUBLIC_KEY (a Paystack public key, pk_test_... or pk_live_..., never the secret key)');
  }
  if (missing.length > 0) throw new ConfigError(missing);
  return config;
}

let cached: AppConfig | undefined;

/** The validated configuration; throws a ConfigError naming every missing variable. */
export function getConfig(): AppConfig {
  cached ??= parseConfig(import.meta.env);
  return cached;
}
