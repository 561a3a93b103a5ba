// A membership or an instalment plan (memberships/{id}, docs/memberships.md): its one decoder and the
// pure rules of its life. Periods are counted in calendar months in Lagos time, each ending on the
// plan's billing day (the Lagos day of the month of its first payment, the month's last day when the
// month is shorter), so a plan started on 31 January renews on 28 February and then on 31 March. Every
// rule takes the time it judges by, so the API's clock, a sweep's and a test's give the same answers.
import { isoDate } from './dates';
import { addLagosMonths, lagosDayOfMonth } from './lagosDates';
import type { Currency } from './money';
import { type BillingInterval, billingIntervals, instalmentLimits, intervalMonths } from './productPricing';

export type MembershipKind = 'membership' | 'instalments';
export type MembershipStatus = 'active' | 'pastDue' | 'cancelled' | 'ended' | 'completed';
/** How the next payment comes: a Paystack card charge, a PayPal subscription, or a checkout paid by transfer. */
export type RenewalChannel = 'card' | 'paypal' | 'transfer';

/** Days access stays open after a period that was not paid. */
export const graceDays = 5;
const dayMs = 86_400_000;

export interface Membership {
  id: string;
  productId: string;
  kind: MembershipKind;
  interval: BillingInterval;
  /** Instalments only: how many payments the plan has and how many were made. */
  instalments: { total: number; paid: number } | null;
  currency: Currency;
  /** What each payment charges, as agreed at the first one (a later price change leaves it). */
  amountMinor: number;
  customer: { name: string; email: string };
  emailKey: string;
  renewal: RenewalChannel;
  provider: { subscriptionCode: string | null; emailToken: string | null; paypalSubscriptionId: string | null };
  status: MembershipStatus;
  /** The Lagos day of the month each period ends on (1 to 31). */
  billingDay: number;
  /** Payments made, the first included. */
  payments: number;
  /** ISO: when the last paid period ends. */
  paidThrough: string;
  /** ISO: when the next payment is due; null when none is (cancelled, ended, completed). */
  nextPaymentAt: string | null;
  /** ISO: when access ends after a failed payment; null unless past due. */
  graceEndsAt: string | null;
  /** The failure being chased and the notices already sent for it or for the period (`noticesDue`). */
  dunning: { failedAt: string | null; sent: string[] };
  firstTransactionId: string;
  createdAt: string;
  cancelledAt: string | null;
  endedAt: string | null;
}

const statuses: readonly MembershipStatus[] = ['active', 'pastDue', 'cancelled', 'ended', 'completed'];
const channels: readonly RenewalChannel[] = ['card', 'paypal', 'transfer'];

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
const timeOrNull = (value: unknown): string | null => {
  const iso = isoDate(value, '');
  return iso === '' ? null : iso;
};
const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * The membership stored under `id`. Read defensively: an unknown status reads as 'ended' and a missing
 * paid-through time as the epoch, so an odd record closes access rather than opening it.
 */
export function membershipFromData(id: string, data: Record<string, unknown> | undefined): Membership {
  const stored = record(data);
  const kind = stored.kind === 'instalments' ? 'instalments' : 'membership';
  const instalments = record(stored.instalments);
  const customer = record(stored.customer);
  const dunning = record(stored.dunning);
  const day = count(stored.billingDay);
  return {
    id,
    productId: text(stored.productId),
    kind,
    interval: oneOf(stored.interval, billingIntervals, 'monthly'),
    instalments:
      kind === 'instalments'
        ? { total: Math.max(count(instalments.total), instalmentLimits.min), paid: count(instalments.paid) }
        : null,
    currency: stored.currency === 'USD' ? 'USD' : 'NGN',
    amountMinor: count(stored.amountMinor),
    customer: { name: text(customer.name), email: text(customer.email) },
    emailKey: text(stored.emailKey),
    renewal: oneOf(stored.renewal, channels, 'card'),
    provider: {
      subscriptionCode: textOrNull(record(stored.provider).subscriptionCode),
      emailToken: textOrNull(record(stored.provider).emailToken),
      paypalSubscriptionId: textOrNull(record(stored.provider).paypalSubscriptionId),
    },
    status: oneOf(stored.status, statuses, 'ended'),
    billingDay: day >= 1 && day <= 31 ? day : 1,
    payments: count(stored.payments),
    paidThrough: isoDate(stored.paidThrough),
    nextPaymentAt: timeOrNull(stored.nextPaymentAt),
    graceEndsAt: timeOrNull(stored.graceEndsAt),
    dunning: {
      failedAt: timeOrNull(dunning.failedAt),
      sent: Array.isArray(dunning.sent) ? dunning.sent.filter((sent): sent is string => typeof sent === 'string') : [],
    },
    firstTransactionId: text(stored.firstTransactionId),
    createdAt: isoDate(stored.createdAt),
    cancelledAt: timeOrNull(stored.cancelledAt),
    endedAt: timeOrNull(stored.endedAt),
  };
}

