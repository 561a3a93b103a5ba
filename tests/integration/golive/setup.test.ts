// `npm run setup --no-prompt --skip-deploy` against the Google stand-in, the providers on msw, the
// local cloud's Auth emulator, Firestore and mail catcher (docs/deploy.md).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { cloud, msw, newWorld, readIn, secretsOf, setup } from '../../support/goliveHarness';
import { useMsw } from '../../support/msw';
import { adminAuth } from '../../../scripts/golive/firebaseAdmin';

const P = 'demo-digital-store';
const account = '418557093162-compute@developer.gserviceaccount.com';

useMsw(msw);
beforeAll(() => {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(cloud.authUrl).host;
});

const secretCalls = (name: string) => [
  `GET secretmanager /v1/projects/${P}/secrets/${name}`,
  `POST secretmanager /v1/projects/${P}/secrets?secretId=${name}`,
  `POST secretmanager /v1/projects/${P}/secrets/${name}:addVersion`,
];
const enable = (api: string) => `POST serviceusage /v1/projects/${P}/services/${api}:enable`;

describe('npm run setup', () => {
  it('takes a fresh project to a set-up store, making each call once and in order', async () => {
    const world = newWorld();
    const run = await setup(world);

    expect(run.code).toBe(0);
    expect(world.google.calls).toEqual([
      `GET cloudbilling /v1/projects/${P}/billingInfo`,
      `GET serviceusage /v1/projects/${P}/services?filter=state:ENABLED&pageSize=200`,
      enable('cloudfunctions.googleapis.com'),
      enable('cloudbuild.googleapis.com'),
      enable('artifactregistry.googleapis.com'),
      enable('run.googleapis.com'),
      enable('eventarc.googleapis.com'),
      enable('pubsub.googleapis.com'),
      enable('cloudscheduler.googleapis.com'),
      enable('secretmanager.googleapis.com'),
      enable('iam.googleapis.com'),
      enable('iamcredentials.googleapis.com'),
      enable('firebasestorage.googleapis.com'),
      enable('storage.googleapis.com'),
      enable('firebasehosting.googleapis.com'),
      `GET storage /storage/v1/b/${P}.firebasestorage.app?fields=cors`,
      `POST firebasestorage /v1beta/projects/${P}/defaultBucket`,
      `GET storage /storage/v1/b/${P}.firebasestorage.app?fields=cors`,
      `PATCH storage /storage/v1/b/${P}.firebasestorage.app?fields=cors`,
      `GET cloudresourcemanager /v1/projects/${P}`,
      `POST iam /v1/projects/${P}/serviceAccounts/${account}:getIamPolicy`,
      `POST iam /v1/projects/${P}/serviceAccounts/${account}:setIamPolicy`,
      ...secretCalls('SMTP_PASS'),
      ...secretCalls('PAYSTACK_SECRET_KEY'),
      ...secretCalls('PAYPAL_CLIENT_SECRET'),
      ...secretCalls('CLOUDINARY_API_SECRET'),
      ...secretCalls('ACCESS_LINK_SECRET'),
      ...secretCalls('MAILGUN_WEBHOOK_SIGNING_KEY'),
    ]);
    expect(world.providers.calls).toEqual([
      'GET api.paystack.test/balance',
      'POST api-m.paypal.com/v1/oauth2/token',
      'POST api-m.sandbox.paypal.com/v1/oauth2/token',
      'GET api.cloudinary.test/v1_1/mystore/ping',
      'GET api-m.sandbox.paypal.com/v1/notifications/webhooks',
      'POST api-m.sandbox.paypal.com/v1/notifications/webhooks',
    ]);
    expect(run.lines).toEqual([
      'npm run setup --no-prompt --skip-deploy',
      'checked: Paystack: Paystack accepts the secret key, in the same mode as the public key.',
      'checked: PayPal: PayPal accepts these credentials (sandbox: https://api-m.sandbox.paypal.com).',
      'checked: Mail (SMTP): the mail server accepted the login and a test e-mail to the contact address.',
      'checked: Cloudinary: Cloudinary answers the ping with these credentials.',
      'unchanged: Blaze plan: billing is enabled',
      'done: Google APIs: enabled cloudfunctions.googleapis.com, cloudbuild.googleapis.com, artifactregistry.googleapis.com, run.googleapis.com, eventarc.googleapis.com, pubsub.googleapis.com, cloudscheduler.googleapis.com, secretmanager.googleapis.com, iam.googleapis.com, iamcredentials.googleapis.com, firebasestorage.googleapis.com, storage.googleapis.com, firebasehosting.googleapis.com',
      `done: Default bucket: created ${P}.firebasestorage.app in us-central1`,
      `done: Bucket CORS: uploads now allowed from https://shop.adabooks.test, https://${P}.web.app, https://${P}.firebaseapp.com`,
      `done: Signing role: granted ${account} the Token Creator role on itself`,
      'done: Secrets in Secret Manager: created SMTP_PASS, created PAYSTACK_SECRET_KEY, created PAYPAL_CLIENT_SECRET, created CLOUDINARY_API_SECRET, created ACCESS_LINK_SECRET, created MAILGUN_WEBHOOK_SIGNING_KEY',
      'done: PayPal webhook: subscribed https://shop.adabooks.test/api/webhooks/paypal (id 0EH40505U7160970P0)',
      'done: Settings files: wrote .env and .env.functions',
      `done: First admin: ${world.env.ADMIN_EMAIL} is now an admin (sign in at https://shop.adabooks.test/adminlogin)`,
      'unchanged: Deploy: skipped (--skip-deploy)',
      'Two things only you can do:',
      '1. Paystack (Dashboard > Settings > API Keys & Webhooks): set the Webhook URL to https://shop.adabooks.test/api/webhooks/paystack . Paystack sends every event there, including charge.success, refund.pending, refund.processed, refund.failed, charge.dispute.create, charge.dispute.remind, charge.dispute.resolve, subscription.create, invoice.create, invoice.update, invoice.payment_failed, subscription.not_renew, subscription.disable, subscription.expiring_cards.',
      '2. Google Search Console (https://search.google.com/search-console): add https://shop.adabooks.test and submit https://shop.adabooks.test/sitemap.xml .',
      'Then run `npm run doctor` to check the live store.',
    ]);

    // What the project now holds.
    expect(world.google.buckets.get(`${P}.firebasestorage.app`)?.[0]?.origin).toEqual([
      'https://shop.adabooks.test',
      `https://${P}.web.app`,
      `https://${P}.firebaseapp.com`,
    ]);
    expect(world.google.policies.get(account)).toEqual([
      { role: 'roles/iam.serviceAccountTokenCreator', members: [`serviceAccount:${account}`] },
    ]);
    const stored = (name: string) =>
      Buffer.from(world.google.secrets.get(name)?.[0]?.data ?? '', 'base64').toString('utf8');
    expect(stored('PAYSTACK_SECRET_KEY')).toBe(world.env.PAYSTACK_SECRET_KEY);
    expect(stored('SMTP_PASS')).toBe(world.env.SMTP_PASS);
    expect(stored('ACCESS_LINK_SECRET')).toMatch(/^[0-9a-f]{64}$/);
    // No Mailgun key given: a random one, so the function deploys and its webhook refuses every event.
    expect(stored('MAILGUN_WEBHOOK_SIGNING_KEY')).toMatch(/^[0-9a-f]{64}$/);
    expect(world.providers.webhooks).toEqual([
      {
        id: '0EH40505U7160970P0',
        url: 'https://shop.adabooks.test/api/webhooks/paypal',
        event_types: [
          { name: 'PAYMENT.CAPTURE.COMPLETED' },
          { name: 'PAYMENT.CAPTURE.DENIED' },
          { name: 'PAYMENT.CAPTURE.REFUNDED' },
          { name: 'PAYMENT.CAPTURE.REVERSED' },
          { name: 'CUSTOMER.DISPUTE.CREATED' },
          { name: 'CUSTOMER.DISPUTE.RESOLVED' },
          { name: 'BILLING.SUBSCRIPTION.ACTIVATED' },
          { name: 'PAYMENT.SALE.COMPLETED' },
          { name: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' },
          { name: 'BILLING.SUBSCRIPTION.CANCELLED' },
          { name: 'BILLING.SUBSCRIPTION.SUSPENDED' },
          { name: 'BILLING.SUBSCRIPTION.EXPIRED' },
        ],
      },
    ]);
    const functionsEnv = readIn(world.dir, '.env.functions');
    expect(functionsEnv).toContain('PAYPAL_WEBHOOK_ID=0EH40505U7160970P0\n');
    expect(functionsEnv).toContain('PAYPAL_BASE_URL=https://api-m.sandbox.paypal.com\n');
    expect(functionsEnv).toContain('BUILD_VERSION=0.1.0\n');
    // Store health compares the secret key's mode with the public key's.
    expect(functionsEnv).toContain('PAYSTACK_PUBLIC_KEY=pk_test_1a2b3c4d5e\n');
    expect(readIn(world.dir, '.env')).toContain('VITE_PAYSTACK_PUBLIC_KEY=pk_test_1a2b3c4d5e\n');

    // The first admin can be found and holds an admins record; the test mail reached the seller.
    const user = await adminAuth(world.env, P).getUserByEmail(world.env.ADMIN_EMAIL ?? '');
    const db = createAdminFirestore({ projectId: P, emulatorHost: cloud.firestoreHost });
    expect((await db.doc(`admins/${user.uid}`).get()).data()).toMatchObject({
      name: 'Ada Obi',
      email: world.env.ADMIN_EMAIL,
    });
    const inbox = (await (await fetch(`${cloud.mailUrl}/api/messages`)).json()) as CaughtMail[];
    expect(inbox.find((m) => m.to.includes(world.env.SELLER_EMAIL ?? ''))?.subject).toBe(
      'Ada Books: your store can send e-mail',
    );
  });

  it('a second run changes nothing and says so, step by step', async () => {
    const world = newWorld();
    expect((await setup(world)).code).toBe(0);
    world.google.calls.length = 0;
    world.providers.calls.length = 0;
    const again = await setup(world);

    expect(again.code).toBe(0);
    expect(again.lines.filter((line) => /^(done|unchanged|failed): /.test(line))).toEqual([
      'unchanged: Blaze plan: billing is enabled',
      'unchanged: Google APIs: all 17 are enabled',
      `unchanged: Default bucket: ${P}.firebasestorage.app exists`,
      `unchanged: Bucket CORS: uploads allowed from https://shop.adabooks.test, https://${P}.web.app, https://${P}.firebaseapp.com`,
      `unchanged: Signing role: ${account} may sign as itself`,
      'unchanged: Secrets in Secret Manager: all 6 hold the values entered',
      'unchanged: PayPal webhook: https://shop.adabooks.test/api/webhooks/paypal is subscribed (id 0EH40505U7160970P0)',
      'unchanged: Settings files: .env and .env.functions hold these values',
      `unchanged: First admin: ${world.env.ADMIN_EMAIL} is an admin`,
      'unchanged: Deploy: skipped (--skip-deploy)',
    ]);
    // Only reads: IAM's getIamPolicy is a POST by design; nothing was created, patched or added.
    expect(world.google.calls.filter((call) => !call.startsWith('GET '))).toEqual([
      `POST iam /v1/projects/${P}/serviceAccounts/${account}:getIamPolicy`,
    ]);
    expect(world.providers.calls.filter((call) => call.includes('webhooks') && !call.startsWith('GET '))).toEqual([]);
    expect(world.google.secrets.get('ACCESS_LINK_SECRET')).toHaveLength(1);
    expect(world.google.secrets.get('MAILGUN_WEBHOOK_SIGNING_KEY')).toHaveLength(1);
  });

  it('finishes, on the next run, a run interrupted halfway', async () => {
    const world = newWorld();
    world.google.failNext.set(`POST iam /v1/projects/${P}/serviceAccounts/${account}:setIamPolicy`, {
      status: 503,
      body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
    });
    const first = await setup(world);

    expect(first.code).toBe(1);
    expect(first.lines.slice(-2)).toEqual([
      'failed: Signing role: The service is currently unavailable.',
      'Nothing after this step was done. Fix the above and run `npm run setup` again: it finishes the rest.',
    ]);
    expect(existsSync(join(world.dir, '.env.functions'))).toBe(false);
    expect(world.google.secrets.size).toBe(0);

    const next = await setup(world);
    expect(next.code).toBe(0);
    expect(next.lines.filter((line) => /^(done|unchanged|failed): /.test(line))).toEqual([
      'unchanged: Blaze plan: billing is enabled',
      'unchanged: Google APIs: all 17 are enabled',
      `unchanged: Default bucket: ${P}.firebasestorage.app exists`,
      `unchanged: Bucket CORS: uploads allowed from https://shop.adabooks.test, https://${P}.web.app, https://${P}.firebaseapp.com`,
      `done: Signing role: granted ${account} the Token Creator role on itself`,
      'done: Secrets in Secret Manager: created SMTP_PASS, created PAYSTACK_SECRET_KEY, created PAYPAL_CLIENT_SECRET, created CLOUDINARY_API_SECRET, created ACCESS_LINK_SECRET, created MAILGUN_WEBHOOK_SIGNING_KEY',
      'done: PayPal webhook: subscribed https://shop.adabooks.test/api/webhooks/paypal (id 0EH40505U7160970P0)',
      'done: Settings files: wrote .env and .env.functions',
      `done: First admin: ${world.env.ADMIN_EMAIL} is now an admin (sign in at https://shop.adabooks.test/adminlogin)`,
      'unchanged: Deploy: skipped (--skip-deploy)',
    ]);
  });

  it('prints, logs and writes no secret', async () => {
    const world = newWorld();
    const first = await setup(world);
    const second = await setup(world);
    const log = readIn(world.dir, 'setup.log');

    expect(first.code).toBe(0);
    expect(log).toContain('done: Secrets in Secret Manager');
    const written = [first.output, second.output, log, readIn(world.dir, '.env'), readIn(world.dir, '.env.functions')];
    const secrets = secretsOf(world);
    expect(secrets).toHaveLength(13);
    for (const secret of secrets) for (const text of written) expect(text).not.toContain(secret);
  });

  it("stores Mailgun's webhook signing key from the environment, and keeps it when a later run has none", async () => {
    const world = newWorld();
    world.env.MAILGUN_WEBHOOK_SIGNING_KEY = 'key-mailgun-signing-0123456789';
    const first = await setup(world);
    expect(first.code).toBe(0);
    expect(first.output).not.toContain('key-mailgun-signing-0123456789');
    const stored = () =>
      world.google.secrets
        .get('MAILGUN_WEBHOOK_SIGNING_KEY')
        ?.map((version) => Buffer.from(version.data, 'base64').toString('utf8'));
    expect(stored()).toEqual(['key-mailgun-signing-0123456789']);
    delete world.env.MAILGUN_WEBHOOK_SIGNING_KEY;
    const again = await setup(world);
    expect(again.lines).toContain('unchanged: Secrets in Secret Manager: all 6 hold the values entered');
    expect(stored()).toEqual(['key-mailgun-signing-0123456789']);
  });

  it('puts right what drifted: a changed secret gets a new version, a webhook missing an event gets it', async () => {
    const world = newWorld();
    expect((await setup(world)).code).toBe(0);
    const firstPass = world.env.SMTP_PASS;
    world.env.SMTP_PASS = 'a-new-smtp-password';
    const hook = world.providers.webhooks[0];
    if (hook) hook.event_types = [{ name: 'PAYMENT.CAPTURE.REFUNDED' }, { name: 'BILLING.SUBSCRIPTION.CREATED' }];
    world.google.calls.length = 0;
    const again = await setup(world);

    expect(again.code).toBe(0);
    expect(again.lines).toContain('done: Secrets in Secret Manager: updated SMTP_PASS');
    expect(again.lines).toContain(
      'done: PayPal webhook: added PAYMENT.CAPTURE.COMPLETED, PAYMENT.CAPTURE.DENIED, PAYMENT.CAPTURE.REVERSED, CUSTOMER.DISPUTE.CREATED, CUSTOMER.DISPUTE.RESOLVED, BILLING.SUBSCRIPTION.ACTIVATED, PAYMENT.SALE.COMPLETED, BILLING.SUBSCRIPTION.PAYMENT.FAILED, BILLING.SUBSCRIPTION.CANCELLED, BILLING.SUBSCRIPTION.SUSPENDED, BILLING.SUBSCRIPTION.EXPIRED to webhook 0EH40505U7160970P0',
    );
    expect(world.google.calls.filter((call) => call.includes(':addVersion'))).toEqual([
      `POST secretmanager /v1/projects/${P}/secrets/SMTP_PASS:addVersion`,
    ]);
    expect(world.google.secrets.get('SMTP_PASS')?.map((v) => Buffer.from(v.data, 'base64').toString('utf8'))).toEqual([
      firstPass,
      'a-new-smtp-password',
    ]);
    expect(world.providers.webhooks[0]?.event_types.map((e) => e.name)).toEqual([
      'BILLING.SUBSCRIPTION.CREATED',
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.DENIED',
      'PAYMENT.CAPTURE.REFUNDED',
      'PAYMENT.CAPTURE.REVERSED',
      'CUSTOMER.DISPUTE.CREATED',
      'CUSTOMER.DISPUTE.RESOLVED',
      'BILLING.SUBSCRIPTION.ACTIVATED',
      'PAYMENT.SALE.COMPLETED',
      'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
      'BILLING.SUBSCRIPTION.CANCELLED',
      'BILLING.SUBSCRIPTION.SUSPENDED',
      'BILLING.SUBSCRIPTION.EXPIRED',
    ]);
    expect(again.output).not.toContain('a-new-smtp-password');
  });
});
