// A transfer's hold on a limited code (docs/payments.md, 'Payments that complete later'): the browser's
// report of a pending transfer keeps the code's use past the checkout's hour only while Paystack (faked
// by msw) confirms a transaction under way for its reference, and a transfer that lands long after its
// checkout expired is a late payment that never takes a use past the code's limit. Through our API on a
// local cloud of its own (real Firestore emulator, real SMTP into the mail catcher), so the expiry
// sweep run here on the API's moved clock sees only this file's checkouts.
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import { closeServer } from '../../../local/http';
import { freePort } from '../../../local/ports';
import { createApp, createCheckoutExpiry } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import { buildDiscountCodeRecord } from '../../support/records';
import { useMsw } from '../../support/msw';
import {
  createFakePaystack,
  paystackBase,
  paystackSecret,
  uniqueTag,
  type PaystackCharge,
} from '../../support/purchaseHarness';

const minute = 60_000;
let cloud: Cloud;
let dataDir: string;
let server: Server;
let api: string;
let clock = new Date('2026-11-23T09:00:00.000Z');
const now = () => new Date(clock.getTime());
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const paystack = createFakePaystack();
useMsw(setupServer(...paystack.handlers));
const productId = `transfer-holds-${uniqueTag()}`;

function config() {
  return parseServerConfig({
    ...cloud.apiEnv,
    PUBLIC_STORE_URL: 'http://127.0.0.1:9',
    PAYSTACK_SECRET_KEY: paystackSecret,
    PAYSTACK_BASE_URL: paystackBase,
    PROVIDER_TIMEOUT_MS: '3000',
    TRUST_PROXY_HOPS: '1',
  });
}
const deps = () => ({ config: config(), db: cloud.db, mailer: createMailer(config()), logError: () => {}, now });
const sweep = () => createCheckoutExpiry(deps())();

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'store-transfer-holds-'));
  cloud = await startCloud({ dataDir, withApi: false, withAuth: false, seed: false });
  await cloud.db.doc(`products/${productId}`).set({
    title: 'Freelance Writing Playbook',
    description: 'How to start.',
    priceInNgn: 4500,
    priceInUsd: 9,
    categoryId: 1,
    coverImageUrl: 'https://images.test/cover.png',
    author: 'Digital Store Content Team',
    createdAt: Timestamp.fromMillis(Date.UTC(2020, 0, 1)),
  });
  await cloud.db.doc(`productDeliverables/${productId}`).set({ url: 'https://drive.example.com/playbook' });
  const port = await freePort();
  server = await new Promise<Server>((resolve) => {
    const s = createApp(deps()).listen(port, '127.0.0.1', () => resolve(s));
  });
  api = `http://127.0.0.1:${port}`;
}, 60_000);
afterAll(async () => {
  if (server) await closeServer(server);
  await cloud?.stop();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  paystack.charges.clear();
  paystack.verifyCalls.length = 0;
  // The clock only moves on: an earlier test's checkouts would be the sweep's too.
  const earlier = await cloud.db.collection('checkouts').get();
  await Promise.all(earlier.docs.map((doc) => doc.ref.delete()));
});

let clients = 0;
interface Buyer {
  customer: { name: string; email: string; confirmEmail: string; phone: string };
  client: string;
}
/** A buyer of their own mailbox and network. */
function buyer(): Buyer {
  clients += 1;
  const email = `ada.${uniqueTag()}@example.com`;
  const customer = { name: 'Ada Chioma Obi', email, confirmEmail: email, phone: '+2348031234567' };
  return { customer, client: `198.51.100.${clients}` };
}

async function seedCode(maxUses: number): Promise<string> {
  const code = `T${uniqueTag().toUpperCase()}`;
  await cloud.db
    .doc(`discountCodes/${code}`)
    .set(buildDiscountCodeRecord({ code, maxUses, createdAt: '2026-01-01T00:00:00.000Z' }));
  return code;
}

const codeDoc = async (code: string) => (await cloud.db.doc(`discountCodes/${code}`).get()).data() ?? {};
const checkoutDoc = async (id: string) => (await cloud.db.doc(`checkouts/${id}`).get()).data() ?? {};

