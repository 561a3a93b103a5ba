// Payments that complete later (docs/payments.md, 'Payments that complete later'), through the purchase
// API on the local cloud (our Firestore emulator, real SMTP into the mail catcher), with Paystack and
// PayPal faked by msw: a bank transfer Paystack confirms after the checkout's hour, the waiting page and
// its token, PayPal captures held for review and their COMPLETED and DENIED events, and the local demo
// bank's signed confirmation. The API's clock is its injectable `now`, hours before the real time.
import { createHmac, randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { demoWebhookKey } from '../../../server/webhooks/demoWebhook';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  checkoutOf,
  cloud,
  createFakePaypal,
  createFakePaystack,
  db,
  mailsMatching,
  openDeliverable,
  paymentIssueOf,
  paypalBase,
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
  type SeededProduct,
} from '../../support/purchaseHarness';

const minute = 60_000;
let clock = new Date(Date.now() - 8 * 60 * minute);
const now = () => new Date(clock.getTime());
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const webhookId = 'WH-PENDING-TESTS';
const goodSignature = 'paypal-signed-this';
const paystack = createFakePaystack();
const paypal = createFakePaypal(now);
useMsw(
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
  api = await startPurchaseApi({ PAYPAL_WEBHOOK_ID: webhookId }, { now });
});
afterEach(() => {
  clock = new Date(Date.now() - 8 * 60 * minute);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

interface Opened {
  checkoutId: string;
  reference: string;
  amount: number;
}

async function openCheckout(product: SeededProduct, customer: Customer, body: Record<string, unknown> = {}) {
  const response = await postJson(`${api.url}/api/checkouts`, {
    productId: product.id,
    currency: 'NGN',
    customer,
    ...body,
  });
  if (response.status !== 201) throw new Error(`checkout: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Opened;
}

function reportPending(opened: Opened, product: SeededProduct, customer: Customer) {
  return postJson(`${api.url}/api/checkouts/${opened.checkoutId}/pending`, {
    reference: opened.reference,
    productId: product.id,
    customer,
  });
}

function waitStatus(checkoutId: string, token?: string) {
  return fetch(`${api.url}/api/checkouts/${checkoutId}/status${token === undefined ? '' : `?t=${token}`}`);
}

function paystackWebhook(data: unknown) {
  const raw = JSON.stringify({ event: 'charge.success', data });
  return fetch(`${api.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
    body: raw,
  });
}

function paypalEvent(type: string, orderId: string) {
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
      event_type: type,
      resource: {
        id: `CAP-${orderId}`,
        status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : 'DECLINED',
        supplementary_data: { related_ids: { order_id: orderId } },
      },
    }),
  });
}

const orderMailFor = (customer: Customer, product: SeededProduct) => (mail: CaughtMail) =>
  toAddress(customer.email)(mail) && mail.subject.startsWith(`Your purchase: ${product.title}`);

