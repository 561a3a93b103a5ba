// Every API setting, read once, typed and validated (docs/architecture.md, 'Configuration'). Secrets
// live only here, never in the SPA bundle. A missing or malformed variable fails start-up with its
// name.
import { z } from 'zod';
import { defaultTrustProxyHops } from './lib/clientAddress';
import { isLoopbackHost } from './lib/loopback';
import { providerUrlProblems } from './lib/providerUrls';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const schema = z.object({
  FIREBASE_PROJECT_ID: z.string().trim().min(1),
  FIRESTORE_EMULATOR_HOST: optionalText,
  // host:port of the Firebase Auth emulator; set only by the local cloud.
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  SMTP_HOST: z.string().trim().min(1),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535),
  SMTP_SECURE: flag,
  SMTP_USER: optionalText,
  SMTP_PASS: optionalText,
  MAIL_FROM: z.string().trim().min(3),
  // The DKIM selector the mail provider signs the sender domain with ({selector}._domainkey.{domain});
  // Store health checks its record when set (server/health/mailChecks.ts).
  DKIM_SELECTOR: optionalText,
  // What GET /api/health answers as the build's version: package.json's version and the commit
  // (server/health/buildVersion.ts), written into the function's env by the functions build.
  BUILD_VERSION: optionalText,
  SELLER_EMAIL: z.email(),
  STORE_NAME: z.string().trim().min(1).default('Digital Store'),
  PUBLIC_STORE_URL: z.url(),
  CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  CONTACT_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  DEMO_PAYMENTS: flag,
  PAYSTACK_SECRET_KEY: optionalText,
  PAYSTACK_BASE_URL: z.url().default('https://api.paystack.co'),
  // The public key the store's build uses (VITE_PAYSTACK_PUBLIC_KEY): Store health compares its mode
  // (pk_test_/pk_live_) with the secret key's (server/health/paymentChecks.ts).
  PAYSTACK_PUBLIC_KEY: optionalText,
  PAYPAL_CLIENT_ID: optionalText,
  PAYPAL_CLIENT_SECRET: optionalText,
  PAYPAL_BASE_URL: z.url().default('https://api-m.paypal.com'),
  // The store's own PayPal merchant account id: a capture goes ahead only for an order that pays it,
  // so an order paying someone else never releases a product. Required with PAYPAL_CLIENT_ID.
  PAYPAL_MERCHANT_ID: optionalText,
  // How long a checkout's price is honoured for a new payment (a payment arriving later still
  // verifies against the checkout it was made for).
  CHECKOUT_TTL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // The id PayPal gave the webhook subscription (Developer Dashboard > the app > Webhooks); PayPal's
  // verify-webhook-signature API needs it. Without it POST /api/webhooks/paypal answers 503.
  PAYPAL_WEBHOOK_ID: optionalText,
  // Derives each purchase's access-link token (server/orders/accessLinks.ts). The deployed function
  // refuses to start without one; the local cloud sets a fixed one.
  ACCESS_LINK_SECRET: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length >= 32, { error: 'must be at least 32 characters' }),
  // The keys that sign the one `__session` cookie (server/lib/sessionCookie.ts), comma-separated, each
  // 32+ characters: the first signs, every one verifies, so a rotated-out key listed after the new one
  // keeps browsers signed in. Unset: one key derived from ACCESS_LINK_SECRET.
  SESSION_COOKIE_KEYS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.every((key) => key.length >= 32), { error: 'each key must be at least 32 characters' }),
  // A checkout left unpaid this long gets its one reminder e-mail (server/checkouts/reminders.ts).
  REMINDER_AFTER_MINUTES: z.coerce.number().int().min(1).default(60),
  // Mailgun's HTTP webhook signing key: its bounce and complaint events suppress addresses
  // (server/mailings/mailgunEvents.ts). Without it POST /api/webhooks/mailgun answers 503.
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalText,
  // E-mails to buyers sent per minute at most, across every instance (server/mailings/mailingQueue.ts).
  MAILING_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  // How long a shopper's request waits for Paystack or PayPal before answering 502.
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  CLOUDINARY_CLOUD_NAME: optionalText,
  CLOUDINARY_API_KEY: optionalText,
  CLOUDINARY_API_SECRET: optionalText,
  CLOUDINARY_API_BASE: z.url().default('https://api.cloudinary.com'),
  // --- Deliverable files in Cloud Storage (server/files/storage.ts, docs/deploy.md). ---
  // The bucket; unset = the project's default bucket, which Cloud Functions names in FIREBASE_CONFIG.
  STORAGE_BUCKET: optionalText,
  FIREBASE_CONFIG: optionalText,
  // Local cloud only: the Cloud Storage stand-in's base URL and the service-account key file the API
  // signs URLs with there. The deployed function refuses both and signs through IAM signBlob.
  STORAGE_API_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORAGE_KEY_FILE: optionalText,
  // The largest file a seller may upload, in bytes (default 2 GiB).
  MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 4)
    .default(2 * 1024 ** 3),
  // --- Hardening (docs/security.md): proxy hops and the named rate limits of server/lib/rateLimits.ts. ---
  // An empty value means the default, not 0 (0 would put every visitor in one rate-limit window).
  TRUST_PROXY_HOPS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(0).max(10).default(defaultTrustProxyHops),
  ),
  ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ORDER_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CHECKOUT_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // The waiting page polls its status every few seconds (docs/payments.md, 'Payments that complete later').
  WAIT_STATUS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  WAIT_STATUS_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // The local demo bank confirms a demo transfer this long after the buyer sent it (local only).
  DEMO_TRANSFER_DELAY_MS: z.coerce.number().int().min(0).default(5_000),
  RESEND_RATE_LIMIT: z.coerce.number().int().min(1).default(3),
  RESEND_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  // /purchases answers this long after the request whether or not the address bought anything, so its
  // time tells nobody who shops here; the e-mail is sent meanwhile (docs/payments.md, 'Lost e-mail').
  RESEND_ANSWER_MS: z.coerce.number().int().min(0).max(10_000).default(1_500),
  ACCESS_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  ACCESS_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // E-mail confirmations on the download page (a new device): each one is a guess at a buyer's address.
  CONFIRM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  CONFIRM_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  // Library sign-ins per client (codes asked for and codes or links tried); each address has its own
  // limit of 3 codes an hour besides (server/library/signIns.ts).
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  ADMIN_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  ADMIN_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // The public license API (docs/licenses.md): calls per client, and per license key whoever calls.
  LICENSE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  LICENSE_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  LICENSE_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  LICENSE_KEY_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // Admin account e-mails (password reset, address verification; docs/admin.md): asked per client,
  // and sent per address whoever asks.
  ACCOUNT_MAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ACCOUNT_MAIL_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(600_000),
  ACCOUNT_MAIL_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  ACCOUNT_MAIL_ADDRESS_RATE_WINDOW_MS: z.coerce.number().int().min(1000).default(3_600_000),
});

