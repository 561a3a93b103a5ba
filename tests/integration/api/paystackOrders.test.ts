// POST /api/orders (Paystack and demo) and the Paystack webhook against the local cloud: our
// Firestore emulator, real SMTP into the mail catcher, and only Paystack itself faked (msw).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import { freePort } from '../../../local/ports';
import {
  buildCustomer,
  createFakePaystack,
  db,
  grantsFor,
  mailsMatching,
  openCheckout,
  paidCharge,
  paystackBase,
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
  type PaystackCharge,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const paystack = createFakePaystack();
const msw = useMsw(setupServer(...paystack.handlers));
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi();
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const accessUrlPattern = (base: string) => new RegExp(`^${base}/api/access/[A-Za-z0-9_-]{43}$`);

function order(base: string, body: Record<string, unknown>) {
  return postJson(`${base}/api/orders`, body);
}

function webhook(base: string, event: unknown, signature?: string) {
  const raw = JSON.stringify(event);
  return fetch(`${base}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature ?? signPaystack(raw) },
    body: raw,
  });
}

describe('POST /api/orders with Paystack', () => {
  it('verifies the payment, records one transaction, mails buyer and seller, and the link opens the product', async () => {
    const product = await seedProduct({ title: 'Freelance Writing <Pro> & More', priceInNgn: 7500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);

    const response = await order(api.url, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer: { ...customer, confirmEmail: customer.email.toUpperCase() },
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { transactionId: string; emailSent: boolean; accessUrl: string };
    expect(answer).toEqual({
      transactionId: `paystack_${charge.reference}`,
      emailSent: true,
      accessUrl: expect.stringMatching(accessUrlPattern(api.url)),
    });
    expect(paystack.verifyCalls.filter((reference) => reference === charge.reference)).toHaveLength(1);

    const stored = await transactionsFor(charge.reference);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: `paystack_${charge.reference}`,
      productName: 'Freelance Writing <Pro> & More',
      productId: product.id,
      productUrl: product.deliverableUrl,
      amount: 7500,
      amountPaid: 7500,
      currency: 'NGN',
      transactionReference: charge.reference,
      paidAt: '2026-11-22T09:00:05.000Z',
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: '+234 803 123 4567',
      sellerEmail: 'seller@digitalstore.test',
      paymentMethod: 'Paystack',
      emailStatus: 'sent',
      emailAttempts: 1,
      accessRevoked: false,
    });
    const grants = await grantsFor(`paystack_${charge.reference}`);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ productId: product.id, uses: 0, lastUsedAt: null });
    // Only the token's hash is stored.
    expect(grants[0]?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored[0])).not.toContain(answer.accessUrl.split('/').pop());

    const [buyerMail, ...moreBuyerMails] = await mailsMatching(toAddress(customer.email));
    expect(moreBuyerMails).toEqual([]);
    expect(buyerMail?.subject).toBe('Your purchase: Freelance Writing <Pro> & More — Digital Store');
    expect(buyerMail?.replyTo).toBe('seller@digitalstore.test');
    for (const line of [
      'Product: Freelance Writing <Pro> & More',
      'Amount paid: ₦7,500',
      `Reference: ${charge.reference}`,
      answer.accessUrl,
      'seller@digitalstore.test',
    ]) {
      expect(buyerMail?.text).toContain(line);
    }
    expect(buyerMail?.html).toContain('Freelance Writing &lt;Pro&gt; &amp; More');
    expect(buyerMail?.html).toContain(`href="${answer.accessUrl}"`);

    const notices = await mailsMatching(saleNoticeFor(charge.reference));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('New sale: Freelance Writing <Pro> & More — ₦7,500 (Paystack)');
    for (const line of [
      `Buyer: ${customer.name}`,
      `Buyer e-mail: ${customer.email}`,
      'Amount: ₦7,500',
      'Paid with: Paystack',
    ]) {
      expect(notices[0]?.text).toContain(line);
    }

    const opened = await openDeliverable(answer.accessUrl);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(product.deliverableUrl);
    const [grantAfter] = await grantsFor(`paystack_${charge.reference}`);
    expect(grantAfter?.uses).toBe(1);
    expect(grantAfter?.lastUsedAt).not.toBeNull();
  });

  it('answers a replay with the first answer and sends no second e-mail', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const body = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };

    const first = await (await order(api.url, body)).json();
    const second = await order(api.url, body);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(first);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  });

  it.each([
    ['a failed charge', { status: 'failed' }, 'The payment failed at Paystack. No product was released.'],
    ['an abandoned charge', { status: 'abandoned' }, 'The payment was not completed at Paystack.'],
  ])('refuses %s with 402 and records nothing', async (_case, overrides, message) => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, overrides);
    paystack.charges.set(charge.reference, charge);

    const response = await order(api.url, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message });
    expect(await transactionsFor(charge.reference)).toEqual([]);
    expect(await mailsMatching(toAddress(customer.email), 0)).toEqual([]);
  });

  it('accepts more than the price (the buyer paid at least what was asked)', async () => {
    const product = await seedProduct({ priceInNgn: 7500 });
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer, {
      amount: 800_000,
      metadata: JSON.stringify({ productId: product.id }),
    });
    paystack.charges.set(charge.reference, charge);
    const response = await order(api.url, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(response.status).toBe(200);
    expect(await transactionsFor(charge.reference)).toEqual([
      expect.objectContaining({ amount: 7500, amountPaid: 8000 }),
    ]);
  });

  it('refuses a reference Paystack does not know with 402', async () => {
    const product = await seedProduct();
    const response = await order(api.url, {
      provider: 'paystack',
      reference: 'T-never-paid',
      productId: product.id,
      currency: 'NGN',
      customer: buildCustomer(),
    });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ message: 'Paystack has no payment with this reference.' });
  });

  it('refuses with 409 a call claiming the reference for another product than its checkout, before asking Paystack', async () => {
    const [paidFor, claimed] = [await seedProduct(), await seedProduct()];
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, paidFor, customer);
    paystack.charges.set(charge.reference, charge);
    const response = await order(api.url, {
      provider: 'paystack',
      reference: charge.reference,
      productId: claimed.id,
      currency: 'NGN',
      customer,
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'This payment reference belongs to another product.' });
    expect(paystack.verifyCalls).not.toContain(charge.reference);
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });

  it('refuses with 409 a reference already fulfilled for product A and claimed for product B, changing nothing', async () => {
    const [productA, productB] = [await seedProduct(), await seedProduct({ priceInNgn: 100 })];
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, productA, customer);
    paystack.charges.set(charge.reference, charge);
    const body = { provider: 'paystack', reference: charge.reference, currency: 'NGN', customer };
    expect((await order(api.url, { ...body, productId: productA.id })).status).toBe(200);
    const before = await transactionsFor(charge.reference);

    const response = await order(api.url, { ...body, productId: productB.id });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: 'This payment reference has already been used for another product.',
    });
    expect(await transactionsFor(charge.reference)).toEqual(before);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  });

  it('does not hand the access link of a recorded payment to someone else who knows its reference', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const body = { provider: 'paystack', reference: charge.reference, productId: product.id, currency: 'NGN' };
    expect((await order(api.url, { ...body, customer })).status).toBe(200);

    const stranger = buildCustomer();
    const response = await order(api.url, { ...body, customer: stranger });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'This payment reference has already been used.' });
    expect(await mailsMatching(toAddress(stranger.email), 0)).toEqual([]);
  });

  it('fulfils the same reference sent 10 times in parallel once: one transaction, one e-mail, ten equal answers', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const body = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };

    const responses = await Promise.all(Array.from({ length: 10 }, () => order(api.url, body)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    const answers = await Promise.all(responses.map((response) => response.json()));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]).toMatchObject({ transactionId: `paystack_${charge.reference}`, emailSent: true });

    expect(await transactionsFor(charge.reference)).toHaveLength(1);
    expect(await grantsFor(`paystack_${charge.reference}`)).toHaveLength(1);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
    expect(await mailsMatching(saleNoticeFor(charge.reference))).toHaveLength(1);
  });

  it('answers 502 and records nothing when Paystack cannot be reached, then fulfils on the retry', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const body = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };

    msw.use(http.get(`${paystackBase}/transaction/verify/:reference`, () => HttpResponse.error()));
    const unreachable = await order(api.url, body);
    expect(unreachable.status).toBe(502);
    expect(await unreachable.json()).toEqual({ message: 'Could not reach the payment provider. Please try again.' });

    msw.resetHandlers();
    msw.use(
      http.get(`${paystackBase}/transaction/verify/:reference`, () =>
        HttpResponse.json({ status: false, message: 'Internal error' }, { status: 503 }),
      ),
    );
    const failing = await order(api.url, body);
    expect(failing.status).toBe(502);
    expect(JSON.stringify(await failing.json())).not.toContain('Internal error');
    expect(await transactionsFor(charge.reference)).toEqual([]);
    expect(await mailsMatching(toAddress(customer.email), 0)).toEqual([]);

    msw.resetHandlers();
    expect((await order(api.url, body)).status).toBe(200);
    expect(await transactionsFor(charge.reference)).toHaveLength(1);
  });

  it('records the purchase with the e-mail failed while SMTP is down, and a retry sends exactly one e-mail', async () => {
    const deadSmtp = await startPurchaseApi({ SMTP_PORT: String(await freePort()) });
    try {
      const product = await seedProduct();
      const customer = buildCustomer();
      const charge = await paidCharge(api.url, product, customer);
      paystack.charges.set(charge.reference, charge);
      const body = {
        provider: 'paystack',
        reference: charge.reference,
        productId: product.id,
        currency: 'NGN',
        customer,
      };

      const first = await order(deadSmtp.url, body);
      expect(first.status).toBe(200);
      const firstAnswer = (await first.json()) as { emailSent: boolean; accessUrl: string };
      expect(firstAnswer.emailSent).toBe(false);
      expect(await transactionsFor(charge.reference)).toEqual([
        expect.objectContaining({ emailStatus: 'failed', emailAttempts: 1 }),
      ]);
      expect(deadSmtp.logged).toEqual(
        expect.arrayContaining([expect.stringMatching(/Order e-mail for paystack_.* failed/)]),
      );

      const retry = await order(api.url, body);
      expect(retry.status).toBe(200);
      const retryAnswer = (await retry.json()) as { emailSent: boolean; accessUrl: string };
      expect(retryAnswer.emailSent).toBe(true);
      expect(retryAnswer.accessUrl.split('/').pop()).toBe(firstAnswer.accessUrl.split('/').pop());
      expect(await transactionsFor(charge.reference)).toEqual([
        expect.objectContaining({ emailStatus: 'sent', emailAttempts: 2 }),
      ]);

      // A third call finds it sent and sends nothing more.
      expect((await order(api.url, body)).status).toBe(200);
      expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
      expect(await mailsMatching(saleNoticeFor(charge.reference))).toHaveLength(1);
    } finally {
      await deadSmtp.close();
    }
  });

  it.each([
    [{ customer: { ...buildCustomer('x'), confirmEmail: 'other@example.com' } }, 'Emails do not match!'],
    [{ customer: { ...buildCustomer('x'), phone: '' } }, 'Please enter your phone number.'],
    [{ currency: 'USD' }, 'Card payments are in NGN. Please pay in USD with PayPal.'],
    [{ provider: 'bitcoin' }, 'Unknown payment provider.'],
    [{ reference: 'a/b' }, 'The payment reference is not valid.'],
  ])('answers 400 for %j', async (change, message) => {
    const product = await seedProduct();
    const response = await order(api.url, {
      provider: 'paystack',
      reference: 'T-validation',
      productId: product.id,
      currency: 'NGN',
      customer: buildCustomer(),
      ...change,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it('answers 404 at the checkout for a product that does not exist, before any money moves', async () => {
    const customer = buildCustomer();
    const response = await postJson(`${api.url}/api/checkouts`, {
      productId: 'no-such-product',
      currency: 'NGN',
      customer,
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'This product is no longer available.' });
  });
});

describe('POST /api/orders with the demo provider', () => {
  it('fulfils a demo payment at the checkout price in the chosen currency when DEMO_PAYMENTS=1', async () => {
    const product = await seedProduct({ priceInUsd: 12.5 });
    const customer = buildCustomer();
    const checkout = await openCheckout(api.url, product, customer, { currency: 'USD', provider: 'demo' });
    expect(checkout).toMatchObject({ provider: 'demo', amount: 12.5, currency: 'USD' });
    const response = await order(api.url, {
      provider: 'demo',
      reference: checkout.reference,
      productId: product.id,
      currency: 'USD',
      customer,
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { transactionId: string; accessUrl: string };
    const [stored] = await db
      .collection('transactions')
      .where('customerEmail', '==', customer.email)
      .get()
      .then((snapshot) => snapshot.docs.map((doc) => doc.data()));
    expect(stored).toMatchObject({ paymentMethod: 'Demo', currency: 'USD', amount: 12.5, amountPaid: 12.5 });
    expect(answer.transactionId).toMatch(/^demo_demo-/);
    const [mail] = await mailsMatching(toAddress(customer.email));
    expect(mail?.text).toContain('Amount paid: $12.50');
  });

  it('refuses demo payments with 403 when DEMO_PAYMENTS is off, recording nothing', async () => {
    const live = await startPurchaseApi({ DEMO_PAYMENTS: '0' });
    try {
      const product = await seedProduct();
      const customer = buildCustomer();
      const response = await order(live.url, {
        provider: 'demo',
        reference: 'demo-refused',
        productId: product.id,
        currency: 'NGN',
        customer,
      });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'Demo payments are not available.' });
      expect(await transactionsFor('demo-refused')).toEqual([]);
    } finally {
      await live.close();
    }
  });
});

describe('POST /api/webhooks/paystack', () => {
  function chargeEvent(charge: PaystackCharge) {
    return { event: 'charge.success', data: paystackTransactionData(charge) };
  }

  it("fulfils a signed charge.success with its checkout's buyer and product", async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);

    const response = await webhook(api.url, chargeEvent(charge));
    expect(response.status).toBe(200);
    expect(await transactionsFor(charge.reference)).toEqual([
      expect.objectContaining({ productId: product.id, customerName: customer.name, customerEmail: customer.email }),
    ]);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  });

  it.each([
    ['no signature', (_raw: string) => undefined],
    ['a wrong signature', (raw: string) => signPaystack(`${raw} `)],
    ['a signature of another length', (_raw: string) => 'abc123'],
  ])('answers 401 to %s and changes nothing', async (_case, sign) => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const raw = JSON.stringify(chargeEvent(charge));
    const signature = sign(raw);
    const response = await fetch(`${api.url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-paystack-signature': signature } : {}) },
      body: raw,
    });
    expect(response.status).toBe(401);
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });

  it('answers 401 to a body re-serialised after signing (the signature covers the raw bytes)', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    const event = chargeEvent(charge);
    const signature = signPaystack(JSON.stringify(event));
    const response = await fetch(`${api.url}/api/webhooks/paystack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      body: JSON.stringify(event, null, 2),
    });
    expect(response.status).toBe(401);
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });

  it('acknowledges other events without doing anything', async () => {
    const response = await webhook(api.url, { event: 'transfer.success', data: { reference: 'TRF-1' } });
    expect(response.status).toBe(200);
    expect(await transactionsFor('TRF-1')).toEqual([]);
  });

  it('fulfils once when the webhook comes first and the client call second', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);

    expect((await webhook(api.url, chargeEvent(charge))).status).toBe(200);
    const client = await order(api.url, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(client.status).toBe(200);
    expect(await client.json()).toMatchObject({ transactionId: `paystack_${charge.reference}`, emailSent: true });
    expect(await transactionsFor(charge.reference)).toHaveLength(1);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
    expect(await mailsMatching(saleNoticeFor(charge.reference))).toHaveLength(1);
  });

  it('fulfils once when the client call comes first and the webhook second', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);

    const client = await order(api.url, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(client.status).toBe(200);
    expect((await webhook(api.url, chargeEvent(charge))).status).toBe(200);
    expect(await transactionsFor(charge.reference)).toHaveLength(1);
    expect(await mailsMatching(toAddress(customer.email))).toHaveLength(1);
  });

  it('answers 502 when Paystack cannot be reached, so Paystack sends the event again', async () => {
    const product = await seedProduct();
    const customer = buildCustomer();
    const charge = await paidCharge(api.url, product, customer);
    paystack.charges.set(charge.reference, charge);
    msw.use(http.get(`${paystackBase}/transaction/verify/:reference`, () => HttpResponse.error()));
    expect((await webhook(api.url, chargeEvent(charge))).status).toBe(502);
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });
});