describe('a bank transfer confirmed after the checkout’s hour', () => {
  it('is fulfilled at the checkout’s price by the webhook when the buyer started it inside the hour and Paystack saw it under way', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const opened = await openCheckout(product, customer);
    advance(50 * minute);
    const startedAt = now().toISOString();
    paystack.charges.set(opened.reference, {
      reference: opened.reference,
      status: 'ongoing',
      amount: 750_000,
      currency: 'NGN',
      metadata: { productId: product.id },
      customerEmail: customer.email,
      createdAt: startedAt,
      channel: 'bank_transfer',
    });
    // The browser reports it; Paystack confirms a transaction under way for the reference.
    expect((await reportPending(opened, product, customer)).status).toBe(202);
    expect(await checkoutOf(opened.checkoutId)).toMatchObject({ status: 'pending', transferSeenAt: expect.anything() });
    // The seller raised the price meanwhile: a payment judged at its confirmation would not cover it.
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9000 });
    advance(3 * 60 * minute);
    const transfer = {
      reference: opened.reference,
      status: 'success',
      amount: 750_000,
      currency: 'NGN',
      metadata: { productId: product.id },
      customerEmail: customer.email,
      createdAt: startedAt,
      paidAt: now().toISOString(),
      channel: 'bank_transfer',
    };
    paystack.charges.set(opened.reference, transfer);

    const response = await paystackWebhook(paystackTransactionData(transfer));
    expect(response.status).toBe(200);
    const sales = await transactionsFor(opened.reference);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ amount: 7500, amountPaid: 7500, listPrice: 7500, customerEmail: customer.email });
    expect(await paymentIssueOf('paystack', opened.reference)).toBeNull();
    expect((await checkoutOf(opened.checkoutId))?.status).toBe('paid');
  });

  it('is a payment issue when a card payment made after the hour no longer covers today’s price', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const opened = await openCheckout(product, customer);
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9000 });
    advance(3 * 60 * minute);
    const card = {
      reference: opened.reference,
      status: 'success',
      amount: 750_000,
      currency: 'NGN',
      metadata: { productId: product.id },
      customerEmail: customer.email,
      createdAt: new Date(clock.getTime() - 130 * minute).toISOString(),
      paidAt: now().toISOString(),
      channel: 'card',
    };
    paystack.charges.set(opened.reference, card);
    expect((await paystackWebhook(paystackTransactionData(card))).status).toBe(200);
    expect(await transactionsFor(opened.reference)).toEqual([]);
    expect(await paymentIssueOf('paystack', opened.reference)).toMatchObject({
      reason: 'Paid after the checkout expired, at a price no longer offered.',
    });
  });
});

