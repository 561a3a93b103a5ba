// Members in the dashboard (docs/memberships.md) against the local cloud: real ID tokens from the Auth
// emulator, the demo admin's record in our Firestore emulator, plans started by demo purchases through
// the API, the refund of the last payment through the refund path, on a clock the test sets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import type { MemberRow, MembersSummary } from '../../../domain/memberRows';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import {
  membershipsFor,
  salesOfPlan,
  seedPricedProduct,
  storedMembership,
  testClock,
} from '../../support/membershipHarness';
import {
  buildCustomer,
  cloud,
  db,
  demoPurchase,
  postJson,
  removeSeededProducts,
  startPurchaseApi,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const clock = testClock('2026-11-22T09:00:00.000Z');
const auth = () =>
  createAdminAuth({
    projectId: cloud.apiEnv.FIREBASE_PROJECT_ID ?? '',
    emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST ?? '',
  });
let api: PurchaseApi;
let demoOff: PurchaseApi;
let adminToken: string;
let strangerToken: string;

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
  api = await startPurchaseApi({ ADMIN_RATE_LIMIT: '1000' }, { auth: auth(), now: clock.now });
  demoOff = await startPurchaseApi({ ADMIN_RATE_LIMIT: '1000', DEMO_PAYMENTS: '0' }, { auth: auth(), now: clock.now });
});
afterAll(async () => {
  await Promise.all([api.close(), demoOff.close()]);
  await removeSeededProducts();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function members(token = adminToken, url = api.url) {
  const response = await fetch(`${url}/api/admin/memberships`, { headers: bearer(token) });
  return {
    status: response.status,
    body: (await response.json()) as { members: MemberRow[]; summary: MembersSummary; message?: string },
  };
}

/** A monthly ₦5,000 membership bought by demo payment now: its plan's id. */
async function monthlyMember(): Promise<{ id: string; email: string; productTitle: string }> {
  clock.set('2026-11-22T09:00:00.000Z');
  const product = await seedPricedProduct(
    { kind: 'membership', interval: 'monthly' },
    { priceInNgn: 5000, priceInUsd: 4 },
  );
  const customer = buildCustomer();
  const { transactionId } = await demoPurchase(api.url, product.id, customer);
  return { id: transactionId, email: customer.email, productTitle: product.title };
}

describe('GET /api/admin/memberships', () => {
  it('lists a plan with its buyer, product, status, renewal, next payment and amount', async () => {
    const plan = await monthlyMember();
    const { status, body } = await members();
    expect(status).toBe(200);
    expect(body.members.find((row) => row.id === plan.id)).toMatchObject({
      productTitle: plan.productTitle,
      kind: 'membership',
      interval: 'monthly',
      customer: { email: plan.email },
      status: 'active',
      renewal: 'transfer',
      currency: 'NGN',
      amountMinor: 500000,
      nextPaymentAt: '2026-12-22T09:00:00.000Z',
    });
    expect(body.summary.monthlyRecurringMinor.NGN).toBeGreaterThanOrEqual(500000);
  });

  it('refuses a request without a token (401) and a signed-in non-admin (403)', async () => {
    const anonymous = await fetch(`${api.url}/api/admin/memberships`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in as an admin.' });
    const stranger = await members(strangerToken);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('Only admins may do this.');
    const cancel = await postJson(
      `${api.url}/api/admin/memberships/some-plan/cancel`,
      { when: 'now' },
      bearer(strangerToken),
    );
    expect(cancel.status).toBe(403);
  });
});

describe('POST /api/admin/memberships/{id}/cancel', () => {
  it('at the period end keeps access to it, and refuses a second cancel in words', async () => {
    const plan = await monthlyMember();
    clock.set('2026-11-30T12:00:00.000Z');
    const first = await postJson(
      `${api.url}/api/admin/memberships/${plan.id}/cancel`,
      { when: 'periodEnd' },
      bearer(adminToken),
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      message: 'The membership is cancelled. The buyer keeps access until the paid period ends.',
    });
    expect(await storedMembership(plan.id)).toMatchObject({ status: 'cancelled', nextPaymentAt: null });
    const { body } = await members();
    expect(body.members.find((row) => row.id === plan.id)).toMatchObject({
      status: 'cancelled',
      paidThrough: '2026-12-22T09:00:00.000Z',
      cancelledAt: '2026-11-30T12:00:00.000Z',
    });

    const again = await postJson(
      `${api.url}/api/admin/memberships/${plan.id}/cancel`,
      { when: 'periodEnd' },
      bearer(adminToken),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'The plan is already cancelled.' });
  });

  it('now ends the plan and refunds its last payment through the refund path, once', async () => {
    const plan = await monthlyMember();
    clock.set('2026-11-25T10:00:00.000Z');
    const renewed = await postJson(`${api.url}/api/admin/memberships/${plan.id}/demo/renew`, {}, bearer(adminToken));
    expect(renewed.status).toBe(200);
    const cancelled = await postJson(
      `${api.url}/api/admin/memberships/${plan.id}/cancel`,
      { when: 'now' },
      bearer(adminToken),
    );
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ message: 'The membership has ended and its last payment is refunded.' });
    expect(await storedMembership(plan.id)).toMatchObject({ status: 'ended', nextPaymentAt: null });
    const sales = await salesOfPlan(plan.id);
    expect(
      sales.map((sale) => [sale.membershipLabel, (sale.refund as { status?: string } | undefined)?.status ?? 'none']),
    ).toEqual([
      ['Membership started', 'none'],
      ['Renewal 1 of ∞', 'refunded'],
    ]);

    const again = await postJson(
      `${api.url}/api/admin/memberships/${plan.id}/cancel`,
      { when: 'now' },
      bearer(adminToken),
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'The plan has ended.' });
  });

  it('says in words when the last payment cannot be refunded: the plan has ended, Sales can refund it', async () => {
    const plan = await monthlyMember();
    const { memberships } = membershipsFor(api.url, clock.now);
    clock.set('2026-12-22T09:00:10.000Z');
    const renewed = await memberships.renew({
      membershipId: plan.id,
      provider: 'paystack',
      reference: `R${uniqueTag()}`,
      amountMinor: 500000,
      currency: 'NGN',
      paidAt: '2026-12-22T09:00:10.000Z',
    });
    expect(renewed.kind).toBe('sale');
    const noCardRefunds = await startPurchaseApi(
      { ADMIN_RATE_LIMIT: '1000', PAYSTACK_SECRET_KEY: '' },
      { auth: auth(), now: clock.now },
    );
    try {
      const cancelled = await postJson(
        `${noCardRefunds.url}/api/admin/memberships/${plan.id}/cancel`,
        { when: 'now' },
        bearer(adminToken),
      );
      expect(cancelled.status).toBe(502);
      expect(await cancelled.json()).toEqual({
        message:
          'The membership has ended, but its last payment could not be refunded. Card refunds are not set up on this store (no Paystack key). Refund it from Sales.',
      });
      expect(await storedMembership(plan.id)).toMatchObject({ status: 'ended' });
    } finally {
      await noCardRefunds.close();
    }
  });

  it('refuses an unknown plan (404) and a body without when (400)', async () => {
    const missing = await postJson(
      `${api.url}/api/admin/memberships/demo_nothing-here/cancel`,
      { when: 'now' },
      bearer(adminToken),
    );
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'This membership could not be found.' });
    const plan = await monthlyMember();
    const noWhen = await postJson(`${api.url}/api/admin/memberships/${plan.id}/cancel`, {}, bearer(adminToken));
    expect(noWhen.status).toBe(400);
    expect(await storedMembership(plan.id)).toMatchObject({ status: 'active' });
  });
});

