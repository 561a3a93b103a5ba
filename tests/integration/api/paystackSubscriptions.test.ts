// Paystack plans and subscriptions against the local cloud (docs/memberships.md, 'Paystack'): the plan a
// product's price needs, made once per price; the subscription Paystack starts with the first payment,
// attached to the plan; its renewals, failures and stops as Paystack's signed events report them,
// replayed and out of order; a cancel and resume asked of Paystack. Only Paystack itself is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaystack,
  db,
  mailsMatching,
  paidCharge,
  paymentIssueOf,
  postJson,
  removeSeededProducts,
  seedDiscountCode,
  startPurchaseApi,
  toAddress,
  transactionsFor,
  uniqueTag,
  type PurchaseApi,
  type SeededProduct,
} from '../../support/purchaseHarness';
import { salesOfPlan, seedPricedProduct, testClock } from '../../support/membershipHarness';
import {
  createFakePaystackSubscriptions,
  expiringCardsData,
  firstPaymentOf,
  invoiceData,
  paystackWiringFor,
  renewalCharge,
  renewalChargeData,
  sendPaystackEvent,
  subscriptionData,
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

/** A card member: the plan made, the first payment through POST /api/orders, Paystack's subscription attached. */
const cardMember = (product: SeededProduct, amountKobo: number) =>
  firstPaymentOf(
    { apiUrl: api.url, wiring, paystack, setClock: (iso: string) => clock.set(iso) },
    product,
    amountKobo,
    true,
  );

/** Paystack's renewal charge at `paidAt`, reported by charge.success. */
async function renewedByCard(
  member: { planCode: string; customer: { email: string } },
  paidAt: string,
  amount = 500000,
) {
  const charge = renewalCharge(member.customer.email, paidAt, amount);
  paystack.charges.set(charge.reference, charge);
  const answer = await sendPaystackEvent(api.url, 'charge.success', renewalChargeData(charge, member.planCode));
  expect(answer.status).toBe(200);
  return charge;
}

describe("a product's Paystack plan", () => {
  it('is made once for a monthly price, again when the price changes, and counts the instalments', async () => {
    const monthly = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const before = subscriptions.plans.length;
    const first = await wiring.plans.ensurePaystackPlan(monthly.id);
    expect(await wiring.plans.ensurePaystackPlan(monthly.id)).toBe(first);
    expect(subscriptions.plans.slice(before)).toEqual([
      { name: `${monthly.title} — ₦5,000 / month`, interval: 'monthly', amount: 500000, currency: 'NGN' },
    ]);

    await db.doc(`products/${monthly.id}`).update({ priceInNgn: 6000 });
    const second = await wiring.plans.ensurePaystackPlan(monthly.id);
    expect(second).not.toBe(first);
    expect(subscriptions.plans.slice(before + 1)).toEqual([
      { name: `${monthly.title} — ₦6,000 / month`, interval: 'monthly', amount: 600000, currency: 'NGN' },
    ]);
    const stored = (await db.doc(`providerPlans/${monthly.id}`).get()).data();
    expect(stored).toMatchObject({
      paystack: { planCode: second, interval: 'monthly', amountMinor: 600000, invoiceLimit: null },
      paystackPlanCodes: [first, second],
    });
    // A renewal of a member of the old price still finds the product.
    expect(await wiring.plans.productOfPaystackPlan(first ?? '')).toBe(monthly.id);

    const yearly = await seedPricedProduct({ kind: 'membership', interval: 'yearly' }, { priceInNgn: 48000 });
    const instalments = await seedPricedProduct({ kind: 'instalments', count: 3 }, { priceInNgn: 150000 });
    await wiring.plans.ensurePaystackPlan(yearly.id);
    await wiring.plans.ensurePaystackPlan(instalments.id);
    expect(subscriptions.plans.slice(before + 2)).toEqual([
      { name: `${yearly.title} — ₦48,000 / year`, interval: 'annually', amount: 4800000, currency: 'NGN' },
      {
        name: `${instalments.title} — 3 × ₦50,000`,
        interval: 'monthly',
        amount: 5000000,
        currency: 'NGN',
        invoice_limit: 3,
      },
    ]);
    const once = await seedPricedProduct({ kind: 'once' });
    expect(await wiring.plans.ensurePaystackPlan(once.id)).toBeNull();
  });
});

describe('a monthly card membership', () => {
  it('renews three times (three sales, one plan), fails, ends after the grace, and reopens when paid by transfer', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const member = await cardMember(product, 500000);
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      renewal: 'card',
      provider: { subscriptionCode: member.code, emailToken: `tok_${member.code}`, paypalSubscriptionId: null },
    });

    for (const paidAt of ['2026-12-22T00:10:00.000Z', '2027-01-22T00:10:00.000Z', '2027-02-22T00:10:00.000Z']) {
      clock.set(paidAt);
      const charge = await renewedByCard(member, paidAt);
      // Paystack reports the same charge again as its paid invoice: still one sale.
      const invoice = await sendPaystackEvent(
        api.url,
        'invoice.update',
        invoiceData(member.code, member.customer.email, { ...charge, status: 'success' }),
      );
      expect(invoice.status).toBe(200);
    }
    const sales = await salesOfPlan(member.id);
    expect(sales.map((sale) => [sale.membershipLabel, sale.amount])).toEqual([
      ['Membership started', 5000],
      ['Renewal 1 of ∞', 5000],
      ['Renewal 2 of ∞', 5000],
      ['Renewal 3 of ∞', 5000],
    ]);
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      status: 'active',
      payments: 4,
      paidThrough: '2027-03-22T09:00:05.000Z',
    });

    clock.set('2027-03-22T00:10:00.000Z');
    const failed = invoiceData(member.code, member.customer.email, { reference: '', amount: 500000, status: 'failed' });
    expect((await sendPaystackEvent(api.url, 'invoice.payment_failed', failed)).status).toBe(200);
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      status: 'pastDue',
      graceEndsAt: '2027-03-27T09:00:05.000Z',
    });
    // Paystack's retry fails again: the grace does not move.
    clock.set('2027-03-24T00:10:00.000Z');
    expect((await sendPaystackEvent(api.url, 'invoice.payment_failed', failed)).status).toBe(200);
    expect(await wiring.memberships.get(member.id)).toMatchObject({ graceEndsAt: '2027-03-27T09:00:05.000Z' });

    clock.set('2027-03-27T09:00:05.000Z');
    expect((await wiring.memberships.endDue((id) => id === product.id)).map((plan) => plan.id)).toEqual([member.id]);
    expect(await wiring.memberships.get(member.id)).toMatchObject({ status: 'ended' });

    clock.set('2027-04-02T10:00:00.000Z');
    const transfer = {
      membershipId: member.id,
      provider: 'paystack' as const,
      reference: `ds-${uniqueTag()}`,
      amountMinor: 500000,
      currency: 'NGN' as const,
      paidAt: '2027-04-02T10:00:00.000Z',
    };
    expect(await wiring.memberships.renew(transfer)).toMatchObject({ kind: 'sale' });
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      status: 'active',
      payments: 5,
      billingDay: 2,
      paidThrough: '2027-05-02T10:00:00.000Z',
    });
  });

  it('applies events replayed and out of order once: a paid invoice before its charge, a failure of a period paid since', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const member = await cardMember(product, 500000);
    // subscription.create again: the plan keeps its subscription.
    const again = await sendPaystackEvent(
      api.url,
      'subscription.create',
      subscriptionData(member.code, member.planCode, member.customer.email),
    );
    expect(await again.json()).toEqual({ received: true, outcome: 'ignored' });

    clock.set('2026-12-22T00:10:00.000Z');
    const charge = renewalCharge(member.customer.email, '2026-12-22T00:10:00.000Z');
    paystack.charges.set(charge.reference, charge);
    const paidInvoice = invoiceData(member.code, member.customer.email, { ...charge, status: 'success' });
    await Promise.all([
      sendPaystackEvent(api.url, 'invoice.update', paidInvoice),
      sendPaystackEvent(api.url, 'charge.success', renewalChargeData(charge, member.planCode)),
    ]);
    await sendPaystackEvent(api.url, 'charge.success', renewalChargeData(charge, member.planCode));
    expect(await transactionsFor(charge.reference)).toHaveLength(1);

    // The failure of the invoice the charge above paid comes late.
    clock.set('2026-12-22T03:00:00.000Z');
    const failed = invoiceData(member.code, member.customer.email, { reference: '', amount: 500000, status: 'failed' });
    expect(await (await sendPaystackEvent(api.url, 'invoice.payment_failed', failed)).json()).toEqual({
      received: true,
      outcome: 'ignored',
    });
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      status: 'active',
      payments: 2,
      paidThrough: '2027-01-22T09:00:05.000Z',
    });
  });

  it('waits for the first payment when subscription.create comes before it', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const planCode = (await wiring.plans.ensurePaystackPlan(product.id)) ?? '';
    clock.set('2026-11-22T09:00:00.000Z');
    const customer = buildCustomer();
    const code = `SUB_${uniqueTag()}`;
    const early = await sendPaystackEvent(
      api.url,
      'subscription.create',
      subscriptionData(code, planCode, customer.email),
    );
    expect(early.status).toBe(500);

    const charge = await paidCharge(api.url, product, customer, { amount: 500000 });
    paystack.charges.set(charge.reference, charge);
    const body = {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    };
    expect((await postJson(`${api.url}/api/orders`, body)).status).toBe(200);
    const sentAgain = await sendPaystackEvent(
      api.url,
      'subscription.create',
      subscriptionData(code, planCode, customer.email),
    );
    expect(sentAgain.status).toBe(200);
    expect(await wiring.memberships.get(`paystack_${charge.reference}`)).toMatchObject({
      renewal: 'card',
      provider: { subscriptionCode: code },
    });
  });

  it('is cancelled at the period end when Paystack stops it, and the buyer cancel and resume are asked of Paystack', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const member = await cardMember(product, 500000);

    clock.set('2026-12-01T12:00:00.000Z');
    const before = subscriptions.toggles.length;
    expect(await wiring.memberships.cancel(member.id, 'periodEnd')).toMatchObject({
      kind: 'changed',
      membership: { status: 'cancelled', nextPaymentAt: null },
    });
    clock.set('2026-12-05T12:00:00.000Z');
    expect(await wiring.memberships.resume(member.id)).toMatchObject({
      kind: 'changed',
      membership: { status: 'active' },
    });
    expect(subscriptions.toggles.slice(before)).toEqual([
      { path: '/subscription/disable', code: member.code, token: `tok_${member.code}` },
      { path: '/subscription/enable', code: member.code, token: `tok_${member.code}` },
    ]);

    const stopped = subscriptionData(member.code, member.planCode, member.customer.email, { status: 'non-renewing' });
    expect((await sendPaystackEvent(api.url, 'subscription.not_renew', stopped)).status).toBe(200);
    expect((await sendPaystackEvent(api.url, 'subscription.disable', { ...stopped, status: 'cancelled' })).status).toBe(
      200,
    );
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      status: 'cancelled',
      cancelledAt: '2026-12-05T12:00:00.000Z',
    });
    clock.set('2026-12-22T09:00:04.000Z');
    expect(await wiring.memberships.accessOf({ membershipId: member.id })).toEqual({ open: true });
    // Nothing more was asked of Paystack: it stopped the subscription itself.
    expect(subscriptions.toggles.slice(before)).toHaveLength(2);
  });

  it('e-mails the buyer once when Paystack says the card expires, with the link to update it', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const member = await cardMember(product, 500000);
    const cards = expiringCardsData(member.code, member.customer.email, member.planCode);
    expect((await sendPaystackEvent(api.url, 'subscription.expiring_cards', cards)).status).toBe(200);
    expect((await sendPaystackEvent(api.url, 'subscription.expiring_cards', cards)).status).toBe(200);
    const expiring = (mail: CaughtMail) =>
      toAddress(member.customer.email)(mail) && mail.subject.startsWith('Your card is about to expire');
    const mails = await mailsMatching(expiring);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`The visa card that pays for ${product.title} expires 12/2026.`);
    expect(mails[0]?.text).toContain(`Update your card: https://paystack.com/manage/subscriptions/${member.code}`);
    expect(await wiring.memberships.manageLink(member.id)).toBe(
      `https://paystack.com/manage/subscriptions/${member.code}?subscription_token=x`,
    );
  });
});

