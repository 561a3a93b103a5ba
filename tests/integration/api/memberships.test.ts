// Memberships and instalment plans against the local cloud (docs/memberships.md): the first payment
// through POST /api/orders starts the plan in the sale's transaction; later payments, failures,
// cancels and the end after the grace go through the memberships service on the same Firestore, with
// the clock injected. Only Paystack itself is faked (msw).
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useMsw } from '../../support/msw';
import {
  buildCustomer,
  createFakePaystack,
  paidCharge,
  postJson,
  removeSeededProducts,
  seedDiscountCode,
  startPurchaseApi,
  transactionsFor,
  unissuedCharge,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import {
  membershipsFor,
  salesOfPlan,
  seedPricedProduct,
  storedMembership,
  testClock,
} from '../../support/membershipHarness';
import type { Memberships } from '../../../server/memberships/memberships';
import type { SeededProduct } from '../../support/purchaseHarness';

const paystack = createFakePaystack();
useMsw(setupServer(...paystack.handlers));
// The fake Paystack's charges are paid at 09:00:05 UTC on 22 November 2026 (10:00:05 in Lagos).
const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;
let memberships: Memberships;

beforeAll(async () => {
  api = await startPurchaseApi({}, { now: clock.now });
  ({ memberships } = membershipsFor(api.url, clock.now));
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

/** The first payment, as the payment dialog and POST /api/orders make it; answers the plan's id. */
async function firstPayment(product: SeededProduct, amountKobo: number): Promise<string> {
  clock.set('2026-11-22T09:00:00.000Z');
  const customer = buildCustomer();
  const charge = await paidCharge(api.url, product, customer, { amount: amountKobo });
  paystack.charges.set(charge.reference, charge);
  const response = await postJson(`${api.url}/api/orders`, {
    provider: 'paystack',
    reference: charge.reference,
    productId: product.id,
    currency: 'NGN',
    customer,
  });
  expect(response.status).toBe(200);
  return `paystack_${charge.reference}`;
}

function renewal(
  membershipId: string,
  paidAt: string,
  overrides: { amountMinor?: number; currency?: 'NGN' | 'USD' } = {},
) {
  return {
    membershipId,
    provider: 'paystack' as const,
    reference: `R${uniqueTag()}`,
    amountMinor: 500000,
    currency: 'NGN' as const,
    paidAt,
    ...overrides,
  };
}

describe('a monthly membership', () => {
  it('starts with its first payment and renews three times: four sales of one plan, labelled', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const id = await firstPayment(product, 500000);
    expect(await memberships.get(id)).toMatchObject({
      productId: product.id,
      kind: 'membership',
      status: 'active',
      amountMinor: 500000,
      currency: 'NGN',
      renewal: 'transfer',
      billingDay: 22,
      payments: 1,
      paidThrough: '2026-12-22T09:00:05.000Z',
      firstTransactionId: id,
    });

    for (const paidAt of ['2026-12-22T09:00:10.000Z', '2027-01-22T09:00:10.000Z', '2027-02-22T09:00:10.000Z']) {
      const outcome = await memberships.renew(renewal(id, paidAt));
      expect(outcome.kind).toBe('sale');
    }
    expect(await memberships.get(id)).toMatchObject({
      status: 'active',
      payments: 4,
      paidThrough: '2027-03-22T09:00:05.000Z',
      nextPaymentAt: '2027-03-22T09:00:05.000Z',
    });
    const sales = await salesOfPlan(id);
    expect(sales.map((sale) => [sale.membershipPayment, sale.membershipLabel, sale.amount])).toEqual([
      [1, 'Membership started', 5000],
      [2, 'Renewal 1 of ∞', 5000],
      [3, 'Renewal 2 of ∞', 5000],
      [4, 'Renewal 3 of ∞', 5000],
    ]);
  });

  it('applies a renewal reported twice once: one sale, one period', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const id = await firstPayment(product, 500000);
    const payment = renewal(id, '2026-12-22T09:00:10.000Z');
    const [first, second] = await Promise.all([memberships.renew(payment), memberships.renew(payment)]);
    expect([first.kind, second.kind]).toEqual(['sale', 'sale']);
    expect(await memberships.renew(payment)).toMatchObject({ kind: 'sale' });
    expect(await transactionsFor(payment.reference)).toHaveLength(1);
    expect(await memberships.get(id)).toMatchObject({ payments: 2, paidThrough: '2027-01-22T09:00:05.000Z' });
  });

  it('fails into the grace, keeps access in it, ends after it, and reopens when paid by transfer', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const id = await firstPayment(product, 500000);
    const sale = { membershipId: id };
    // Only this product's plans: the database is shared with the other files' plans, which a moved
    // clock would otherwise end too.
    const endDue = () => memberships.endDue((productId) => productId === product.id);

    clock.set('2026-12-22T09:30:00.000Z');
    expect(await memberships.fail(id)).toMatchObject({
      kind: 'changed',
      membership: { status: 'pastDue', graceEndsAt: '2026-12-27T09:30:00.000Z' },
    });
    clock.set('2026-12-27T09:29:59.000Z');
    expect(await memberships.accessOf(sale)).toEqual({ open: true });
    expect((await endDue()).map((plan) => plan.id)).not.toContain(id);

    clock.set('2026-12-27T09:30:00.000Z');
    expect(await memberships.accessOf(sale)).toEqual({ open: false, endedAt: '2026-12-27T09:30:00.000Z' });
    expect((await endDue()).map((plan) => plan.id)).toContain(id);
    expect(await memberships.get(id)).toMatchObject({ status: 'ended', endedAt: '2026-12-27T09:30:00.000Z' });
    expect(await storedMembership(id)).toMatchObject({ openUntil: null });
    // The sweep's next run finds nothing more to end for this plan.
    expect((await endDue()).map((plan) => plan.id)).not.toContain(id);

    clock.set('2027-01-03T11:00:00.000Z');
    expect(await memberships.renew(renewal(id, '2027-01-03T11:00:00.000Z'))).toMatchObject({ kind: 'sale' });
    expect(await memberships.get(id)).toMatchObject({
      status: 'active',
      billingDay: 3,
      payments: 2,
      paidThrough: '2027-02-03T11:00:00.000Z',
      endedAt: null,
    });
    expect(await memberships.accessOf(sale)).toEqual({ open: true });
  });

  it('keeps access to the end of the paid period after a cancel, resumes before it, and ends at once when cancelled now', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const id = await firstPayment(product, 500000);
    const sale = { membershipId: id };

    clock.set('2026-12-01T12:00:00.000Z');
    expect(await memberships.cancel(id, 'periodEnd')).toMatchObject({
      kind: 'changed',
      membership: { status: 'cancelled', nextPaymentAt: null, cancelledAt: '2026-12-01T12:00:00.000Z' },
    });
    clock.set('2026-12-22T09:00:04.000Z');
    expect(await memberships.accessOf(sale)).toEqual({ open: true });
    clock.set('2026-12-22T09:00:05.000Z');
    expect(await memberships.accessOf(sale)).toEqual({ open: false, endedAt: '2026-12-22T09:00:05.000Z' });
    expect(await memberships.resume(id)).toEqual({ kind: 'refused', reason: 'The paid period is over.' });

    clock.set('2026-12-10T12:00:00.000Z');
    expect(await memberships.resume(id)).toMatchObject({
      kind: 'changed',
      membership: { status: 'active', nextPaymentAt: '2026-12-22T09:00:05.000Z' },
    });
    expect(await memberships.cancel(id, 'now')).toMatchObject({
      kind: 'changed',
      membership: { status: 'ended', endedAt: '2026-12-10T12:00:00.000Z' },
    });
    expect(await memberships.accessOf(sale)).toEqual({ open: false, endedAt: '2026-12-10T12:00:00.000Z' });
    expect(await memberships.cancel(id, 'periodEnd')).toEqual({ kind: 'refused', reason: 'The plan has ended.' });
  });
});

