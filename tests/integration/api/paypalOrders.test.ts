// POST /api/paypal/orders and /api/paypal/orders/{id}/capture against the local cloud, with only
// PayPal's REST API faked (msw at the configured base URL). Every order starts from a checkout
// (POST /api/checkouts in USD), as the payment dialog does.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  checkoutOf,
  createFakePaypal,
  db,
  mailsMatching,
  openCheckout,
  paypalBase,
  openDeliverable,
  postJson,
  removeSeededProducts,
  saleNoticeFor,
  seedProduct,
  startPurchaseApi,
  toAddress,
  transactionsFor,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const paypal = createFakePaypal();
const msw = useMsw(setupServer(...paypal.handlers));
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

async function createOrder(productId: string, customer = buildCustomer()) {
  const checkout = await openCheckout(api.url, { id: productId }, customer, { currency: 'USD' });
  const response = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: checkout.checkoutId });
  return { response, body: (await response.json()) as { id?: string; message?: string }, checkout };
}

function capture(orderId: string, productId: string, customer: ReturnType<typeof buildCustomer>) {
  return postJson(`${api.url}/api/paypal/orders/${orderId}/capture`, { productId, customer });
}

describe('PayPal orders', () => {
  it('creates the order at the database price, captures it, records one transaction, mails both and the link opens', async () => {
    const product = await seedProduct({ title: 'Personal Finance Course', priceInUsd: 19.99 });
    const customer = buildCustomer();

    const created = await createOrder(product.id, customer);
    expect(created.checkout).toMatchObject({ provider: 'paypal', amount: 19.99, listPrice: 19.99, currency: 'USD' });
    expect(created.response.status).toBe(200);
    const orderId = created.body.id ?? '';
    expect(created.body).toEqual({ id: expect.stringMatching(/^5O/) });
    expect(await checkoutOf(created.checkout.checkoutId)).toMatchObject({ paypalOrderId: orderId, status: 'open' });
    // PayPal's window opened again for the same checkout pays the same order: no second one is made.
    const createdBefore = paypal.createBodies.length;
    const reopened = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: created.checkout.checkoutId });
    expect(await reopened.json()).toEqual({ id: orderId });
    expect(paypal.createBodies).toHaveLength(createdBefore);
    expect(paypal.createBodies.at(-1)).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          description: 'Personal Finance Course',
          custom_id: product.id,
          amount: { currency_code: 'USD', value: '19.99' },
        },
      ],
    });

    paypal.approve(orderId);
    const response = await capture(orderId, product.id, customer);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { transactionId: string; emailSent: boolean; accessUrl: string };
    expect(answer).toEqual({
      transactionId: `paypal_${orderId}`,
      emailSent: true,
      accessUrl: expect.stringMatching(new RegExp(`^${api.url}/api/access/[A-Za-z0-9_-]{43}$`)),
    });
    expect(paypal.captureRequestIds).toContain(`capture-${orderId}`);

    expect(await transactionsFor(orderId)).toEqual([
      expect.objectContaining({
        id: `paypal_${orderId}`,
        productName: 'Personal Finance Course',
        productId: product.id,
        productUrl: product.deliverableUrl,
        amount: 19.99,
        amountPaid: 19.99,
        currency: 'USD',
        transactionReference: orderId,
        customerEmail: customer.email,
        paymentMethod: 'PayPal',
        emailStatus: 'sent',
        accessRevoked: false,
        checkoutId: created.checkout.checkoutId,
        listPrice: 19.99,
        discountCode: null,
        discountAmount: 0,
        captureId: `CAP-${orderId}`,
      }),
    ]);
    expect(await checkoutOf(created.checkout.checkoutId)).toMatchObject({ status: 'paid' });

    const buyerMails = await mailsMatching(toAddress(customer.email));
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0]?.text).toContain('Amount paid: $19.99');
    expect(buyerMails[0]?.text).toContain(answer.accessUrl);
    const notices = await mailsMatching(saleNoticeFor(orderId));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Paid with: PayPal');

    const opened = await openDeliverable(answer.accessUrl);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(product.deliverableUrl);

    // onApprove fired twice (a double click, a retry): the first answer, nothing captured or sent again.
    const again = await capture(orderId, product.id, customer);
    expect(await again.json()).toEqual(answer);
    expect(paypal.captureRequestIds.filter((id) => id === `capture-${orderId}`)).toHaveLength(1);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  });

  it('refuses an order whose capture PayPal DECLINED although the order is COMPLETED (402, nothing recorded)', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const { body } = await createOrder(product.id, customer);
    const orderId = body.id ?? '';
    paypal.approve(orderId, 'DECLINED');

    const response = await capture(orderId, product.id, customer);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      message: 'PayPal declined the payment. Please try another payment method.',
    });
    expect(paypal.orders.get(orderId)?.status).toBe('COMPLETED');
    expect(await transactionsFor(orderId)).toEqual([]);
    expect(await mailsMatching(toAddress(customer.email), 0)).toEqual([]);
  });

  it('never captures an order the API did not create: below the price, at the price, or paying someone else', async () => {
    const product = await seedProduct({ priceInUsd: 9 });
    const customer = buildCustomer();
    const cheap = paypal.createBehindOurBack(product.id, '0.01');
    const atPrice = paypal.createBehindOurBack(product.id, '9.00');
    const elsewhere = paypal.createBehindOurBack(product.id, '9.00', 'ATTACKERMERCHANT');
    for (const orderId of [cheap, atPrice, elsewhere]) {
      const answer = await capture(orderId, product.id, customer);
      expect(answer.status).toBe(402);
      expect(await answer.json()).toEqual({ message: 'This PayPal order was not created by this store.' });
      expect(paypal.captureRequestIds).not.toContain(`capture-${orderId}`);
      expect(paypal.orders.get(orderId)?.captured).toBe(false);
      expect(await transactionsFor(orderId)).toEqual([]);
      expect(await db.doc(`paymentIssues/paypal_${orderId}`).get()).toHaveProperty('exists', false);
    }
    expect(await mailsMatching(toAddress(customer.email), 0)).toEqual([]);
  });

  it("refuses before capture an order of the store's checkout whose payee is another merchant", async () => {
    const product = await seedProduct({ priceInUsd: 9 });
    const customer = buildCustomer();
    const { body } = await createOrder(product.id, customer);
    const orderId = body.id ?? '';
    const order = paypal.orders.get(orderId);
    if (!order) throw new Error('order missing');
    // As if the order had been redirected to pay another account.
    order.payee = 'ATTACKERMERCHANT';
    paypal.approve(orderId);

    const response = await capture(orderId, product.id, customer);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: 'This PayPal order does not pay this store.' });
    expect(paypal.captureRequestIds).not.toContain(`capture-${orderId}`);
    expect(order.captured).toBe(false);
    expect(await transactionsFor(orderId)).toEqual([]);
  });

  it('refuses before capture a recorded order whose amount or product no longer match its checkout', async () => {
    const product = await seedProduct({ priceInUsd: 9 });
    const customer = buildCustomer();
    const cheap = (await createOrder(product.id, customer)).body.id ?? '';
    const cheapOrder = paypal.orders.get(cheap);
    if (!cheapOrder) throw new Error('order missing');
    cheapOrder.amount = { currency_code: 'USD', value: '0.01' };
    paypal.approve(cheap);
    const cheapAnswer = await capture(cheap, product.id, customer);
    expect(cheapAnswer.status).toBe(402);
    expect(await cheapAnswer.json()).toEqual({
      message: 'The PayPal order amount does not match the price of this product.',
    });

    const forOther = (await createOrder(product.id, customer)).body.id ?? '';
    const otherOrder = paypal.orders.get(forOther);
    if (!otherOrder) throw new Error('order missing');
    otherOrder.customId = 'another-product';
    paypal.approve(forOther);
    const otherAnswer = await capture(forOther, product.id, customer);
    expect(otherAnswer.status).toBe(402);
    expect(await otherAnswer.json()).toEqual({ message: 'This PayPal order was made for a different product.' });

    expect(paypal.captureRequestIds).not.toContain(`capture-${cheap}`);
    expect(paypal.captureRequestIds).not.toContain(`capture-${forOther}`);
    expect(await transactionsFor(cheap)).toEqual([]);
    expect(await transactionsFor(forOther)).toEqual([]);
  });

  it("captures at the checkout's amount after the seller raised the price, and refuses another buyer's e-mail first", async () => {
    const product = await seedProduct({ priceInUsd: 7 });
    const customer = buildCustomer();
    const { body, checkout } = await createOrder(product.id, customer);
    const orderId = body.id ?? '';
    await db.doc(`products/${product.id}`).update({ priceInUsd: 12 });
    paypal.approve(orderId);

    const stranger = buildCustomer();
    const refused = await capture(orderId, product.id, stranger);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'This payment was made with another e-mail address. Please enter the e-mail address you paid with.',
    });
    expect(paypal.captureRequestIds).not.toContain(`capture-${orderId}`);

    const response = await capture(orderId, product.id, customer);
    expect(response.status).toBe(200);
    expect(await transactionsFor(orderId)).toEqual([
      expect.objectContaining({ amount: 7, amountPaid: 7, listPrice: 7, checkoutId: checkout.checkoutId }),
    ]);
    expect(await mailsMatching(toAddress(stranger.email), 0)).toEqual([]);
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const { body } = await createOrder(product.id, customer);
    const response = await capture(body.id ?? '', product.id, customer);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: 'The PayPal payment has not been approved.' });
  });

  it("refuses the checkout with 'Emails do not match!' when the two addresses differ, so no order is made", async () => {
    const product = await seedProduct();
    const before = paypal.createBodies.length;
    const response = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'USD',
      customer: { ...buildCustomer(), confirmEmail: 'typo@example.com' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Emails do not match!' });
    expect(paypal.createBodies).toHaveLength(before);
  });

  it('answers 404 at the checkout for an unknown product', async () => {
    const response = await postJson(`${api.url}/api/checkouts`, {
      productId: 'no-such-product',
      currency: 'USD',
      customer: buildCustomer(),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'This product is no longer available.' });
  });

  it('refuses to create an order for a checkout that is unknown, or expired before any order was made', async () => {
    const unknown = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: '0123456789abcdef0123' });
    expect(unknown.status).toBe(410);
    const product = await seedProduct();
    const checkout = await openCheckout(api.url, product, buildCustomer(), { currency: 'USD' });
    await db.doc(`checkouts/${checkout.checkoutId}`).update({ expiresAt: new Date(Date.now() - 1000) });
    const before = paypal.createBodies.length;
    const expired = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: checkout.checkoutId });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({
      message: 'This checkout has expired. Please close the payment window and try again.',
    });
    expect(paypal.createBodies).toHaveLength(before);
  });

  it('answers 502 without recording anything when PayPal cannot be reached', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const { body } = await createOrder(product.id, customer);
    const orderId = body.id ?? '';
    paypal.approve(orderId);

    msw.use(http.post(`${paypalBase}/v2/checkout/orders/:id/capture`, () => HttpResponse.error()));
    const response = await capture(orderId, product.id, customer);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'Could not reach the payment provider. Please try again.' });
    expect(await transactionsFor(orderId)).toEqual([]);

    msw.use(
      http.post(`${paypalBase}/v2/checkout/orders`, () =>
        HttpResponse.json({ name: 'INTERNAL_SERVER_ERROR', debug_id: 'abc' }, { status: 500 }),
      ),
    );
    const create = await createOrder(product.id, customer);
    expect(create.response.status).toBe(502);
    expect(JSON.stringify(create.body)).not.toContain('debug_id');

    // PayPal back: the same order is captured and fulfilled.
    msw.resetHandlers();
    expect((await capture(orderId, product.id, customer)).status).toBe(200);
    expect(await transactionsFor(orderId)).toHaveLength(1);
  });
});
