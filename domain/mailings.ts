// E-mails to buyers (docs/emails.md): a mailing's stored record, one recipient of its send queue, and
// its audience as pure functions, so the count an admin sees before sending and the recipients fixed
// when sending starts are worked out by the same code. Read defensively, like every decoder here: a
// missing or mistyped field reads as its default, never as 'undefined' or a thrown error.
import { addDays, lagosDayStart } from './lagosDates';
import { mailboxOf } from './mailbox';
import { membershipAccess, type Membership } from './membership';
import type { Currency } from './money';

/** Who a mailing goes to. Every filter that is set must hold; an empty one does not filter. */
export interface MailingAudience {
  /** Bought any of these products (empty: everyone who bought anything). */
  boughtAny: string[];
  /** Bought none of these products. */
  notBought: string[];
  /** Bought on or after this Lagos day ('2026-11-01'); null for no start. */
  from: string | null;
  /** Bought on or before this Lagos day; null for no end. */
  to: string | null;
  /** Paid in this currency; null for either. */
  currency: Currency | null;
  /** Only buyers with a membership whose access is open (docs/memberships.md); false for every buyer. */
  activeMembers: boolean;
}

export const everyBuyer: MailingAudience = {
  boughtAny: [],
  notBought: [],
  from: null,
  to: null,
  currency: null,
  activeMembers: false,
};

export type MailingStatus = 'draft' | 'scheduled' | 'sending' | 'sent';
export const mailingStatuses: readonly MailingStatus[] = ['draft', 'scheduled', 'sending', 'sent'];

export interface MailingCounts {
  recipients: number;
  sent: number;
  failed: number;
  skipped: number;
}

export interface MailingRecord {
  subject: string;
  /** Markdown, rendered for the mail by the store's one renderer. */
  body: string;
  audience: MailingAudience;
  status: MailingStatus;
  /** When sending starts (milliseconds); null for a draft or 'now'. */
  scheduledAtMs: number | null;
  /** When the audience was fixed (milliseconds); null until then. */
  startedAtMs: number | null;
  /** When the last recipient was done (milliseconds); null until then. */
  finishedAtMs: number | null;
  counts: MailingCounts;
  createdBy: string;
  createdAtMs: number | null;
}

export type RecipientStatus = 'queued' | 'claimed' | 'sent' | 'failed' | 'skipped';
const recipientStatuses: readonly RecipientStatus[] = ['queued', 'claimed', 'sent', 'failed', 'skipped'];

/** mailings/{id}/recipients/{key of the mailbox}: one address of the fixed audience. */
export interface MailingRecipient {
  email: string;
  status: RecipientStatus;
  /** Why it was skipped ('unsubscribed', 'bounced', 'complained', 'refunded'); null otherwise. */
  reason: string | null;
  /** The ids of the mailbox's sales when the audience was fixed. */
  saleIds: string[];
  /** The batch that claimed it; null while queued. */
  claimId: string | null;
  claimedAtMs: number | null;
  sentAtMs: number | null;
}

type Stored = Record<string, unknown> | undefined;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const count = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const ids = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((id): id is string => typeof id === 'string' && id !== ''))] : [];
const dayKey = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && Number.isFinite(lagosDayStart(value))
    ? value
    : null;

/** A Firestore Timestamp (or anything with toMillis) as milliseconds; null otherwise. */
function millisOf(value: unknown): number | null {
  const toMillis = record(value).toMillis;
  if (typeof toMillis !== 'function') return null;
  const ms: unknown = toMillis.call(value);
  return typeof ms === 'number' && Number.isFinite(ms) ? ms : null;
}

export function readMailingAudience(value: unknown): MailingAudience {
  const stored = record(value);
  const currency = stored.currency === 'NGN' || stored.currency === 'USD' ? stored.currency : null;
  return {
    boughtAny: ids(stored.boughtAny),
    notBought: ids(stored.notBought),
    from: dayKey(stored.from),
    to: dayKey(stored.to),
    currency,
    activeMembers: stored.activeMembers === true,
  };
}

export function readMailingRecord(data: Stored): MailingRecord {
  const stored = data ?? {};
  const counts = record(stored.counts);
  const status = mailingStatuses.find((candidate) => candidate === stored.status) ?? 'draft';
  return {
    subject: text(stored.subject),
    body: text(stored.body),
    audience: readMailingAudience(stored.audience),
    status,
    scheduledAtMs: millisOf(stored.scheduledAt),
    startedAtMs: millisOf(stored.startedAt),
    finishedAtMs: millisOf(stored.finishedAt),
    counts: {
      recipients: count(counts.recipients),
      sent: count(counts.sent),
      failed: count(counts.failed),
      skipped: count(counts.skipped),
    },
    createdBy: text(stored.createdBy),
    createdAtMs: millisOf(stored.createdAt),
  };
}

