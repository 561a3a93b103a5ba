// Every base URL the setup and the doctor call, each overridable by environment variable
// (docs/deploy.md, 'Pointing the setup elsewhere'). Google's use firebase-tools' own names.
export type GoliveEnv = Readonly<Record<string, string | undefined>>;

const defaults = {
  FIREBASE_CLOUDBILLING_URL: 'https://cloudbilling.googleapis.com',
  FIREBASE_SERVICE_USAGE_URL: 'https://serviceusage.googleapis.com',
  FIREBASE_STORAGE_URL: 'https://storage.googleapis.com',
  FIREBASE_FIREBASESTORAGE_URL: 'https://firebasestorage.googleapis.com',
  FIREBASE_RULES_URL: 'https://firebaserules.googleapis.com',
  FIRESTORE_URL: 'https://firestore.googleapis.com',
  FIREBASE_FUNCTIONS_V2_URL: 'https://cloudfunctions.googleapis.com',
  FIREBASE_HOSTING_API_URL: 'https://firebasehosting.googleapis.com',
  FIREBASE_IAM_URL: 'https://iam.googleapis.com',
  FIREBASE_RESOURCEMANAGER_URL: 'https://cloudresourcemanager.googleapis.com',
  CLOUD_SECRET_MANAGER_URL: 'https://secretmanager.googleapis.com',
  FIREBASE_AUTH_MANAGEMENT_URL: 'https://identitytoolkit.googleapis.com',
  PAYSTACK_BASE_URL: 'https://api.paystack.co',
  CLOUDINARY_API_BASE: 'https://api.cloudinary.com',
} as const;

export type EndpointName = keyof typeof defaults;

/** The base URL (no trailing slash) for `name`: the environment's when set, else the real service's. */
export function endpoint(env: GoliveEnv, name: EndpointName): string {
  const value = env[name]?.trim();
  return (value || defaults[name]).replace(/\/+$/, '');
}

/** PayPal's two hosts: the one that accepts the credentials tells sandbox from live. */
export const paypalHosts = {
  live: 'https://api-m.paypal.com',
  sandbox: 'https://api-m.sandbox.paypal.com',
} as const;