/** The billing day of a plan whose first payment is at `at`: that payment's day of the month in Lagos. */
export function billingDayOf(at: Date): number {
  return lagosDayOfMonth(at);
}

/** When a period that starts at `from` ends: `interval`'s months later in Lagos, on the billing day. */
export function periodEnd(from: Date, interval: BillingInterval, billingDay: number): Date {
  return addLagosMonths(from, intervalMonths[interval], billingDay);
}

const plusDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * dayMs).toISOString();
const later = (a: string, b: string): string => (Date.parse(a) >= Date.parse(b) ? a : b);

export interface NewMembership {
  id: string;
  productId: string;
  kind: MembershipKind;
  interval: BillingInterval;
  /** Instalments only: the number of payments (2 to 6). */
  instalmentCount: number | null;
  currency: Currency;
  amountMinor: number;
  customer: { name: string; email: string };
  emailKey: string;
  renewal: RenewalChannel;
  firstTransactionId: string;
  paidAt: Date;
}

/** The plan its first payment starts: one period paid from `paidAt`. */
export function startMembership(input: NewMembership): Membership {
  const billingDay = billingDayOf(input.paidAt);
  // Instalments are monthly whatever interval is given.
  const interval = input.kind === 'instalments' ? 'monthly' : input.interval;
  const paidThrough = periodEnd(input.paidAt, interval, billingDay).toISOString();
  return {
    id: input.id,
    productId: input.productId,
    kind: input.kind,
    interval,
    instalments:
      input.kind === 'instalments' ? { total: input.instalmentCount ?? instalmentLimits.min, paid: 1 } : null,
    currency: input.currency,
    amountMinor: input.amountMinor,
    customer: input.customer,
    emailKey: input.emailKey,
    renewal: input.renewal,
    provider: { subscriptionCode: null, emailToken: null, paypalSubscriptionId: null },
    status: 'active',
    billingDay,
    payments: 1,
    paidThrough,
    nextPaymentAt: paidThrough,
    graceEndsAt: null,
    dunning: { failedAt: null, sent: [] },
    firstTransactionId: input.firstTransactionId,
    createdAt: input.paidAt.toISOString(),
    cancelledAt: null,
    endedAt: null,
  };
}

/** A rule's answer: the plan as it becomes, or why it does not change. */
export type MembershipChange = { ok: true; membership: Membership } | { ok: false; reason: string };

const refused = (reason: string): MembershipChange => ({ ok: false, reason });

/** Why a plan in this status cannot be cancelled, in the words a person reads. */
const closedReasons: Readonly<Record<MembershipStatus, string>> = {
  active: '',
  pastDue: '',
  cancelled: 'The plan is already cancelled.',
  ended: 'The plan has ended.',
  completed: 'The instalment plan is already paid in full.',
};
const changed = (membership: Membership): MembershipChange => ({ ok: true, membership });

/**
 * A later payment (a renewal or an instalment) made at `paidAt`: one more period paid. A plan whose
 * access is still open (active, past due in its grace, or cancelled with its period not over) extends
 * from where it is paid through, so a past-due buyer pays for the period they used in the grace; a plan
 * whose access is over (ended, or past its grace before the sweep ended it) reopens from `paidAt` on a
 * new billing day. A completed instalment plan takes no more payments.
 */
export function applyPayment(membership: Membership, paidAt: Date): MembershipChange {
  if (membership.status === 'completed') return refused('The instalment plan is already paid in full.');
  // Paid after access ended (ended by the sweep or not yet): a new period starts with this payment.
  const ends = accessEndsAt(membership);
  const lapsed = membership.status === 'ended' || (ends !== null && paidAt.getTime() >= Date.parse(ends));
  const billingDay = lapsed ? billingDayOf(paidAt) : membership.billingDay;
  const from = lapsed ? paidAt : new Date(membership.paidThrough);
  const paidThrough = periodEnd(from, membership.interval, billingDay).toISOString();
  const instalments = membership.instalments
    ? { total: membership.instalments.total, paid: membership.instalments.paid + 1 }
    : null;
  const completed = instalments !== null && instalments.paid >= instalments.total;
  // A cancelled plan still in its period stays cancelled: a charge that raced the cancel gives its
  // period, no renewals. Paid after its period ended, it reopens as any lapsed plan does.
  const cancelled = membership.status === 'cancelled' && !lapsed;
  return changed({
    ...membership,
    instalments,
    billingDay,
    payments: membership.payments + 1,
    paidThrough,
    status: completed ? 'completed' : cancelled ? 'cancelled' : 'active',
    nextPaymentAt: completed || cancelled ? null : paidThrough,
    graceEndsAt: null,
    dunning: { failedAt: null, sent: [] },
    endedAt: null,
    ...(lapsed ? { cancelledAt: null } : {}),
  });
}

