// Store health through HTTP (docs/admin.md, 'Store health'): the API's admin-only routes run the checks
// that need the function's own identity against the local cloud (the Cloud Storage stand-in signs for
// real, the mail catcher's SMTP, the Auth emulator's ID tokens), with Paystack, PayPal and the DNS as
// third parties (msw and an injected resolver). Each check good, then broken; refusals; the daily run.
// The file keeps its data in a Firestore project of its own, emptied before each test, because the
// checks read store-wide facts (the last webhook event, the week's sales and failed e-mails).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HealthReport } from '../../../domain/storeHealth';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { newServiceAccountKey } from '../../../local/storage/serviceAccount';
import { freePort } from '../../../local/ports';
import { createHealthRun } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createFileStorage } from '../../../server/files/storage';
import { createMailer } from '../../../server/mailer';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import { useMsw } from '../../support/msw';
import { allStoreEvents } from '../../support/paypalWebhooks';
import {
  bearer,
  checkOf,
  db,
  dkimKey,
  dns,
  dnsState,
  goodPaypalSignature,
  healthyDns,
  msw,
  paypalState,
  paystackEvent,
  paystackSale,
  projectId,
  runChecks,
  servers,
  startHealthApi,
  tokens,
  webhookId,
  type HealthApi,
} from '../../support/healthHarness';
import { cloud } from '../../support/purchaseHarness';

useMsw(msw);
let adminUid = '';
let keyDir = '';

beforeAll(async () => {
  adminUid = await seedDemoAdmin(db, cloud.authUrl);
  tokens.admin = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  tokens.stranger = (await signUpStranger(cloud.authUrl)).idToken;
  keyDir = await mkdtemp(join(tmpdir(), 'store-health-'));
});

beforeEach(async () => {
  const reset = await fetch(`${cloud.firestoreUrl}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  expect(reset.status).toBe(200);
  await db.doc(`admins/${adminUid}`).set({ uid: adminUid, name: demoAdmin.name, email: demoAdmin.email });
  paypalState.webhook = { id: webhookId, url: '', events: [...allStoreEvents] };
  paypalState.reads.length = 0;
  dnsState.records = { ...healthyDns };
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await rm(keyDir, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it("answers the build's version to anyone", async () => {
    const api = await startHealthApi();
    const res = await fetch(`${api.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, version: '0.1.0+1a2b3c4' });
  });
});

describe('the admin-only routes', () => {
  it('refuse strangers (401) and signed-in non-admins (403) before any check runs', async () => {
    const api = await startHealthApi();
    for (const [method, path] of [
      ['POST', '/api/admin/health/run'],
      ['GET', '/api/admin/health'],
    ] as const) {
      const none = await fetch(`${api.url}${path}`, { method });
      expect(none.status).toBe(401);
      expect(await none.json()).toEqual({ message: 'Please sign in as an admin.' });
      const forged = await fetch(`${api.url}${path}`, { method, headers: bearer('not-a-token') });
      expect(forged.status).toBe(401);
      const stranger = await fetch(`${api.url}${path}`, { method, headers: bearer(tokens.stranger) });
      expect(stranger.status).toBe(403);
      expect(await stranger.json()).toEqual({ message: 'Only admins may do this.' });
    }
    expect(paypalState.reads).toEqual([]);
    expect((await db.doc('storeHealth/latest').get()).exists).toBe(false);
  });

  it('answers no report before the first run', async () => {
    const api = await startHealthApi();
    const res = await fetch(`${api.url}/api/admin/health`, { headers: bearer(tokens.admin) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ report: null });
  });
});

