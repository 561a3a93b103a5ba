import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  applyFailure,
  applyPayment,
  cancelAtPeriodEnd,
  cancelNow,
  endIfDue,
  billingDayOf,
  type Membership,
  type MembershipChange,
  membershipAccess,
  membershipFromData,
  paymentLabel,
  periodEnd,
  resumeMembership,
  startMembership,
} from '../../../domain/membership';

/** The plan a rule answered with; fails the test when the rule refused. */
function after(change: MembershipChange): Membership {
  if (!change.ok) throw new Error(`refused: ${change.reason}`);
  return change.membership;
}

const at = (iso: string) => new Date(iso);

function monthly(paidAt = '2026-01-31T09:00:00.000Z'): Membership {
  return startMembership({
    id: 'm1',
    productId: 'signals',
    kind: 'membership',
    interval: 'monthly',
    instalmentCount: null,
    currency: 'NGN',
    amountMinor: 500000,
    customer: { name: 'Ada Obi', email: 'ada@example.com' },
    emailKey: 'key-ada',
    renewal: 'card',
    firstTransactionId: 'paystack_ref1',
    paidAt: at(paidAt),
  });
}

function instalments(count: number): Membership {
  return startMembership({
    id: 'i1',
    productId: 'course',
    kind: 'instalments',
    interval: 'monthly',
    instalmentCount: count,
    currency: 'NGN',
    amountMinor: 5000000,
    customer: { name: 'Ada Obi', email: 'ada@example.com' },
    emailKey: 'key-ada',
    renewal: 'card',
    firstTransactionId: 'paystack_ref9',
    paidAt: at('2026-03-10T12:00:00.000Z'),
  });
}

describe('periods in Lagos time', () => {
  it('ends a month later on the billing day, or the month’s last day when it is shorter', () => {
    expect(periodEnd(at('2026-01-31T09:00:00.000Z'), 'monthly', 31).toISOString()).toBe('2026-02-28T09:00:00.000Z');
    expect(periodEnd(at('2026-02-28T09:00:00.000Z'), 'monthly', 31).toISOString()).toBe('2026-03-31T09:00:00.000Z');
    expect(periodEnd(at('2026-11-15T09:00:00.000Z'), 'quarterly', 15).toISOString()).toBe('2027-02-15T09:00:00.000Z');
    expect(periodEnd(at('2028-02-29T09:00:00.000Z'), 'yearly', 29).toISOString()).toBe('2029-02-28T09:00:00.000Z');
  });

  it('takes the billing day in Lagos: 23:30 UTC on 30 November is 1 December there', () => {
    expect(billingDayOf(at('2026-11-30T23:30:00.000Z'))).toBe(1);
    const plan = monthly('2026-11-30T23:30:00.000Z');
    expect(plan.billingDay).toBe(1);
    expect(plan.paidThrough).toBe('2026-12-31T23:30:00.000Z');
  });
});

