// A verified payment whose sale cannot be recorded (docs/payments.md, 'Needs attention'): whatever
// makes the recording fail, the buyer's money is never left with a bare 500 and nothing recorded. Here
// the failure is real: the checkout's record is deleted while the provider answers (as a hand in the
// console or a cleanup could), so the sale's transaction cannot mark it paid and fails. Each way a
// payment arrives is replayed: the buyer's POST /api/orders, the PayPal capture, PayPal's webhook (and
// Paystack's, for a payment already recorded as an issue); the sweeps are in missedWebhooks.test.ts.
// Our API, Firestore emulator and SMTP into the mail catcher; only Paystack and PayPal are stand-ins,
// and the deletion happens on our own database.
import { randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaypal,
  createFakePaystack,
  db,
  issueNoticeFor,
  mailsMatching,
  openCheckout,
  paidCharge,
  paymentIssueOf,
  paypalBase,
  paystackBase,
  paystackTransactionData,
  postJson,
  removeSeededProducts,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  toAddress,
  transactionsFor,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const paystack = createFakePaystack();
const paypal = createFakePaypal();
const webhookId = 'WH-FULFILMENT-FAILURES';
const goodSignature = 'paypal-signed-this';
const msw = useMsw(
  setupServer(
    ...paystack.handlers,
    ...paypal.handlers,
    http.post(`${paypalBase}/v1/notifications/verify-webhook-signature`, async ({ request }) => {
      const body = (await request.json()) as { webhook_id: string; transmission_sig: string };
      const ok = body.webhook_id === webhookId && body.transmission_sig === goodSignature;
      return HttpResponse.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }),
  ),
);
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi({ PAYPAL_WEBHOOK_ID: webhookId });
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const received = (email: string) =>
  `Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you at ${email} to send your product or refund you.`;
const reason =
  'The payment was verified, but the sale could not be recorded: the store failed while saving it (the server log has the details).';

async function checkoutIdOf(reference: string): Promise<string> {
  const found = await db.collection('checkouts').where('reference', '==', reference).limit(1).get();
  return found.docs[0]?.id ?? '';
}

/** The provider's answer to `path` comes after the checkout's record was deleted (then answered as usual). */
function deleteCheckoutWhenAsked(method: 'get' | 'post', url: string, checkoutId: string) {
  msw.use(
    http[method](url, async () => {
      await db.doc(`checkouts/${checkoutId}`).delete();
      // Nothing answered here: the provider's stand-in answers as usual.
      return undefined;
    }),
  );
}

/** PayPal's signed PAYMENT.CAPTURE.COMPLETED for the order. */
function captureCompleted(orderId: string) {
  return fetch(`${api.url}/api/webhooks/paypal`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': randomUUID(),
      'paypal-transmission-sig': goodSignature,
      'paypal-transmission-time': new Date().toISOString(),
    },
    body: JSON.stringify({
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: {
        id: `CAP-${orderId}`,
        status: 'COMPLETED',
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    }),
  });
}

async function expectIssue(provider: string, reference: string, customer: Customer, productId: string) {
  expect(await transactionsFor(reference)).toEqual([]);
  expect(await paymentIssueOf(provider, reference)).toMatchObject({
    provider,
    reference,
    productId,
    customer: { name: customer.name, email: customer.email, phone: customer.phone },
    reason,
    resolved: false,
    sellerNotified: true,
  });
  const notices = await mailsMatching(issueNoticeFor(reference));
  expect(notices).toHaveLength(1);
  expect(notices[0]?.text).toContain(`Why: ${reason}`);
  expect(notices[0]?.text).toContain(`Buyer e-mail: ${customer.email}`);
}

