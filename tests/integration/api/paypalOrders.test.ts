// POST /api/paypal/orders and /api/paypal/orders/{id}/capture against the local cloud, with only
// PayPal's REST API faked (msw at the configured base URL).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isLocal } from '../../support/msw';
import {
  buildCustomer,
  createFakePaypal,
  mailsMatching,
  paypalBase,
  postJson,
  removeSeededProducts,
  saleNoticeFor,
  seedProduct,
  startPurchaseApi,
  toAddress,
  transactionsFor,
  type PurchaseApi,
} from './purchaseHarness';

const paypal = createFakePaypal();
const msw = setupServer(...paypal.handlers);
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

async function createOrder(productId: string, customer = buildCustomer()) {
  const response = await postJson(`${api.url}/api/paypal/orders`, { productId, customer });
  return { response, body: (await response.json()) as { id?: string; message?: string } };
}

function capture(orderId: string, productId: string, customer: ReturnType<typeof buildCustomer>) {
  return postJson(`${api.url}/api/paypal/orders/${orderId}/capture`, { productId, customer });
}

describe('PayPal orders', () => {
  it('creates the order at the database price, captures it, records one transaction, mails both and the link opens', async () => {
    const product = await seedProduct({ title: 'Personal Finance Course', priceInUsd: 19.99 });
    const customer = buildCustomer();

    const created = await createOrder(product.id, customer);
    expect(created.response.status).toBe(200);
    const orderId = created.body.id ?? '';
    expect(created.body).toEqual({ id: expect.stringMatching(/^5O/) });
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
      }),
    ]);

    const buyerMails = await mailsMatching(toAddress(customer.email));
    expect(buyerMails).toHaveLength(1);
    expect(buyerMails[0]?.text).toContain('Amount paid: $19.99');
    expect(buyerMails[0]?.text).toContain(answer.accessUrl);
    const notices = await mailsMatching(saleNoticeFor(orderId));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Paid with: PayPal');

    const opened = await fetch(answer.accessUrl, { redirect: 'manual' });
    expect(opened.status).toBe(302);
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

  it('never captures an order made outside the API below the price, nor one for another product', async () => {
    const product = await seedProduct({ priceInUsd: 9 });
    const customer = buildCustomer();
    const cheap = paypal.createBehindOurBack(product.id, '0.01');
    const cheapAnswer = await capture(cheap, product.id, customer);
    expect(cheapAnswer.status).toBe(402);
    expect(await cheapAnswer.json()).toEqual({
      message: 'The PayPal order amount does not match the price of this product.',
    });

    const other = await seedProduct({ priceInUsd: 9 });
    const forOther = paypal.createBehindOurBack(other.id, '9.00');
    const otherAnswer = await capture(forOther, product.id, customer);
    expect(otherAnswer.status).toBe(402);
    expect(await otherAnswer.json()).toEqual({ message: 'This PayPal order was made for a different product.' });

    expect(paypal.captureRequestIds).not.toContain(`capture-${cheap}`);
    expect(paypal.captureRequestIds).not.toContain(`capture-${forOther}`);
    expect(await transactionsFor(cheap)).toEqual([]);
    expect(await transactionsFor(forOther)).toEqual([]);
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const { body } = await createOrder(product.id, customer);
    const response = await capture(body.id ?? '', product.id, customer);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: 'The PayPal payment has not been approved.' });
  });

  it("refuses to create an order with 'Emails do not match!' when the two addresses differ", async () => {
    const product = await seedProduct();
    const before = paypal.createBodies.length;
    const { response, body } = await createOrder(product.id, { ...buildCustomer(), confirmEmail: 'typo@example.com' });
    expect(response.status).toBe(400);
    expect(body).toEqual({ message: 'Emails do not match!' });
    expect(paypal.createBodies).toHaveLength(before);
  });

  it('answers 404 for an unknown product', async () => {
    const { response, body } = await createOrder('no-such-product');
    expect(response.status).toBe(404);
    expect(body).toEqual({ message: 'This product is no longer available.' });
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