describe('every check good', () => {
  it('runs each check, stores the report and answers it again from GET', async () => {
    const api = await startHealthApi();
    paypalState.webhook = { id: webhookId, url: `${api.url}/api/webhooks/paypal`, events: [...allStoreEvents] };
    expect((await paystackEvent(api, 'charge.dispute.remind')).status).toBe(200);
    await paystackSale('T-good-1', 2);

    const report = await runChecks(api);
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['signing', 'good'],
      ['paystack-key-mode', 'good'],
      ['paystack-webhook', 'good'],
      ['paypal-webhook', 'good'],
      ['smtp', 'good'],
      ['mail-spf', 'good'],
      ['mail-dmarc', 'good'],
      ['mail-dkim', 'good'],
      ['mail-failures', 'good'],
    ]);
    expect(report.checks.every((c) => c.fix === '')).toBe(true);
    expect(checkOf(report, 'signing').detail).toBe(
      `Signed a download link in the bucket ${cloud.storageBucket} and read the file back through it.`,
    );
    expect(checkOf(report, 'paystack-key-mode').detail).toBe('Both keys are test keys: no real money moves.');
    expect(checkOf(report, 'paystack-webhook').detail).toMatch(
      /^The last event \(charge\.dispute\.remind\) arrived at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    expect(checkOf(report, 'paypal-webhook').detail).toBe(
      `Subscribed to all 12 events the store handles at ${api.url}/api/webhooks/paypal.`,
    );
    expect(checkOf(report, 'smtp').detail).toBe(
      `The mail server at ${cloud.apiEnv.SMTP_HOST}:${cloud.apiEnv.SMTP_PORT} answers (no login needed).`,
    );
    expect(checkOf(report, 'mail-spf').detail).toBe(
      'adastores.com.ng has an SPF record: v=spf1 include:_spf.mailprovider.ng ~all',
    );
    expect(checkOf(report, 'mail-dkim').detail).toBe(
      `s1._domainkey.adastores.com.ng has a DKIM key: v=DKIM1; k=rsa; p=${dkimKey}`,
    );
    expect(checkOf(report, 'mail-failures').detail).toBe('No e-mail failed in the last 7 days.');
    expect(paypalState.reads).toEqual([webhookId]);

    const stored = await fetch(`${api.url}/api/admin/health`, { headers: bearer(tokens.admin) });
    expect(await stored.json()).toEqual({ report });
    expect((await db.doc('storeHealth/latest').get()).get('ranAt')).toBe(report.ranAt);
  });
});

describe('webhook arrivals', () => {
  /** A PayPal event as PayPal posts it, signed (the verify stand-in answers SUCCESS) or not. */
  function paypalEvent(api: HealthApi, type: string, signature: string) {
    return fetch(`${api.url}/api/webhooks/paypal`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
        'paypal-transmission-id': randomUUID(),
        'paypal-transmission-sig': signature,
        'paypal-transmission-time': new Date().toISOString(),
      },
      body: JSON.stringify({ id: `WH-${randomUUID()}`, event_type: type, resource: { id: 'PP-D-1' } }),
    });
  }

  it('records when the last verified event of each provider arrived, and only verified ones', async () => {
    const api = await startHealthApi();
    expect((await paypalEvent(api, 'CUSTOMER.DISPUTE.UPDATED', 'forged')).status).toBe(401);
    expect((await db.doc('storeHealth/paypalWebhook').get()).exists).toBe(false);
    const before = Date.now();
    expect((await paypalEvent(api, 'CUSTOMER.DISPUTE.UPDATED', goodPaypalSignature)).status).toBe(200);
    expect((await paystackEvent(api, 'transfer.success')).status).toBe(200);
    const paypal = await db.doc('storeHealth/paypalWebhook').get();
    expect(paypal.get('lastEventType')).toBe('CUSTOMER.DISPUTE.UPDATED');
    expect((paypal.get('lastEventAt') as { toMillis(): number }).toMillis()).toBeGreaterThanOrEqual(before);
    expect((await db.doc('storeHealth/paystackWebhook').get()).get('lastEventType')).toBe('transfer.success');
  });
});

