// What the deployed store needs from its Google project and providers: one list, read by the setup
// (to make it so) and by the doctor (to check it is so).

export const requiredApis = [
  'cloudfunctions.googleapis.com',
  'cloudbuild.googleapis.com',
  'artifactregistry.googleapis.com',
  'run.googleapis.com',
  'eventarc.googleapis.com',
  'pubsub.googleapis.com',
  'cloudscheduler.googleapis.com',
  'secretmanager.googleapis.com',
  'iam.googleapis.com',
  'iamcredentials.googleapis.com',
  'cloudresourcemanager.googleapis.com',
  'firestore.googleapis.com',
  'firebaserules.googleapis.com',
  'firebasestorage.googleapis.com',
  'storage.googleapis.com',
  'firebasehosting.googleapis.com',
  'identitytoolkit.googleapis.com',
] as const;

/** The secrets the function reads from Secret Manager (server/function.ts). */
export const functionSecrets = [
  'SMTP_PASS',
  'PAYSTACK_SECRET_KEY',
  'PAYPAL_CLIENT_SECRET',
  'CLOUDINARY_API_SECRET',
  'ACCESS_LINK_SECRET',
  'MAILGUN_WEBHOOK_SIGNING_KEY',
] as const;

/** The deployed functions (server/function.ts), all in us-central1. */
export const functionRegion = 'us-central1';
export const functionNames = [
  'api',
  'retryEmails',
  'sendReminders',
  'expireCheckouts',
  'sendMailings',
  'checkStoreHealth',
] as const;

/** The events the API handles from each provider's webhook (one list, shared with Store health). */
export { paypalWebhookEvents, paystackWebhookEvents } from '../../server/webhooks/webhookEvents';

export const defaultBucket = (projectId: string) => `${projectId}.firebasestorage.app`;

/** The origins the bucket's CORS must let upload: the public URL's and Firebase Hosting's two. */
export function storeOrigins(projectId: string, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin, `https://${projectId}.web.app`, `https://${projectId}.firebaseapp.com`];
  return [...new Set(origins)];
}

export const consoleUrl = (projectId: string, path: string) =>
  `https://console.firebase.google.com/project/${projectId}/${path}`;
export const cloudConsoleUrl = (projectId: string, path: string) =>
  `https://console.cloud.google.com/${path}?project=${projectId}`;