describe('a monthly card membership', () => {
  it('starts paid for one period, due again when it ends', () => {
    const plan = monthly();
    expect(plan).toMatchObject({
      status: 'active',
      payments: 1,
      billingDay: 31,
      paidThrough: '2026-02-28T09:00:00.000Z',
      nextPaymentAt: '2026-02-28T09:00:00.000Z',
      graceEndsAt: null,
      instalments: null,
    });
  });

  it('renews three times, each from where it was paid through', () => {
    let plan = monthly();
    plan = after(applyPayment(plan, at('2026-02-28T09:00:05.000Z')));
    plan = after(applyPayment(plan, at('2026-03-31T09:00:05.000Z')));
    plan = after(applyPayment(plan, at('2026-04-30T09:00:05.000Z')));
    expect(plan).toMatchObject({
      status: 'active',
      payments: 4,
      paidThrough: '2026-05-31T09:00:00.000Z',
      nextPaymentAt: '2026-05-31T09:00:00.000Z',
    });
  });

  it('fails into a 5-day grace, keeps access in it and ends after it', () => {
    const failed = after(applyFailure(monthly(), at('2026-02-28T09:10:00.000Z')));
    expect(failed).toMatchObject({
      status: 'pastDue',
      graceEndsAt: '2026-03-05T09:10:00.000Z',
      dunning: { failedAt: '2026-02-28T09:10:00.000Z', sent: [] },
    });
    expect(membershipAccess(failed, at('2026-03-05T09:09:59.000Z'))).toEqual({ open: true });
    expect(membershipAccess(failed, at('2026-03-05T09:10:00.000Z'))).toEqual({
      open: false,
      endedAt: '2026-03-05T09:10:00.000Z',
    });
    expect(endIfDue(failed, at('2026-03-04T00:00:00.000Z'))).toBeNull();
    expect(endIfDue(failed, at('2026-03-06T00:00:00.000Z'))).toMatchObject({
      status: 'ended',
      endedAt: '2026-03-05T09:10:00.000Z',
      nextPaymentAt: null,
    });
  });

  it('does not move the grace when the provider’s retry fails again', () => {
    const failed = after(applyFailure(monthly(), at('2026-02-28T09:10:00.000Z')));
    expect(applyFailure(failed, at('2026-03-02T09:10:00.000Z'))).toEqual({
      ok: false,
      reason: 'The plan is already past due.',
    });
  });

  it('is paid in its grace: the period used in the grace is the one paid for', () => {
    const failed = after(applyFailure(monthly(), at('2026-02-28T09:10:00.000Z')));
    const paid = after(applyPayment(failed, at('2026-03-03T15:00:00.000Z')));
    expect(paid).toMatchObject({
      status: 'active',
      paidThrough: '2026-03-31T09:00:00.000Z',
      graceEndsAt: null,
      dunning: { failedAt: null, sent: [] },
    });
  });

  it('reopens when an ended membership is paid by transfer, from the day of that payment', () => {
    const failed = after(applyFailure(monthly(), at('2026-02-28T09:10:00.000Z')));
    const ended = endIfDue(failed, at('2026-03-06T00:00:00.000Z'));
    if (!ended) throw new Error('not ended');
    const reopened = after(applyPayment({ ...ended, renewal: 'transfer' }, at('2026-03-10T11:00:00.000Z')));
    expect(reopened).toMatchObject({
      status: 'active',
      billingDay: 10,
      payments: 2,
      paidThrough: '2026-04-10T11:00:00.000Z',
      endedAt: null,
    });
    expect(membershipAccess(reopened, at('2026-03-10T11:00:01.000Z'))).toEqual({ open: true });
  });

  it('reopens from the payment when it is paid after the grace, even before the sweep ended it', () => {
    const failed = after(applyFailure(monthly(), at('2026-02-28T09:10:00.000Z')));
    expect(after(applyPayment(failed, at('2026-03-10T11:00:00.000Z')))).toMatchObject({
      status: 'active',
      billingDay: 10,
      paidThrough: '2026-04-10T11:00:00.000Z',
    });
  });

  it('ends by itself when no renewal came at all, after the same grace', () => {
    const plan = { ...monthly(), renewal: 'transfer' as const };
    expect(membershipAccess(plan, at('2026-03-05T08:59:59.000Z'))).toEqual({ open: true });
    expect(endIfDue(plan, at('2026-03-05T09:00:00.000Z'))).toMatchObject({
      status: 'ended',
      endedAt: '2026-03-05T09:00:00.000Z',
    });
  });
});