describe('an instalment plan of 3', () => {
  it('charges a third at checkout, completes with the third payment, keeps access and takes no fourth', async () => {
    const product = await seedPricedProduct({ kind: 'instalments', count: 3 }, { priceInNgn: 150000 });
    clock.set('2026-11-22T09:00:00.000Z');
    const checkout = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'NGN',
      customer: buildCustomer(),
    });
    expect(await checkout.json()).toMatchObject({ amount: 50000, listPrice: 50000, currency: 'NGN' });

    const id = await firstPayment(product, 5000000);
    expect(await memberships.get(id)).toMatchObject({
      kind: 'instalments',
      instalments: { total: 3, paid: 1 },
      amountMinor: 5000000,
    });
    const second = renewal(id, '2026-12-22T09:00:10.000Z', { amountMinor: 5000000 });
    const third = renewal(id, '2027-01-22T09:00:10.000Z', { amountMinor: 5000000 });
    expect(await memberships.renew(second)).toMatchObject({ kind: 'sale' });
    expect(await memberships.renew(third)).toMatchObject({ kind: 'sale' });
    expect(await memberships.get(id)).toMatchObject({
      status: 'completed',
      instalments: { total: 3, paid: 3 },
      nextPaymentAt: null,
    });
    expect((await salesOfPlan(id)).map((sale) => sale.membershipLabel)).toEqual([
      'Instalment 1 of 3',
      'Instalment 2 of 3',
      'Instalment 3 of 3',
    ]);

    clock.set('2030-01-01T00:00:00.000Z');
    expect(await memberships.accessOf({ membershipId: id })).toEqual({ open: true });
    const fourth = renewal(id, '2027-02-22T09:00:10.000Z', { amountMinor: 5000000 });
    expect(await memberships.renew(fourth)).toEqual({
      kind: 'refused',
      reason: 'The instalment plan is already paid in full.',
    });
    expect(await transactionsFor(fourth.reference)).toEqual([]);
  });
});

