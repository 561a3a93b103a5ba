// The library's plans (docs/memberships.md, 'What buyers see') against the local cloud: a buyer signed in
// by the mailed code (real SMTP into the mail catcher) sees their own membership and instalment plans,
// cancels and resumes them; another buyer's plan is not theirs to see or change. Plans start with demo
// purchases through the API, on a clock the test sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRow } from '../../../domain/memberRows';
import { libraryGet, libraryPost, signIn } from '../../support/libraryHarness';
import { seedPricedProduct, storedMembership, testClock } from '../../support/membershipHarness';
import {
  buildCustomer,
  demoPurchase,
  removeSeededProducts,
  startPurchaseApi,
  type Customer,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const clock = testClock('2026-11-22T09:00:00.000Z');
let api: PurchaseApi;

beforeAll(async () => {
  api = await startPurchaseApi({ SIGNIN_RATE_LIMIT: '1000' }, { now: clock.now });
});
afterAll(async () => {
  await api.close();
  await removeSeededProducts();
});

async function buyMembership(customer: Customer): Promise<string> {
  clock.set('2026-11-22T09:00:00.000Z');
  const product = await seedPricedProduct(
    { kind: 'membership', interval: 'monthly' },
    { title: 'Signals Club', priceInNgn: 5000 },
  );
  return (await demoPurchase(api.url, product.id, customer)).transactionId;
}

async function plansOf(cookie: string): Promise<MemberRow[]> {
  const response = await libraryGet(api.url, '/memberships', cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { memberships: MemberRow[] }).memberships;
}

describe('GET /api/library/memberships', () => {
  it("lists the buyer's plans with status, next payment date and amount, and no one else's", async () => {
    const buyer = buildCustomer();
    const id = await buyMembership(buyer);
    const product = await seedPricedProduct(
      { kind: 'instalments', count: 3 },
      { title: 'Course in three', priceInNgn: 150000 },
    );
    const { transactionId: instalmentId } = await demoPurchase(api.url, product.id, buyer);
    const other = buildCustomer();
    const othersPlan = await buyMembership(other);

    const cookie = await signIn(api.url, buyer.email);
    const plans = await plansOf(cookie);
    expect(plans.map((plan) => plan.id).sort()).toEqual([id, instalmentId].sort());
    expect(plans.find((plan) => plan.id === id)).toMatchObject({
      productTitle: 'Signals Club',
      status: 'active',
      amountMinor: 500000,
      currency: 'NGN',
      nextPaymentAt: '2026-12-22T09:00:00.000Z',
    });
    expect(plans.find((plan) => plan.id === instalmentId)).toMatchObject({
      productTitle: 'Course in three',
      kind: 'instalments',
      instalments: { total: 3, paid: 1 },
      amountMinor: 5000000,
    });
    expect(plans.map((plan) => plan.id)).not.toContain(othersPlan);
  });

  it('asks a browser without a session to sign in (401)', async () => {
    const response = await libraryGet(api.url, '/memberships', '');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Please sign in to see your library.' });
  });
});

describe('cancel and resume from the library', () => {
  it('cancels to the end of the paid period, refuses a second cancel, and resumes before the end', async () => {
    const buyer = buildCustomer();
    const id = await buyMembership(buyer);
    const cookie = await signIn(api.url, buyer.email);
    clock.set('2026-12-01T10:00:00.000Z');

    const cancelled = await libraryPost(api.url, `/memberships/${id}/cancel`, cookie);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({
      message: 'Your membership is cancelled. You keep access until 22 December 2026.',
    });
    expect(await storedMembership(id)).toMatchObject({ status: 'cancelled', nextPaymentAt: null });

    const twice = await libraryPost(api.url, `/memberships/${id}/cancel`, cookie);
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: 'The plan is already cancelled.' });

    const resumed = await libraryPost(api.url, `/memberships/${id}/resume`, cookie);
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toEqual({ message: 'Your membership renews again on 22 December 2026.' });
    expect((await plansOf(cookie)).find((plan) => plan.id === id)).toMatchObject({
      status: 'active',
      nextPaymentAt: '2026-12-22T09:00:00.000Z',
      cancelledAt: null,
    });
  });

  it('refuses to resume once the paid period is over', async () => {
    const buyer = buildCustomer();
    const id = await buyMembership(buyer);
    const cookie = await signIn(api.url, buyer.email);
    expect((await libraryPost(api.url, `/memberships/${id}/cancel`, cookie)).status).toBe(200);

    clock.set('2026-12-22T09:00:01.000Z');
    const late = await signIn(api.url, buyer.email, { mailCount: 2 });
    const resumed = await libraryPost(api.url, `/memberships/${id}/resume`, late);
    expect(resumed.status).toBe(409);
    expect(await resumed.json()).toEqual({ message: 'The paid period is over.' });
    expect(await storedMembership(id)).toMatchObject({ status: 'cancelled' });
  });

  it("answers 404 for another buyer's plan and changes nothing", async () => {
    const owner = buildCustomer();
    const id = await buyMembership(owner);
    const stranger = buildCustomer();
    await buyMembership(stranger);
    const cookie = await signIn(api.url, stranger.email);
    for (const action of ['cancel', 'resume']) {
      const response = await libraryPost(api.url, `/memberships/${id}/${action}`, cookie);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'This plan is not in your library.' });
    }
    const unknown = await libraryPost(api.url, '/memberships/demo_no-such-plan/cancel', cookie);
    expect(unknown.status).toBe(404);
    expect(await storedMembership(id)).toMatchObject({ status: 'active' });
  });
});