describe('cancelling and resuming', () => {
  it('keeps access to the end of the paid period after a cancel, and stops the renewals', () => {
    const cancelled = after(cancelAtPeriodEnd(monthly(), at('2026-02-10T10:00:00.000Z')));
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledAt: '2026-02-10T10:00:00.000Z',
      nextPaymentAt: null,
    });
    expect(membershipAccess(cancelled, at('2026-02-28T08:59:59.000Z'))).toEqual({ open: true });
    expect(membershipAccess(cancelled, at('2026-02-28T09:00:00.000Z'))).toEqual({
      open: false,
      endedAt: '2026-02-28T09:00:00.000Z',
    });
    expect(endIfDue(cancelled, at('2026-02-28T09:00:00.000Z'))).toMatchObject({
      status: 'ended',
      endedAt: '2026-02-28T09:00:00.000Z',
    });
  });

  it('resumes before the period ends, and refuses after', () => {
    const cancelled = after(cancelAtPeriodEnd(monthly(), at('2026-02-10T10:00:00.000Z')));
    expect(after(resumeMembership(cancelled, at('2026-02-20T10:00:00.000Z')))).toMatchObject({
      status: 'active',
      cancelledAt: null,
      nextPaymentAt: '2026-02-28T09:00:00.000Z',
    });
    expect(resumeMembership(cancelled, at('2026-02-28T09:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'The paid period is over.',
    });
    expect(resumeMembership(monthly(), at('2026-02-20T10:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'Only a cancelled plan can be resumed.',
    });
  });

  it('ends at once when the seller cancels now, and refuses to cancel what has ended', () => {
    const ended = after(cancelNow(monthly(), at('2026-02-10T10:00:00.000Z')));
    expect(ended).toMatchObject({ status: 'ended', endedAt: '2026-02-10T10:00:00.000Z', nextPaymentAt: null });
    expect(membershipAccess(ended, at('2026-02-10T10:00:01.000Z'))).toEqual({
      open: false,
      endedAt: '2026-02-10T10:00:00.000Z',
    });
    expect(cancelNow(ended, at('2026-02-11T10:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'The plan has ended.',
    });
    expect(cancelAtPeriodEnd(ended, at('2026-02-11T10:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'The plan has ended.',
    });
    const cancelled = after(cancelAtPeriodEnd(monthly(), at('2026-02-10T10:00:00.000Z')));
    expect(cancelAtPeriodEnd(cancelled, at('2026-02-11T10:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'The plan is already cancelled.',
    });
    expect(applyFailure(cancelled, at('2026-02-28T09:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'The plan has no renewal due.',
    });
  });

  it('ends a past-due plan at once when it is cancelled: its paid period is over', () => {
    const failed = after(applyFailure(monthly(), at('2026-02-28T09:10:00.000Z')));
    expect(after(cancelAtPeriodEnd(failed, at('2026-03-01T10:00:00.000Z')))).toMatchObject({
      status: 'ended',
      endedAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('reopens a cancelled plan paid after its period ended, before the sweep ended it', () => {
    const cancelled = after(cancelAtPeriodEnd(monthly(), at('2026-02-10T10:00:00.000Z')));
    expect(after(applyPayment(cancelled, at('2026-03-02T10:00:00.000Z')))).toMatchObject({
      status: 'active',
      cancelledAt: null,
      billingDay: 2,
      paidThrough: '2026-04-02T10:00:00.000Z',
      nextPaymentAt: '2026-04-02T10:00:00.000Z',
    });
  });

  it('gives a cancelled plan the period a racing renewal paid, still without renewing', () => {
    const cancelled = after(cancelAtPeriodEnd(monthly(), at('2026-02-28T08:58:00.000Z')));
    expect(after(applyPayment(cancelled, at('2026-02-28T08:59:00.000Z')))).toMatchObject({
      status: 'cancelled',
      paidThrough: '2026-03-31T09:00:00.000Z',
      nextPaymentAt: null,
    });
  });
});

describe('an instalment plan of 3', () => {
  it('completes with its third payment and keeps access for good', () => {
    let plan = instalments(3);
    expect(plan).toMatchObject({ instalments: { total: 3, paid: 1 }, paidThrough: '2026-04-10T12:00:00.000Z' });
    plan = after(applyPayment(plan, at('2026-04-10T12:00:00.000Z')));
    expect(plan).toMatchObject({ status: 'active', instalments: { total: 3, paid: 2 } });
    plan = after(applyPayment(plan, at('2026-05-10T12:00:00.000Z')));
    expect(plan).toMatchObject({ status: 'completed', instalments: { total: 3, paid: 3 }, nextPaymentAt: null });
    expect(membershipAccess(plan, at('2036-01-01T00:00:00.000Z'))).toEqual({ open: true });
    expect(endIfDue(plan, at('2036-01-01T00:00:00.000Z'))).toBeNull();
    expect(applyPayment(plan, at('2026-06-10T12:00:00.000Z'))).toEqual({
      ok: false,
      reason: 'The instalment plan is already paid in full.',
    });
  });

  it('pays instalments monthly whatever interval it is given', () => {
    const plan = startMembership({
      id: 'i2',
      productId: 'course',
      kind: 'instalments',
      interval: 'yearly',
      instalmentCount: 2,
      currency: 'USD',
      amountMinor: 5000,
      customer: { name: 'Ada Obi', email: 'ada@example.com' },
      emailKey: 'key-ada',
      renewal: 'paypal',
      firstTransactionId: 'paypal_ORDER2',
      paidAt: at('2026-03-10T12:00:00.000Z'),
    });
    expect(plan).toMatchObject({ interval: 'monthly', paidThrough: '2026-04-10T12:00:00.000Z' });
  });

  it('ends after the grace when it stops being paid', () => {
    const failed = after(applyFailure(instalments(3), at('2026-04-10T12:00:00.000Z')));
    expect(endIfDue(failed, at('2026-04-15T12:00:00.000Z'))).toMatchObject({
      status: 'ended',
      endedAt: '2026-04-15T12:00:00.000Z',
    });
  });
});

describe('sale lines', () => {
  it("labels each payment: 'Membership started', 'Renewal 3 of ∞', 'Instalment 2 of 3'", () => {
    expect(paymentLabel('membership', 1, null)).toBe('Membership started');
    expect(paymentLabel('membership', 4, null)).toBe('Renewal 3 of ∞');
    expect(paymentLabel('instalments', 2, 3)).toBe('Instalment 2 of 3');
  });
});

describe('membershipFromData: the one decoder of a plan', () => {
  it('reads a stored plan with Timestamps as ISO times', () => {
    const stored = membershipFromData('m7', {
      productId: 'signals',
      kind: 'instalments',
      interval: 'monthly',
      instalments: { total: 3, paid: 2 },
      currency: 'USD',
      amountMinor: 3333,
      customer: { name: 'Ada Obi', email: 'ada@example.com' },
      emailKey: 'key-ada',
      renewal: 'paypal',
      provider: { paypalSubscriptionId: 'I-BW452GLLEP1G' },
      status: 'pastDue',
      billingDay: 10,
      payments: 2,
      paidThrough: Timestamp.fromDate(new Date('2026-05-10T12:00:00.000Z')),
      nextPaymentAt: Timestamp.fromDate(new Date('2026-05-10T12:00:00.000Z')),
      graceEndsAt: Timestamp.fromDate(new Date('2026-05-15T12:00:00.000Z')),
      dunning: { failedAt: Timestamp.fromDate(new Date('2026-05-10T12:00:00.000Z')), sent: ['failed:x', 4] },
      firstTransactionId: 'paypal_ORDER1',
      createdAt: Timestamp.fromDate(new Date('2026-03-10T12:00:00.000Z')),
    });
    expect(stored).toEqual({
      id: 'm7',
      productId: 'signals',
      kind: 'instalments',
      interval: 'monthly',
      instalments: { total: 3, paid: 2 },
      currency: 'USD',
      amountMinor: 3333,
      customer: { name: 'Ada Obi', email: 'ada@example.com' },
      emailKey: 'key-ada',
      renewal: 'paypal',
      provider: { subscriptionCode: null, emailToken: null, paypalSubscriptionId: 'I-BW452GLLEP1G' },
      status: 'pastDue',
      billingDay: 10,
      payments: 2,
      paidThrough: '2026-05-10T12:00:00.000Z',
      nextPaymentAt: '2026-05-10T12:00:00.000Z',
      graceEndsAt: '2026-05-15T12:00:00.000Z',
      dunning: { failedAt: '2026-05-10T12:00:00.000Z', sent: ['failed:x'] },
      firstTransactionId: 'paypal_ORDER1',
      createdAt: '2026-03-10T12:00:00.000Z',
      cancelledAt: null,
      endedAt: null,
    });
  });

  it('reads an odd record as ended, so it opens nothing', () => {
    const odd = membershipFromData('odd', { status: 'vip', billingDay: 40, amountMinor: -5 });
    expect(odd).toMatchObject({
      status: 'ended',
      billingDay: 1,
      amountMinor: 0,
      paidThrough: '1970-01-01T00:00:00.000Z',
      kind: 'membership',
      renewal: 'card',
    });
    expect(membershipAccess(odd, at('2026-01-01T00:00:00.000Z'))).toEqual({
      open: false,
      endedAt: '1970-01-01T00:00:00.000Z',
    });
  });
});