describe('an instalment plan of 3 by card', () => {
  it('completes with the third charge, keeps access, and stays completed when Paystack ends the subscription', async () => {
    const product = await seedPricedProduct({ kind: 'instalments', count: 3 }, { priceInNgn: 150000 });
    const member = await cardMember(product, 5000000);
    for (const paidAt of ['2026-12-22T00:10:00.000Z', '2027-01-22T00:10:00.000Z']) {
      clock.set(paidAt);
      await renewedByCard(member, paidAt, 5000000);
    }
    const done = subscriptionData(member.code, member.planCode, member.customer.email, { status: 'complete' });
    expect((await sendPaystackEvent(api.url, 'subscription.disable', done)).status).toBe(200);
    expect(await wiring.memberships.get(member.id)).toMatchObject({
      status: 'completed',
      instalments: { total: 3, paid: 3 },
    });
    expect((await salesOfPlan(member.id)).map((sale) => sale.membershipLabel)).toEqual([
      'Instalment 1 of 3',
      'Instalment 2 of 3',
      'Instalment 3 of 3',
    ]);
    clock.set('2030-01-01T00:00:00.000Z');
    expect(await wiring.memberships.accessOf({ membershipId: member.id })).toEqual({ open: true });
  });
});

describe('a renewal the store cannot match', () => {
  it('is kept under Needs attention, never dropped', async () => {
    clock.set('2026-12-22T00:10:00.000Z');
    const email = buildCustomer().email;
    const charge = renewalCharge(email, '2026-12-22T00:10:00.000Z');
    paystack.charges.set(charge.reference, charge);
    const answer = await sendPaystackEvent(
      api.url,
      'invoice.update',
      invoiceData(`SUB_${uniqueTag()}`, email, {
        ...charge,
        status: 'success',
      }),
    );
    expect(answer.status).toBe(200);
    expect(await paymentIssueOf('paystack', charge.reference)).toMatchObject({
      amount: 5000,
      currency: 'NGN',
      reason: 'A subscription renewal the store cannot match to a plan.',
      customer: { email },
    });
    expect(await transactionsFor(charge.reference)).toEqual([]);

    const stray = renewalCharge(email, '2026-12-22T00:10:00.000Z');
    paystack.charges.set(stray.reference, stray);
    const unknownPlan = await sendPaystackEvent(
      api.url,
      'charge.success',
      renewalChargeData(stray, `PLN_${uniqueTag()}`),
    );
    expect(unknownPlan.status).toBe(200);
    expect(await paymentIssueOf('paystack', stray.reference)).toMatchObject({
      reason: 'A subscription renewal the store cannot match to a plan.',
    });
  });
});

