// Refunds and disputes (docs/payments.md) against the local cloud: our API with real admin ID tokens from
// the Auth emulator, our Firestore emulator, real SMTP into the mail catcher; only Paystack's and
// PayPal's REST APIs are faked, by msw at their configured base URLs.
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  cloud,
  createFakePaypal,
  createFakePaystack,
  db,
  mailsMatching,
  openCheckout,
  paidCharge,
  paypalBase,
  paystackBase,
  paystackSecret,
  postJson,
  removeSeededProducts,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import type { CaughtMail } from '../../../local/mail/mailCatcher';

const webhookId = 'WH-ID-INTEGRATION-1';
const goodSignature = 'signature-paypal-accepts';

// --- Fake refund endpoints -------------------------------------------------------------------------

interface PaystackRefundCall {
  transaction: string;
  amount: number;
  merchant_note: string;
}

const paystack = createFakePaystack();
const paystackRefunds: PaystackRefundCall[] = [];
let paystackRefundDelayMs = 0;
let paystackRefusal: string | null = null;
let paystackRefundSequence = 9000;

const paypal = createFakePaypal();
const paypalRefunds: Array<{ captureId: string; requestId: string; body: { amount: { value: string } } }> = [];
const paypalRefundsByRequest = new Map<string, string>();
let paypalRefusal: { issue: string; description: string } | null = null;
const verifyBodies: string[] = [];

const refundHandlers = [
  http.post(`${paystackBase}/refund`, async ({ request }) => {
    if (request.headers.get('authorization') !== `Bearer ${paystackSecret}`) {
      return HttpResponse.json({ status: false, message: 'Invalid key' }, { status: 401 });
    }
    const body = (await request.json()) as PaystackRefundCall;
    paystackRefunds.push(body);
    if (paystackRefundDelayMs) await new Promise((resolve) => setTimeout(resolve, paystackRefundDelayMs));
    if (paystackRefusal) return HttpResponse.json({ status: false, message: paystackRefusal }, { status: 400 });
    paystackRefundSequence += 1;
    return HttpResponse.json({
      status: true,
      message: 'Refund has been queued for processing',
      data: {
        id: paystackRefundSequence,
        transaction: { reference: body.transaction },
        amount: body.amount,
        currency: 'NGN',
        status: 'pending',
        merchant_note: body.merchant_note,
      },
    });
  }),
  http.post(`${paypalBase}/v2/payments/captures/:id/refund`, async ({ request, params }) => {
    const requestId = request.headers.get('paypal-request-id') ?? '';
    const body = (await request.json()) as { amount: { value: string; currency_code: string } };
    paypalRefunds.push({ captureId: String(params.id), requestId, body });
    if (paypalRefusal) {
      return HttpResponse.json(
        {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: paypalRefusal.issue, description: paypalRefusal.description }],
        },
        { status: 422 },
      );
    }
    // The same PayPal-Request-Id answers with the refund it made the first time.
    const id = paypalRefundsByRequest.get(requestId) ?? `RF${uniqueTag().toUpperCase()}`;
    paypalRefundsByRequest.set(requestId, id);
    return HttpResponse.json({ id, status: 'COMPLETED', amount: body.amount }, { status: 201 });
  }),
  http.get(`${paypalBase}/v2/payments/captures/:id`, ({ params }) => {
    const captureId = String(params.id);
    const orderId = captureId.replace(/^CAP-/, '');
    if (!paypal.orders.has(orderId)) return HttpResponse.json({ name: 'RESOURCE_NOT_FOUND' }, { status: 404 });
    return HttpResponse.json({
      id: captureId,
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: orderId } },
    });
  }),
  http.post(`${paypalBase}/v1/notifications/verify-webhook-signature`, async ({ request }) => {
    const raw = await request.text();
    verifyBodies.push(raw);
    const body = JSON.parse(raw) as { webhook_id: string; transmission_sig: string };
    const ok = body.webhook_id === webhookId && body.transmission_sig === goodSignature;
    return HttpResponse.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }),
];

useMsw(setupServer(...refundHandlers, ...paystack.handlers, ...paypal.handlers));
let api: PurchaseApi;
let admin: { uid: string; idToken: string };
let strangerToken: string;

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  admin = await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password);
  strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
  api = await startPurchaseApi(
    { PAYPAL_WEBHOOK_ID: webhookId, ADMIN_RATE_LIMIT: '1000' },
    {
      auth: createAdminAuth({
        projectId: 'demo-digital-store',
        emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST,
      }),
    },
  );
});
afterEach(() => {
  paystackRefundDelayMs = 0;
  paystackRefusal = null;
  paypalRefusal = null;
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

// The store's settings document is shared with the other files on this cloud (the affiliate program's
// switch is in it): this file changes and removes only its own field.
const keepAccessOnPartialRefund = (keep: boolean | null) =>
  db
    .doc('settings/store')
    .set({ keepAccessOnPartialRefund: keep === null ? FieldValue.delete() : keep }, { merge: true });

// --- Sales to refund --------------------------------------------------------------------------------

interface Sale {
  transactionId: string;
  reference: string;
  accessUrl: string;
  customer: Customer;
  productTitle: string;
}

async function orderMailArrived(customer: Customer) {
  expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
}

async function paystackSale(priceInNgn = 7500): Promise<Sale> {
  const product = await seedProduct({ title: `Refundable Ebook ${uniqueTag()}`, priceInNgn });
  const customer = buildCustomer();
  const charge = await paidCharge(api.url, product, customer);
  paystack.charges.set(charge.reference, charge);
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'paystack',
    reference: charge.reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { transactionId: string; accessUrl: string };
  await orderMailArrived(customer);
  return { ...answer, reference: charge.reference, customer, productTitle: product.title };
}

async function paypalSale(priceInUsd = 9): Promise<Sale> {
  const product = await seedProduct({ title: `Refundable Course ${uniqueTag()}`, priceInUsd });
  const customer = buildCustomer();
  const checkout = await openCheckout(api.url, product, customer, { currency: 'USD' });
  const created = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: checkout.checkoutId });
  const { id } = (await created.json()) as { id: string };
  paypal.approve(id);
  const response = await postJson(`${api.url}/api/paypal/orders/${id}/capture`, { productId: product.id, customer });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { transactionId: string; accessUrl: string };
  await orderMailArrived(customer);
  return { ...answer, reference: id, customer, productTitle: product.title };
}

