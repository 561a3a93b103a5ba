// The admin's per-sale actions (docs/admin.md) against the local cloud: real ID tokens from the Auth
// emulator, the demo admin's record in our Firestore emulator, purchases made through the demo
// payment, real SMTP into the cloud's mail catcher. Nothing of ours is faked.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../local/ports';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { createApp, createEmailSweeps } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import {
  buildCustomer,
  cloud,
  db,
  mailsMatching,
  demoPurchase,
  openDeliverable,
  postJson,
  removeSeededProducts,
  seedProduct,
  toAddress,
  uniqueTag,
  type Customer,
} from '../../support/purchaseHarness';

interface AdminApi {
  url: string;
  logged: string[];
  /** Sends the purchase links requested for this address at /purchases, as the e-mail sweep does. */
  sendRequestedLinks(email: string): Promise<unknown>;
  close(): Promise<void>;
}

const servers: AdminApi[] = [];

/** Our API with admin Auth, whose access links point at itself so the test can open them. */
async function startAdminApi(env: Record<string, string> = {}): Promise<AdminApi> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = parseServerConfig({ ...cloud.apiEnv, PUBLIC_STORE_URL: url, CONTACT_RATE_LIMIT: '1000', ...env });
  const logged: string[] = [];
  const logError = (message: string) => logged.push(message);
  const mailer = createMailer(config);
  const app = createApp({
    config,
    db,
    mailer,
    auth: createAdminAuth({ projectId: config.FIREBASE_PROJECT_ID, emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST }),
    logError,
  });
  const sweeps = createEmailSweeps({ config, db, mailer, logError });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const api = {
    url,
    logged,
    sendRequestedLinks: (email: string) => sweeps.sendResendRequestFor(email.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  servers.push(api);
  return api;
}

let api: AdminApi;
let admin: { uid: string; idToken: string };
let strangerToken: string;

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  admin = await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password);
  strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
  api = await startAdminApi();
});
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await removeSeededProducts();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const buyWithDemo = (productId: string, customer: Customer) => demoPurchase(api.url, productId, customer);

async function aSale() {
  const product = await seedProduct({ title: 'Freelance Writing Ebook' });
  const customer = buildCustomer();
  const answer = await buyWithDemo(product.id, customer);
  // The order e-mail has arrived: later reads of the inbox see only the resend.
  expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  return { product, customer, ...answer };
}

const resendUrl = (id: string) => `${api.url}/api/admin/transactions/${id}/resend`;
const accessUrl = (id: string) => `${api.url}/api/admin/transactions/${id}/access`;

describe('POST /api/admin/transactions/{id}/resend', () => {
  it('sends the access e-mail again to a corrected address, records the correction, and /purchases finds the sale there', async () => {
    const sale = await aSale();
    const corrected = `ada.fixed.${uniqueTag()}@example.com`;
    const before = Date.now();

    const response = await postJson(
      resendUrl(sale.transactionId),
      { email: ` ${corrected.toUpperCase()} ` },
      bearer(admin.idToken),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Access e-mail sent.' });

    const [mail, ...others] = await mailsMatching(toAddress(corrected));
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Your purchase: Freelance Writing Ebook — Digital Store');
    expect(mail?.text).toContain(sale.accessUrl);
    expect(mail?.replyTo).toBe('seller@digitalstore.test');
    // The link in the mail opens the product.
    const opened = await openDeliverable(sale.accessUrl);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(sale.product.deliverableUrl);

    const stored = (await db.doc(`transactions/${sale.transactionId}`).get()).data() ?? {};
    expect(stored.customerEmail).toBe(corrected);
    expect(stored.emailStatus).toBe('sent');
    expect(stored.emailAttempts).toBe(2);
    expect(stored.emailCorrections).toEqual([
      { from: sale.customer.email, to: corrected, by: admin.uid, at: expect.any(String) },
    ]);
    const at = Date.parse(String((stored.emailCorrections as Array<{ at: string }>)[0]?.at));
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);

    // The buyer asks at /purchases with the corrected address: the sale is there, not under the old one.
    expect((await postJson(`${api.url}/api/purchases/resend`, { email: corrected })).status).toBe(200);
    await api.sendRequestedLinks(corrected);
    const listed = await mailsMatching(
      (m) => toAddress(corrected)(m) && m.subject === 'Your purchases on Digital Store',
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]?.text).toContain(sale.accessUrl);
    expect((await postJson(`${api.url}/api/purchases/resend`, { email: sale.customer.email })).status).toBe(200);
    await api.sendRequestedLinks(sale.customer.email);
    expect(
      await mailsMatching((m) => toAddress(sale.customer.email)(m) && m.subject.startsWith('Your purchases'), 0),
    ).toEqual([]);
  });

  it('sends to the address on the sale without a body, and records no correction', async () => {
    const sale = await aSale();
    const response = await fetch(resendUrl(sale.transactionId), { method: 'POST', headers: bearer(admin.idToken) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Access e-mail sent.' });
    // The order e-mail and the resend.
    expect(await mailsMatching(toAddress(sale.customer.email), 2)).toHaveLength(2);
    const stored = (await db.doc(`transactions/${sale.transactionId}`).get()).data() ?? {};
    expect(stored.customerEmail).toBe(sale.customer.email);
    expect(stored.emailCorrections).toBeUndefined();
  });

  it('answers 400 for an address that is not one, and changes nothing', async () => {
    const sale = await aSale();
    const response = await postJson(resendUrl(sale.transactionId), { email: 'ada-at-example' }, bearer(admin.idToken));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Please enter a valid email address.' });
    expect((await db.doc(`transactions/${sale.transactionId}`).get()).get('customerEmail')).toBe(sale.customer.email);
  });

  it('answers 404 with a readable message for an unknown sale', async () => {
    for (const id of ['demo_no-such-reference', '__reserved__']) {
      const response = await postJson(resendUrl(id), {}, bearer(admin.idToken));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'This sale could not be found.' });
    }
  });

  it('answers 502 when the mail server fails and records the e-mail as failed', async () => {
    const sale = await aSale();
    const deadMail = await startAdminApi({ SMTP_PORT: String(await freePort()) });
    const response = await postJson(
      `${deadMail.url}/api/admin/transactions/${sale.transactionId}/resend`,
      {},
      bearer(admin.idToken),
    );
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'The e-mail could not be sent. Please try again.' });
    const stored = (await db.doc(`transactions/${sale.transactionId}`).get()).data() ?? {};
    expect(stored.emailStatus).toBe('failed');
    expect(stored.buyerEmailSent).toBe(false);
    expect(deadMail.logged).toEqual([`Access e-mail for ${sale.transactionId} could not be resent`]);
  });
});

