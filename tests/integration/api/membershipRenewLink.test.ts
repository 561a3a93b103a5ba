// An ended plan's renew link against the local cloud (docs/memberships.md, 'Access follows the plan'):
// the access page of a plan whose grace is over says 'Your membership ended on {date}' with the plan's
// transfer link; paid, the plan reopens and the same page opens again. The library's Renew follows the
// same link. Only Paystack itself is faked (msw); the API's clock is injected.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryGet, libraryPost, signIn } from '../../support/libraryHarness';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaystack,
  paidCharge,
  paystackTransactionData,
  postJson,
  removeSeededProducts,
  startPurchaseApi,
  type PaystackCharge,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import { seedPricedProduct, testClock } from '../../support/membershipHarness';
import {
  createFakePaystackSubscriptions,
  paystackWiringFor,
  sendPaystackEvent,
} from '../../support/paystackSubscriptionFakes';

const paystack = createFakePaystack();
const subscriptions = createFakePaystackSubscriptions();
useMsw(setupServer(...paystack.handlers, ...subscriptions.handlers));
// The fake Paystack's charges are paid at 09:00:05 UTC on 22 November 2026.
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let wiring: ReturnType<typeof paystackWiringFor>;

beforeAll(async () => {
  api = await startPurchaseApi({ SIGNIN_RATE_LIMIT: '1000' }, { now: clock.now });
  wiring = paystackWiringFor(api.url, clock.now);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

/** A monthly ₦5,000 membership bought through POST /api/orders, its renewal failed and its grace over. */
async function anEndedMembership() {
  const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
  clock.set('2026-11-22T09:00:00.000Z');
  const customer = buildCustomer();
  const charge = await paidCharge(api.url, product, customer, { amount: 500000 });
  paystack.charges.set(charge.reference, charge);
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'paystack',
    reference: charge.reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  const { transactionId, accessUrl } = (await response.json()) as { transactionId: string; accessUrl: string };
  clock.set('2026-12-22T09:30:00.000Z');
  expect(await wiring.memberships.fail(transactionId)).toMatchObject({ kind: 'changed' });
  clock.set('2026-12-28T10:00:00.000Z');
  return { customer, planId: transactionId, accessUrl, productId: product.id };
}

/** The renew link's address on the access page; '' when the page has none. */
function renewLinkOf(html: string): string {
  const found = /<a href="([^"]+)">Renew and pay for the next period<\/a>/.exec(html);
  return (found?.[1] ?? '').replaceAll('&amp;', '&');
}

/** The buyer pays Paystack's page for the period by bank transfer; Paystack reports charge.success. */
async function paidByTransfer(initialize: Record<string, unknown>, email: string, paidAt: string) {
  const charge: PaystackCharge = {
    reference: String(initialize.reference),
    status: 'success',
    amount: Number(initialize.amount),
    currency: 'NGN',
    metadata: initialize.metadata,
    customerEmail: email,
    paidAt,
    createdAt: paidAt,
    channel: 'bank_transfer',
  };
  paystack.charges.set(charge.reference, charge);
  expect((await sendPaystackEvent(api.url, 'charge.success', paystackTransactionData(charge))).status).toBe(200);
}

describe("an ended plan's renew link", () => {
  it('is on the access page with the end date, opens the period at Paystack, and once paid the page opens again', async () => {
    const { customer, planId, accessUrl } = await anEndedMembership();

    const ended = await fetch(accessUrl);
    expect(ended.status).toBe(410);
    const html = await ended.text();
    expect(html).toContain('Your membership ended on 27 December 2026.');
    const link = renewLinkOf(html);
    expect(link).toBe(wiring.transfers.linkFor(planId));
    expect(link.startsWith(`${api.url}/api/memberships/${planId}/pay/`)).toBe(true);

    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')?.startsWith('https://checkout.paystack.com/')).toBe(true);
    const initialize = subscriptions.initialized.at(-1) ?? {};
    expect(initialize).toMatchObject({ email: customer.email, amount: 500000, metadata: { membershipId: planId } });

    await paidByTransfer(initialize, customer.email, '2026-12-28T10:05:00.000Z');
    expect(await wiring.memberships.get(planId)).toMatchObject({
      status: 'active',
      renewal: 'transfer',
      payments: 2,
      paidThrough: '2027-01-28T10:05:00.000Z',
    });
    const reopened = await fetch(accessUrl);
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).not.toContain('Renew and pay for the next period');
  });

  it("is the library's Renew of the ended plan, which lists it as ended and its purchase as ended", async () => {
    const { customer, planId, productId } = await anEndedMembership();
    // The sweep's step, limited to this test's product on the shared database.
    const ended = await wiring.memberships.endDue((id) => id === productId);
    expect(ended.map((plan) => plan.id)).toEqual([planId]);
    const cookie = await signIn(api.url, customer.email);

    const plans = (await (await libraryGet(api.url, '/memberships', cookie)).json()) as {
      memberships: { id: string; status: string; endedAt: string | null }[];
    };
    expect(plans.memberships.map((plan) => [plan.id, plan.status, plan.endedAt])).toEqual([
      [planId, 'ended', '2026-12-27T09:30:00.000Z'],
    ]);
    const purchases = (await (await libraryGet(api.url, '/purchases', cookie)).json()) as {
      purchases: { id: string; state: string }[];
    };
    expect(purchases.purchases.map((purchase) => [purchase.id, purchase.state])).toEqual([[planId, 'accessEnded']]);

    const renew = await libraryPost(api.url, `/memberships/${planId}/pay-by-transfer`, cookie);
    expect(renew.status).toBe(200);
    expect(await renew.json()).toEqual({ url: wiring.transfers.linkFor(planId) });
  });
});