describe('each check broken, with its fix', () => {
  it('signing: Cloud Storage refuses a URL signed with a key that is not the service account’s', async () => {
    const foreignKey = join(keyDir, 'foreign.json');
    await writeFile(foreignKey, JSON.stringify(newServiceAccountKey(projectId, 'someone-else')));
    const files = createFileStorage(parseServerConfig({ ...cloud.apiEnv, STORAGE_KEY_FILE: foreignKey }));
    const api = await startHealthApi({}, { files });
    const signing = checkOf(await runChecks(api), 'signing');
    expect(signing.status).toBe('critical');
    expect(signing.detail).toBe(
      "Cloud Storage refused the signed link (HTTP 403, SignatureDoesNotMatch): buyers' download links would fail the same way.",
    );
    expect(signing.fix).toBe(
      "npm run setup (it grants the function's service account the 'Service Account Token Creator' role on itself), or grant it at https://console.cloud.google.com/iam-admin/serviceaccounts?project=demo-store-health",
    );
  });

  it('signing: no bucket at all', async () => {
    const api = await startHealthApi({}, { files: null });
    const signing = checkOf(await runChecks(api), 'signing');
    expect(signing).toEqual({
      id: 'signing',
      title: 'Signed download links',
      status: 'critical',
      detail: 'There is no Cloud Storage bucket: buyers cannot download files.',
      fix: 'npm run setup (it makes sure the default bucket exists)',
    });
  });

  it('Paystack keys: a live secret key with a test public key', async () => {
    const api = await startHealthApi({
      PAYSTACK_SECRET_KEY: 'sk_live_0a1b2c3d4e5f',
      PAYSTACK_PUBLIC_KEY: 'pk_test_99',
    });
    expect(checkOf(await runChecks(api), 'paystack-key-mode')).toEqual({
      id: 'paystack-key-mode',
      title: 'Paystack keys',
      status: 'critical',
      detail:
        'The secret key is a live key (sk_live_) but the public key is a test key (pk_test_): payments made at checkout cannot be verified.',
      fix: 'npm run setup (enter the secret and public keys of the same mode from https://dashboard.paystack.com/#/settings/developers)',
    });
  });

  it("Paystack webhook: sales this week and no event from Paystack is 'Paystack is not reaching your webhook'", async () => {
    const api = await startHealthApi();
    await paystackSale('T-silent-1', 1);
    await paystackSale('T-silent-2', 3);
    await paystackSale('T-old', 12);
    expect(checkOf(await runChecks(api), 'paystack-webhook')).toEqual({
      id: 'paystack-webhook',
      title: 'Paystack webhook',
      status: 'critical',
      detail:
        'Paystack is not reaching your webhook: 2 Paystack sales in the last 7 days and no event from Paystack ever. A buyer who closes the page right after paying gets nothing.',
      fix: `In Paystack's dashboard (https://dashboard.paystack.com/#/settings/developers), set the Webhook URL to ${api.url}/api/webhooks/paystack`,
    });
  });

  it('Paystack webhook: an event with a bad signature is not an arrival', async () => {
    const api = await startHealthApi();
    await paystackSale('T-forged', 1);
    const forged = await fetch(`${api.url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
      body: JSON.stringify({ event: 'charge.success', data: {} }),
    });
    expect(forged.status).toBe(401);
    expect(checkOf(await runChecks(api), 'paystack-webhook').status).toBe('critical');
  });

  it('PayPal webhook: one event the store handles is not subscribed', async () => {
    const api = await startHealthApi();
    paypalState.webhook = {
      id: webhookId,
      url: `${api.url}/api/webhooks/paypal`,
      events: allStoreEvents.filter((name) => name !== 'PAYMENT.CAPTURE.DENIED'),
    };
    expect(checkOf(await runChecks(api), 'paypal-webhook')).toEqual({
      id: 'paypal-webhook',
      title: 'PayPal webhook',
      status: 'critical',
      detail: 'The webhook is not subscribed to PAYMENT.CAPTURE.DENIED.',
      fix: 'npm run setup (it subscribes the webhook with every event), or in https://developer.paypal.com/dashboard/applications',
    });
  });

  it('PayPal webhook: the id is unknown to PayPal, or the webhook posts elsewhere', async () => {
    const api = await startHealthApi();
    paypalState.webhook = null;
    expect(checkOf(await runChecks(api), 'paypal-webhook').detail).toBe(
      `PayPal has no webhook with the id ${webhookId}.`,
    );
    paypalState.webhook = { id: webhookId, url: 'https://old-store.example.com/api/webhooks/paypal', events: ['*'] };
    expect(checkOf(await runChecks(api), 'paypal-webhook').detail).toBe(
      `The webhook sends its events to https://old-store.example.com/api/webhooks/paypal, not to ${api.url}/api/webhooks/paypal.`,
    );
  });

  it('SMTP: the mail server refuses the connection, and the e-mails that failed are counted', async () => {
    const closedPort = String(await freePort());
    const api = await startHealthApi({ SMTP_PORT: closedPort });
    const contact = await fetch(`${api.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Chidi Okafor',
        email: 'chidi@example.com',
        phone: '+234 803 000 1111',
        message: 'Do you sell the course on a flash drive?',
      }),
    });
    expect(contact.status).toBe(201);
    const report = await runChecks(api);
    expect(checkOf(report, 'smtp')).toEqual({
      id: 'smtp',
      title: 'Mail server',
      status: 'critical',
      detail: `Could not talk to the mail server at 127.0.0.1:${closedPort} (the connection was refused): no e-mail leaves the store.`,
      fix: 'npm run setup (it checks the SMTP settings and sends you a test e-mail)',
    });
    const failures = checkOf(report, 'mail-failures');
    expect(failures.status).toBe('recommended');
    expect(failures.detail).toMatch(
      /^1 e-mail failed in the last 7 days\. The last, 'New message from Chidi Okafor — .+', at \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    expect(failures.fix).toBe(
      "Check the mail server above and your mail provider's sending log. Purchase e-mails are sent again every 15 minutes; Sales > Resend sends one now.",
    );
  });

  it('mail domain: no SPF record, no DMARC record and no DKIM key', async () => {
    dnsState.records = { 'adastores.com.ng': [['google-site-verification=abc']] };
    const report = await runChecks(await startHealthApi());
    expect(checkOf(report, 'mail-spf')).toEqual({
      id: 'mail-spf',
      title: 'SPF record',
      status: 'critical',
      detail:
        "The sender's domain adastores.com.ng has no SPF record: receivers may reject the store's e-mails or file them as spam.",
      fix: "Add a TXT record at adastores.com.ng: v=spf1 include:<your mail provider> ~all (your mail provider's domain setup page gives the exact value)",
    });
    expect(checkOf(report, 'mail-dmarc')).toMatchObject({
      status: 'recommended',
      fix: 'Add a TXT record at _dmarc.adastores.com.ng: v=DMARC1; p=none; rua=mailto:' + cloud.apiEnv.SELLER_EMAIL,
    });
    expect(checkOf(report, 'mail-dkim')).toMatchObject({
      status: 'critical',
      detail:
        "There is no DKIM key at s1._domainkey.adastores.com.ng: receivers cannot tell the store's e-mails are genuine.",
    });
  });
});

describe('the local cloud', () => {
  it("says which checks do not apply: the demo payment, the catcher's test domain", async () => {
    const api = await startHealthApi({
      ...Object.fromEntries(['PAYSTACK_SECRET_KEY', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'].map((k) => [k, ''])),
      DEMO_PAYMENTS: '1',
      MAIL_FROM: cloud.apiEnv.MAIL_FROM ?? '',
    });
    const report = await runChecks(api);
    expect(report.checks.filter((c) => c.status === 'not-applicable').map((c) => [c.id, c.detail])).toEqual([
      [
        'paystack-key-mode',
        "Paystack is not set up (no PAYSTACK_SECRET_KEY). The local cloud's demo payment stands in for it.",
      ],
      [
        'paystack-webhook',
        "Paystack is not set up (no PAYSTACK_SECRET_KEY). The local cloud's demo payment stands in for it.",
      ],
      ['paypal-webhook', 'PayPal is not set up (no PAYPAL_CLIENT_ID).'],
      [
        'mail-spf',
        "The sender's domain (digitalstore.test) is a test domain: the local mail catcher delivers nowhere.",
      ],
      [
        'mail-dmarc',
        "The sender's domain (digitalstore.test) is a test domain: the local mail catcher delivers nowhere.",
      ],
      [
        'mail-dkim',
        "The sender's domain (digitalstore.test) is a test domain: the local mail catcher delivers nowhere.",
      ],
    ]);
    expect(checkOf(report, 'signing').status).toBe('good');
    expect(checkOf(report, 'smtp').status).toBe('good');
  });
});

describe('the daily run', () => {
  it('stores the report the dashboard then reads', async () => {
    const api = await startHealthApi();
    const config = parseServerConfig({
      ...cloud.apiEnv,
      FIREBASE_PROJECT_ID: projectId,
      PUBLIC_STORE_URL: api.url,
      MAIL_FROM: 'Ada Stores <orders@adastores.com.ng>',
      DKIM_SELECTOR: 's1',
      DEMO_PAYMENTS: '0',
    });
    const ranAt = new Date('2026-11-28T05:00:00.000Z');
    const run = createHealthRun({ config, db, mailer: createMailer(config), dns, now: () => ranAt });
    const report = await run();
    expect(report.ranAt).toBe('2026-11-28T05:00:00.000Z');
    const stored = await fetch(`${api.url}/api/admin/health`, { headers: bearer(tokens.admin) });
    const { report: read } = (await stored.json()) as { report: HealthReport };
    expect(read.ranAt).toBe('2026-11-28T05:00:00.000Z');
    expect(read.checks.map((c) => [c.id, c.status])).toEqual([
      ['signing', 'good'],
      ['paystack-key-mode', 'not-applicable'],
      ['paystack-webhook', 'not-applicable'],
      ['paypal-webhook', 'not-applicable'],
      ['smtp', 'good'],
      ['mail-spf', 'good'],
      ['mail-dmarc', 'good'],
      ['mail-dkim', 'good'],
      ['mail-failures', 'good'],
    ]);
  });
});
