// Renewal by transfer against the local cloud (docs/memberships.md, 'Renewal by transfer'): the library
// gives the plan's link, the link opens Paystack's checkout page for one period, and the payment
// Paystack reports extends the plan once; a card member who pays so stops renewing by card. The
// library's manage link for a card plan. Only Paystack itself is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryPost, signIn } from '../../support/libraryHarness';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaystack,
  paymentIssueOf,
  paystackTransactionData,
  removeSeededProducts,
  startPurchaseApi,
  transactionsFor,
  uniqueTag,
  type PaystackCharge,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';
import { salesOfPlan, seedPricedProduct, testClock } from '../../support/membershipHarness';
import {
  createFakePaystackSubscriptions,
  firstPaymentOf,
  invoiceData,
  paystackWiringFor,
  sendPaystackEvent,
} from '../../support/paystackSubscriptionFakes';

const paystack = createFakePaystack();
const subscriptions = createFakePaystackSubscriptions();
useMsw(setupServer(...paystack.handlers, ...subscriptions.handlers));
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let wiring: ReturnType<typeof paystackWiringFor>;

beforeAll(async () => {
  api = await startPurchaseApi({}, { now: clock.now });
  wiring = paystackWiringFor(api.url, clock.now);
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

/** A reference of the renewal checkouts' shape, 'rn-' and 20 hex digits, no other test uses. */
const renewalReference = () => `rn-${uniqueTag()}${uniqueTag().slice(0, 8)}`;

const member = (product: SeededProduct, amountKobo: number, byCard: boolean) =>
  firstPaymentOf(
    { apiUrl: api.url, wiring, paystack, setClock: (iso: string) => clock.set(iso) },
    product,
    amountKobo,
    byCard,
  );

/** The library's pay-by-transfer link of the plan, opened: where it sends the buyer, and what Paystack was asked. */
async function openTransferLink(id: string, cookie: string) {
  const asked = await libraryPost(api.url, `/memberships/${id}/pay-by-transfer`, cookie);
  expect(asked.status).toBe(200);
  const { url } = (await asked.json()) as { url: string };
  expect(url.startsWith(`${api.url}/api/memberships/${id}/pay/`)).toBe(true);
  const opened = await fetch(url, { redirect: 'manual' });
  expect(opened.status).toBe(303);
  const initialize = subscriptions.initialized.at(-1) ?? {};
  return { location: opened.headers.get('location') ?? '', initialize, url };
}

/** The buyer pays Paystack's page by bank transfer at `paidAt`; Paystack reports charge.success. */
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
  const answer = await sendPaystackEvent(api.url, 'charge.success', paystackTransactionData(charge));
  expect(answer.status).toBe(200);
  return charge;
}

describe('a member who renews by transfer', () => {
  it("pays the next period through the library's link: one sale, one period, however often reported", async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const plan = await member(product, 500000, false);
    const cookie = await signIn(api.url, plan.customer.email);

    clock.set('2026-12-18T10:00:00.000Z');
    const { location, initialize } = await openTransferLink(plan.id, cookie);
    expect(location.startsWith('https://checkout.paystack.com/')).toBe(true);
    expect(initialize).toMatchObject({
      email: plan.customer.email,
      amount: 500000,
      currency: 'NGN',
      callback_url: `${api.url}/library`,
      metadata: { membershipId: plan.id },
    });
    expect(String(initialize.reference)).toMatch(/^rn-[0-9a-f]{20}$/);

    const charge = await paidByTransfer(initialize, plan.customer.email, '2026-12-18T10:05:00.000Z');
    await sendPaystackEvent(api.url, 'charge.success', paystackTransactionData(charge));
    expect(await transactionsFor(charge.reference)).toHaveLength(1);
    expect(await wiring.memberships.get(plan.id)).toMatchObject({
      status: 'active',
      renewal: 'transfer',
      payments: 2,
      paidThrough: '2027-01-22T09:00:05.000Z',
    });
    expect((await salesOfPlan(plan.id)).map((sale) => sale.membershipLabel)).toEqual([
      'Membership started',
      'Renewal 1 of ∞',
    ]);
    // There is no card to update on a plan paid by transfer.
    const manage = await libraryPost(api.url, `/memberships/${plan.id}/manage-link`, cookie);
    expect(manage.status).toBe(409);
    expect(await manage.json()).toEqual({ message: 'This plan is not paid by card, so there is no card to update.' });
  });

  it('refuses the link and the library routes to anyone else, in words', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const plan = await member(product, 500000, false);
    const stranger = buildCustomer();
    const cookie = await signIn(api.url, stranger.email);
    for (const path of ['pay-by-transfer', 'manage-link']) {
      const refused = await libraryPost(api.url, `/memberships/${plan.id}/${path}`, cookie);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: 'This plan is not in your library.' });
    }
    const signedOut = await libraryPost(api.url, `/memberships/${plan.id}/pay-by-transfer`, '');
    expect(signedOut.status).toBe(401);

    const before = subscriptions.initialized.length;
    const forged = await fetch(`${api.url}/api/memberships/${plan.id}/pay/${'A'.repeat(43)}`, { redirect: 'manual' });
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain('This payment link is not valid. Open your library to pay your membership.');
    expect(subscriptions.initialized.length).toBe(before);
  });

  it('keeps a transfer payment naming no plan of the store under Needs attention', async () => {
    const email = buildCustomer().email;
    const charge = await paidByTransfer(
      { reference: renewalReference(), amount: 500000, metadata: { membershipId: 'paystack_nosuchplan' } },
      email,
      '2026-12-18T10:05:00.000Z',
    );
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({
      amount: 5000,
      reason: 'A renewal paid by transfer the store cannot apply: The plan it names does not exist.',
      customer: { email },
    });
    expect(await transactionsFor(charge.reference)).toEqual([]);
  });
});