describe('POST /api/admin/transactions/{id}/access', () => {
  it('revokes the link (404), then restores it (302), recording who and when', async () => {
    const sale = await aSale();
    const revoke = await postJson(accessUrl(sale.transactionId), { revoked: true }, bearer(admin.idToken));
    expect(revoke.status).toBe(200);
    expect(await revoke.json()).toEqual({ accessRevoked: true });
    const revoked = (await db.doc(`transactions/${sale.transactionId}`).get()).data() ?? {};
    expect(revoked).toMatchObject({ accessRevoked: true, accessChangedBy: admin.uid });
    expect(Date.now() - Date.parse(String(revoked.accessChangedAt))).toBeLessThan(60_000);

    const closed = await fetch(sale.accessUrl, { redirect: 'manual' });
    expect(closed.status).toBe(410);
    expect(await closed.text()).toContain('Your access to this product has ended');
    expect((await openDeliverable(sale.accessUrl)).status).toBe(410);

    // A revoked sale's e-mail is not sent again until access is restored.
    const refused = await postJson(resendUrl(sale.transactionId), {}, bearer(admin.idToken));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'Access to this sale is revoked. Restore it before sending the e-mail again.',
    });

    const restore = await postJson(accessUrl(sale.transactionId), { revoked: false }, bearer(admin.idToken));
    expect(restore.status).toBe(200);
    expect(await restore.json()).toEqual({ accessRevoked: false });
    const open = await openDeliverable(sale.accessUrl);
    expect(open.status).toBe(303);
    expect(open.headers.get('location')).toBe(sale.product.deliverableUrl);
  });

  it('answers 400 for a body without a boolean, and 404 for an unknown sale', async () => {
    const sale = await aSale();
    const bad = await postJson(accessUrl(sale.transactionId), { revoked: 'yes' }, bearer(admin.idToken));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Say whether access is revoked (true) or restored (false).' });
    const unknown = await postJson(accessUrl('demo_no-such-reference'), { revoked: true }, bearer(admin.idToken));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'This sale could not be found.' });
    expect(await db.doc('transactions/demo_no-such-reference').get()).toHaveProperty('exists', false);
  });
});

describe('refusals', () => {
  it.each([
    ['resend', { email: 'someone@example.com' }],
    ['access', { revoked: true }],
  ])('%s: a visitor gets 401, a signed-in non-admin 403, and the sale is unchanged', async (action, body) => {
    const sale = await aSale();
    const url = `${api.url}/api/admin/transactions/${sale.transactionId}/${action}`;
    for (const headers of [{}, bearer('not-a-token')]) {
      const visitor = await postJson(url, body, headers);
      expect(visitor.status).toBe(401);
      expect(await visitor.json()).toEqual({ message: 'Please sign in as an admin.' });
    }
    const stranger = await postJson(url, body, bearer(strangerToken));
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ message: 'Only admins may do this.' });

    const stored = (await db.doc(`transactions/${sale.transactionId}`).get()).data() ?? {};
    expect(stored).toMatchObject({ customerEmail: sale.customer.email, accessRevoked: false, emailAttempts: 1 });
    expect(await mailsMatching(toAddress('someone@example.com'), 0)).toEqual([]);
  });

  it('are rate limited per client, 60 a minute, before the token is even checked', async () => {
    // The deployed defaults (ADMIN_RATE_LIMIT 60 in ADMIN_RATE_WINDOW_MS 60 s), not the suite's raised limit.
    const limited = await startAdminApi({ ADMIN_RATE_LIMIT: '60', ADMIN_RATE_WINDOW_MS: '60000' });
    const url = `${limited.url}/api/admin/transactions/demo_rate-limit/access`;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await postJson(url, { revoked: true })).status);
    expect(new Set(statuses)).toEqual(new Set([401]));
    const refused = await postJson(url, { revoked: true }, bearer(admin.idToken));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many requests. Please wait a minute and try again.' });
  });
});
