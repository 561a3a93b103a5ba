// PayPal plans and subscriptions against the local cloud (docs/memberships.md, 'PayPal plans', 'PayPal
// events'): the catalog product and plan a product's USD price needs, made once per price; the plan a
// USD checkout answers for the PayPal buttons' createSubscription; the subscription's signed events,
// replayed and out of order; a cancel and resume asked of PayPal. Only PayPal itself is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaypal,
  db,
  paymentIssueOf,
  postJson,
  removeSeededProducts,
  seedDiscountCode,
  startPurchaseApi,
  uniqueTag,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';
import { salesOfPlan, seedPricedProduct, testClock } from '../../support/membershipHarness';
import {
  createFakePaypalSubscriptions,
  paypalSaleResource,
  paypalSubscriptionResource,
  paypalTestWebhookId,
  paypalWiringFor,
  sendPaypalEvent,
} from '../../support/paypalSubscriptionFakes';

const paypal = createFakePaypal();
const subscriptions = createFakePaypalSubscriptions();
useMsw(setupServer(...paypal.handlers, ...subscriptions.handlers));
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let wiring: ReturnType<typeof paypalWiringFor>;

beforeAll(async () => {
  api = await startPurchaseApi({ PAYPAL_WEBHOOK_ID: paypalTestWebhookId }, { now: clock.now });
  wiring = paypalWiringFor(api.url, clock.now);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

const monthlyCycle = (value: string, totalCycles: number, intervalUnit = 'MONTH', intervalCount = 1) => [
  {
    frequency: { interval_unit: intervalUnit, interval_count: intervalCount },
    tenure_type: 'REGULAR',
    sequence: 1,
    total_cycles: totalCycles,
    pricing_scheme: { fixed_price: { value, currency_code: 'USD' } },
  },
];

describe("a product's PayPal plan", () => {
  it('is made once per USD price with one catalog product, again when the price changes, and counts the instalments', async () => {
    const monthly = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const productsBefore = subscriptions.products.length;
    const plansBefore = subscriptions.plans.length;
    const first = await wiring.plans.ensurePaypalPlan(monthly.id);
    expect(await wiring.plans.ensurePaypalPlan(monthly.id)).toBe(first);
    expect(subscriptions.products.slice(productsBefore)).toEqual([
      { body: { name: monthly.title, type: 'DIGITAL' }, requestId: `store-product-${monthly.id}` },
    ]);
    const catalogProductId = (await db.doc(`providerPlans/${monthly.id}`).get()).data()?.paypalCatalogProductId;
    expect(catalogProductId).toMatch(/^PROD-/);
    expect(subscriptions.plans.slice(plansBefore)).toEqual([
      {
        body: {
          product_id: catalogProductId,
          name: `${monthly.title} — $5 / month`,
          status: 'ACTIVE',
          billing_cycles: monthlyCycle('5.00', 0),
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        requestId: `store-plan-${monthly.id}-MONTH1-0-500`,
      },
    ]);

    await db.doc(`products/${monthly.id}`).update({ priceInUsd: 6.5 });
    const second = await wiring.plans.ensurePaypalPlan(monthly.id);
    expect(second).not.toBe(first);
    // The same catalog product: only a new plan.
    expect(subscriptions.products).toHaveLength(productsBefore + 1);
    expect(subscriptions.plans.slice(plansBefore + 1).map((plan) => plan.body.billing_cycles)).toEqual([
      monthlyCycle('6.50', 0),
    ]);
    expect((await db.doc(`providerPlans/${monthly.id}`).get()).data()).toMatchObject({
      paypalCatalogProductId: catalogProductId,
      paypal: { planId: second, intervalUnit: 'MONTH', intervalCount: 1, amountMinor: 650, totalCycles: 0 },
      paypalPlanIds: [first, second],
    });
    // A member of the old price still finds the product.
    expect(await wiring.plans.productOfPaypalPlan(first ?? '')).toBe(monthly.id);
    expect(await wiring.plans.productOfPaypalPlan('P-NOBODY')).toBeNull();

    const quarterly = await seedPricedProduct({ kind: 'membership', interval: 'quarterly' }, { priceInUsd: 12 });
    const yearly = await seedPricedProduct({ kind: 'membership', interval: 'yearly' }, { priceInUsd: 40 });
    const instalments = await seedPricedProduct({ kind: 'instalments', count: 3 }, { priceInUsd: 100 });
    await wiring.plans.ensurePaypalPlan(quarterly.id);
    await wiring.plans.ensurePaypalPlan(yearly.id);
    await wiring.plans.ensurePaypalPlan(instalments.id);
    expect(
      subscriptions.plans.slice(plansBefore + 2).map((plan) => [plan.body.name, plan.body.billing_cycles]),
    ).toEqual([
      [`${quarterly.title} — $12 / quarter`, monthlyCycle('12.00', 0, 'MONTH', 3)],
      [`${yearly.title} — $40 / year`, monthlyCycle('40.00', 0, 'YEAR', 1)],
      [`${instalments.title} — 3 × $33.33`, monthlyCycle('33.33', 3)],
    ]);
    const once = await seedPricedProduct({ kind: 'once' });
    expect(await wiring.plans.ensurePaypalPlan(once.id)).toBeNull();
  });
});

describe("the USD checkout's plan", () => {
  it('carries the PayPal plan of a membership, and none with a discount or for a product sold once', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const open = async (body: Record<string, unknown>) => {
      const answer = await postJson(`${api.url}/api/checkouts`, {
        currency: 'USD',
        customer: buildCustomer(),
        ...body,
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const opened = await open({ productId: product.id });
    expect(opened.status).toBe(201);
    const planId = await wiring.plans.ensurePaypalPlan(product.id);
    expect(planId).toMatch(/^P-/);
    expect(opened.body).toMatchObject({ provider: 'paypal', amount: 5, currency: 'USD', paypalPlanId: planId });
    // The same plan again: none made twice.
    const plansBefore = subscriptions.plans.length;
    expect((await open({ productId: product.id })).body.paypalPlanId).toBe(planId);
    expect(subscriptions.plans).toHaveLength(plansBefore);

    const code = await seedDiscountCode('PPLANS');
    const discounted = await open({ productId: product.id, code });
    expect(discounted.body).toMatchObject({ amount: 4.25, listPrice: 5 });
    expect(discounted.body.paypalPlanId).toBeUndefined();
    const once = await seedPricedProduct({ kind: 'once' }, { priceInUsd: 9 });
    const single = await open({ productId: once.id });
    expect(single.body).toMatchObject({ provider: 'paypal', amount: 9 });
    expect(single.body.paypalPlanId).toBeUndefined();
  });
});

/** A buyer subscribed through the PayPal buttons: the USD checkout's plan, PayPal's first payment at `paidAt`. */
async function subscribe(product: SeededProduct, value: string, paidAt: string) {
  clock.set(paidAt);
  const customer = buildCustomer();
  const opened = await postJson(`${api.url}/api/checkouts`, { productId: product.id, currency: 'USD', customer });
  const checkout = (await opened.json()) as { checkoutId: string; paypalPlanId: string };
  const subscriptionId = `I-${uniqueTag().toUpperCase()}`;
  const resource = paypalSubscriptionResource({
    id: subscriptionId,
    planId: checkout.paypalPlanId,
    checkoutId: checkout.checkoutId,
    email: customer.email,
    lastPayment: { value, time: paidAt },
  });
  subscriptions.subscriptions.set(subscriptionId, resource);
  return { subscriptionId, resource, customer, membershipId: `paypal_${subscriptionId}` };
}

const sale = (id: string, subscriptionId: string, total: string, createTime: string) =>
  paypalSaleResource({ id, subscriptionId, total, createTime });

describe('a USD membership through PayPal', () => {
  it('is activated once, renewed twice (sales replayed and out of order count once), fails, and is cancelled', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const member = await subscribe(product, '5.00', '2026-11-22T09:00:00.000Z');
    expect(await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({
      status: 'active',
      renewal: 'paypal',
      provider: { paypalSubscriptionId: member.subscriptionId },
      currency: 'USD',
      amountMinor: 500,
      payments: 1,
      customer: { email: member.customer.email },
    });
    // Replayed, and the first payment's own sale: nothing more.
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).body.outcome).toBe(
      'ignored',
    );
    const firstSale = sale(`S1${uniqueTag()}`, member.subscriptionId, '5.00', '2026-11-22T09:00:04Z');
    expect((await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', firstSale)).body.outcome).toBe('ignored');
    expect((await salesOfPlan(member.membershipId)).map((row) => [row.id, row.membershipLabel])).toEqual([
      [member.membershipId, 'Membership started'],
    ]);

    // Each renewal's sale comes twice, December's again after January's.
    const december = sale(`S2${uniqueTag()}`, member.subscriptionId, '5.00', '2026-12-22T09:00:03Z');
    const january = sale(`S3${uniqueTag()}`, member.subscriptionId, '5.00', '2027-01-22T09:00:03Z');
    clock.set('2026-12-22T09:05:00.000Z');
    for (const paid of [december, december]) {
      expect((await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', paid)).status).toBe(200);
    }
    clock.set('2027-01-22T09:05:00.000Z');
    for (const paid of [january, december, january]) {
      expect((await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', paid)).status).toBe(200);
    }
    const sales = await salesOfPlan(member.membershipId);
    expect(sales.map((row) => [row.id, row.membershipLabel, row.currency, row.amount])).toEqual([
      [member.membershipId, 'Membership started', 'USD', 5],
      [`paypal_${december.id}`, 'Renewal 1 of ∞', 'USD', 5],
      [`paypal_${january.id}`, 'Renewal 2 of ∞', 'USD', 5],
    ]);
    const renewed = await wiring.memberships.get(member.membershipId);
    expect(renewed).toMatchObject({ status: 'active', payments: 3 });
    expect(renewed?.paidThrough.slice(0, 10)).toBe('2027-02-22');

    clock.set('2027-02-22T12:00:00.000Z');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', member.resource)).status).toBe(200);
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({ status: 'pastDue', payments: 3 });
    // PayPal's retry takes the payment: the plan is active again.
    const retried = sale(`S4${uniqueTag()}`, member.subscriptionId, '5.00', '2027-02-24T09:00:00Z');
    clock.set('2027-02-24T09:05:00.000Z');
    expect((await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', retried)).status).toBe(200);
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({ status: 'active', payments: 4 });

    // The buyer's cancel at the period's end suspends the subscription at PayPal; resume activates it.
    subscriptions.changes.length = 0;
    expect(await wiring.memberships.cancel(member.membershipId, 'periodEnd')).toMatchObject({ kind: 'changed' });
    expect((await wiring.memberships.resume(member.membershipId)).kind).toBe('changed');
    expect(subscriptions.changes).toEqual([
      {
        id: member.subscriptionId,
        action: 'suspend',
        reason: 'The membership was cancelled at the end of its period.',
      },
      { id: member.subscriptionId, action: 'activate', reason: 'The buyer resumed the membership.' },
    ]);
    // PayPal cancels it (the buyer did so in their PayPal account): cancelled at the period's end.
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.CANCELLED', member.resource)).body.outcome).toBe(
      'applied',
    );
    const cancelled = await wiring.memberships.get(member.membershipId);
    expect(cancelled?.status).toBe('cancelled');
    expect(cancelled?.paidThrough.slice(0, 10)).toBe('2027-03-22');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.SUSPENDED', member.resource)).body.outcome).toBe(
      'ignored',
    );
  });

  it('starts from the first sale when it comes before ACTIVATED, and a PayPal refusal leaves the plan as it was', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'yearly' }, { priceInUsd: 40 });
    const member = await subscribe(product, '40.00', '2026-11-22T09:00:00.000Z');
    const first = sale(`S1${uniqueTag()}`, member.subscriptionId, '40.00', '2026-11-22T09:00:04Z');
    expect((await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', first)).body.outcome).toBe('ignored');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).body.outcome).toBe(
      'ignored',
    );
    expect((await salesOfPlan(member.membershipId)).map((row) => row.membershipLabel)).toEqual(['Membership started']);
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({
      status: 'active',
      renewal: 'paypal',
      provider: { paypalSubscriptionId: member.subscriptionId },
    });

    // PayPal no longer knows the subscription: the cancel is refused in words, the plan unchanged.
    subscriptions.subscriptions.delete(member.subscriptionId);
    expect(await wiring.memberships.cancel(member.membershipId, 'now')).toEqual({
      kind: 'refused',
      reason: 'PayPal could not stop the payments just now, so nothing was changed. Please try again.',
    });
    expect((await wiring.memberships.get(member.membershipId))?.status).toBe('active');
    expect(subscriptions.changes.at(-1)).toEqual({
      id: member.subscriptionId,
      action: 'cancel',
      reason: 'The membership was cancelled.',
    });
  });
});

describe('a USD instalment plan of 3 through PayPal', () => {
  it('completes with the third sale and stays completed when PayPal expires the subscription', async () => {
    const product = await seedPricedProduct({ kind: 'instalments', count: 3 }, { priceInUsd: 90 });
    const member = await subscribe(product, '30.00', '2026-11-22T09:00:00.000Z');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).status).toBe(200);
    clock.set('2026-12-22T09:05:00.000Z');
    await sendPaypalEvent(
      api.url,
      'PAYMENT.SALE.COMPLETED',
      sale(`S2${uniqueTag()}`, member.subscriptionId, '30.00', '2026-12-22T09:00:00Z'),
    );
    clock.set('2027-01-22T09:05:00.000Z');
    await sendPaypalEvent(
      api.url,
      'PAYMENT.SALE.COMPLETED',
      sale(`S3${uniqueTag()}`, member.subscriptionId, '30.00', '2027-01-22T09:00:00Z'),
    );
    expect((await salesOfPlan(member.membershipId)).map((row) => row.membershipLabel)).toEqual([
      'Instalment 1 of 3',
      'Instalment 2 of 3',
      'Instalment 3 of 3',
    ]);
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({
      status: 'completed',
      instalments: { total: 3, paid: 3 },
    });
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.EXPIRED', member.resource)).body.outcome).toBe(
      'ignored',
    );
    expect((await wiring.memberships.get(member.membershipId))?.status).toBe('completed');
  });
});

describe('PayPal subscription events the store cannot apply', () => {
  it('keeps a sale of an unknown subscription under Needs attention, and refuses an unsigned event', async () => {
    clock.set('2026-11-22T09:00:00.000Z');
    const unknown = sale(`S9${uniqueTag()}`, `I-${uniqueTag().toUpperCase()}`, '12.00', '2026-11-22T08:00:00Z');
    expect(await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', unknown)).toEqual({
      status: 200,
      body: { received: true, outcome: 'applied' },
    });
    expect(await paymentIssueOf('paypal', unknown.id)).toMatchObject({
      provider: 'paypal',
      reference: unknown.id,
      amount: 12,
      currency: 'USD',
      reason: 'A subscription payment the store cannot match to a plan.',
    });

    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const member = await subscribe(product, '5.00', '2026-11-22T09:00:00.000Z');
    expect(await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource, 'forged')).toEqual({
      status: 401,
      body: { message: 'Invalid signature.' },
    });
    expect(await wiring.memberships.get(member.membershipId)).toBeNull();
  });

  it('keeps a first payment below the checkout and a renewal in another currency under Needs attention', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const short = await subscribe(product, '1.00', '2026-11-22T09:00:00.000Z');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', short.resource)).status).toBe(200);
    expect(await paymentIssueOf('paypal', short.subscriptionId)).toMatchObject({
      amount: 1,
      currency: 'USD',
      expectedAmount: 5,
      reason: 'The PayPal subscription did not pay the checkout’s amount.',
    });
    expect(await wiring.memberships.get(short.membershipId)).toBeNull();

    const member = await subscribe(product, '5.00', '2026-11-22T09:00:00.000Z');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).status).toBe(200);
    clock.set('2026-12-22T09:05:00.000Z');
    const euros = { ...sale(`S5${uniqueTag()}`, member.subscriptionId, '5.00', '2026-12-22T09:00:00Z') };
    euros.amount = { ...euros.amount, currency: 'EUR' };
    expect((await sendPaypalEvent(api.url, 'PAYMENT.SALE.COMPLETED', euros)).status).toBe(200);
    expect(await paymentIssueOf('paypal', euros.id)).toMatchObject({
      currency: 'EUR',
      reason: 'A subscription renewal in EUR, not USD.',
    });
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({ payments: 1 });
  });
});
