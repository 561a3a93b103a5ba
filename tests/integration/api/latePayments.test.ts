// Payments that arrive after their checkout expired (docs/payments.md, 'Checkout sessions'), through
// the purchase API on the local cloud (our Firestore emulator, real SMTP into the mail catcher), with
// Paystack and PayPal faked by msw. The API's clock is its injectable `now`, moved by the tests; it
// starts two days in the past, behind every other file's clock (pendingPayments.test.ts runs 8 hours
// back), and moves a few hours at most, so an expiry sweep run on it only expires checkouts that are
// overdue for everyone sharing the cloud.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutExpiry } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createMailer } from '../../../server/mailer';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  checkoutOf,
  cloud,
  createFakePaypal,
  createFakePaystack,
  db,
  grantsFor,
  issueNoticeFor,
  mailsMatching,
  paymentIssueOf,
  paystackTransactionData,
  postJson,
  removeSeededProducts,
  seedProduct,
  signPaystack,
  startPurchaseApi,
  transactionsFor,
  type Customer,
  type PurchaseApi,
  type SeededProduct,
  codeDoc,
  seedDiscountCode,
} from '../../support/purchaseHarness';

const minute = 60_000;
/** The API's clock and the providers' (paid_at, create_time). */
let clock = new Date(Date.now() - 48 * 60 * minute);
const now = () => new Date(clock.getTime());
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const paystack = createFakePaystack();
const paypal = createFakePaypal(now);
useMsw(setupServer(...paystack.handlers, ...paypal.handlers));
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi({}, { now });
});
afterEach(() => {
  // Every test starts its own stretch of time, still hours before the real now.
  clock = new Date(Date.now() - 48 * 60 * minute);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const lateReason = 'Paid after the checkout expired, at a price no longer offered.';

async function sweep(): Promise<void> {
  const config = parseServerConfig({ ...cloud.apiEnv });
  await createCheckoutExpiry({ config, db, mailer: createMailer(config), now })();
}

const seedCode = (terms: Record<string, unknown> = {}) => seedDiscountCode('L', terms);

interface Opened {
  checkoutId: string;
  reference: string;
  amount: number;
}

async function openCheckout(
  product: SeededProduct,
  customer: Customer,
  options: { code?: string; currency?: 'NGN' | 'USD' } = {},
): Promise<Opened> {
  const response = await postJson(`${api.url}/api/checkouts`, {
    productId: product.id,
    currency: options.currency ?? 'NGN',
    customer,
    ...(options.code ? { code: options.code } : {}),
  });
  if (response.status !== 201) throw new Error(`checkout: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as Opened;
}

/** Paystack's record of a successful charge of `kobo` under the checkout's reference, paid now. */
function charge(product: SeededProduct, customer: Customer, reference: string, kobo: number) {
  const paid = {
    reference,
    status: 'success',
    amount: kobo,
    currency: 'NGN',
    metadata: { productId: product.id, customer: { name: customer.name, email: customer.email } },
    customerEmail: customer.email,
    paidAt: now().toISOString(),
  };
  paystack.charges.set(reference, paid);
  return paid;
}

function payOrder(product: SeededProduct, customer: Customer, reference: string) {
  return postJson(`${api.url}/api/orders`, {
    provider: 'paystack',
    reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
}

function webhook(paid: ReturnType<typeof charge>) {
  const raw = JSON.stringify({ event: 'charge.success', data: paystackTransactionData(paid) });
  return fetch(`${api.url}/api/webhooks/paystack`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystack(raw) },
    body: raw,
  });
}

/** A $9 product's USD checkout whose PayPal order the API created and the buyer approved. */
async function approvedPaypalOrder() {
  const product = await seedProduct({ priceInUsd: 9 });
  const customer = buildCustomer();
  const held = await openCheckout(product, customer, { currency: 'USD' });
  const created = await postJson(`${api.url}/api/paypal/orders`, { checkoutId: held.checkoutId });
  const { id: orderId } = (await created.json()) as { id: string };
  paypal.approve(orderId);
  return { product, customer, orderId };
}

function capture(orderId: string, product: SeededProduct, customer: Customer) {
  return postJson(`${api.url}/api/paypal/orders/${orderId}/capture`, { productId: product.id, customer });
}

const receivedMessage = (email: string) =>
  `Your payment was received, but your order could not be completed automatically. The seller has been told and will contact you at ${email} to send your product or refund you.`;

/** A payment that became an issue: 202 with the buyer's sentence, the record, no sale, no access. */
async function expectIssue(response: Response, reference: string, customer: Customer, provider = 'paystack') {
  expect(response.status).toBe(202);
  expect(await response.json()).toEqual({ paymentIssue: true, message: receivedMessage(customer.email) });
  expect(await paymentIssueOf(provider, reference)).toMatchObject({ reason: lateReason, resolved: false });
  expect(await transactionsFor(reference)).toEqual([]);
  expect(await grantsFor(`${provider}_${reference}`)).toEqual([]);
}

describe('a Paystack payment after its checkout expired', () => {
  it('gives a 1-use code to the one checkout still inside its hour: A and B paid late are issues, C a sale', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const buyers = [buildCustomer(), buildCustomer(), buildCustomer()];
    const [buyerA, buyerB, buyerC] = buyers as [Customer, Customer, Customer];

    const a = await openCheckout(product, buyerA, { code });
    advance(70 * minute);
    await sweep();
    expect(await checkoutOf(a.checkoutId)).toMatchObject({ status: 'expired' });
    const b = await openCheckout(product, buyerB, { code });
    advance(70 * minute);
    await sweep();
    expect(await checkoutOf(b.checkoutId)).toMatchObject({ status: 'expired' });
    const c = await openCheckout(product, buyerC, { code });
    expect([a.amount, b.amount, c.amount]).toEqual([3825, 3825, 3825]);
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 1 });

    advance(10 * minute);
    const paid = [
      [a, buyerA],
      [b, buyerB],
      [c, buyerC],
    ] as const;
    for (const [held, buyer] of paid) charge(product, buyer, held.reference, 382_500);
    const [answerA, answerB, answerC] = await Promise.all(
      paid.map(([held, buyer]) => payOrder(product, buyer, held.reference)),
    );

    await expectIssue(answerA as Response, a.reference, buyerA);
    await expectIssue(answerB as Response, b.reference, buyerB);
    expect(answerC?.status).toBe(200);
    expect(await transactionsFor(c.reference)).toEqual([
      expect.objectContaining({ amount: 3825, discountCode: code, discountAmount: 675, listPrice: 4500 }),
    ]);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0, revenueMinor: { NGN: 382_500, USD: 0 } });
    expect(await mailsMatching(issueNoticeFor(a.reference))).toHaveLength(1);
    expect(await mailsMatching(issueNoticeFor(b.reference))).toHaveLength(1);
  }, 30_000);

  it('records the old ₦3,500 paid after the price rose to ₦9,999 as an issue', async () => {
    const product = await seedProduct({ priceInNgn: 3500 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer);
    expect(held.amount).toBe(3500);
    advance(2 * 60 * minute);
    await sweep();
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9999 });
    charge(product, customer, held.reference, 350_000);

    await expectIssue(await payOrder(product, customer, held.reference), held.reference, customer);
    expect(await paymentIssueOf('paystack', held.reference)).toMatchObject({
      amount: 3500,
      expectedAmount: 3500,
      checkoutId: held.checkoutId,
    });
    const [notice] = await mailsMatching(issueNoticeFor(held.reference));
    expect(notice?.text).toContain(`Why: ${lateReason}`);
  });

  it('fulfils a late payment that still covers today’s price', async () => {
    const product = await seedProduct({ priceInNgn: 3500 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer);
    advance(3 * 60 * minute);
    await sweep();
    charge(product, customer, held.reference, 350_000);

    const response = await payOrder(product, customer, held.reference);
    expect(response.status).toBe(200);
    expect(await transactionsFor(held.reference)).toEqual([
      expect.objectContaining({ amount: 3500, amountPaid: 3500, listPrice: 3500, discountCode: null }),
    ]);
    expect(await checkoutOf(held.checkoutId)).toMatchObject({ status: 'paid' });
    expect(await paymentIssueOf('paystack', held.reference)).toBeNull();
  });

  it('fulfils a late payment at today’s lower price, and records one for a deleted product as an issue', async () => {
    const product = await seedProduct({ priceInNgn: 3500 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer);
    advance(2 * 60 * minute);
    await db.doc(`products/${product.id}`).update({ priceInNgn: 3000 });
    charge(product, customer, held.reference, 350_000);
    expect((await payOrder(product, customer, held.reference)).status).toBe(200);
    expect(await transactionsFor(held.reference)).toEqual([
      expect.objectContaining({ amount: 3000, amountPaid: 3500, listPrice: 3000 }),
    ]);

    const gone = await seedProduct({ priceInNgn: 3500 });
    const other = buildCustomer();
    const late = await openCheckout(gone, other);
    advance(2 * 60 * minute);
    await db.doc(`products/${gone.id}`).delete();
    charge(gone, other, late.reference, 350_000);
    await expectIssue(await payOrder(gone, other, late.reference), late.reference, other);
  });

  it('fulfils a late payment with a code still valid with a use free, taking the use', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 2 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer, { code });
    advance(2 * 60 * minute);
    await sweep();
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
    charge(product, customer, held.reference, 382_500);

    expect((await payOrder(product, customer, held.reference)).status).toBe(200);
    expect(await transactionsFor(held.reference)).toEqual([
      expect.objectContaining({ amount: 3825, discountCode: code, discountAmount: 675 }),
    ]);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0, revenueMinor: { NGN: 382_500, USD: 0 } });
  });

  it('counts a late checkout’s own reservation as its use when no sweep released it yet', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer, { code });
    advance(2 * 60 * minute);
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 1 });
    charge(product, customer, held.reference, 382_500);

    expect((await payOrder(product, customer, held.reference)).status).toBe(200);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  });

  it.each([
    ['deactivated', { active: false }],
    ['out of its dates', { endsAt: 'soon' }],
    ['deleted', null],
  ])('records a late payment with a code %s as an issue', async (_what, change) => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 5 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer, { code });
    advance(2 * 60 * minute);
    await sweep();
    if (change === null) await db.doc(`discountCodes/${code}`).delete();
    else if ('endsAt' in change) {
      await db.doc(`discountCodes/${code}`).update({ endsAt: new Date(clock.getTime() - minute).toISOString() });
    } else await db.doc(`discountCodes/${code}`).update(change);
    charge(product, customer, held.reference, 382_500);

    await expectIssue(await payOrder(product, customer, held.reference), held.reference, customer);
    if (change !== null) expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
  });

  it('fulfils at the checkout’s own price a payment made inside its hour and grace, though swept and repriced', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer, { code });
    advance(62 * minute);
    await sweep();
    expect(await checkoutOf(held.checkoutId)).toMatchObject({ status: 'expired' });
    // The released use goes to another buyer, and the price rises.
    await openCheckout(product, buildCustomer(), { code });
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9999 });
    charge(product, customer, held.reference, 382_500);
    // Paystack confirms it a while later; its paid_at is what counts.
    advance(30 * minute);

    expect((await payOrder(product, customer, held.reference)).status).toBe(200);
    expect(await transactionsFor(held.reference)).toEqual([
      expect.objectContaining({ amount: 3825, listPrice: 4500, discountCode: code }),
    ]);
    // A paid buyer inside the hour is never refused, even past the code's limit.
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 1 });
  });

  it('judges a payment without a provider time by the server’s clock', async () => {
    const product = await seedProduct({ priceInNgn: 3500 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer);
    advance(2 * 60 * minute);
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9999 });
    paystack.charges.set(held.reference, { ...charge(product, customer, held.reference, 350_000), paidAt: null });

    await expectIssue(await payOrder(product, customer, held.reference), held.reference, customer);
  });
});

describe('two late payments racing for the last use', () => {
  it('gives the one use free to one of them; the other is an issue', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const buyers = [buildCustomer(), buildCustomer()] as const;
    const first = await openCheckout(product, buyers[0], { code });
    advance(70 * minute);
    await sweep();
    const second = await openCheckout(product, buyers[1], { code });
    advance(70 * minute);
    await sweep();
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
    charge(product, buyers[0], first.reference, 382_500);
    charge(product, buyers[1], second.reference, 382_500);

    const answers = await Promise.all([
      payOrder(product, buyers[0], first.reference),
      payOrder(product, buyers[1], second.reference),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 202]);
    const sales = [...(await transactionsFor(first.reference)), ...(await transactionsFor(second.reference))];
    expect(sales).toEqual([expect.objectContaining({ amount: 3825, discountCode: code })]);
    const issues = [
      await paymentIssueOf('paystack', first.reference),
      await paymentIssueOf('paystack', second.reference),
    ].filter((issue) => issue !== null);
    expect(issues).toEqual([expect.objectContaining({ reason: lateReason })]);
    expect(await codeDoc(code)).toMatchObject({ uses: 1, reserved: 0 });
  }, 30_000);
});

describe('the same late payment reported again', () => {
  it('gives one outcome to the client, the webhook and a replay, even after the code’s use came free', async () => {
    const product = await seedProduct({ priceInNgn: 4500 });
    const code = await seedCode({ maxUses: 1 });
    const customer = buildCustomer();
    const late = await openCheckout(product, customer, { code });
    advance(70 * minute);
    await sweep();
    const other = await openCheckout(product, buildCustomer(), { code });
    advance(5 * minute);
    const paid = charge(product, customer, late.reference, 382_500);

    const [first, hook] = await Promise.all([payOrder(product, customer, late.reference), webhook(paid)]);
    await expectIssue(first, late.reference, customer);
    expect(hook.status).toBe(200);
    // The other checkout expires unpaid: its use comes free, but the late payment stays an issue.
    advance(70 * minute);
    await sweep();
    expect(await checkoutOf(other.checkoutId)).toMatchObject({ status: 'expired' });
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
    await expectIssue(await payOrder(product, customer, late.reference), late.reference, customer);
    expect((await webhook(paid)).status).toBe(200);

    expect(await transactionsFor(late.reference)).toEqual([]);
    expect(await codeDoc(code)).toMatchObject({ uses: 0, reserved: 0 });
    expect(await mailsMatching(issueNoticeFor(late.reference))).toHaveLength(1);
  }, 30_000);
});

describe('the webhook and PayPal', () => {
  it('records a charge.success for an expired checkout at a price no longer offered as an issue', async () => {
    const product = await seedProduct({ priceInNgn: 3500 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer);
    advance(2 * 60 * minute);
    await sweep();
    await db.doc(`products/${product.id}`).update({ priceInNgn: 9999 });
    const paid = charge(product, customer, held.reference, 350_000);

    expect((await webhook(paid)).status).toBe(200);
    expect(await paymentIssueOf('paystack', held.reference)).toMatchObject({ reason: lateReason });
    expect(await transactionsFor(held.reference)).toEqual([]);
    expect(await mailsMatching(issueNoticeFor(held.reference))).toHaveLength(1);
  });

  it('fulfils a charge.success for an expired checkout that still covers today’s price', async () => {
    const product = await seedProduct({ priceInNgn: 3500 });
    const customer = buildCustomer();
    const held = await openCheckout(product, customer);
    advance(2 * 60 * minute);
    await sweep();
    const paid = charge(product, customer, held.reference, 350_000);

    expect((await webhook(paid)).status).toBe(200);
    expect(await transactionsFor(held.reference)).toEqual([expect.objectContaining({ amount: 3500 })]);
  });

  it('does not capture a PayPal order approved for a checkout that has expired: no money moves', async () => {
    const { product, customer, orderId } = await approvedPaypalOrder();
    advance(2 * 60 * minute);

    const captured = await capture(orderId, product, customer);
    expect(captured.status).toBe(410);
    expect(await captured.json()).toEqual({
      message: 'This checkout has expired. Please close the payment window and try again.',
    });
    expect(paypal.orders.get(orderId)).toMatchObject({ status: 'APPROVED', captured: false });
    expect(await transactionsFor(orderId)).toEqual([]);
    expect(await paymentIssueOf('paypal', orderId)).toBeNull();
  });

  it('records a PayPal capture PayPal made after the checkout expired, at a price no longer offered, as an issue', async () => {
    const { product, customer, orderId } = await approvedPaypalOrder();
    advance(2 * 60 * minute);
    await db.doc(`products/${product.id}`).update({ priceInUsd: 12 });
    // Captured late (an earlier capture call whose answer was lost): PayPal's create_time is late.
    const order = paypal.orders.get(orderId);
    if (!order) throw new Error('no order');
    Object.assign(order, { status: 'COMPLETED', captured: true, capturedAt: now().toISOString() });

    const captured = await capture(orderId, product, customer);
    await expectIssue(captured, orderId, customer, 'paypal');
    expect(await paymentIssueOf('paypal', orderId)).toMatchObject({ amount: 9, expectedAmount: 9 });
  });

  it('fulfils a PayPal capture made inside the hour whatever the price is now', async () => {
    const { product, customer, orderId } = await approvedPaypalOrder();
    advance(50 * minute);
    await db.doc(`products/${product.id}`).update({ priceInUsd: 12 });

    const captured = await capture(orderId, product, customer);
    expect(captured.status).toBe(200);
    expect(await transactionsFor(orderId)).toEqual([expect.objectContaining({ amount: 9, listPrice: 9 })]);
  });
});