describe('the waiting page', () => {
  it('is e-mailed once, reads with its token only, and shows the sale once the webhook fulfils it', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const opened = await openCheckout(product, customer);
    // The popup's callback and a second one racing it: one pending checkout, one e-mail, one token.
    const [first, racing] = await Promise.all([
      reportPending(opened, product, customer),
      reportPending(opened, product, customer),
    ]);
    expect([first.status, racing.status]).toEqual([202, 202]);
    const answer = (await first.json()) as { pending: true; checkoutId: string; waitToken: string };
    expect(answer).toMatchObject({
      pending: true,
      checkoutId: opened.checkoutId,
      status: {
        state: 'waiting',
        kind: 'transfer',
        productName: product.title,
        amount: 7500,
        currency: 'NGN',
        email: customer.email,
      },
    });
    // The browser reports it again (a second popup callback): the same token, no second e-mail.
    expect(((await racing.json()) as { waitToken: string }).waitToken).toBe(answer.waitToken);
    const again = (await (await reportPending(opened, product, customer)).json()) as { waitToken: string };
    expect(again.waitToken).toBe(answer.waitToken);

    const mails = await mailsMatching((mail) => toAddress(customer.email)(mail) && mail.subject.includes('waiting'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`We're waiting for your transfer for ${product.title}`);
    expect(mails[0]!.text).toContain(`We're waiting for your transfer of ₦7,500 for ${product.title}.`);
    expect(mails[0]!.text).toContain(`${api.url}/checkout/${opened.checkoutId}?t=${answer.waitToken}`);

    const stored = await checkoutOf(opened.checkoutId);
    expect(stored).toMatchObject({ status: 'pending', pending: { kind: 'transfer' } });
    // Only the token's SHA-256 is stored.
    expect(JSON.stringify(stored)).not.toContain(answer.waitToken);

    expect((await waitStatus(opened.checkoutId)).status).toBe(404);
    expect((await waitStatus(opened.checkoutId, 'x'.repeat(43))).status).toBe(404);
    const other = await openCheckout(product, buildCustomer());
    expect((await waitStatus(other.checkoutId, answer.waitToken)).status).toBe(404);
    const waiting = await waitStatus(opened.checkoutId, answer.waitToken);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get('cache-control')).toBe('no-store');
    expect(await waiting.json()).toEqual({
      state: 'waiting',
      kind: 'transfer',
      productName: product.title,
      amount: 7500,
      currency: 'NGN',
      email: customer.email,
    });

    const transfer = {
      reference: opened.reference,
      status: 'success',
      amount: 750_000,
      currency: 'NGN',
      metadata: { productId: product.id },
      customerEmail: customer.email,
      channel: 'bank_transfer',
      paidAt: now().toISOString(),
      createdAt: now().toISOString(),
    };
    paystack.charges.set(opened.reference, transfer);
    // The webhook and the buyer's poll race: one sale, and the poll sees waiting or paid, nothing else.
    const [hook, poll] = await Promise.all([
      paystackWebhook(paystackTransactionData(transfer)),
      waitStatus(opened.checkoutId, answer.waitToken),
    ]);
    expect(hook.status).toBe(200);
    expect(['waiting', 'paid']).toContain(((await poll.json()) as { state: string }).state);
    const paid = (await (await waitStatus(opened.checkoutId, answer.waitToken)).json()) as {
      state: string;
      accessUrl: string;
    };
    expect(paid.state).toBe('paid');
    expect(await transactionsFor(opened.reference)).toHaveLength(1);
    const opening = await openDeliverable(paid.accessUrl);
    expect(opening.status).toBe(303);
    expect(opening.headers.get('location')).toBe(product.deliverableUrl);
  });

  it('refuses a report naming another reference or address, and a checkout already expired', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const opened = await openCheckout(product, customer);
    const wrongReference = await postJson(`${api.url}/api/checkouts/${opened.checkoutId}/pending`, {
      reference: 'ds-ffffffffffffffffffff',
      productId: product.id,
      customer,
    });
    expect(wrongReference.status).toBe(402);
    const stranger = buildCustomer();
    expect((await reportPending(opened, product, stranger)).status).toBe(409);
    await db.doc(`checkouts/${opened.checkoutId}`).update({ status: 'expired' });
    expect((await reportPending(opened, product, customer)).status).toBe(410);
    expect((await checkoutOf(opened.checkoutId))?.status).toBe('expired');
  });

  it('answers 429 when one client asks for the status too often', async () => {
    const limited = await startPurchaseApi({ WAIT_STATUS_RATE_LIMIT: '2' }, { now });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        statuses.push(
          (await fetch(`${limited.url}/api/checkouts/0000000000000000000a/status?t=${'x'.repeat(43)}`)).status,
        );
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('a PayPal capture held for review', () => {
  async function pendingCapture() {
    const product = await seedProduct({ priceInUsd: 9 });
    const customer = buildCustomer();
    const opened = await openCheckout(product, customer, { currency: 'USD' });
    const created = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: opened.checkoutId });
    const { id: orderId } = (await created.json()) as { id: string };
    paypal.approve(orderId, 'PENDING');
    const captured = await postJson(`${api.url}/api/paypal/orders/${orderId}/capture`, {
      productId: product.id,
      customer,
    });
    return { product, customer, opened, orderId, captured };
  }

  it('waits, then PAYMENT.CAPTURE.COMPLETED delivered twice makes one sale and one order e-mail', async () => {
    const { product, customer, opened, orderId, captured } = await pendingCapture();
    expect(captured.status).toBe(202);
    expect(await captured.json()).toMatchObject({
      pending: true,
      checkoutId: opened.checkoutId,
      status: { state: 'waiting', kind: 'paypal', amount: 9, currency: 'USD', email: customer.email },
    });
    expect(await transactionsFor(orderId)).toEqual([]);
    expect((await checkoutOf(opened.checkoutId))?.status).toBe('pending');
    const waitingMails = await mailsMatching(
      (mail) => toAddress(customer.email)(mail) && mail.subject.startsWith('PayPal is reviewing'),
    );
    expect(waitingMails).toHaveLength(1);
    expect(waitingMails[0]!.text).toContain(`PayPal is reviewing your payment of $9 for ${product.title}.`);

    // A COMPLETED event while PayPal still holds it changes nothing.
    expect((await paypalEvent('PAYMENT.CAPTURE.COMPLETED', orderId)).status).toBe(200);
    expect(await transactionsFor(orderId)).toEqual([]);
    // Nor does a DENIED event PayPal's own record of the capture does not bear out.
    expect((await paypalEvent('PAYMENT.CAPTURE.DENIED', orderId)).status).toBe(200);
    expect((await checkoutOf(opened.checkoutId))?.status).toBe('pending');

    paypal.settleCapture(orderId, 'COMPLETED');
    const [one, two] = await Promise.all([
      paypalEvent('PAYMENT.CAPTURE.COMPLETED', orderId),
      paypalEvent('PAYMENT.CAPTURE.COMPLETED', orderId),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await paypalEvent('PAYMENT.CAPTURE.COMPLETED', orderId)).status).toBe(200);
    const sales = await transactionsFor(orderId);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({
      paymentMethod: 'PayPal',
      amount: 9,
      amountPaid: 9,
      customerEmail: customer.email,
      captureId: `CAP-${orderId}`,
    });
    expect(await mailsMatching(orderMailFor(customer, product), 1)).toHaveLength(1);
    expect((await checkoutOf(opened.checkoutId))?.status).toBe('paid');
    expect(
      await mailsMatching((mail) => toAddress(customer.email)(mail) && mail.subject.includes('declined'), 0),
    ).toEqual([]);
  });

  it('PAYMENT.CAPTURE.DENIED ends it and e-mails the buyer once; a COMPLETED event after it makes no sale', async () => {
    const { product, customer, opened, orderId } = await pendingCapture();
    paypal.settleCapture(orderId, 'DECLINED');
    expect((await paypalEvent('PAYMENT.CAPTURE.DENIED', orderId)).status).toBe(200);
    expect((await paypalEvent('PAYMENT.CAPTURE.DENIED', orderId)).status).toBe(200);
    expect(await checkoutOf(opened.checkoutId)).toMatchObject({ status: 'expired', endedBy: 'declined' });
    const declined = await mailsMatching(
      (mail) => toAddress(customer.email)(mail) && mail.subject.includes('declined'),
    );
    expect(declined).toHaveLength(1);
    expect(declined[0]!.subject).toBe(`PayPal declined your payment for ${product.title}`);
    expect(declined[0]!.text).toContain(
      `PayPal declined your payment of $9 for ${product.title}, so no money was taken and no order was made.`,
    );

    // The event is signed, but PayPal's own word on the capture decides: still declined, no sale.
    expect((await paypalEvent('PAYMENT.CAPTURE.COMPLETED', orderId)).status).toBe(200);
    expect(await transactionsFor(orderId)).toEqual([]);
    expect(await mailsMatching(orderMailFor(customer, product), 0)).toEqual([]);
  });
});

