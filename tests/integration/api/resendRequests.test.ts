// POST /api/purchases/resend mails the links in the request and answers a fixed time after it; the
// e-mail sweep is only the retry (server/purchases/resendRequests.ts). On the local cloud: the mail is
// in the mail catcher when the answer comes, the answer's time says nothing about whether an address
// has bought, a send that failed is sent by the sweep, and the sweep mails once even when two race.
import { createHash } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
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
  mailsNow,
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
    'If we have purchases for this e-mail address, their access links are on their way to it and should arrive within a minute. If you do not see them, please check your spam folder.',
};
const requestId = (email: string) => createHash('sha256').update(email, 'utf8').digest('hex');
/** When a stored request is next due (claimable), in milliseconds. */
const dueAt = async (email: string) =>
  ((await db.doc(`resendRequests/${requestId(email)}`).get()).get('claimableAt') as Timestamp | undefined)?.toMillis();
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
  it('has sent the e-mail when it answers, and the sweep finds nothing left to send', async () => {
    const before = (await mailsMatching(listMail(buyer.email), 0)).length;
    const started = performance.now();
    const response = await postJson(`${api.url}/api/purchases/resend`, { email: buyer.email });
    const took = performance.now() - started;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(answer);
    // RESEND_ANSWER_MS's default: the answer comes 1.5 s after the request, the e-mail before it.
    expect(took).toBeGreaterThanOrEqual(1_490);
    const sent = await mailsNow(listMail(buyer.email));
    expect(sent).toHaveLength(before + 1);
    for (const expected of ['Freelance Writing Ebook', 'Personal Finance Course'])
      expect(sent.at(-1)?.text).toContain(expected);
    expect((await db.doc(`resendRequests/${requestId(buyer.email)}`).get()).exists).toBe(false);
    expect(await api.sendRequestedLinks(buyer.email)).toEqual({ claimed: 0, done: 0 });
    expect(await mailsMatching(listMail(buyer.email), before + 2)).toHaveLength(before + 1);
  });

  it('answers an address with purchases and one without in the same time (medians of 20 within 20 ms)', async () => {
    // A shorter wait keeps 42 requests quick; the answer's time is the same rule at any length.
    const quick = await startPurchaseApi({ RESEND_ANSWER_MS: '500' });
    const stranger = `nobody.${uniqueTag()}@example.com`;
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await postJson(`${quick.url}/api/purchases/resend`, { email });
      const body: unknown = await response.json();
      const took = performance.now() - started;
      expect(response.status).toBe(200);
      expect(body).toEqual(answer);
      return took;
    };
    try {
      const before = (await mailsMatching(listMail(buyer.email), 0)).length;
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
      // The buyer was mailed while answering; the stranger never, and nothing is left for the sweep.
      expect((await mailsMatching(listMail(buyer.email), before + 1)).length).toBeGreaterThan(before);
      expect(await mailsMatching(toAddress(stranger), 0)).toEqual([]);
      await expect
        .poll(async () => (await db.doc(`resendRequests/${requestId(buyer.email)}`).get()).exists)
        .toBe(false);
      expect((await db.doc(`resendRequests/${requestId(stranger)}`).get()).exists).toBe(false);
    } finally {
      await quick.close();
    }
  });

  it('answers the same while the mail server is down, and the sweep sends the links once it is up', async () => {
    // An API whose SMTP port has no server: the send fails in the request, the answer does not change.
    const down = await startPurchaseApi({ SMTP_PORT: String(await freePort()), RESEND_ANSWER_MS: '300' });
    try {
      const before = (await mailsMatching(listMail(buyer.email), 0)).length;
      const response = await postJson(`${down.url}/api/purchases/resend`, { email: buyer.email });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(answer);
      // Left for the next sweep at once: due now, one try spent.
      const ref = db.doc(`resendRequests/${requestId(buyer.email)}`);
      await expect.poll(async () => ((await dueAt(buyer.email)) ?? Infinity) <= Date.now()).toBe(true);
      expect((await ref.get()).get('attempts')).toBe(1);
      expect(await mailsMatching(listMail(buyer.email), before + 1)).toHaveLength(before);
      expect(down.logged).toContain('Purchase links could not be resent');

      // The sweep, with the mail server reachable, sends it once and removes the request.
      expect(await api.sendRequestedLinks(buyer.email)).toEqual({ claimed: 1, done: 1 });
      const mails = await mailsMatching(listMail(buyer.email), before + 1);
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)?.text).toContain('Personal Finance Course');
      expect((await ref.get()).exists).toBe(false);
      expect(await api.sendRequestedLinks(buyer.email)).toEqual({ claimed: 0, done: 0 });
    } finally {
      await down.close();
    }
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
    // Its mail server is down, so the requests' own sends fail and leave them to the sweeps.
    const config = parseServerConfig({
      ...cloud.apiEnv,
      RESEND_RATE_LIMIT: '1000',
      RESEND_ANSWER_MS: '300',
      SMTP_PORT: String(await freePort()),
    });
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
    await expect.poll(() => dueAt(buyer.email)).toBe(inThePast().getTime());
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