describe('a card member whose renewal failed', () => {
  it('updates the card through the library, or pays by transfer and renews by transfer from then on', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const plan = await member(product, 500000, true);
    const cookie = await signIn(api.url, plan.customer.email);
    const manage = await libraryPost(api.url, `/memberships/${plan.id}/manage-link`, cookie);
    expect(await manage.json()).toEqual({
      url: `https://paystack.com/manage/subscriptions/${plan.code}?subscription_token=x`,
    });

    clock.set('2026-12-22T00:10:00.000Z');
    const failed = invoiceData(plan.code, plan.customer.email, { reference: '', amount: 500000, status: 'failed' });
    expect((await sendPaystackEvent(api.url, 'invoice.payment_failed', failed)).status).toBe(200);
    expect(await wiring.memberships.get(plan.id)).toMatchObject({ status: 'pastDue' });

    // A month on, the buyer signs in to the library again.
    clock.set('2026-12-23T08:00:00.000Z');
    const before = subscriptions.toggles.length;
    const { initialize } = await openTransferLink(
      plan.id,
      await signIn(api.url, plan.customer.email, { mailCount: 2 }),
    );
    await paidByTransfer(initialize, plan.customer.email, '2026-12-23T08:05:00.000Z');
    expect(await wiring.memberships.get(plan.id)).toMatchObject({
      status: 'active',
      renewal: 'transfer',
      provider: { subscriptionCode: null, emailToken: null },
      payments: 2,
      paidThrough: '2027-01-22T09:00:05.000Z',
    });
    expect(subscriptions.toggles.slice(before)).toEqual([
      { path: '/subscription/disable', code: plan.code, token: `tok_${plan.code}` },
    ]);
    // Paystack's own disable, which follows, changes nothing: the plan no longer holds that subscription.
    const disabled = await sendPaystackEvent(api.url, 'subscription.disable', {
      subscription_code: plan.code,
      status: 'cancelled',
    });
    expect(await disabled.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await wiring.memberships.get(plan.id)).toMatchObject({ status: 'active' });
  });
});

describe('a completed instalment plan', () => {
  it('opens no checkout: the link says it is paid in full', async () => {
    const product = await seedPricedProduct({ kind: 'instalments', count: 2 }, { priceInNgn: 100000 });
    const plan = await member(product, 5000000, false);
    expect(
      await wiring.memberships.renew({
        membershipId: plan.id,
        provider: 'paystack',
        reference: renewalReference(),
        amountMinor: 5000000,
        currency: 'NGN',
        paidAt: '2026-12-20T10:00:00.000Z',
      }),
    ).toMatchObject({ kind: 'sale' });
    const cookie = await signIn(api.url, plan.customer.email);
    const asked = await libraryPost(api.url, `/memberships/${plan.id}/pay-by-transfer`, cookie);
    expect(asked.status).toBe(409);
    expect(await asked.json()).toEqual({ message: 'This instalment plan is already paid in full.' });
    const link = wiring.transfers.linkFor(plan.id);
    const opened = await fetch(link, { redirect: 'manual' });
    expect(opened.status).toBe(409);
    expect(await opened.text()).toContain('This instalment plan is already paid in full.');
  });
});

describe('the link in demo mode (no Paystack)', () => {
  it('offers the demo payment, which renews the plan by one period', async () => {
    const demoApi = await startPurchaseApi({ PAYSTACK_SECRET_KEY: '', DEMO_PAYMENTS: 'true' }, { now: clock.now });
    try {
      const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
      const plan = await member(product, 500000, false);
      const path = new URL(wiring.transfers.linkFor(plan.id)).pathname;
      clock.set('2026-12-20T10:00:00.000Z');
      const opened = await fetch(`${demoApi.url}${path}`);
      expect(opened.status).toBe(200);
      const html = await opened.text();
      expect(html).toContain('Demo payment: no money is taken.');
      expect(html).toContain('<button type="submit">Complete demo payment of ₦5,000</button>');

      const paid = await fetch(`${demoApi.url}${path}`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${demoApi.url}/library`);
      expect(await wiring.memberships.get(plan.id)).toMatchObject({
        status: 'active',
        payments: 2,
        paidThrough: '2027-01-22T09:00:05.000Z',
      });
      const sales = await salesOfPlan(plan.id);
      expect(sales.map((sale) => [sale.membershipLabel, sale.paymentMethod])).toEqual([
        ['Membership started', 'Paystack'],
        ['Renewal 1 of ∞', 'Demo'],
      ]);
    } finally {
      await demoApi.close();
    }
  });
});