describe('the demo bank (local only)', () => {
  function demoWebhook(reference: string, key = demoWebhookKey(cloud.apiEnv.ACCESS_LINK_SECRET ?? '')) {
    const raw = JSON.stringify({ event: 'charge.success', data: { reference } });
    return fetch(`${api.url}/api/webhooks/demo`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', key).update(raw).digest('hex'),
      },
      body: raw,
    });
  }

  it('fulfils a pending demo transfer once through its signed webhook, and refuses a bad signature', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const opened = await openCheckout(product, customer, { provider: 'demo' });
    // Not sent yet: nothing to confirm.
    expect((await demoWebhook(opened.reference)).status).toBe(200);
    expect(await transactionsFor(opened.reference)).toEqual([]);

    expect((await reportPending(opened, product, customer)).status).toBe(202);
    expect((await demoWebhook(opened.reference, 'not-the-key')).status).toBe(401);
    expect(await transactionsFor(opened.reference)).toEqual([]);
    expect((await demoWebhook(opened.reference)).status).toBe(200);
    expect((await demoWebhook(opened.reference)).status).toBe(200);
    const sales = await transactionsFor(opened.reference);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ paymentMethod: 'Demo', amount: 7500 });
    expect(await mailsMatching(orderMailFor(customer, product), 1)).toHaveLength(1);
  });
});