describe("the checkout's plan", () => {
  it('carries the Paystack plan for a card renewal, and none by transfer, with a discount or for a product sold once', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    clock.set('2026-11-22T09:00:00.000Z');
    const open = async (body: Record<string, unknown>) => {
      const answer = await postJson(`${api.url}/api/checkouts`, {
        currency: 'NGN',
        customer: buildCustomer(),
        ...body,
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const byCard = await open({ productId: product.id, renewBy: 'card' });
    expect(byCard.status).toBe(201);
    const planCode = await wiring.plans.ensurePaystackPlan(product.id);
    expect(byCard.body).toMatchObject({ amount: 5000, paystackPlan: planCode });
    // Without renewBy (a client that does not ask), the plan renews by transfer.
    expect((await open({ productId: product.id })).body.paystackPlan).toBeUndefined();

    expect((await open({ productId: product.id, renewBy: 'transfer' })).body.paystackPlan).toBeUndefined();
    const code = await seedDiscountCode('PLANS');
    const discounted = await open({ productId: product.id, renewBy: 'card', code });
    expect(discounted.body).toMatchObject({ amount: 4250, listPrice: 5000 });
    expect(discounted.body.paystackPlan).toBeUndefined();
    const once = await seedPricedProduct({ kind: 'once' });
    expect((await open({ productId: once.id, renewBy: 'card' })).body.paystackPlan).toBeUndefined();

    expect(await open({ productId: product.id, renewBy: 'cash' })).toEqual({
      status: 400,
      body: { message: 'Choose how to renew: by card or by transfer.' },
    });
  });
});