describe('a verified payment whose sale cannot be recorded', () => {
  it('POST /api/orders with Paystack: 202 with the words that the store has the money, an issue, one seller e-mail', async () => {
    const product = await seedProduct({ title: 'Broken Sale Paystack', priceInNgn: 5000 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, { amount: 500_000 });
    paystack.charges.set(charge.reference, charge);
    deleteCheckoutWhenAsked(
      'get',
      `${paystackBase}/transaction/verify/${charge.reference}`,
      await checkoutIdOf(charge.reference),
    );
    const body = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };

    const response = await postJson(`${api.url}/api/orders`, body);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ paymentIssue: true, message: received(customer.email) });
    await expectIssue('paystack', charge.reference, customer, product.id);
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({
      amount: 5000,
      currency: 'NGN',
      expectedAmount: 5000,
      expectedCurrency: 'NGN',
    });
    expect(api.logged).toContain(
      `paystack_${charge.reference}: the verified payment could not be recorded as a sale; recorded for the seller`,
    );

    // The buyer tries again, and the webhook reports it too: the same words, one issue, one e-mail.
    const again = await postJson(`${api.url}/api/orders`, body);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ paymentIssue: true, message: received(customer.email) });
    const raw = JSON.stringify({ event: 'charge.success', data: paystackTransactionData(charge) });
    const hook = await fetch(`${api.url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
      body: raw,
    });
    expect(hook.status).toBe(200);
    expect(await mailsMatching(issueNoticeFor(charge.reference), 2)).toHaveLength(1);
    expect(await mailsMatching(toAddress(customer.email))).toEqual([]);
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });

  it('the PayPal capture: 202 with the same words after PayPal took the money, and an issue', async () => {
    const product = await seedProduct({ title: 'Broken Sale PayPal', priceInUsd: 12 });
    const customer = buildCustomer();
    const checkout = await openCheckout(api.url, product, customer, { currency: 'USD' });
    const created = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: checkout.checkoutId });
    const orderId = ((await created.json()) as { id: string }).id;
    paypal.approve(orderId);
    deleteCheckoutWhenAsked('post', `${paypalBase}/v2/checkout/orders/${orderId}/capture`, checkout.checkoutId);

    const response = await postJson(`${api.url}/api/paypal/orders/${orderId}/capture`, {
      productId: product.id,
      customer,
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ paymentIssue: true, message: received(customer.email) });
    expect(paypal.captureRequestIds).toContain(`capture-${orderId}`);
    await expectIssue('paypal', orderId, customer, product.id);
    expect(await paymentIssueOf('paypal', orderId)).toMatchObject({
      amount: 12,
      currency: 'USD',
      status: 'COMPLETED',
      expectedAmount: 12,
    });
  });

  it("PayPal's webhook for a capture it held for review: an issue with one seller e-mail, and the event asked for again", async () => {
    const product = await seedProduct({ title: 'Broken Sale PayPal Review', priceInUsd: 12 });
    const customer = buildCustomer();
    const checkout = await openCheckout(api.url, product, customer, { currency: 'USD' });
    const created = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: checkout.checkoutId });
    const orderId = ((await created.json()) as { id: string }).id;
    paypal.approve(orderId, 'PENDING');
    const held = await postJson(`${api.url}/api/paypal/orders/${orderId}/capture`, { productId: product.id, customer });
    expect(held.status).toBe(202);
    expect(await held.json()).toMatchObject({ pending: true });

    paypal.settleCapture(orderId, 'COMPLETED');
    deleteCheckoutWhenAsked('get', `${paypalBase}/v2/checkout/orders/${orderId}`, checkout.checkoutId);
    const first = await captureCompleted(orderId);
    // Not acknowledged: saving failed, so PayPal is asked to send the event again (a later try may save).
    expect(first.status).toBe(500);
    await expectIssue('paypal', orderId, customer, product.id);
    // PayPal delivers it again and the checkout is still gone, which no later try can change: acknowledged,
    // still one issue, one e-mail, no sale.
    expect((await captureCompleted(orderId)).status).toBe(200);
    expect(await mailsMatching(issueNoticeFor(orderId), 2)).toHaveLength(1);
    expect(await transactionsFor(orderId)).toEqual([]);
  });

  it('the next try saves the sale once the cause is gone: the issue resolves itself and the buyer gets the product, once', async () => {
    const product = await seedProduct({ title: 'Broken Then Mended Sale', priceInNgn: 5000 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, { amount: 500_000 });
    paystack.charges.set(charge.reference, charge);
    const checkoutId = await checkoutIdOf(charge.reference);
    const saved = (await db.doc(`checkouts/${checkoutId}`).get()).data();
    // This time the checkout vanishes once, on the buyer's own try, and is then put back.
    msw.use(
      http.get(
        `${paystackBase}/transaction/verify/${charge.reference}`,
        async () => {
          await db.doc(`checkouts/${checkoutId}`).delete();
          return undefined;
        },
        { once: true },
      ),
    );
    const body = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };
    const response = await postJson(`${api.url}/api/orders`, body);
    expect(response.status).toBe(202);
    await expectIssue('paystack', charge.reference, customer, product.id);
    await db.doc(`checkouts/${checkoutId}`).set(saved ?? {});

    // Paystack's webhook is the next try: the sale is recorded and the issue marked resolved by the store.
    const raw = JSON.stringify({ event: 'charge.success', data: paystackTransactionData(charge) });
    const send = () =>
      fetch(`${api.url}/api/webhooks/paystack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
        body: raw,
      });
    expect((await send()).status).toBe(200);
    const sales = await transactionsFor(charge.reference);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      productId: product.id,
      amount: 5000,
      currency: 'NGN',
      customerEmail: customer.email,
    });
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({ resolved: true, resolvedBy: 'store' });
    expect((await db.doc(`checkouts/${checkoutId}`).get()).data()).toMatchObject({ status: 'paid' });
    const orderMails = await mailsMatching(toAddress(customer.email));
    expect(orderMails).toHaveLength(1);
    expect(orderMails[0]?.subject).toContain('Broken Then Mended Sale');

    // The buyer's own page asks again and the webhook is sent again: one sale, one order e-mail.
    const again = await postJson(`${api.url}/api/orders`, body);
    expect(again.status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(await transactionsFor(charge.reference)).toHaveLength(1);
    expect(await mailsMatching(toAddress(customer.email), 2)).toHaveLength(1);
    expect(await mailsMatching(issueNoticeFor(charge.reference), 2)).toHaveLength(1);
  });
});
