// A plan as the dashboard's Members and the buyer's library show it (docs/memberships.md): the row the
// API answers for each plan, and its status and renewal in words. Dates are said in Lagos time.
import { lagosLongDate } from './lagosDates';
import { type Membership, type MembershipKind, type MembershipStatus, type RenewalChannel } from './membership';
import { formatMinorPrice, type Currency } from './money';
import { type BillingInterval, instalmentsText, perPeriodText } from './productPricing';

/** One plan as the API lists it (GET /api/admin/memberships, GET /api/library/memberships). */
export interface MemberRow {
  id: string;
  productId: string;
  productTitle: string;
  kind: Membership['kind'];
  interval: BillingInterval;
  instalments: { total: number; paid: number } | null;
  currency: Currency;
  amountMinor: number;
  customer: { name: string; email: string };
  renewal: RenewalChannel;
  status: MembershipStatus;
  paidThrough: string;
  nextPaymentAt: string | null;
  graceEndsAt: string | null;
  cancelledAt: string | null;
  endedAt: string | null;
  createdAt: string;
}

/** What Members shows above the list: recurring revenue per currency (never added) and members lost. */
export interface MembersSummary {
  monthlyRecurringMinor: Record<Currency, number>;
  lostLast30Days: number;
}

export function memberRowOf(plan: Membership, productTitle: string): MemberRow {
  return {
    id: plan.id,
    productId: plan.productId,
    productTitle,
    kind: plan.kind,
    interval: plan.interval,
    instalments: plan.instalments,
    currency: plan.currency,
    amountMinor: plan.amountMinor,
    customer: plan.customer,
    renewal: plan.renewal,
    status: plan.status,
    paidThrough: plan.paidThrough,
    nextPaymentAt: plan.nextPaymentAt,
    graceEndsAt: plan.graceEndsAt,
    cancelledAt: plan.cancelledAt,
    endedAt: plan.endedAt,
    createdAt: plan.createdAt,
  };
}

export const renewalLabels: Readonly<Record<RenewalChannel, string>> = {
  card: 'Card',
  paypal: 'PayPal',
  transfer: 'Transfer',
};

/** The filter's choices, in the words of the status column. */
export const memberStatusLabels: Readonly<Record<MembershipStatus, string>> = {
  active: 'Active',
  pastDue: 'Past due',
  cancelled: 'Cancelled',
  ended: 'Ended',
  completed: 'Completed',
};

/**
 * The status in words: 'Active, renews on 22 December 2026' (or 'Active, next instalment on …'),
 * 'Past due, access until …', 'Cancelled, ending on …', 'Ended on …', 'Completed'.
 */
export function memberStatusText(
  row: Pick<MemberRow, 'status' | 'kind' | 'paidThrough' | 'nextPaymentAt' | 'graceEndsAt' | 'endedAt'>,
): string {
  switch (row.status) {
    case 'active': {
      const next = row.nextPaymentAt ?? row.paidThrough;
      return row.kind === 'instalments'
        ? `Active, next instalment on ${lagosLongDate(next)}`
        : `Active, renews on ${lagosLongDate(next)}`;
    }
    case 'pastDue':
      return row.graceEndsAt ? `Past due, access until ${lagosLongDate(row.graceEndsAt)}` : 'Past due';
    case 'cancelled':
      return `Cancelled, ending on ${lagosLongDate(row.paidThrough)}`;
    case 'ended':
      return `Ended on ${lagosLongDate(row.endedAt ?? row.paidThrough)}`;
    case 'completed':
      return 'Completed';
  }
}

/**
 * 'Your membership ended on 27 December 2026.' ('Your instalment plan ended on …'): the access page, the
 * library's plan and the license API's words for a plan whose access is over.
 */
export function planEndedText(kind: MembershipKind, endedAt: string): string {
  const plan = kind === 'instalments' ? 'instalment plan' : 'membership';
  return `Your ${plan} ended on ${lagosLongDate(endedAt)}.`;
}

/** '₦5,000 / month' or '3 × ₦50,000': what the buyer agreed to. */
export function memberPlanText(
  row: Pick<MemberRow, 'kind' | 'interval' | 'instalments' | 'amountMinor' | 'currency'>,
): string {
  return row.kind === 'instalments'
    ? instalmentsText(row.instalments?.total ?? 0, row.amountMinor, row.currency)
    : perPeriodText(row.amountMinor, row.currency, row.interval);
}

/** The next payment, '₦5,000 on 22 December 2026', or '—' when none is due. */
export function nextPaymentText(row: Pick<MemberRow, 'nextPaymentAt' | 'amountMinor' | 'currency' | 'status'>): string {
  if (
    row.nextPaymentAt === null ||
    row.status === 'ended' ||
    row.status === 'completed' ||
    row.status === 'cancelled'
  ) {
    return '—';
  }
  return `${formatMinorPrice(row.amountMinor, row.currency)} on ${lagosLongDate(row.nextPaymentAt)}`;
}