async function demoSale(): Promise<Sale> {
  const product = await seedProduct({ title: `Demo Guide ${uniqueTag()}` });
  const customer = buildCustomer();
  const { reference } = await openCheckout(api.url, product, customer, { provider: 'demo' });
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'demo',
    reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { transactionId: string; accessUrl: string };
  await orderMailArrived(customer);
  return { ...answer, reference, customer, productTitle: product.title };
}

// --- Calls --------------------------------------------------------------------------------------------

interface RefundAnswer {
  message: string;
  refund?: {
    status: string;
    amount: number;
    refunded: number;
    full: boolean;
    by: string;
    reason: string;
    failure: string | null;
    at: string | null;
    providerRef: string;
  };
}

async function refund(sale: Pick<Sale, 'transactionId'>, body: unknown, token = admin.idToken) {
  const response = await postJson(`${api.url}/api/admin/transactions/${sale.transactionId}/refund`, body, {
    authorization: `Bearer ${token}`,
  });
  return { status: response.status, body: (await response.json()) as RefundAnswer };
}

async function paystackEvent(event: unknown) {
  const raw = JSON.stringify(event);
  const response = await fetch(`${api.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { outcome?: string } };
}

async function paypalEvent(event: unknown, signature = goodSignature) {
  const response = await fetch(`${api.url}/api/webhooks/paypal`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': new Date().toISOString(),
    },
    body: JSON.stringify(event),
  });
  return { status: response.status, body: (await response.json()) as { outcome?: string } };
}

async function sale(id: string): Promise<Record<string, unknown>> {
  return (await db.doc(`transactions/${id}`).get()).data() ?? {};
}

/** The access link as a buyer opens it: the download page (200) while access lasts, 410 once it ended. */
async function linkStatus(accessUrl: string): Promise<{ status: number; text: string }> {
  const response = await fetch(accessUrl, { redirect: 'manual' });
  return { status: response.status, text: await response.text() };
}

const refundMailTo = (customer: Customer) => (mail: CaughtMail) =>
  mail.to.includes(customer.email) && mail.subject.startsWith('Refund:');

const disputeMailFor = (reference: string) => (mail: CaughtMail) =>
  mail.to.includes('seller@digitalstore.test') && mail.subject.startsWith('Dispute') && mail.text.includes(reference);

/** The seller's e-mail about a refund or dispute for a payment the store has no sale for. */
const eventIssueNoticeFor = (reference: string) => (mail: CaughtMail) =>
  mail.to.includes('seller@digitalstore.test') &&
  mail.subject.startsWith('Refund or dispute needs attention: ') &&
  mail.text.includes(`Payment: ${reference}`);

function paystackRefundEvent(
  type: 'refund.pending' | 'refund.processed' | 'refund.failed',
  reference: string,
  id: number,
  amount: number,
) {
  return {
    event: type,
    data: {
      status: type.slice('refund.'.length),
      transaction_reference: reference,
      refund_reference: type === 'refund.processed' ? `RRN${id}` : null,
      amount,
      currency: 'NGN',
      processor: 'mpgs_zen',
      customer: { first_name: null, last_name: null, email: 'buyer@example.com' },
      integration: 463433,
      domain: 'test',
      id,
    },
  };
}

function paystackDisputeEvent(
  type: 'charge.dispute.create' | 'charge.dispute.remind' | 'charge.dispute.resolve',
  reference: string,
  id: number,
  extra: Record<string, unknown> = {},
) {
  return {
    event: type,
    data: {
      id,
      refund_amount: 750000,
      currency: 'NGN',
      status: type === 'charge.dispute.resolve' ? 'resolved' : 'awaiting-merchant-feedback',
      resolution: null,
      domain: 'test',
      category: 'chargeback',
      note: null,
      due_at: '2026-12-01T10:00:00.000Z',
      transaction: { id: 4099260516, reference, amount: 750000, currency: 'NGN' },
      ...extra,
    },
  };
}

// --- The refund API -------------------------------------------------------------------------------

describe('POST /api/admin/transactions/{id}/refund', () => {
  it('refuses without a token (401), for a signed-in non-admin (403), a bad body (400) and an unknown sale (404)', async () => {
    const target = await demoSale();
    expect((await refund(target, { reason: 'x' }, 'not-a-token')).status).toBe(401);
    const noToken = await postJson(`${api.url}/api/admin/transactions/${target.transactionId}/refund`, { reason: 'x' });
    expect(noToken.status).toBe(401);
    expect(await refund(target, { reason: 'Wrong course' }, strangerToken)).toEqual({
      status: 403,
      body: { message: 'Only admins may do this.' },
    });
    expect(await refund(target, { amount: 10 })).toEqual({
      status: 400,
      body: { message: 'Please give a reason for the refund.' },
    });
    expect(await refund(target, { amount: -5, reason: 'x' })).toEqual({
      status: 400,
      body: { message: 'The amount must be more than 0, with at most two decimals.' },
    });
    expect(await refund(target, { amount: 1.005, reason: 'x' })).toEqual({
      status: 400,
      body: { message: 'The amount must be more than 0, with at most two decimals.' },
    });
    expect(await refund({ transactionId: 'demo_nobody-bought-this' }, { reason: 'x' })).toEqual({
      status: 404,
      body: { message: 'This sale could not be found.' },
    });
    // None of the refusals touched the sale.
    expect((await sale(target.transactionId)).refund).toBeUndefined();
  });

  it('refunds a demo sale locally: Refunded, the link answers as revoked, and the buyer gets one e-mail', async () => {
    const target = await demoSale();
    const answer = await refund(target, { reason: 'Bought the wrong course' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Refund made.');
    expect(answer.body.refund).toMatchObject({
      status: 'refunded',
      amount: 7500,
      refunded: 7500,
      full: true,
      by: admin.uid,
      reason: 'Bought the wrong course',
      failure: null,
    });
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      accessChangedBy: 'refund',
      refund: { status: 'refunded', refunded: 7500, full: true },
    });
    const link = await linkStatus(target.accessUrl);
    expect(link.status).toBe(410);
    expect(link.text).toContain('Your access to this product has ended');

    const mails = await mailsMatching(refundMailTo(target.customer));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Refund: ${target.productTitle} — ₦7,500 — Digital Store`);
    expect(mails[0]?.text).toContain('Digital Store has refunded ₦7,500');
    expect(mails[0]?.text).toContain('Your access to this product has ended, and its link no longer opens it.');

    // Nothing is left: a second refund is refused and makes no second e-mail.
    expect(await refund(target, { reason: 'Again' })).toEqual({
      status: 409,
      body: { message: 'This sale has been refunded in full.' },
    });
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
  });

  it('Paystack full refund: POST /refund with the reference, kobo and the note; pending, then refund.processed ends access once', async () => {
    const target = await paystackSale(7500);
    const answer = await refund(target, { reason: 'Paid twice' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Refund requested: the provider is processing it.');
    expect(answer.body.refund).toMatchObject({ status: 'pending', amount: 7500, refunded: 0, full: false });
    const call = paystackRefunds.find((c) => c.transaction === target.reference);
    expect(call).toEqual({ transaction: target.reference, amount: 750000, merchant_note: 'Paid twice' });
    const refundId = Number(answer.body.refund?.providerRef.replace('paystack-', ''));

    // Still pending: access continues until the money has gone back.
    expect((await linkStatus(target.accessUrl)).status).toBe(200);

    expect(
      (await paystackEvent(paystackRefundEvent('refund.processed', target.reference, refundId, 750000))).body,
    ).toEqual({ received: true, outcome: 'applied' });
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      refund: { status: 'refunded', refunded: 7500, full: true, by: admin.uid, reason: 'Paid twice' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(410);

    // The same event again changes nothing and mails nobody.
    expect(
      (await paystackEvent(paystackRefundEvent('refund.processed', target.reference, refundId, 750000))).body,
    ).toEqual({ received: true, outcome: 'duplicate' });
    const mails = await mailsMatching(refundMailTo(target.customer));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Refunded: ₦7,500');
  });

  it('Paystack partial refund keeps access by default, refuses more than is left, and a second partial ends nothing until full', async () => {
    const target = await paystackSale(7500);
    const first = await refund(target, { amount: 2500, reason: 'Half the course was missing' });
    expect(first.status).toBe(200);
    expect(paystackRefunds.filter((c) => c.transaction === target.reference)).toEqual([
      { transaction: target.reference, amount: 250000, merchant_note: 'Half the course was missing' },
    ]);
    const refundId = Number(first.body.refund?.providerRef.replace('paystack-', ''));
    // While it is pending it counts as spent: more than the rest shows the refund under way.
    expect(await refund(target, { amount: 5000.01, reason: 'More' })).toMatchObject({
      status: 409,
      body: {
        message: 'Another refund of this sale is under way. Its result shows here once the provider answers.',
        refund: { status: 'pending', amount: 2500, refunded: 0 },
      },
    });
    await paystackEvent(paystackRefundEvent('refund.processed', target.reference, refundId, 250000));
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: false,
      refund: { status: 'refunded', refunded: 2500, full: false },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
    const [mail, ...others] = await mailsMatching(refundMailTo(target.customer));
    expect(others).toEqual([]);
    expect(mail?.text).toContain('This was a partial refund: your access to the product continues.');

    // The rest, without an amount: everything left.
    const rest = await refund(target, { reason: 'Refund the rest' });
    expect(rest.body.refund).toMatchObject({ status: 'pending', amount: 5000 });
    expect(paystackRefunds.filter((c) => c.transaction === target.reference).at(-1)?.amount).toBe(500000);
    const restId = Number(rest.body.refund?.providerRef.replace('paystack-', ''));
    await paystackEvent(paystackRefundEvent('refund.processed', target.reference, restId, 500000));
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      refund: { status: 'refunded', refunded: 7500, full: true },
    });
    expect(await mailsMatching(refundMailTo(target.customer), 2)).toHaveLength(2);
  });

  it('ends access on a partial refund when the store setting says so', async () => {
    await keepAccessOnPartialRefund(false);
    try {
      const target = await demoSale();
      const answer = await refund(target, { amount: 1000, reason: 'Goodwill' });
      expect(answer.body.refund).toMatchObject({ status: 'refunded', refunded: 1000, full: false });
      expect((await linkStatus(target.accessUrl)).status).toBe(410);
      const [mail] = await mailsMatching(refundMailTo(target.customer));
      expect(mail?.text).toContain('Your access to this product has ended');
    } finally {
      await keepAccessOnPartialRefund(null);
    }
  });

  it("shows Paystack's refusal in its words and leaves the sale as it was", async () => {
    const target = await paystackSale(7500);
    paystackRefusal = 'Transaction has been fully reversed';
    const answer = await refund(target, { reason: 'Duplicate' });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('Transaction has been fully reversed');
    expect(answer.body.refund).toMatchObject({
      status: 'failed',
      refunded: 0,
      failure: 'Transaction has been fully reversed',
    });
    expect(await sale(target.transactionId)).toMatchObject({ accessRevoked: false, refund: { claim: null } });
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
    // The claim is released: the seller may try again.
    paystackRefusal = null;
    expect((await refund(target, { reason: 'Duplicate' })).status).toBe(200);
  });

  it('two admins pressing Refund at once make one Paystack call; the other sees the first refund', async () => {
    const target = await paystackSale(7500);
    paystackRefundDelayMs = 400;
    const [a, b] = await Promise.all([
      refund(target, { reason: 'Paid twice' }),
      refund(target, { reason: 'Paid twice' }),
    ]);
    expect(paystackRefunds.filter((c) => c.transaction === target.reference)).toHaveLength(1);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toBe(
      'Another refund of this sale is under way. Its result shows here once the provider answers.',
    );
    expect(loser.body.refund).toMatchObject({ status: 'pending', amount: 7500 });
  });

  it('after a refund request that died unanswered, the next press asks the admin to check Paystack and makes no call; the one after asks Paystack', async () => {
    const target = await paystackSale(7500);
    // What a request leaves when it dies between its claim and Paystack's answer, 11 minutes ago.
    const at = new Date(Date.now() - 11 * 60_000).toISOString();
    await db.doc(`transactions/${target.transactionId}`).update({
      refund: {
        amount: 7500,
        at: null,
        by: 'admin-who-left',
        byName: 'Earlier Admin',
        providerRef: '',
        reason: 'Paid twice',
        failure: null,
        claim: { amount: 750000, by: 'admin-who-left', at, requestId: 'r'.repeat(32) },
        entries: {},
        status: 'pending',
        refunded: 0,
        full: false,
      },
    });
    const warned = await refund(target, { reason: 'Paid twice' });
    expect(warned.status).toBe(409);
    const warning =
      'An earlier refund request of ₦7,500 got no answer from Paystack, so it may have been made. Check your Paystack dashboard first: a refund made there shows here when Paystack reports it. If there is none, press Refund again.';
    expect(warned.body.message).toBe(warning);
    expect(paystackRefunds.filter((c) => c.transaction === target.reference)).toHaveLength(0);
    expect((await sale(target.transactionId)).refund).toMatchObject({ claim: null, failure: warning, refunded: 0 });
    expect((await sale(target.transactionId)).accessRevoked).not.toBe(true);

    const asked = await refund(target, { reason: 'Paid twice' });
    expect(asked.status).toBe(200);
    expect(paystackRefunds.filter((c) => c.transaction === target.reference)).toEqual([
      { transaction: target.reference, amount: 750000, merchant_note: 'Paid twice' },
    ]);
    expect(asked.body.refund).toMatchObject({ status: 'pending', failure: null });
  });

  it('PayPal full refund: the capture found through the order and kept, PayPal-Request-Id sent, refunded at once', async () => {
    const target = await paypalSale(19.99);
    // Captures record their id now; a sale from before that has none, and the refund finds it.
    expect((await sale(target.transactionId)).captureId).toBe(`CAP-${target.reference}`);
    await db.doc(`transactions/${target.transactionId}`).update({ captureId: FieldValue.delete() });
    expect((await sale(target.transactionId)).captureId).toBeUndefined();
    const answer = await refund(target, { reason: 'File would not open' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: 'Refund made.',
      refund: { status: 'refunded', amount: 19.99, refunded: 19.99, full: true },
    });
    const call = paypalRefunds.find((c) => c.captureId === `CAP-${target.reference}`);
    expect(call?.body.amount).toEqual({ value: '19.99', currency_code: 'USD' });
    expect(call?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(await sale(target.transactionId)).toMatchObject({
      captureId: `CAP-${target.reference}`,
      accessRevoked: true,
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(410);
    const [mail, ...others] = await mailsMatching(refundMailTo(target.customer));
    expect(others).toEqual([]);
    expect(mail?.text).toContain('Refunded: $19.99');

    // PayPal's own event about the same refund counts nothing twice and mails nobody.
    const refundId = answer.body.refund?.providerRef.replace('paypal-', '') ?? '';
    const event = paypalRefundEvent('PAYMENT.CAPTURE.REFUNDED', `CAP-${target.reference}`, refundId, '19.99');
    expect((await paypalEvent(event)).body).toEqual({ received: true, outcome: 'stale' });
    expect(await sale(target.transactionId)).toMatchObject({ refund: { refunded: 19.99 } });
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
  });

  it('PayPal partial refund sends the amount in dollars and keeps access', async () => {
    const target = await paypalSale(9);
    const answer = await refund(target, { amount: 4.5, reason: 'One module missing' });
    expect(answer.body.refund).toMatchObject({ status: 'refunded', refunded: 4.5, full: false });
    expect(paypalRefunds.find((c) => c.captureId === `CAP-${target.reference}`)?.body.amount).toEqual({
      value: '4.50',
      currency_code: 'USD',
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
    expect(await refund(target, { amount: 5, reason: 'More' })).toEqual({
      status: 409,
      body: { message: 'At most $4.50 is left to refund.' },
    });
  });

  it("shows PayPal's refusal in words", async () => {
    const target = await paypalSale(9);
    paypalRefusal = { issue: 'REFUND_TIME_LIMIT_EXCEEDED', description: 'You are over the time limit.' };
    const answer = await refund(target, { reason: 'Late' });
    expect(answer).toMatchObject({
      status: 422,
      body: {
        message: 'PayPal no longer allows refunds of this payment: it is too old.',
        refund: { status: 'failed', refunded: 0 },
      },
    });
    expect((await sale(target.transactionId)).accessRevoked).toBe(false);
  });
});

// --- Paystack's events ----------------------------------------------------------------------------

describe('Paystack refund and dispute events', () => {
  it('a dashboard refund whose refund.processed comes before refund.pending counts once and ends access', async () => {
    const target = await paystackSale(7500);
    const id = 77000 + Math.floor(Math.random() * 1000);
    expect(
      (await paystackEvent(paystackRefundEvent('refund.processed', target.reference, id, 750000))).body.outcome,
    ).toBe('applied');
    expect(
      (await paystackEvent(paystackRefundEvent('refund.pending', target.reference, id, 750000))).body.outcome,
    ).toBe('stale');
    expect(
      (await paystackEvent(paystackRefundEvent('refund.pending', target.reference, id, 750000))).body.outcome,
    ).toBe('duplicate');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      refund: { status: 'refunded', refunded: 7500, full: true, by: 'Paystack' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(410);
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
    expect((await db.doc(`providerEvents/paystack_refund.processed_${id}`).get()).data()).toMatchObject({
      type: 'refund.processed',
      outcome: 'applied',
      transactionId: target.transactionId,
    });
  });

  it('a refund event without an id counts once however often it comes; one of another amount counts too', async () => {
    const target = await paystackSale(7500);
    const withoutId = (amount: number) => {
      const event = paystackRefundEvent('refund.processed', target.reference, 0, amount);
      const { id: _dropped, ...data } = event.data;
      return { ...event, data: { ...data, refund_reference: null } };
    };
    expect((await paystackEvent(withoutId(100000))).body).toEqual({ received: true, outcome: 'applied' });
    expect((await paystackEvent(withoutId(100000))).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: false,
      refund: { status: 'refunded', refunded: 1000, full: false, by: 'Paystack' },
    });
    expect(
      (await db.doc(`providerEvents/paystack_refund.processed_${target.reference}_100000_processed`).get()).data(),
    ).toMatchObject({ outcome: 'applied', transactionId: target.transactionId });

    expect((await paystackEvent(withoutId(200000))).body).toEqual({ received: true, outcome: 'applied' });
    expect((await paystackEvent(withoutId(200000))).body).toEqual({ received: true, outcome: 'duplicate' });
    const refunded = await sale(target.transactionId);
    expect(refunded).toMatchObject({ refund: { status: 'refunded', refunded: 3000, full: false } });
    expect((refunded.refund as { entries: Record<string, unknown> }).entries).toEqual({
      [`paystack-${target.reference}-100000`]: { amount: 100000, status: 'processed' },
      [`paystack-${target.reference}-200000`]: { amount: 200000, status: 'processed' },
    });
    expect(await mailsMatching(refundMailTo(target.customer), 2)).toHaveLength(2);
  });

  it('a refund event without an id completes the pending refund of that amount an admin asked for, once', async () => {
    const target = await paystackSale(7500);
    const asked = await refund(target, { amount: 2000, reason: 'Wrong edition' });
    expect(asked.body.refund).toMatchObject({ status: 'pending', amount: 2000, refunded: 0 });
    const providerRef = asked.body.refund?.providerRef ?? '';
    const event = paystackRefundEvent('refund.processed', target.reference, 0, 200000);
    const { id: _dropped, ...data } = event.data;
    expect((await paystackEvent({ ...event, data })).body.outcome).toBe('applied');
    expect((await paystackEvent({ ...event, data })).body.outcome).toBe('duplicate');
    const done = await sale(target.transactionId);
    expect(done).toMatchObject({
      refund: { status: 'refunded', refunded: 2000, full: false, by: admin.uid, reason: 'Wrong edition' },
    });
    expect((done.refund as { entries: Record<string, unknown> }).entries).toEqual({
      [providerRef]: { amount: 200000, status: 'processed' },
    });
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
  });

  it('refund.failed after refund.pending shows the failure; access continues', async () => {
    const target = await paystackSale(7500);
    const id = 78000 + Math.floor(Math.random() * 1000);
    await paystackEvent(paystackRefundEvent('refund.pending', target.reference, id, 300000));
    expect(await sale(target.transactionId)).toMatchObject({ refund: { status: 'pending', amount: 3000 } });
    await paystackEvent(paystackRefundEvent('refund.failed', target.reference, id, 300000));
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: false,
      refund: { status: 'failed', refunded: 0, failure: 'Paystack reports the refund failed.' },
    });
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(0);
  });

  it('a dispute suspends access and mails the seller the deadline; won, access comes back', async () => {
    const target = await paystackSale(7500);
    const id = 35000 + Math.floor(Math.random() * 1000);
    expect(
      (await paystackEvent(paystackDisputeEvent('charge.dispute.create', target.reference, id))).body.outcome,
    ).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      disputed: true,
      accessRevoked: true,
      accessChangedBy: 'dispute',
      dispute: { id: String(id), status: 'open', deadline: '2026-12-01T10:00:00.000Z' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(410);
    const [notice, ...others] = await mailsMatching(disputeMailFor(target.reference));
    expect(others).toEqual([]);
    expect(notice?.subject).toBe(`Dispute opened: ${target.productTitle} — ₦7,500 (Paystack)`);
    expect(notice?.text).toContain('Answer by 1 December 2026 at 11:00 (Lagos time).');
    // A replay of the same event is not a second dispute.
    expect(
      (await paystackEvent(paystackDisputeEvent('charge.dispute.create', target.reference, id))).body.outcome,
    ).toBe('duplicate');

    const won = paystackDisputeEvent('charge.dispute.resolve', target.reference, id, { resolution: 'declined' });
    expect((await paystackEvent(won)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: false,
      dispute: { status: 'won' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
    // The create delivered again after the resolution does not reopen it.
    expect(
      (await paystackEvent(paystackDisputeEvent('charge.dispute.create', target.reference, id))).body.outcome,
    ).toBe('duplicate');
    expect(await sale(target.transactionId)).toMatchObject({ accessRevoked: false, dispute: { status: 'won' } });
    expect(await mailsMatching(disputeMailFor(target.reference))).toHaveLength(1);
  });

  it('a dispute lost is a refund: access ends and the buyer is told', async () => {
    const target = await paystackSale(7500);
    const id = 36000 + Math.floor(Math.random() * 1000);
    await paystackEvent(paystackDisputeEvent('charge.dispute.create', target.reference, id));
    await paystackEvent(
      paystackDisputeEvent('charge.dispute.remind', target.reference, id, { due_at: '2026-12-02T10:00:00.000Z' }),
    );
    expect(await mailsMatching(disputeMailFor(target.reference), 2)).toHaveLength(2);
    const lost = paystackDisputeEvent('charge.dispute.resolve', target.reference, id, {
      resolution: 'merchant-accepted',
    });
    expect((await paystackEvent(lost)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      accessChangedBy: 'refund',
      dispute: { status: 'lost' },
      refund: { status: 'refunded', refunded: 7500, full: true, reason: 'Dispute lost' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(410);
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
  });

  it('a dispute lost or won that is not the sale’s open dispute changes nothing; its own ending does', async () => {
    const target = await paystackSale(7500);
    const open = 37000 + Math.floor(Math.random() * 1000);
    const other = open + 5000;
    expect(
      (await paystackEvent(paystackDisputeEvent('charge.dispute.create', target.reference, open))).body.outcome,
    ).toBe('applied');
    const suspended = {
      disputed: true,
      accessRevoked: true,
      accessChangedBy: 'dispute',
      dispute: { id: String(open), status: 'open', deadline: '2026-12-01T10:00:00.000Z' },
    };
    expect(await sale(target.transactionId)).toMatchObject(suspended);

    for (const [id, resolution] of [
      [other, 'merchant-accepted'],
      [other + 1, 'declined'],
    ] as const) {
      const elsewhere = paystackDisputeEvent('charge.dispute.resolve', target.reference, id, { resolution });
      expect((await paystackEvent(elsewhere)).body.outcome).toBe('ignored');
      // A replay is recorded as handled too.
      expect((await paystackEvent(elsewhere)).body.outcome).toBe('duplicate');
    }
    expect((await db.doc(`providerEvents/paystack_charge.dispute.resolve_${other}`).get()).data()).toMatchObject({
      outcome: 'ignored',
      appliedAt: null,
      reason: `The event ends dispute ${other} (lost); this sale's open dispute is ${open}, so nothing changed.`,
    });
    const unchanged = await sale(target.transactionId);
    expect(unchanged).toMatchObject(suspended);
    expect(unchanged.refund).toBeUndefined();
    expect((await linkStatus(target.accessUrl)).status).toBe(410);
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(0);

    const won = paystackDisputeEvent('charge.dispute.resolve', target.reference, open, { resolution: 'declined' });
    expect((await paystackEvent(won)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: false,
      accessChangedBy: 'dispute-won',
      dispute: { id: String(open), status: 'won' },
    });
    expect((await sale(target.transactionId)).refund).toBeUndefined();
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
  });

  it('an event for a sale the store does not know is kept, and listed once per payment and kind under Needs attention with one e-mail', async () => {
    const reference = `T${uniqueTag()}`;
    const id = 40000 + Math.floor(Math.random() * 1000);
    expect((await paystackEvent(paystackRefundEvent('refund.processed', reference, id, 100000))).body).toEqual({
      received: true,
      outcome: 'unknownSale',
    });
    expect((await db.doc(`providerEvents/paystack_refund.processed_${id}`).get()).data()).toMatchObject({
      outcome: 'unknownSale',
      reason: `Paystack reported refund.processed for a sale this store does not know (paystack_${reference}).`,
    });
    expect(api.logged).toContain('Paystack webhook: refund.processed is for an unknown sale');

    // Listed under Needs attention for the seller, who is e-mailed once.
    expect((await db.doc(`paymentIssues/paystack_${reference}_refund`).get()).data()).toMatchObject({
      provider: 'paystack',
      reference,
      amount: 1000,
      currency: 'NGN',
      status: 'refund.processed',
      event: { type: 'refund.processed', id: `refund.processed_${id}` },
      reason: `Paystack reported refund.processed for a sale this store does not know (paystack_${reference}).`,
      resolved: false,
      resolvedBy: null,
      sellerNotified: true,
    });
    const notices = await mailsMatching(eventIssueNoticeFor(reference));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(`Refund or dispute needs attention: paystack ${reference}`);
    for (const line of [
      `Why: Paystack reported refund.processed for a sale this store does not know (paystack_${reference}).`,
      `Event: refund.processed (refund.processed_${id})`,
      `Payment: ${reference}`,
      'Amount: ₦1,000',
      "look the payment up in the provider's dashboard",
    ]) {
      expect(notices[0]?.text).toContain(line);
    }

    // The same event again, and the same refund's pending event arriving late: still one entry, one e-mail.
    expect((await paystackEvent(paystackRefundEvent('refund.processed', reference, id, 100000))).body.outcome).toBe(
      'duplicate',
    );
    expect((await paystackEvent(paystackRefundEvent('refund.pending', reference, id + 1, 100000))).body.outcome).toBe(
      'unknownSale',
    );
    expect(await mailsMatching(eventIssueNoticeFor(reference), 2)).toHaveLength(1);
    const open = await db.collection('paymentIssues').where('reference', '==', reference).get();
    expect(open.docs.map((d) => d.id)).toEqual([`paystack_${reference}_refund`]);

    // A dispute on the same unknown payment is its own entry.
    expect((await paystackEvent(paystackDisputeEvent('charge.dispute.create', reference, id + 2))).body.outcome).toBe(
      'unknownSale',
    );
    expect((await db.doc(`paymentIssues/paystack_${reference}_dispute`).get()).data()).toMatchObject({
      status: 'charge.dispute.create',
      event: { type: 'charge.dispute.create' },
      resolved: false,
    });
    expect(await mailsMatching(eventIssueNoticeFor(reference), 2)).toHaveLength(2);
  });
});

// --- PayPal's events ------------------------------------------------------------------------------

function paypalRefundEvent(type: string, captureId: string, refundId: string, value: string) {
  return {
    id: `WH-${uniqueTag().toUpperCase()}`,
    event_version: '1.0',
    create_time: '2026-11-22T10:00:00.000Z',
    resource_type: 'refund',
    event_type: type,
    summary: 'A payment capture was refunded',
    resource: {
      id: refundId,
      amount: { currency_code: 'USD', value },
      status: 'COMPLETED',
      links: [
        { href: `https://api.paypal.com/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `https://api.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    },
  };
}

function paypalDisputeEvent(type: string, captureId: string, disputeId: string, extra: Record<string, unknown> = {}) {
  return {
    id: `WH-${uniqueTag().toUpperCase()}`,
    event_version: '1.0',
    resource_type: 'dispute',
    event_type: type,
    resource: {
      dispute_id: disputeId,
      reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
      status: type === 'CUSTOMER.DISPUTE.CREATED' ? 'OPEN' : 'RESOLVED',
      dispute_amount: { currency_code: 'USD', value: '9.00' },
      seller_response_due_date: '2026-12-05T08:00:00.000Z',
      disputed_transactions: [{ seller_transaction_id: captureId, buyer_transaction_id: 'BUYER-1' }],
      ...extra,
    },
  };
}

describe('POST /api/webhooks/paypal', () => {
  it('answers 401 and changes nothing when PayPal does not verify the event', async () => {
    const target = await paypalSale(9);
    const event = paypalRefundEvent('PAYMENT.CAPTURE.REFUNDED', `CAP-${target.reference}`, `RF${uniqueTag()}`, '9.00');
    const before = await sale(target.transactionId);
    expect(await paypalEvent(event, 'forged-signature')).toEqual({
      status: 401,
      body: { message: 'Invalid signature.' },
    });
    expect(await sale(target.transactionId)).toEqual(before);
    expect((await db.doc(`providerEvents/paypal_${event.id}`).get()).exists).toBe(false);
    // The event went to PayPal byte for byte, with our webhook id.
    const sent = JSON.parse(verifyBodies.at(-1) ?? '{}') as { webhook_id: string; webhook_event: unknown };
    expect(sent.webhook_id).toBe(webhookId);
    expect(sent.webhook_event).toEqual(event);
    // Without the signature headers PayPal is not even asked.
    const bare = await fetch(`${api.url}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(bare.status).toBe(401);
  });

  it('PAYMENT.CAPTURE.REFUNDED from the dashboard finds the sale through the capture, ends access once', async () => {
    const target = await paypalSale(9);
    const event = paypalRefundEvent('PAYMENT.CAPTURE.REFUNDED', `CAP-${target.reference}`, `RF${uniqueTag()}`, '9.00');
    expect(await paypalEvent(event)).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await paypalEvent(event)).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect(await sale(target.transactionId)).toMatchObject({
      captureId: `CAP-${target.reference}`,
      accessRevoked: true,
      refund: { status: 'refunded', refunded: 9, full: true, by: 'PayPal' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(410);
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
  });

  it('PAYMENT.CAPTURE.REVERSED (negative amount) is a full refund', async () => {
    const target = await paypalSale(9);
    const event = paypalRefundEvent('PAYMENT.CAPTURE.REVERSED', `CAP-${target.reference}`, `RV${uniqueTag()}`, '-9.00');
    expect((await paypalEvent(event)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      refund: { refunded: 9, full: true, reason: 'Reversed by PayPal' },
    });
  });

  it('a dispute opened then resolved for the seller suspends and restores access', async () => {
    const target = await paypalSale(9);
    const disputeId = `PP-D-${uniqueTag()}`;
    const created = paypalDisputeEvent('CUSTOMER.DISPUTE.CREATED', `CAP-${target.reference}`, disputeId);
    expect((await paypalEvent(created)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      dispute: { status: 'open', deadline: '2026-12-05T08:00:00.000Z', reason: 'merchandise or service not received' },
    });
    const [notice] = await mailsMatching(disputeMailFor(target.reference));
    expect(notice?.text).toContain('Answer by 5 December 2026 at 09:00 (Lagos time).');
    const resolved = paypalDisputeEvent('CUSTOMER.DISPUTE.RESOLVED', `CAP-${target.reference}`, disputeId, {
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
    expect((await paypalEvent(resolved)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({ accessRevoked: false, dispute: { status: 'won' } });
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
  });

  it('a dispute resolved for the buyer before its CREATED arrives is a refund, and the late CREATED reopens nothing', async () => {
    const target = await paypalSale(9);
    const disputeId = `PP-D-${uniqueTag()}`;
    const resolved = paypalDisputeEvent('CUSTOMER.DISPUTE.RESOLVED', `CAP-${target.reference}`, disputeId, {
      dispute_outcome: {
        outcome_code: 'RESOLVED_BUYER_FAVOUR',
        amount_refunded: { currency_code: 'USD', value: '9.00' },
      },
    });
    expect((await paypalEvent(resolved)).body.outcome).toBe('applied');
    const created = paypalDisputeEvent('CUSTOMER.DISPUTE.CREATED', `CAP-${target.reference}`, disputeId);
    expect((await paypalEvent(created)).body.outcome).toBe('stale');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: true,
      dispute: { status: 'lost' },
      refund: { refunded: 9, full: true },
    });
    expect(await mailsMatching(refundMailTo(target.customer))).toHaveLength(1);
    expect(await mailsMatching(disputeMailFor(target.reference))).toHaveLength(0);
  });

  it('a PayPal dispute resolved for the buyer that is not the open one leaves the open dispute’s suspension', async () => {
    const target = await paypalSale(9);
    const open = `PP-D-${uniqueTag()}`;
    const other = `PP-D-${uniqueTag()}`;
    const capture = `CAP-${target.reference}`;
    expect((await paypalEvent(paypalDisputeEvent('CUSTOMER.DISPUTE.CREATED', capture, open))).body.outcome).toBe(
      'applied',
    );
    const lostElsewhere = paypalDisputeEvent('CUSTOMER.DISPUTE.RESOLVED', capture, other, {
      dispute_outcome: {
        outcome_code: 'RESOLVED_BUYER_FAVOUR',
        amount_refunded: { currency_code: 'USD', value: '9.00' },
      },
    });
    expect((await paypalEvent(lostElsewhere)).body.outcome).toBe('ignored');
    const unchanged = await sale(target.transactionId);
    expect(unchanged).toMatchObject({
      accessRevoked: true,
      accessChangedBy: 'dispute',
      dispute: { id: open, status: 'open' },
    });
    expect(unchanged.refund).toBeUndefined();
    expect((await linkStatus(target.accessUrl)).status).toBe(410);

    const won = paypalDisputeEvent('CUSTOMER.DISPUTE.RESOLVED', capture, open, {
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
    expect((await paypalEvent(won)).body.outcome).toBe('applied');
    expect(await sale(target.transactionId)).toMatchObject({
      accessRevoked: false,
      dispute: { id: open, status: 'won' },
    });
    expect((await linkStatus(target.accessUrl)).status).toBe(200);
  });

  it('an event about a capture nobody here sold is kept and listed under Needs attention', async () => {
    const captureId = `CAP-UNKNOWN-${uniqueTag().toUpperCase()}`;
    const event = paypalRefundEvent('PAYMENT.CAPTURE.REFUNDED', captureId, `RF${uniqueTag()}`, '5.00');
    expect((await paypalEvent(event)).body.outcome).toBe('unknownSale');
    expect((await db.doc(`providerEvents/paypal_${event.id}`).get()).data()).toMatchObject({
      type: 'PAYMENT.CAPTURE.REFUNDED',
      outcome: 'unknownSale',
      appliedAt: null,
    });
    expect((await db.doc(`paymentIssues/paypal_${captureId}_refund`).get()).data()).toMatchObject({
      provider: 'paypal',
      reference: captureId,
      amount: 5,
      currency: 'USD',
      event: { type: 'PAYMENT.CAPTURE.REFUNDED', id: event.id },
      resolved: false,
    });
    const notices = await mailsMatching(eventIssueNoticeFor(captureId));
    expect(notices[0]?.subject).toBe(`Refund or dispute needs attention: paypal ${captureId}`);
    expect(notices[0]?.text).toContain('Amount: $5');
  });
});
