// PayPal plans and subscriptions against the local cloud (docs/memberships.md, 'PayPal plans'): the
// catalog product and plan a product's USD price needs, made once per price, and the plan a USD
// checkout answers for the PayPal buttons' createSubscription. Only PayPal itself is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaypal,
  db,
  postJson,
  removeSeededProducts,
  seedDiscountCode,
  startPurchaseApi,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import { seedPricedProduct, testClock } from '../../support/membershipHarness';
import { createFakePaypalSubscriptions, paypalWiringFor } from '../../support/paypalSubscriptionFakes';

const paypal = createFakePaypal();
const subscriptions = createFakePaypalSubscriptions();
useMsw(setupServer(...paypal.handlers, ...subscriptions.handlers));
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let wiring: ReturnType<typeof paypalWiringFor>;

beforeAll(async () => {
  api = await startPurchaseApi({}, { now: clock.now });
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