export type ServerConfig = z.infer<typeof schema>;

export class ServerConfigError extends Error {
  override name = 'ServerConfigError';
}

/** What is wrong with the Cloud Storage settings beyond their types. */
function storageProblems(config: ServerConfig): string[] {
  const problems: string[] = [];
  const endpoint = config.STORAGE_API_ENDPOINT;
  if (endpoint) {
    const url = new URL(endpoint);
    if (!(url.protocol === 'http:' || url.protocol === 'https:') || !isLoopbackHost(url.hostname)) {
      problems.push('STORAGE_API_ENDPOINT: only the local cloud sets it, to a 127.0.0.1 or localhost URL');
    }
    if (!config.STORAGE_KEY_FILE) problems.push('STORAGE_KEY_FILE: required with STORAGE_API_ENDPOINT');
  } else if (config.STORAGE_KEY_FILE) {
    problems.push('STORAGE_KEY_FILE: only with STORAGE_API_ENDPOINT (the deployed API signs through IAM)');
  }
  return problems;
}

function paypalProblems(config: ServerConfig): string[] {
  return config.PAYPAL_CLIENT_ID && !config.PAYPAL_MERCHANT_ID
    ? ['PAYPAL_MERCHANT_ID: required with PAYPAL_CLIENT_ID (captures check that an order pays this account)']
    : [];
}

export function parseServerConfig(env: Record<string, string | undefined>): ServerConfig {
  const result = schema.safeParse(env);
  const problems = result.success
    ? [...providerUrlProblems(result.data), ...storageProblems(result.data), ...paypalProblems(result.data)]
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (result.success && problems.length === 0) return result.data;
  throw new ServerConfigError(`Invalid API configuration (see .env.example):\n  ${problems.join('\n  ')}`);
}
