// The checkout as the API reads it back (checkouts/{id}, docs/payments.md, 'Checkout sessions'): one
// decoder, so payments, the expiry sweep, pending payments, reminders and the library read each field
// the same way. A stored time (a Timestamp of either SDK, read by its shape: domain/ imports no SDK)
// becomes a Date. A document without the fields that make it a checkout (what is sold, to whom, for how
// much, until when) reads as no checkout; any other missing or mistyped field reads as its empty value.
import type { CheckoutAffiliate } from './affiliates';
import type { CheckoutProvider } from './apiContracts';
import type { Currency } from './money';

/** `pending`: a payment under way that completes later (server/checkouts/pendingPayments.ts). */
export type CheckoutStatus = 'open' | 'pending' | 'paid' | 'expired';
/** What a pending payment waits for: a Paystack transfer (or USSD) being matched, or PayPal's review. */
export type PendingKind = 'transfer' | 'paypal';
/** Why a pending checkout ended without a sale; the waiting page says what to do. */
export type PendingEnd = 'expired' | 'declined';
/** Whether the checkout's reminder e-mail went (server/checkouts/reminders.ts). */
export type ReminderState = 'sent' | 'skipped' | 'failed';

export interface CheckoutCustomer {
  name: string;
  email: string;
  phone: string;
}

export interface CheckoutRecord {
  reference: string;
  provider: CheckoutProvider;
  productId: string;
  productName: string;
  /**
   * The deliverable link when the checkout was made, so a sale still opens something after the
   * product (and with it its productDeliverables document) was deleted. Private: API only.
   */
  deliverableUrl: string;
  currency: Currency;
  listPrice: number;
  discountCode: string | null;
  discountAmount: number;
  /** What the buyer must pay, in major units. */
  amount: number;
  customer: CheckoutCustomer;
  /** The epoch when unreadable. */
  createdAt: Date;
  expiresAt: Date;
  /** An unknown status reads as 'expired': nothing acts on it. */
  status: CheckoutStatus;
  reminder: ReminderState | null;
  /** The PayPal order the API created for this checkout; only that order is ever captured. */
  paypalOrderId: string | null;
  /** The sale it was paid by. */
  transactionId?: string;
  /**
   * A newer checkout of the same buyer that took over this one's use of its (limited) code; from then
   * on this one no longer holds its discount (docs/payments.md, 'Discount codes').
   */
  codeHoldReplacedBy?: string;
  /** The affiliate whose link brought the buyer, and the commission fixed here (docs/affiliates.md). */
  affiliateCode?: string | null;
  commissionMinor?: number;
  affiliatePercent?: number;
  /** Paystack's split for an NGN affiliate with a subaccount: the seller's share in kobo. */
  split?: CheckoutAffiliate['split'];
  /** A payment that completes later, and since when it is awaited. */
  pending?: { kind: PendingKind; since: Date } | null;
  /** The wait token's SHA-256 (the waiting page's link). */
  waitTokenHash?: string;
  /** The waiting e-mail: claimed ('sending') by the one call that marked the checkout pending. */
  waitMail?: 'sending' | 'sent' | 'failed';
  endedBy?: PendingEnd;
  /** When Paystack first confirmed a transaction for the checkout's reference under way (or paid). */
  transferSeenAt?: Date;
  /** The hashed device id of the browser that reported the transfer, first report only. */
  startedBy?: string;
  /** The reminder's opt-out token's SHA-256. */
  reminderTokenHash?: string;
}

type Fields = Record<string, unknown>;

const providers: readonly unknown[] = ['paystack', 'paypal', 'demo', 'free'] satisfies CheckoutProvider[];
const statuses: readonly unknown[] = ['open', 'pending', 'paid', 'expired'] satisfies CheckoutStatus[];
const reminderStates: readonly unknown[] = ['sent', 'skipped', 'failed'] satisfies ReminderState[];
const waitMails: readonly unknown[] = ['sending', 'sent', 'failed'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const fields = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});

