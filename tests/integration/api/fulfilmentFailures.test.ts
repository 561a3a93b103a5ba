// A verified payment whose sale cannot be recorded (docs/payments.md, 'Needs attention'): whatever
// makes the recording fail, the buyer's money is never left with a bare 500 and nothing recorded. Here
// the failure is real: the checkout's record is deleted while the provider answers (as a hand in the
// console or a cleanup could), so the sale's transaction cannot mark it paid and fails. Each way a
// payment arrives is replayed: the buyer's POST /api/orders, Paystack's webhook, the PayPal capture;
// the sweeps are in missedWebhooks.test.ts. Our API, Firestore emulator and SMTP into the mail
// catcher; only Paystack and PayPal are stand-ins, and the deletion happens on our own database.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLocal } from '../../support/msw';
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
} from './purchaseHarness';

const paystack = createFakePaystack();
const paypal = createFakePaypal();
const msw = setupServer(...paystack.handlers, ...paypal.handlers);
let api: PurchaseApi;

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: (request, print) => (isLocal(request.url) ? undefined : print.error()) });
  api = await startPurchaseApi();
});
afterEach(() => msw.resetHandlers());
afterAll(async () => {
  msw.close();
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
});