/**
 * A renewal that failed at `failedAt`: the plan is past due and access stays open for the grace,
 * counted from the first failure (or from the period's end, if that is later). A provider's retries
 * fail again without moving the grace.
 */
export function applyFailure(membership: Membership, failedAt: Date): MembershipChange {
  if (membership.status === 'pastDue') return refused('The plan is already past due.');
  if (membership.status !== 'active') return refused('The plan has no renewal due.');
  const from = later(membership.paidThrough, failedAt.toISOString());
  return changed({
    ...membership,
    status: 'pastDue',
    graceEndsAt: plusDays(from, graceDays),
    dunning: { failedAt: failedAt.toISOString(), sent: [] },
  });
}

/**
 * The buyer or the seller stops the renewals at `at`: access stays until the period already paid
 * ends. A plan past due, whose period is over already, ends at once.
 */
export function cancelAtPeriodEnd(membership: Membership, at: Date): MembershipChange {
  if (membership.status === 'pastDue') return cancelNow(membership, at);
  if (membership.status !== 'active') return refused(closedReasons[membership.status]);
  return changed({ ...membership, status: 'cancelled', cancelledAt: at.toISOString(), nextPaymentAt: null });
}

/** The seller ends the plan at `at` (its last payment refunded through the refund path). */
export function cancelNow(membership: Membership, at: Date): MembershipChange {
  if (membership.status === 'ended' || membership.status === 'completed') {
    return refused(closedReasons[membership.status]);
  }
  const iso = at.toISOString();
  return changed({
    ...membership,
    status: 'ended',
    cancelledAt: membership.cancelledAt ?? iso,
    endedAt: iso,
    nextPaymentAt: null,
    graceEndsAt: null,
  });
}

/** A cancelled plan renews again, if its paid period has not ended by `at`. */
export function resumeMembership(membership: Membership, at: Date): MembershipChange {
  if (membership.status !== 'cancelled') return refused('Only a cancelled plan can be resumed.');
  if (at.getTime() >= Date.parse(membership.paidThrough)) return refused('The paid period is over.');
  return changed({ ...membership, status: 'active', cancelledAt: null, nextPaymentAt: membership.paidThrough });
}

/** When access ends as the plan stands; null for a completed plan, which keeps access for good. */
export function accessEndsAt(membership: Membership): string | null {
  switch (membership.status) {
    case 'completed':
      return null;
    case 'ended':
      return membership.endedAt ?? membership.paidThrough;
    case 'cancelled':
      return membership.paidThrough;
    case 'pastDue':
      return membership.graceEndsAt ?? plusDays(membership.paidThrough, graceDays);
    case 'active':
      // A renewal that never came (a transfer not paid, an event not received) gets the same grace.
      return plusDays(membership.paidThrough, graceDays);
  }
}

/** Whether what the plan bought is open at `at`; when not, the day it ended. */
export type MembershipAccess = { open: true } | { open: false; endedAt: string };

export function membershipAccess(membership: Membership, at: Date): MembershipAccess {
  const ends = accessEndsAt(membership);
  if (ends === null || (membership.status !== 'ended' && at.getTime() < Date.parse(ends))) return { open: true };
  return { open: false, endedAt: ends };
}

/**
 * The sweep's end of a plan whose access is over at `at`: past its grace, cancelled past its period, or
 * active with no payment since its period ended and the grace after it. Null when it is not due.
 */
export function endIfDue(membership: Membership, at: Date): Membership | null {
  if (membership.status === 'ended' || membership.status === 'completed') return null;
  const ends = accessEndsAt(membership);
  if (ends === null || at.getTime() < Date.parse(ends)) return null;
  return { ...membership, status: 'ended', endedAt: ends, nextPaymentAt: null };
}

/**
 * The sale line of a plan's `payment`th payment, as Sales shows it: 'Membership started',
 * 'Renewal 3 of ∞' (the fourth payment renews it the third time), 'Instalment 2 of 3'.
 */
export function paymentLabel(kind: MembershipKind, payment: number, instalmentTotal: number | null): string {
  if (kind === 'instalments') return `Instalment ${payment} of ${instalmentTotal ?? payment}`;
  return payment <= 1 ? 'Membership started' : `Renewal ${payment - 1} of ∞`;
}