/** A stored time by its shape (toMillis, as both SDKs' Timestamps have, or a Date); null otherwise. */
function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  const toMillis = fields(value).toMillis;
  if (typeof toMillis !== 'function') return null;
  const ms: unknown = toMillis.call(value);
  return finite(ms) ? new Date(ms) : null;
}

function splitOf(value: unknown): CheckoutAffiliate['split'] | undefined {
  if (value === null) return null;
  const split = fields(value);
  return typeof split.subaccount === 'string' && finite(split.transactionChargeMinor)
    ? { subaccount: split.subaccount, transactionChargeMinor: split.transactionChargeMinor, bearer: 'account' }
    : undefined;
}

function pendingOf(value: unknown): CheckoutRecord['pending'] {
  if (value === null) return null;
  const pending = fields(value);
  const since = dateOf(pending.since);
  if (!since || (pending.kind !== 'transfer' && pending.kind !== 'paypal')) return undefined;
  return { kind: pending.kind, since };
}

/** The fields a checkout may lack: present only when stored with their type. */
function optionalFields(stored: Fields): Partial<CheckoutRecord> {
  const { affiliateCode, commissionMinor, affiliatePercent, waitMail, endedBy } = stored;
  const split = splitOf(stored.split);
  const pending = pendingOf(stored.pending);
  const transferSeenAt = dateOf(stored.transferSeenAt);
  const optional: Partial<CheckoutRecord> = {};
  for (const name of ['transactionId', 'codeHoldReplacedBy', 'waitTokenHash', 'startedBy', 'reminderTokenHash']) {
    const value = stored[name];
    if (typeof value === 'string') Object.assign(optional, { [name]: value });
  }
  if (typeof affiliateCode === 'string' || affiliateCode === null) optional.affiliateCode = affiliateCode;
  if (finite(commissionMinor)) optional.commissionMinor = commissionMinor;
  if (finite(affiliatePercent)) optional.affiliatePercent = affiliatePercent;
  if (split !== undefined) optional.split = split;
  if (pending !== undefined) optional.pending = pending;
  if (waitMails.includes(waitMail)) optional.waitMail = waitMail as CheckoutRecord['waitMail'];
  if (endedBy === 'expired' || endedBy === 'declined') optional.endedBy = endedBy;
  if (transferSeenAt) optional.transferSeenAt = transferSeenAt;
  return optional;
}

export function readCheckoutRecord(data: Fields | undefined): CheckoutRecord | null {
  if (!data) return null;
  const customer = fields(data.customer);
  const expiresAt = dateOf(data.expiresAt);
  const { reference, provider, productId, productName, currency, amount, status } = data;
  if (
    typeof reference !== 'string' ||
    !providers.includes(provider) ||
    typeof productId !== 'string' ||
    typeof productName !== 'string' ||
    (currency !== 'NGN' && currency !== 'USD') ||
    !finite(amount) ||
    typeof customer.email !== 'string' ||
    !expiresAt
  ) {
    return null;
  }
  return {
    reference,
    provider: provider as CheckoutProvider,
    productId,
    productName,
    deliverableUrl: text(data.deliverableUrl),
    currency,
    listPrice: finite(data.listPrice) ? data.listPrice : amount,
    discountCode: typeof data.discountCode === 'string' ? data.discountCode : null,
    discountAmount: finite(data.discountAmount) ? data.discountAmount : 0,
    amount,
    customer: { name: text(customer.name), email: customer.email, phone: text(customer.phone) },
    createdAt: dateOf(data.createdAt) ?? new Date(0),
    expiresAt,
    status: statuses.includes(status) ? (status as CheckoutStatus) : 'expired',
    reminder: reminderStates.includes(data.reminder) ? (data.reminder as ReminderState) : null,
    paypalOrderId: typeof data.paypalOrderId === 'string' ? data.paypalOrderId : null,
    ...optionalFields(data),
  };
}
