// Fault test (docs/payments.md): the mail server goes down while ten buyers pay, then comes back. Every
// purchase is recorded with its working access link while SMTP is down; once it is up, the retry
// sweep (what the deployed scheduled function and the local cloud's timer run), racing a second sweep
// and the buyers' own retries, leaves every buyer with exactly one e-mail and the seller with exactly
// one sale notice per purchase. Its own local cloud (real Firestore emulator, real SMTP into a real
// mail catcher stopped and restarted on the same port), so its sweeps touch no other file's data.
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import { closeServer } from '../../../local/http';
import { freePort } from '../../../local/ports';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../local/mail/mailCatcher';
import { createApp, createEmailRetry } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import { maxAutomaticAttempts } from '../../../server/orders/fulfilment';
import {
  buildCustomer,
  openCheckout,
  openDeliverable,
  postJson,
  uniqueTag,
  type Customer,
} from '../../support/purchaseHarness';

let cloud: Cloud;
let dataDir: string;
let api: { url: string; close(): Promise<void> };
const logged: string[] = [];
/** The API's own origin is the store's public URL here, so access links point at it. */
let apiUrl = '';
let restarted: MailCatcher | null = null;
const productId = `product-${uniqueTag()}`;
const sellerEmail = 'seller@digitalstore.test';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'store-email-retry-'));
  cloud = await startCloud({ dataDir, withApi: false, withAuth: false, seed: false });
  // The API on this cloud, with its failures collected instead of printed; limits out of the way.
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  const config = apiConfig();
  const app = createApp({
    config,
    db: cloud.db,
    mailer: createMailer(config),
    logError: (message) => logged.push(message),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  api = { url: apiUrl, close: () => closeServer(server) };
  await cloud.db.doc(`products/${productId}`).set({
    title: 'Freelance Writing Playbook',
    description: 'Win clients and get paid.',
    priceInNgn: 7500,
    priceInUsd: 9,
    categoryId: 1,
    coverImageUrl: 'https://images.test/cover.png',
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await cloud.db.doc(`productDeliverables/${productId}`).set({ url: 'https://drive.example.com/playbook' });
}, 60_000);
afterAll(async () => {
  await api?.close();
  await restarted?.close();
  await cloud?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

function apiConfig() {
  return parseServerConfig({
    ...cloud.apiEnv,
    PUBLIC_STORE_URL: apiUrl,
    ORDER_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
    ACCESS_RATE_LIMIT: '1000',
  });
}

/** The sweep as the scheduled function builds it, from the API's own configuration. */
function sweep() {
  const config = apiConfig();
  return createEmailRetry({
    config,
    db: cloud.db,
    mailer: createMailer(config),
    logError: (message) => logged.push(message),
  })();
}

/** A demo checkout's reference for the buyer, as the payment dialog gets it when Pay is pressed. */
async function checkoutReference(customer: Customer): Promise<string> {
  return (await openCheckout(api.url, { id: productId }, customer, { provider: 'demo' })).reference;
}

/** Pays the checkout `reference` (one is opened when none is given) with the demo payment. */
async function buy(customer: Customer, given?: string) {
  const reference = given ?? (await checkoutReference(customer));
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'demo',
    reference,
    productId,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { transactionId: string; emailSent: boolean; accessUrl: string };
}

async function record(transactionId: string) {
  return (await cloud.db.doc(`transactions/${transactionId}`).get()).data() ?? {};
}

const to = (mails: CaughtMail[], address: string) => mails.filter((mail) => mail.to.includes(address));

/** Waits until `count` mails have arrived, then a moment more so a late extra one would show. */
async function settledMails(catcher: MailCatcher, count: number): Promise<CaughtMail[]> {
  for (let attempt = 0; attempt < 50 && catcher.messages().length < count; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return catcher.messages();
}

describe('SMTP down during fulfilment, then up', () => {
  const buyers: Array<{ customer: Customer; reference: string }> = [];
  beforeAll(async () => {
    for (let i = 0; i < 10; i += 1) {
      const customer = buildCustomer();
      buyers.push({ customer, reference: await checkoutReference(customer) });
    }
  });

  it('records every purchase with its access link while the mail server is down', async () => {
    await cloud.mail.close();
    // Each buyer's browser calls twice (a retry after a slow answer): 20 calls at once.
    const answers = await Promise.all(
      [...buyers, ...buyers].map(({ customer, reference }) => buy(customer, reference)),
    );
    expect(answers.map((answer) => answer.emailSent)).toEqual(Array(20).fill(false));
    expect(logged).toEqual(expect.arrayContaining([expect.stringMatching(/^Order e-mail for demo_demo-.* failed$/)]));
    for (const [index, answer] of answers.slice(0, 10).entries()) {
      expect(answers[index + 10]?.accessUrl).toBe(answer.accessUrl);
      expect(answer.accessUrl).toMatch(/\/api\/access\/[A-Za-z0-9_-]{20,}$/);
      expect(await record(answer.transactionId)).toMatchObject({
        emailStatus: 'failed',
        buyerEmailSent: false,
        sellerNoticeSent: false,
        amountPaid: 7500,
        currency: 'NGN',
      });
    }
    // The link works before any e-mail went out: paid is paid.
    const opened = await openDeliverable(answers[0]?.accessUrl ?? '');
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('https://drive.example.com/playbook');

    // A sweep while the server is still down tries each once more and records the failure again.
    // (A buyer's second call may already have tried again, if it came after the first failed.)
    const attempts = async () =>
      Promise.all(
        answers.slice(0, 10).map(async (answer) => Number((await record(answer.transactionId)).emailAttempts)),
      );
    const before = await attempts();
    expect(before.every((count) => count === 1 || count === 2)).toBe(true);
    expect(await sweep()).toEqual({ retried: 10, sent: 0, resends: { claimed: 0, done: 0 } });
    expect(await attempts()).toEqual(before.map((count) => count + 1));
    for (const answer of answers.slice(0, 10)) {
      expect(await record(answer.transactionId)).toMatchObject({ emailStatus: 'failed' });
    }
  });

  it('sends each buyer exactly one e-mail once it is up, with two sweeps and three buyers retrying at once', async () => {
    restarted = await startMailCatcher({ smtpPort: cloud.mail.smtpPort });
    const [first, second, ...replays] = await Promise.all([
      sweep(),
      sweep(),
      ...buyers.slice(0, 3).map(({ customer, reference }) => buy(customer, reference)),
    ]);
    // Every purchase was claimed by exactly one of the racers, and all of them are now sent.
    const replayed = replays.filter((answer) => typeof answer === 'object' && 'accessUrl' in answer);
    expect(replayed).toHaveLength(3);
    expect((first?.retried ?? 0) + (second?.retried ?? 0)).toBeLessThanOrEqual(10);
    expect((first?.retried ?? 0) + (second?.retried ?? 0)).toBeGreaterThanOrEqual(7);

    const mails = await settledMails(restarted, 20);
    for (const { customer, reference } of buyers) {
      const mine = to(mails, customer.email);
      expect(mine, customer.email).toHaveLength(1);
      expect(mine[0]?.subject).toContain('Freelance Writing Playbook');
      const notices = to(mails, sellerEmail).filter((mail) => mail.text.includes(`Reference: ${reference}`));
      expect(notices, reference).toHaveLength(1);
      expect(await record(`demo_${reference}`)).toMatchObject({
        emailStatus: 'sent',
        buyerEmailSent: true,
        sellerNoticeSent: true,
      });
    }
    expect(mails).toHaveLength(20);

    // Nothing is left to send: a later sweep sends nothing more.
    expect(await sweep()).toEqual({ retried: 0, sent: 0, resends: { claimed: 0, done: 0 } });
    expect(await settledMails(restarted, 20)).toHaveLength(20);
  });

  it('leaves revoked purchases, and those that failed too often, to the seller', async () => {
    if (!restarted) throw new Error('the mail server was not restarted');
    await restarted.close();
    restarted = null;
    const revoked = await buy(buildCustomer());
    const tooOften = await buy(buildCustomer());
    const diedCustomer = buildCustomer();
    const died = { customer: diedCustomer, reference: await checkoutReference(diedCustomer) };
    const abandoned = await buy(died.customer, died.reference);
    await cloud.db.doc(`transactions/${revoked.transactionId}`).update({ accessRevoked: true });
    await cloud.db.doc(`transactions/${tooOften.transactionId}`).update({ emailAttempts: maxAutomaticAttempts });
    // A sender that claimed the e-mails ten minutes ago and died before recording anything.
    await cloud.db.doc(`transactions/${abandoned.transactionId}`).update({
      emailStatus: 'sending',
      emailClaimedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });

    restarted = await startMailCatcher({ smtpPort: cloud.mail.smtpPort });
    expect(await sweep()).toEqual({ retried: 1, sent: 1, resends: { claimed: 0, done: 0 } });
    const mails = await settledMails(restarted, 2);
    expect(to(mails, died.customer.email)).toHaveLength(1);
    expect(mails).toHaveLength(2);
    expect(await record(revoked.transactionId)).toMatchObject({ emailStatus: 'failed', buyerEmailSent: false });
    expect(await record(tooOften.transactionId)).toMatchObject({ emailStatus: 'failed', buyerEmailSent: false });
    expect(await record(abandoned.transactionId)).toMatchObject({ emailStatus: 'sent' });
  });

  it('sends the purchase links a buyer asked for at /purchases in the request, leaving the sweep nothing', async () => {
    if (!restarted) throw new Error('the mail server was not restarted');
    const buyer = buildCustomer();
    const earlier = restarted.messages().length;
    await buy(buyer);
    // The order e-mail and the sale notice, sent at once now that the mail server is up.
    const before = (await settledMails(restarted, earlier + 2)).length;
    expect(before).toBe(earlier + 2);
    const response = await postJson(`${api.url}/api/purchases/resend`, { email: buyer.email });
    expect(response.status).toBe(200);
    // In the catcher when the answer came.
    expect(to(restarted.messages(), buyer.email).map((mail) => mail.subject)).toContain(
      'Your purchases on Digital Store',
    );
    expect(await sweep()).toEqual({ retried: 0, sent: 0, resends: { claimed: 0, done: 0 } });
    const mails = await settledMails(restarted, before + 1);
    const listed = to(mails, buyer.email).filter((mail) => mail.subject === 'Your purchases on Digital Store');
    expect(listed).toHaveLength(1);
    expect(mails).toHaveLength(before + 1);
    expect(await sweep()).toEqual({ retried: 0, sent: 0, resends: { claimed: 0, done: 0 } });
  });
});