function post(path: string, body: unknown, client: string) {
  return fetch(`${api}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(body),
  });
}

async function checkout(who: Buyer, code: string) {
  const body = { productId, currency: 'NGN', customer: who.customer, code };
  const response = await post('/api/checkouts', body, who.client);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function opened(who: Buyer, code: string) {
  const answer = await checkout(who, code);
  expect(answer.status).toBe(201);
  expect(answer.body).toMatchObject({ provider: 'paystack', amount: 3825 });
  return { checkoutId: String(answer.body.checkoutId), reference: String(answer.body.reference) };
}

async function reportPending(who: Buyer, started: { checkoutId: string; reference: string }) {
  const body = { reference: started.reference, productId, customer: who.customer };
  const response = await post(`/api/checkouts/${started.checkoutId}/pending`, body, who.client);
  expect(response.status).toBe(202);
  return (await response.json()) as { waitToken: string; status: { state: string } };
}

function transfer(who: Buyer, reference: string, overrides: Partial<PaystackCharge>) {
  paystack.charges.set(reference, {
    reference,
    status: 'success',
    amount: 382_500,
    currency: 'NGN',
    metadata: { productId },
    customerEmail: who.customer.email,
    channel: 'bank_transfer',
    ...overrides,
  });
}

function pay(who: Buyer, reference: string) {
  return post(
    '/api/orders',
    { provider: 'paystack', reference, productId, currency: 'NGN', customer: who.customer },
    who.client,
  );
}

const usedUp = { status: 400, body: { message: 'This code has been used up.' } };

describe('a transfer the browser reports pending', () => {
  it('keeps no hold past the checkout’s hour when Paystack has no transaction for it', async () => {
    const code = await seedCode(1);
    const a = buyer();
    const aCheckout = await opened(a, code);
    const waiting = await reportPending(a, aCheckout);
    expect(waiting.status.state).toBe('waiting');
    expect(await checkoutDoc(aCheckout.checkoutId)).toMatchObject({ status: 'pending' });
    expect(await checkoutDoc(aCheckout.checkoutId)).not.toHaveProperty('transferSeenAt');
    const b = buyer();
    expect(await checkout(b, code)).toEqual(usedUp);

    advance(61 * minute);
    expect(await sweep()).toEqual({ expired: 1, released: 1 });
    expect(await checkoutDoc(aCheckout.checkoutId)).toMatchObject({ status: 'expired', endedBy: 'expired' });
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
    // Paystack was asked when the report came and again by the sweep.
    expect(paystack.verifyCalls).toEqual([aCheckout.reference, aCheckout.reference]);
    const page = await fetch(`${api}/api/checkouts/${aCheckout.checkoutId}/status?t=${waiting.waitToken}`);
    expect(await page.json()).toMatchObject({ state: 'expired' });
    expect((await checkout(b, code)).status).toBe(201);
  });

  it('keeps its hold while Paystack confirms the transfer under way, and a sale at the checkout’s price when it lands', async () => {
    const code = await seedCode(1);
    const a = buyer();
    const aCheckout = await opened(a, code);
    advance(40 * minute);
    const startedAt = now().toISOString();
    transfer(a, aCheckout.reference, { status: 'ongoing', createdAt: startedAt, paidAt: null });
    await reportPending(a, aCheckout);
    expect(await checkoutDoc(aCheckout.checkoutId)).toMatchObject({
      status: 'pending',
      transferSeenAt: Timestamp.fromDate(now()),
    });

    advance(25 * minute);
    expect(await sweep()).toEqual({ expired: 0, released: 0 });
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 1 });
    expect(await checkout(buyer(), code)).toEqual(usedUp);

    advance(3 * 60 * minute);
    transfer(a, aCheckout.reference, { createdAt: startedAt, paidAt: now().toISOString() });
    expect((await pay(a, aCheckout.reference)).status).toBe(200);
    const sale = (await cloud.db.doc(`transactions/paystack_${aCheckout.reference}`).get()).data();
    expect(sale).toMatchObject({ amount: 3825, listPrice: 4500, discountCode: code });
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });

  it('gives the hold back at the sweep once Paystack reports the transfer abandoned', async () => {
    const code = await seedCode(1);
    const a = buyer();
    const aCheckout = await opened(a, code);
    transfer(a, aCheckout.reference, { status: 'ongoing', createdAt: now().toISOString(), paidAt: null });
    await reportPending(a, aCheckout);
    advance(61 * minute);
    expect(await sweep()).toEqual({ expired: 0, released: 0 });
    transfer(a, aCheckout.reference, { status: 'abandoned', createdAt: now().toISOString(), paidAt: null });
    advance(15 * minute);
    expect(await sweep()).toEqual({ expired: 1, released: 1 });
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
    expect((await checkout(buyer(), code)).status).toBe(201);
  });
});

describe('a transfer that lands a day after its checkout expired', () => {
  async function aExpiresAndBPays(code: string) {
    const a = buyer();
    const aCheckout = await opened(a, code);
    const startedAt = new Date(now().getTime() + 50 * minute).toISOString();
    advance(61 * minute);
    expect(await sweep()).toEqual({ expired: 1, released: 1 });
    const b = buyer();
    const bCheckout = await opened(b, code);
    paystack.charges.set(bCheckout.reference, {
      reference: bCheckout.reference,
      status: 'success',
      amount: 382_500,
      currency: 'NGN',
      metadata: { productId },
      customerEmail: b.customer.email,
      paidAt: now().toISOString(),
    });
    expect((await pay(b, bCheckout.reference)).status).toBe(200);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
    advance(26 * 60 * minute);
    return { a, aCheckout, startedAt };
  }

  it('is a payment issue when it pays the code’s price: the code’s uses stay 1 of 1', async () => {
    const code = await seedCode(1);
    const { a, aCheckout, startedAt } = await aExpiresAndBPays(code);
    // Paystack says the buyer started it inside the checkout's hour; nobody saw it under way then.
    transfer(a, aCheckout.reference, { createdAt: startedAt, paidAt: now().toISOString() });

    const answer = await pay(a, aCheckout.reference);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ paymentIssue: true });
    const issue = (await cloud.db.doc(`paymentIssues/paystack_${aCheckout.reference}`).get()).data();
    expect(issue).toMatchObject({ reason: 'Paid after the checkout expired, at a price no longer offered.' });
    expect((await cloud.db.doc(`transactions/paystack_${aCheckout.reference}`).get()).exists).toBe(false);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });

  it('is a sale at today’s price, without the code, when it covers that price', async () => {
    const code = await seedCode(1);
    const { a, aCheckout, startedAt } = await aExpiresAndBPays(code);
    transfer(a, aCheckout.reference, { amount: 450_000, createdAt: startedAt, paidAt: now().toISOString() });

    expect((await pay(a, aCheckout.reference)).status).toBe(200);
    const sale = (await cloud.db.doc(`transactions/paystack_${aCheckout.reference}`).get()).data();
    expect(sale).toMatchObject({ amount: 4500, listPrice: 4500, discountCode: null, discountAmount: 0 });
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });
});