describe('discount codes', () => {
  it('take 15% off the first payment only: the plan charges the full price from the second', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const code = await seedDiscountCode('FIRST');
    clock.set('2026-11-22T09:00:00.000Z');
    const customer = buildCustomer();
    const opened = await postJson(`${api.url}/api/checkouts`, {
      productId: product.id,
      currency: 'NGN',
      customer,
      code,
    });
    const checkout = (await opened.json()) as { reference: string; amount: number; listPrice: number };
    expect(checkout).toMatchObject({ amount: 4250, listPrice: 5000 });
    const charge = unissuedCharge(product, customer, { reference: checkout.reference, amount: 425000 });
    paystack.charges.set(charge.reference, charge);
    const response = await postJson(`${api.url}/api/orders`, {
      provider: 'paystack',
      reference: charge.reference,
      productId: product.id,
      currency: 'NGN',
      customer,
    });
    expect(response.status).toBe(200);
    const id = `paystack_${charge.reference}`;
    expect(await memberships.get(id)).toMatchObject({ amountMinor: 500000, payments: 1 });
    expect(await memberships.renew(renewal(id, '2026-12-22T09:00:10.000Z', { amountMinor: 425000 }))).toEqual({
      kind: 'refused',
      reason: 'The payment is less than the amount the plan charges.',
    });
    expect(await memberships.renew(renewal(id, '2026-12-22T09:00:10.000Z'))).toMatchObject({ kind: 'sale' });
    expect((await salesOfPlan(id)).map((sale) => [sale.membershipLabel, sale.amount, sale.discountCode])).toEqual([
      ['Membership started', 4250, code],
      ['Renewal 1 of ∞', 5000, null],
    ]);
  });
});

describe('payments a plan refuses', () => {
  it('refuses a payment of a plan that does not exist, of another currency, or of less than it charges, writing nothing', async () => {
    const product = await seedPricedProduct({ kind: 'membership', interval: 'monthly' }, { priceInNgn: 5000 });
    const id = await firstPayment(product, 500000);
    const unknown = renewal(`paystack_${uniqueTag()}`, '2026-12-22T09:00:10.000Z');
    expect(await memberships.renew(unknown)).toEqual({ kind: 'missing' });
    const dollars = renewal(id, '2026-12-22T09:00:10.000Z', { currency: 'USD', amountMinor: 500 });
    expect(await memberships.renew(dollars)).toEqual({ kind: 'refused', reason: 'The plan is paid in NGN, not USD.' });
    const short = renewal(id, '2026-12-22T09:00:10.000Z', { amountMinor: 499999 });
    expect(await memberships.renew(short)).toEqual({
      kind: 'refused',
      reason: 'The payment is less than the amount the plan charges.',
    });
    for (const payment of [unknown, dollars, short]) expect(await transactionsFor(payment.reference)).toEqual([]);
    expect(await memberships.get(id)).toMatchObject({ payments: 1 });
  });

  it('leaves a product sold once without a plan', async () => {
    const product = await seedPricedProduct({ kind: 'once' });
    const id = await firstPayment(product, 750000);
    expect(await memberships.get(id)).toBeNull();
    expect((await transactionsFor(id.replace('paystack_', '')))[0]).not.toHaveProperty('membershipId');
  });
});