describe('the demo buttons', () => {
  it('renew a plan by one period and fail its next renewal', async () => {
    const plan = await monthlyMember();
    clock.set('2026-12-01T10:00:00.000Z');
    const renewed = await postJson(`${api.url}/api/admin/memberships/${plan.id}/demo/renew`, {}, bearer(adminToken));
    expect(renewed.status).toBe(200);
    expect(await renewed.json()).toEqual({ message: 'Renewed by a demo payment: one more period is paid.' });
    expect((await salesOfPlan(plan.id)).map((sale) => [sale.membershipLabel, sale.amount])).toEqual([
      ['Membership started', 5000],
      ['Renewal 1 of ∞', 5000],
    ]);
    let row = (await members()).body.members.find((member) => member.id === plan.id);
    expect(row).toMatchObject({ status: 'active', nextPaymentAt: '2027-01-22T09:00:00.000Z' });

    const failed = await postJson(`${api.url}/api/admin/memberships/${plan.id}/demo/fail`, {}, bearer(adminToken));
    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({
      message: 'The next renewal failed: the plan is past due, with 5 days of access left.',
    });
    row = (await members()).body.members.find((member) => member.id === plan.id);
    expect(row).toMatchObject({ status: 'pastDue', graceEndsAt: '2027-01-27T09:00:00.000Z' });
    const twice = await postJson(`${api.url}/api/admin/memberships/${plan.id}/demo/fail`, {}, bearer(adminToken));
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: 'The plan is already past due.' });
  });

  it('do not exist outside demo mode (404) and refuse non-admins', async () => {
    const plan = await monthlyMember();
    for (const action of ['renew', 'fail']) {
      const off = await postJson(
        `${demoOff.url}/api/admin/memberships/${plan.id}/demo/${action}`,
        {},
        bearer(adminToken),
      );
      expect(off.status).toBe(404);
      const stranger = await postJson(
        `${api.url}/api/admin/memberships/${plan.id}/demo/${action}`,
        {},
        bearer(strangerToken),
      );
      expect(stranger.status).toBe(403);
    }
    expect(await storedMembership(plan.id)).toMatchObject({ status: 'active', payments: 1 });
  });
});