export function readMailingRecipient(data: Stored): MailingRecipient {
  const stored = data ?? {};
  return {
    email: text(stored.email),
    status: recipientStatuses.find((candidate) => candidate === stored.status) ?? 'queued',
    reason: typeof stored.reason === 'string' ? stored.reason : null,
    saleIds: ids(stored.saleIds),
    claimId: typeof stored.claimId === 'string' ? stored.claimId : null,
    claimedAtMs: millisOf(stored.claimedAt),
    sentAtMs: millisOf(stored.sentAt),
  };
}

/** mailingMinutes/{minute}: how many e-mails to buyers were claimed in that minute. */
export function readMinuteCount(data: Stored): number {
  return count(data?.sent);
}

/** One sale as the audience reads it. */
export interface AudienceSale {
  email: string;
  productId: string;
  currency: Currency;
  /** When the purchase was made; null when unknown (then no date filter matches it). */
  purchasedAt: Date | null;
  /** Fully refunded, or lost to a dispute: the buyer does not own the product any more. */
  refunded: boolean;
}

/** One address of the audience: the mailbox it counts under, and the address its newest sale used. */
export interface AudienceMember {
  mailbox: string;
  email: string;
}

function saleMatches(sale: AudienceSale, audience: MailingAudience): boolean {
  if (audience.boughtAny.length > 0 && !audience.boughtAny.includes(sale.productId)) return false;
  if (audience.currency && sale.currency !== audience.currency) return false;
  if (audience.from || audience.to) {
    const at = sale.purchasedAt?.getTime();
    if (at === undefined || !Number.isFinite(at)) return false;
    if (audience.from && at < lagosDayStart(audience.from)) return false;
    // 'To' is a whole Lagos day: everything before the next day starts.
    if (audience.to && at >= lagosDayStart(addDays(audience.to, 1))) return false;
  }
  return true;
}

/**
 * The mailboxes holding a membership (not an instalment plan) whose access is open at `at`, as
 * `membershipAccess` judges it: active or past due within the grace, cancelled until the paid period
 * ends; never an ended one.
 */
export function activeMemberMailboxes(memberships: readonly Membership[], at: Date): Set<string> {
  return new Set(
    memberships
      .filter((membership) => membership.kind === 'membership' && membership.customer.email.includes('@'))
      .filter((membership) => membershipAccess(membership, at).open)
      .map((membership) => mailboxOf(membership.customer.email)),
  );
}

/**
 * The audience's members, one per mailbox (domain/mailbox.ts), ordered by mailbox. A mailbox belongs
 * when one of its kept sales (not refunded) matches every sale filter and none of its kept sales is of
 * a product in `notBought`, and, with `activeMembers`, when it is among `members` (the mailboxes of
 * `activeMemberMailboxes`). Refunded sales count for nothing: a buyer refunded for everything is not
 * a buyer.
 */
export function audienceMembers(
  sales: readonly AudienceSale[],
  audience: MailingAudience,
  members: ReadonlySet<string> = new Set(),
): AudienceMember[] {
  const byMailbox = new Map<string, { email: string; at: number; matches: boolean; excluded: boolean }>();
  for (const sale of sales) {
    if (sale.refunded || !sale.email.includes('@')) continue;
    const mailbox = mailboxOf(sale.email);
    const at = sale.purchasedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    const seen = byMailbox.get(mailbox) ?? { email: sale.email.trim(), at, matches: false, excluded: false };
    if (at > seen.at) {
      seen.email = sale.email.trim();
      seen.at = at;
    }
    if (audience.notBought.includes(sale.productId)) seen.excluded = true;
    if (saleMatches(sale, audience)) seen.matches = true;
    byMailbox.set(mailbox, seen);
  }
  return [...byMailbox.entries()]
    .filter(([mailbox, seen]) => seen.matches && !seen.excluded && (!audience.activeMembers || members.has(mailbox)))
    .map(([mailbox, seen]) => ({ mailbox, email: seen.email }))
    .sort((a, b) => (a.mailbox < b.mailbox ? -1 : a.mailbox > b.mailbox ? 1 : 0));
}

/** Every product the address kept (owns, not refunded): empty means refunded for all it bought. */
export function keptProducts(sales: readonly Pick<AudienceSale, 'productId' | 'refunded'>[]): string[] {
  return [...new Set(sales.filter((sale) => !sale.refunded).map((sale) => sale.productId))];
}

/** One e-mail of a product's after-purchase sequence (sequences/{productId}). */
export interface SequenceStep {
  /** Stable across edits: a step already sent to a sale is never sent to it again. */
  id: string;
  /** Whole days after the purchase (1-365). */
  afterDays: number;
  subject: string;
  /** Markdown, rendered like a mailing's body. */
  body: string;
}

/** At most this many steps per product. */
export const maxSequenceSteps = 5;

export function readSequence(data: Stored): SequenceStep[] {
  const steps = Array.isArray(data?.steps) ? (data.steps as unknown[]) : [];
  return steps
    .map(record)
    .map((step) => ({
      id: text(step.id),
      afterDays: count(step.afterDays),
      subject: text(step.subject),
      body: text(step.body),
    }))
    .filter((step) => /^[A-Za-z0-9_-]{1,40}$/.test(step.id) && step.afterDays >= 1 && step.afterDays <= 365)
    .slice(0, maxSequenceSteps);
}
