// What a plan's buyer is owed an e-mail about at a given time (docs/memberships.md, 'Dunning'), and the
// seller's monthly recurring revenue. Pure: the sweeps ask `noticesDue`, send, and add the notice's
// marks to the plan's `dunning.sent` in the same claim, so each e-mail goes once.
import type { Currency } from './money';
import { intervalMonths } from './productPricing';
import type { Membership } from './membership';

const dayMs = 86_400_000;

export type NoticeKind =
  /** A renewal failed: update the card, or pay this period by transfer. */
  | 'renewalFailed'
  /** Day 3 of the grace, still unpaid. */
  | 'renewalFailedAgain'
  /** A transfer member's period ends in 7 days or in 1 day: the link to pay the next one. */
  | 'transferDue'
  /** A quarterly or yearly card or PayPal renewal in 7 days. */
  | 'renewalSoon';

export interface Notice {
  kind: NoticeKind;
  /** Added to `dunning.sent` when it is sent: what makes it once. */
  marks: string[];
}

const ms = (iso: string): number => Date.parse(iso);

/**
 * The e-mails the plan is owed at `at` and has not had. Each mark names its failure or its period, so a
 * new period or a new failure is owed its own. Of the two transfer reminders, a sweep that comes late
 * sends only the nearer one and marks both.
 */
export function noticesDue(membership: Membership, at: Date): Notice[] {
  const now = at.getTime();
  const sent = new Set(membership.dunning.sent);
  const owed = (marks: string[]): boolean => marks.some((mark) => !sent.has(mark));
  const notices: Notice[] = [];
  const { failedAt } = membership.dunning;
  if (membership.status === 'pastDue' && failedAt) {
    const first = [`failed:${failedAt}`];
    if (owed(first)) notices.push({ kind: 'renewalFailed', marks: first });
    const third = [`day3:${failedAt}`];
    if (now >= ms(failedAt) + 3 * dayMs && owed(third)) notices.push({ kind: 'renewalFailedAgain', marks: third });
  }
  if (membership.status !== 'active') return notices;
  const ends = ms(membership.paidThrough);
  const period = membership.paidThrough;
  if (membership.renewal === 'transfer' && now < ends) {
    const week = `transfer7:${period}`;
    const day = `transfer1:${period}`;
    if (now >= ends - dayMs && owed([day])) notices.push({ kind: 'transferDue', marks: [week, day] });
    else if (now >= ends - 7 * dayMs && now < ends - dayMs && owed([week])) {
      notices.push({ kind: 'transferDue', marks: [week] });
    }
  }
  const long = membership.kind === 'membership' && membership.interval !== 'monthly';
  const soon = [`renewal7:${period}`];
  if (long && membership.renewal !== 'transfer' && now < ends && now >= ends - 7 * dayMs && owed(soon)) {
    notices.push({ kind: 'renewalSoon', marks: soon });
  }
  return notices;
}

/**
 * Monthly recurring revenue in minor units, per currency and never added across them: every
 * membership that still renews (active or past due), a quarter counted as a third and a year as a
 * twelfth of its price, rounded to the kobo or cent. Instalment plans end, so they are not counted.
 */
export function monthlyRecurringMinor(memberships: readonly Membership[]): Record<Currency, number> {
  const sums: Record<Currency, number> = { NGN: 0, USD: 0 };
  for (const membership of memberships) {
    if (membership.kind !== 'membership') continue;
    if (membership.status !== 'active' && membership.status !== 'pastDue') continue;
    sums[membership.currency] += membership.amountMinor / intervalMonths[membership.interval];
  }
  return { NGN: Math.round(sums.NGN), USD: Math.round(sums.USD) };
}

/** Plans that ended unpaid or cancelled in the 30 days before `at` (the dashboard's members lost). */
export function membersLost(memberships: readonly Membership[], at: Date): number {
  const since = at.getTime() - 30 * dayMs;
  return memberships.filter(
    (membership) =>
      membership.status === 'ended' &&
      membership.endedAt !== null &&
      ms(membership.endedAt) > since &&
      ms(membership.endedAt) <= at.getTime(),
  ).length;
}
