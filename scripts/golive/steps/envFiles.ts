// Writes .env and .env.functions (both git-ignored). Secrets never go in them: Secret Manager holds those.
import { join } from 'node:path';
import { buildVersion } from '../buildVersion';
import { writeEnvFile } from '../envFiles';
import type { SetupContext, Step } from '../steps';

function spaEnv({ values }: SetupContext): Record<string, string> {
  const project = values.FIREBASE_PROJECT_ID ?? '';
  return {
    VITE_FIREBASE_API_KEY: values.VITE_FIREBASE_API_KEY ?? '',
    VITE_FIREBASE_AUTH_DOMAIN: `${project}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: project,
    VITE_FIREBASE_APP_ID: values.VITE_FIREBASE_APP_ID ?? '',
    VITE_USE_EMULATORS: '0',
    VITE_STORE_NAME: values.STORE_NAME ?? '',
    VITE_CONTACT_EMAIL: values.SELLER_EMAIL ?? '',
    VITE_CONTACT_PHONE: values.VITE_CONTACT_PHONE ?? '',
    VITE_PUBLIC_STORE_URL: values.PUBLIC_STORE_URL ?? '',
    VITE_IMAGE_UPLOAD_URL: `https://api.cloudinary.com/v1_1/${values.CLOUDINARY_CLOUD_NAME}/image/upload`,
    VITE_PAYSTACK_PUBLIC_KEY: values.VITE_PAYSTACK_PUBLIC_KEY ?? '',
    VITE_PAYPAL_CLIENT_ID: values.PAYPAL_CLIENT_ID ?? '',
    VITE_DEMO_PAYMENTS: '0',
  };
}

function functionEnv(ctx: SetupContext): Record<string, string> {
  const { values } = ctx;
  const names = ['SMTP_HOST', 'SMTP_PORT', 'SMTP_SECURE', 'SMTP_USER', 'MAIL_FROM', 'SELLER_EMAIL', 'STORE_NAME'];
  return {
    ...Object.fromEntries(names.map((name) => [name, values[name] ?? ''])),
    PUBLIC_STORE_URL: values.PUBLIC_STORE_URL ?? '',
    PAYSTACK_PUBLIC_KEY: values.VITE_PAYSTACK_PUBLIC_KEY ?? '',
    PAYPAL_CLIENT_ID: values.PAYPAL_CLIENT_ID ?? '',
    PAYPAL_BASE_URL: ctx.paypal.baseUrl,
    PAYPAL_MERCHANT_ID: values.PAYPAL_MERCHANT_ID ?? '',
    PAYPAL_WEBHOOK_ID: ctx.found.paypalWebhookId ?? '',
    CLOUDINARY_CLOUD_NAME: values.CLOUDINARY_CLOUD_NAME ?? '',
    CLOUDINARY_API_KEY: values.CLOUDINARY_API_KEY ?? '',
    BUILD_VERSION: buildVersion(ctx.dir),
  };
}

export const envFilesStep: Step = {
  title: 'Settings files',
  run(ctx) {
    const written = [
      writeEnvFile(join(ctx.dir, '.env'), spaEnv(ctx)) && '.env',
      writeEnvFile(join(ctx.dir, '.env.functions'), functionEnv(ctx)) && '.env.functions',
    ].filter(Boolean);
    return Promise.resolve(
      written.length > 0
        ? { changed: true, detail: `wrote ${written.join(' and ')}` }
        : { changed: false, detail: '.env and .env.functions hold these values' },
    );
  },
};
