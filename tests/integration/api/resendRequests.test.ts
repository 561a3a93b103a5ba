// POST /api/purchases/resend records the request and answers at once; the e-mail sweep sends the
// links (server/purchases/resendRequests.ts). On the local cloud: the answer's time says nothing
// about whether an address has bought, and the sweep mails once even when two sweeps race.
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../local/ports';
import { createApp, createEmailSweeps } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import {
  buildCustomer,
  cloud,
  db,
  mailsMatching,
  openCheckout,
  postJson,
  removeSeededProducts,
  seedProduct,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const answer = {
  message:
    'If we have purchases for this e-mail address, their access links are on their way to it. Please check your inbox and spam folder.',
};
const requestId = (email: string) => createHash('sha256').update(email, 'utf8').digest('hex');
const listMail = (address: string) => (mail: Parameters<ReturnType<typeof toAddress>>[0]) =>
  toAddress(address)(mail) && mail.subject === 'Your purchases on Digital Store';

let api: PurchaseApi;
let buyer: ReturnType<typeof buildCustomer>;
beforeAll(async () => {
  api = await startPurchaseApi();
  // A buyer with two purchases: looking them up and mailing them is what used to make the answer slow.
  buyer = buildCustomer();
  for (const title of ['Freelance Writing Ebook', 'Personal Finance Course']) {
    const product = await seedProduct({ title });
    const { reference } = await openCheckout(api.url, product, buyer, { provider: 'demo' });
    const response = await postJson(`${api.url}/api/orders`, {
      provider: 'demo',
      reference,
      productId: product.id,
      currency: 'NGN',
      customer: buyer,
    });
    expect(response.status).toBe(200);
  }
  expect(await mailsMatching(toAddress(buyer.email), 2)).toHaveLength(2);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted[9] ?? 0) + (sorted[10] ?? 0)) / 2;
};

describe('POST /api/purchases/resend', () => {
  it('answers an address with purchases and one without in the same time (medians of 20 within 20 ms)', async () => {
    const stranger = `nobody.${uniqueTag()}@example.com`;
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await postJson(`${api.url}/api/purchases/resend`, { email });
      const body: unknown = await response.json();
      const took = performance.now() - started;
      expect(response.status).toBe(200);
      expect(body).toEqual(answer);
      return took;
    };
    // Warm both paths up, then alternate so any drift of the machine hits both alike.
    await timed(buyer.email);
    await timed(stranger);
    const withPurchases: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      withPurchases.push(await timed(buyer.email));
      without.push(await timed(stranger));
    }
    expect(Math.abs(median(withPurchases) - median(without))).toBeLessThan(20);
    // Nothing was sent while answering: the requests wait for the sweep, one per address.
    expect(await mailsMatching(listMail(buyer.email), 0)).toEqual([]);
    expect((await db.doc(`resendRequests/${requestId(buyer.email)}`).get()).get('email')).toBe(buyer.email);
    expect((await db.doc(`resendRequests/${requestId(stranger)}`).get()).get('email')).toBe(stranger);

    // The sweep mails the buyer once, and the stranger nothing; both requests are then gone.
    expect(await api.sendRequestedLinks(buyer.email)).toEqual({ claimed: 1, done: 1 });
    expect(await api.sendRequestedLinks(stranger)).toEqual({ claimed: 1, done: 1 });
    expect(await mailsMatching(listMail(buyer.email), 1)).toHaveLength(1);
    expect(await mailsMatching(toAddress(stranger), 0)).toEqual([]);
    expect((await db.doc(`resendRequests/${requestId(buyer.email)}`).get()).exists).toBe(false);
    expect((await db.doc(`resendRequests/${requestId(stranger)}`).get()).exists).toBe(false);
  });
});

describe('the e-mail sweep', () => {
  // An API and its sweeps living in 2001: the sweep takes only requests due by its own time, so it
  // sees this file's requests and never another file's in the shared database.
  const inThePast = () => new Date(Date.UTC(2001, 0, 1, 12, 0, 0));
  let pastApi: { url: string; close: () => Promise<void> };
  const sweepsOf = () => {
    const config = parseServerConfig({ ...cloud.apiEnv, RESEND_RATE_LIMIT: '1000' });
    return createEmailSweeps({ config, db, mailer: createMailer(config), now: inThePast, logError: () => undefined });
  };
  beforeAll(async () => {
    const port = await freePort();
    const config = parseServerConfig({ ...cloud.apiEnv, RESEND_RATE_LIMIT: '1000' });
    const app = createApp({ config, db, mailer: createMailer(config), now: inThePast, logError: () => undefined });
    const server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    pastApi = {
      url: `http://127.0.0.1:${port}`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  });
  afterAll(async () => {
    await pastApi.close();
  });

  it('sends a request once even when two sweeps race for it, and a repeated request is one request', async () => {
    const before = (await mailsMatching(listMail(buyer.email), 0)).length;
    for (let i = 0; i < 3; i += 1) {
      expect((await postJson(`${pastApi.url}/api/purchases/resend`, { email: buyer.email.toUpperCase() })).status).toBe(
        200,
      );
    }
    const outcomes = await Promise.all([sweepsOf().sendResendRequests(), sweepsOf().sendResendRequests()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.claimed, 0)).toBe(1);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.done, 0)).toBe(1);
    const mails = await mailsMatching(listMail(buyer.email), before + 1);
    expect(mails).toHaveLength(before + 1);
    const latest = mails.at(-1);
    for (const expected of ['Freelance Writing Ebook', 'Personal Finance Course'])
      expect(latest?.text).toContain(expected);
    expect((await db.doc(`resendRequests/${requestId(buyer.email)}`).get()).exists).toBe(false);
    // Nothing is left for a later sweep.
    expect(await sweepsOf().sendResendRequests()).toEqual({ claimed: 0, done: 0 });
  });
});
