// Checkout sessions against the local cloud (our Firestore emulator, real SMTP into the mail catcher,
// Paystack faked with msw): the server sets the price, a payment is verified against its checkout
// (not today's price), only the checkout's buyer gets the product, and a paid payment that cannot be
// fulfilled becomes a paymentIssues record with one e-mail to the seller.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  checkoutOf,
  createFakePaystack,
  db,
  issueNoticeFor,
  mailsMatching,
  openCheckout,
  paidCharge,
  paymentIssueOf,
  paystackTransactionData,
  openDeliverable,
  postJson,
  removeSeededProducts,
  saleNoticeFor,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  toAddress,
  transactionsFor,
  unissuedCharge,
  type PaystackCharge,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const paystack = createFakePaystack();
useMsw(setupServer(...paystack.handlers));
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const paymentReceived = (email: string) =>
  `Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you at ${email} to send your product or refund you.`;

function order(body: Record<string, unknown>) {
  return postJson(`${api.url}/api/orders`, body);
}

function paystackOrder(charge: PaystackCharge, productId: string, customer: ReturnType<typeof buildCustomer>) {
  return order({ provider: 'paystack', reference: charge.reference, productId, currency: 'NGN', customer });
}

function webhook(charge: PaystackCharge) {
  const raw = JSON.stringify({ event: 'charge.success', data: paystackTransactionData(charge) });
  return fetch(`${api.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
    body: raw,
  });
}

describe('POST /api/checkouts', () => {
  it('answers the price the server set and stores the checkout for 60 minutes', async () => {
    const product = await seedProduct({ title: 'Checkout Guide', priceInNgn: 4500 });
    const customer = buildCustomer();
    const before = Date.now();
    const response = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'NGN',
      customer: { ...customer, email: customer.email.toUpperCase() },
    });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as Record<string, unknown>;
    expect(answer).toEqual({
      checkoutId: expect.stringMatching(/^[0-9a-f]{20}$/),
      reference: `ds-${String(answer.checkoutId)}`,
      provider: 'paystack',
      amount: 4500,
      listPrice: 4500,
      discount: 0,
      currency: 'NGN',
      expiresAt: expect.any(String),
      // The Paystack popup's ways to pay: all of them until the seller chooses (Store settings).
      channels: ['card', 'bank', 'ussd', 'bank_transfer', 'qr'],
    });
    const validFor = Date.parse(String(answer.expiresAt)) - before;
    expect(validFor).toBeGreaterThan(59 * 60_000);
    expect(validFor).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    expect(await checkoutOf(String(answer.checkoutId))).toMatchObject({
      reference: answer.reference,
      provider: 'paystack',
      productId: product.id,
      productName: 'Checkout Guide',
      currency: 'NGN',
      listPrice: 4500,
      discountCode: null,
      discountAmount: 0,
      amount: 4500,
      customer: { name: customer.name, email: customer.email, phone: customer.phone },
      status: 'open',
      reminder: null,
    });
  });

  it('picks PayPal for USD and the demo payment when asked for on the local stack', async () => {
    const product = await seedProduct({ priceInUsd: 7 });
    const customer = buildCustomer();
    expect(await openCheckout(api.url, product, customer, { currency: 'USD' })).toMatchObject({
      provider: 'paypal',
      reference: expect.stringMatching(/^pp-[0-9a-f]{20}$/),
      amount: 7,
    });
    expect(await openCheckout(api.url, product, customer, { currency: 'NGN', provider: 'demo' })).toMatchObject({
      provider: 'demo',
      reference: expect.stringMatching(/^demo-[0-9a-f]{20}$/),
      amount: 7500,
    });
  });

  it.each([
    [{ code: 'NO-SUCH-CODE-HERE' }, 400, 'No such code.'],
    [{ currency: 'EUR' }, 400, 'The currency must be NGN or USD.'],
    [{ provider: 'paystack', currency: 'USD' }, 400, 'Card payments are in NGN. Please pay in USD with PayPal.'],
    [{ customer: { ...buildCustomer(), confirmEmail: 'other@example.com' } }, 400, 'Emails do not match!'],
  ])('refuses %j and stores nothing', async (change, status, message) => {
    const product = await seedProduct();
    const countBefore = (await db.collection('checkouts').where('productId', '==', product.id).get()).size;
    const response = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'NGN',
      customer: buildCustomer(),
      ...change,
    });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message });
    expect((await db.collection('checkouts').where('productId', '==', product.id).get()).size).toBe(countBefore);
  });

  it('accepts an empty code as no code', async () => {
    const product = await seedProduct();
    const response = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'NGN',
      customer: buildCustomer(),
      code: '',
    });
    expect(response.status).toBe(201);
  });

  it('refuses a demo checkout with 403 when DEMO_PAYMENTS is off', async () => {
    const live = await startPurchaseApi({ DEMO_PAYMENTS: '0' });
    try {
      const product = await seedProduct();
      const response = await postJson(`${live.url}/api/checkouts`, {
        productId: product.id,
        currency: 'NGN',
        customer: buildCustomer(),
        provider: 'demo',
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Demo payments are not available.' });
    } finally {
      await live.close();
    }
  });

  it('is rate limited per client with its own limit (CHECKOUT_RATE_LIMIT)', async () => {
    const limited = await startPurchaseApi({ CHECKOUT_RATE_LIMIT: '2' });
    try {
      const product = await seedProduct();
      const body = { productId: product.id, currency: 'NGN', customer: buildCustomer() };
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await postJson(`${limited.url}/api/checkouts`, body)).status);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await postJson(`${limited.url}/api/checkouts`, body);
      expect(await refused.json()).toEqual({
        message: 'Too many payment attempts. Please wait a minute and try again.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('A payment is verified against its checkout', () => {
  it('fulfils a payment at the checkout amount after the seller raised the price, at the price asked', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    await db.doc(`products/${product.id}`).update({ priceInNgn: 6000 });
    paystack.charges.set(charge.reference, charge);

    const response = await paystackOrder(charge, product.id, customer);
    expect(response.status).toBe(200);
    const checkoutId = charge.reference.slice(3);
    expect(await transactionsFor(charge.reference)).toEqual([
      expect.objectContaining({
        amount: 4500,
        amountPaid: 4500,
        listPrice: 4500,
        discountCode: null,
        discountAmount: 0,
        checkoutId,
        currency: 'NGN',
      }),
    ]);
    expect(await checkoutOf(checkoutId)).toMatchObject({
      status: 'paid',
      transactionId: `paystack_${charge.reference}`,
    });
    const [mail] = await mailsMatching(toAddress(customer.email));
    expect(mail?.text).toContain('Amount paid: ₦4,500');
  });

  it('fulfils a payment made after the product was deleted, and its link opens the deliverable as sold', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    // The dashboard deletes the product and its deliverable together.
    await db.doc(`products/${product.id}`).delete();
    await db.doc(`productDeliverables/${product.id}`).delete();
    paystack.charges.set(charge.reference, charge);

    const response = await paystackOrder(charge, product.id, customer);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { accessUrl: string };
    expect(await transactionsFor(charge.reference)).toEqual([
      expect.objectContaining({ productId: product.id, productName: product.title, amount: 4500 }),
    ]);
    // The download page's 'Open link' button leads to the link the sale was made with.
    const opened = await openDeliverable(answer.accessUrl);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(product.deliverableUrl);
  });

  it('still honours a payment that arrives after the checkout expired (the buyer paid what was asked)', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    await db.doc(`checkouts/${charge.reference.slice(3)}`).update({ expiresAt: new Date(Date.now() - 60_000) });
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9000 });
    paystack.charges.set(charge.reference, charge);

    expect((await paystackOrder(charge, product.id, customer)).status).toBe(200);
    expect(await transactionsFor(charge.reference)).toEqual([expect.objectContaining({ amount: 4500 })]);
  });

  it("gives neither product nor link to a call naming another e-mail for a paid reference; the buyer's own call still works", async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);

    const stranger = buildCustomer();
    const refused = await paystackOrder(charge, product.id, stranger);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'This payment was made with another e-mail address. Please enter the e-mail address you paid with.',
    });
    expect(await transactionsFor(charge.reference)).toEqual([]);

    const own = await paystackOrder(charge, product.id, { ...customer, email: customer.email.toUpperCase() });
    expect(own.status).toBe(200);
    expect(await transactionsFor(charge.reference)).toEqual([
      expect.objectContaining({ customerEmail: customer.email, customerName: customer.name }),
    ]);

    // After fulfilment too: the stranger is refused and mailed nothing.
    const after = await paystackOrder(charge, product.id, stranger);
    expect(after.status).toBe(409);
    expect(await mailsMatching(toAddress(stranger.email), 0)).toEqual([]);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  });

  it('records the buyer of record from the checkout when the webhook fulfils, whatever the metadata says', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const impostor = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, {
      metadata: {
        productId: product.id,
        customer: { name: impostor.name, email: impostor.email, phone: impostor.phone },
      },
      customerEmail: impostor.email,
    });
    paystack.charges.set(charge.reference, charge);

    expect((await webhook(charge)).status).toBe(200);
    expect(await transactionsFor(charge.reference)).toEqual([
      expect.objectContaining({ customerEmail: customer.email, customerName: customer.name }),
    ]);
    expect(await mailsMatching(toAddress(impostor.email), 0)).toEqual([]);
  });
});

describe('A paid order is never dropped (paymentIssues)', () => {
  it('records a payment below the checkout amount, e-mails the seller once and tells the buyer it was received', async () => {
    const product = await seedProduct({ title: 'Underpaid Course', priceInNgn: 4500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, { amount: 449_900 });
    paystack.charges.set(charge.reference, charge);

    const response = await paystackOrder(charge, product.id, customer);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ paymentIssue: true, message: paymentReceived(customer.email) });

    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({
      id: `paystack_${charge.reference}`,
      provider: 'paystack',
      reference: charge.reference,
      amount: 4499,
      currency: 'NGN',
      status: 'success',
      customer: { name: customer.name, email: customer.email, phone: customer.phone },
      checkoutId: charge.reference.slice(3),
      productId: product.id,
      productName: 'Underpaid Course',
      expectedAmount: 4500,
      expectedCurrency: 'NGN',
      reason: 'The amount paid is less than the price of this product.',
      resolved: false,
      resolvedBy: null,
      sellerNotified: true,
    });
    expect(await transactionsFor(charge.reference)).toEqual([]);
    expect(await checkoutOf(charge.reference.slice(3))).toMatchObject({ status: 'open' });

    // The buyer retries and Paystack's webhook arrives: the same answer, still one e-mail.
    const retry = await paystackOrder(charge, product.id, customer);
    expect(retry.status).toBe(202);
    expect((await webhook(charge)).status).toBe(200);
    const notices = await mailsMatching(issueNoticeFor(charge.reference));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(`Payment needs attention: paystack ${charge.reference}`);
    for (const line of [
      'Why: The amount paid is less than the price of this product.',
      'Paid: ₦4,499',
      'Checkout asked: ₦4,500',
      'Product: Underpaid Course',
      `Buyer e-mail: ${customer.email}`,
      'refund the payment at the provider, or grant access',
    ]) {
      expect(notices[0]?.text).toContain(line);
    }
    expect(await mailsMatching(toAddress(customer.email), 0)).toEqual([]);
    const saleNotice = saleNoticeFor(charge.reference);
    expect(await mailsMatching((mail) => saleNotice(mail) && mail.subject.startsWith('New sale'), 0)).toEqual([]);
  });

  it('records a paid reference the store never issued, from the client call and the webhook alike, once', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = unissuedCharge(product, customer);
    paystack.charges.set(charge.reference, charge);

    const [fromClient, fromWebhook] = await Promise.all([paystackOrder(charge, product.id, customer), webhook(charge)]);
    expect(fromClient.status).toBe(202);
    expect(await fromClient.json()).toEqual({ paymentIssue: true, message: paymentReceived(customer.email) });
    expect(fromWebhook.status).toBe(200);
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({
      checkoutId: null,
      productId: product.id,
      amount: 7500,
      reason: 'The payment reference belongs to no checkout of this store.',
      customer: { email: customer.email },
      resolved: false,
    });
    expect(await transactionsFor(charge.reference)).toEqual([]);
    expect(await mailsMatching(issueNoticeFor(charge.reference))).toHaveLength(1);
  });

  it('records a payment whose metadata names another product than its checkout', async () => {
    const [product, other] = [await seedProduct(), await seedProduct()];
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, { metadata: { productId: other.id } });
    paystack.charges.set(charge.reference, charge);

    const response = await paystackOrder(charge, product.id, customer);
    expect(response.status).toBe(202);
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({
      reason: 'This payment was made for a different product.',
      productId: product.id,
    });
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });

  it('records one issue and sends one e-mail for 8 racing calls of the same underpaid reference', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, { amount: 100_000 });
    paystack.charges.set(charge.reference, charge);

    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? webhook(charge) : paystackOrder(charge, product.id, customer))),
    );
    expect(responses.map((response) => response.status)).toEqual([202, 200, 202, 200, 202, 200, 202, 200]);
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({ amount: 1000 });
    expect(await mailsMatching(issueNoticeFor(charge.reference))).toHaveLength(1);
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });

  it('refuses an unpaid reference without recording an issue', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = unissuedCharge(product, customer, { status: 'abandoned' });
    paystack.charges.set(charge.reference, charge);
    const response = await paystackOrder(charge, product.id, customer);
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: 'The payment was not completed at Paystack.' });
    expect(await paymentIssueOf('paystack', charge.reference)).toBeNull();
  });
});
