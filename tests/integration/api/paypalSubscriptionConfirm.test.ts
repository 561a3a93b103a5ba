// The PayPal buttons' approved subscription confirmed by the API (docs/memberships.md, 'PayPal plans'):
// read back from PayPal before anything is released, fulfilled once whoever comes first (the browser or
// BILLING.SUBSCRIPTION.ACTIVATED), refused for another buyer, product or plan, and waited for while
// PayPal has not charged it. Only PayPal itself is faked (msw); the API, Firestore and Auth are real.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaypal,
  db,
  postJson,
  removeSeededProducts,
  startPurchaseApi,
  uniqueTag,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';
import { salesOfPlan, seedPricedProduct, testClock } from '../../support/membershipHarness';
import {
  createFakePaypalSubscriptions,
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

/** The buyer's checkout and the subscription PayPal made from it; `paid` null before PayPal charged it. */
async function approve(product: SeededProduct, paid: string | null) {
  const customer = buildCustomer();
  const opened = await postJson(`${api.url}/api/checkouts`, { productId: product.id, currency: 'USD', customer });
  const checkout = (await opened.json()) as { checkoutId: string; paypalPlanId: string };
  const subscriptionId = `I-${uniqueTag().toUpperCase()}`;
  const resource = paypalSubscriptionResource({
    id: subscriptionId,
    planId: checkout.paypalPlanId,
    checkoutId: checkout.checkoutId,
    email: customer.email,
    lastPayment: paid ? { value: paid, time: '2026-11-22T09:00:00Z' } : null,
  });
  subscriptions.subscriptions.set(subscriptionId, resource);
  return { subscriptionId, resource, customer, checkout, membershipId: `paypal_${subscriptionId}` };
}

async function confirm(subscriptionId: string, body: Record<string, unknown>) {
  const answer = await postJson(`${api.url}/api/paypal/subscriptions/${subscriptionId}/confirm`, body);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

describe("the PayPal buttons' subscription, confirmed", () => {
  it('is fulfilled once from PayPal’s own record, and the webhook after it and a second confirm change nothing', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const member = await approve(product, '5.00');
    const first = await confirm(member.subscriptionId, { productId: product.id, customer: member.customer });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ transactionId: member.membershipId, emailSent: true });
    expect(first.body.accessUrl).toMatch(/\/api\/access\//);
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({
      status: 'active',
      renewal: 'paypal',
      currency: 'USD',
      amountMinor: 500,
      payments: 1,
    });

    const again = await confirm(member.subscriptionId, { productId: product.id, customer: member.customer });
    expect(again).toEqual(first);
    // Someone who saw the subscription id gets no access link with another address.
    const stranger = await confirm(member.subscriptionId, { productId: product.id, customer: buildCustomer() });
    expect(stranger.status).toBe(409);
    expect(stranger.body).not.toHaveProperty('accessUrl');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).body.outcome).toBe(
      'applied',
    );
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({
      payments: 1,
      provider: { paypalSubscriptionId: member.subscriptionId },
    });
    expect((await salesOfPlan(member.membershipId)).map((row) => [row.id, row.membershipLabel, row.amount])).toEqual([
      [member.membershipId, 'Membership started', 5],
    ]);
  });

  it('after the webhook answers the same sale, never a second one', async () => {
    const product = await seedPricedProduct({ kind: 'instalments', count: 3 }, { priceInUsd: 90 });
    const member = await approve(product, '30.00');
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource)).body.outcome).toBe(
      'applied',
    );
    const confirmed = await confirm(member.subscriptionId, { productId: product.id, customer: member.customer });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.transactionId).toBe(member.membershipId);
    expect((await salesOfPlan(member.membershipId)).map((row) => [row.membershipLabel, row.amount])).toEqual([
      ['Instalment 1 of 3', 30],
    ]);
  });

  it('confirmed by the browser while ACTIVATED arrives is one sale and one plan', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'yearly' }, { priceInUsd: 40 });
    const member = await approve(product, '40.00');
    const [confirmed, activated] = await Promise.all([
      confirm(member.subscriptionId, { productId: product.id, customer: member.customer }),
      sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', member.resource),
    ]);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.transactionId).toBe(member.membershipId);
    expect(activated.status).toBe(200);
    expect((await salesOfPlan(member.membershipId)).map((row) => [row.id, row.amount])).toEqual([
      [member.membershipId, 40],
    ]);
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({ status: 'active', payments: 1 });
  });

  it('is refused for another buyer, another product, an unknown subscription or another plan, releasing nothing', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const other = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const member = await approve(product, '5.00');
    const stranger = await confirm(member.subscriptionId, { productId: product.id, customer: buildCustomer() });
    expect(stranger.status).toBe(409);
    expect(await confirm(member.subscriptionId, { productId: other.id, customer: member.customer })).toEqual({
      status: 409,
      body: { message: 'This payment reference belongs to another product.' },
    });
    expect(await confirm('I-UNKNOWN0000', { productId: product.id, customer: member.customer })).toEqual({
      status: 402,
      body: { message: 'PayPal has no subscription with this id.' },
    });
    // A subscription the buyer made on another product's plan, naming this checkout.
    const otherPlan = await wiring.plans.ensurePaypalPlan(other.id);
    subscriptions.subscriptions.set(member.subscriptionId, { ...member.resource, plan_id: otherPlan ?? '' });
    expect(await confirm(member.subscriptionId, { productId: product.id, customer: member.customer })).toEqual({
      status: 402,
      body: { message: 'This PayPal subscription is not on this product’s plan.' },
    });
    expect(await wiring.memberships.get(member.membershipId)).toBeNull();
    expect((await db.doc(`transactions/${member.membershipId}`).get()).exists).toBe(false);
  });

  it('that paid less than the checkout is kept under Needs attention, releasing nothing', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const member = await approve(product, '3.00');
    const kept = await confirm(member.subscriptionId, { productId: product.id, customer: member.customer });
    expect(kept.status).toBe(202);
    expect(kept.body).toMatchObject({ paymentIssue: true });
    expect(kept.body).not.toHaveProperty('accessUrl');
    expect(await wiring.memberships.get(member.membershipId)).toBeNull();
    expect((await db.doc(`transactions/${member.membershipId}`).get()).exists).toBe(false);
  });

  it('not yet charged: the checkout waits, and the webhook that finds it paid completes the wait', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInUsd: 5 });
    const member = await approve(product, null);
    const waiting = await confirm(member.subscriptionId, { productId: product.id, customer: member.customer });
    expect(waiting.status).toBe(202);
    expect(waiting.body).toMatchObject({
      pending: true,
      checkoutId: member.checkout.checkoutId,
      status: { state: 'waiting', kind: 'paypal', amount: 5, currency: 'USD' },
    });
    expect(await wiring.memberships.get(member.membershipId)).toBeNull();

    const charged = paypalSubscriptionResource({
      id: member.subscriptionId,
      planId: member.checkout.paypalPlanId,
      checkoutId: member.checkout.checkoutId,
      email: member.customer.email,
      lastPayment: { value: '5.00', time: '2026-11-22T09:02:00Z' },
    });
    subscriptions.subscriptions.set(member.subscriptionId, charged);
    expect((await sendPaypalEvent(api.url, 'BILLING.SUBSCRIPTION.ACTIVATED', charged)).body.outcome).toBe('applied');
    const token = String(waiting.body.waitToken);
    const status = await fetch(`${api.url}/api/checkouts/${member.checkout.checkoutId}/status?t=${token}`);
    expect(await status.json()).toMatchObject({ state: 'paid', kind: 'paypal', amount: 5 });
    expect(await wiring.memberships.get(member.membershipId)).toMatchObject({ status: 'active', payments: 1 });
  });
});
