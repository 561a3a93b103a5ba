// The affiliate program's pure rules (docs/affiliates.md): its settings as the Store settings panel
// stores them, the commission a sale earns, the affiliate code and the states of a commission. The API
// and the SPA both read these, so a rule is decided in one place.
import type { FieldRule } from './fieldRules';
import type { Currency } from './money';
import { mailboxOf } from './mailbox';
import { withoutForbiddenCharacters } from './textSafety';

export interface AffiliateSettings {
  /** The program is open: the join page, the footer link, and attribution of sales. */
  on: boolean;
  /** The store's commission, a whole percentage from 1 to 90 (an affiliate may have their own). */
  percent: number;
  /** How long a followed link attributes the browser's purchases, in days. */
  windowDays: number;
  /** Applications wait for the seller's approval (else approved on arrival). */
  approvalRequired: boolean;
  /** How long a ledger commission stays pending before it may be paid (refunds come first). */
  holdDays: number;
}

export const defaultAffiliateSettings: AffiliateSettings = {
  on: false,
  percent: 10,
  windowDays: 30,
  approvalRequired: true,
  holdDays: 30,
};

/**
 * The applicant's name follows the store's name rules (domain/fieldRules.ts): one line, no control,
 * invisible or direction characters, at most 100 characters. It is e-mailed and shown to the seller.
 */
export const affiliateNameRule = {
  label: 'Full name',
  maxLength: 100,
  type: 'text',
  required: 'Please enter your name.',
  tooLong: 'Your name must be at most 100 characters.',
  lineBreak: 'Your name must be on a single line.',
} as const satisfies FieldRule;

/**
 * A stored name as it may be e-mailed or shown: what a single line refuses taken out and the length
 * kept, for names stored before the rule above was checked.
 */
export function shownAffiliateName(name: string): string {
  return withoutForbiddenCharacters(name).slice(0, affiliateNameRule.maxLength);
}

export const percentRange = { min: 1, max: 90 } as const;
export const dayRange = { min: 1, max: 365 } as const;
export const holdRange = { min: 0, max: 365 } as const;

function wholeIn(value: unknown, range: { min: number; max: number }): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;
}

/** The stored map as settings: anything missing or out of range reads as the default. */
export function readAffiliateSettings(data: unknown): AffiliateSettings {
  const stored = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const d = defaultAffiliateSettings;
  return {
    on: typeof stored.on === 'boolean' ? stored.on : d.on,
    percent: wholeIn(stored.percent, percentRange) ? stored.percent : d.percent,
    windowDays: wholeIn(stored.windowDays, dayRange) ? stored.windowDays : d.windowDays,
    approvalRequired: typeof stored.approvalRequired === 'boolean' ? stored.approvalRequired : d.approvalRequired,
    holdDays: wholeIn(stored.holdDays, holdRange) ? stored.holdDays : d.holdDays,
  };
}

/** What the affiliate earns on a payment: a percentage of what the buyer pays, in minor units, rounded down. */
export function commissionMinor(amountMinor: number, percent: number): number {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 0;
  return Math.floor((amountMinor * percent) / 100);
}

/** A partial refund reduces the commission in proportion to what is kept, rounded down. */
export function commissionAfterRefund(commission: number, paidMinor: number, refundedMinor: number): number {
  if (paidMinor <= 0 || refundedMinor >= paidMinor) return 0;
  return Math.floor((commission * (paidMinor - Math.max(0, refundedMinor))) / paidMinor);
}

export const affiliateStatuses = ['pending', 'approved', 'paused', 'removed'] as const;
export type AffiliateStatus = (typeof affiliateStatuses)[number];

/**
 * split: paid to the affiliate by Paystack at the moment of sale; owedBack: a split payment refunded
 * (the affiliate owes it back); the others are the ledger's.
 */
export const commissionStatuses = ['split', 'pending', 'payable', 'paid', 'reversed', 'owedBack'] as const;
export type CommissionStatus = (typeof commissionStatuses)[number];

const commissionLabels: Record<CommissionStatus, string> = {
  split: 'Paid by Paystack split',
  pending: 'Pending',
  payable: 'Payable',
  paid: 'Paid',
  reversed: 'Reversed',
  owedBack: 'Owed back',
};

/**
 * A commission's status in words, for the seller's Affiliates panel or the affiliate's own page: the
 * seller reads who owes a refunded split back, the affiliate knows it is them.
 */
export function commissionLabel(status: CommissionStatus, reader: 'seller' | 'affiliate'): string {
  return status === 'owedBack' && reader === 'seller' ? 'Owed back by the affiliate' : commissionLabels[status];
}

/** The status a reader sees: a pending commission whose hold has passed is payable. */
export function effectiveStatus(status: CommissionStatus, payableAt: string | null, now: Date): CommissionStatus {
  if (status === 'pending' && payableAt !== null && Date.parse(payableAt) <= now.getTime()) return 'payable';
  return status;
}

/** An affiliate code: 3 to 20 letters or digits, stored upper case (also the `?ref=` value). */
export const affiliateCodePattern = /^[A-Z0-9]{3,20}$/;
export const refParam = 'ref';

export function normalizeAffiliateCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Where an affiliate (or an application) is paid: a bank account (bank code and number) or a PayPal address. */
export interface PayoutAccount {
  bank: { code: string; accountNumber: string } | null;
  paypalEmail: string | null;
}

function samePayout(a: PayoutAccount, b: PayoutAccount): boolean {
  if (a.bank && b.bank && a.bank.code === b.bank.code && a.bank.accountNumber === b.bank.accountNumber) return true;
  return a.paypalEmail !== null && b.paypalEmail !== null && mailboxOf(a.paypalEmail) === mailboxOf(b.paypalEmail);
}

/**
 * The buyer is the affiliate, so the sale earns no commission: the buyer's mailbox (however spelled) is
 * the affiliate's or the affiliate's PayPal address, or the affiliate is paid into the bank account or
 * PayPal address of an affiliate application the buyer's mailbox made (any, approved, pending or removed).
 */
export function isSelfReferral(
  buyer: { email: string; applications: readonly PayoutAccount[] },
  affiliate: PayoutAccount & { email: string },
): boolean {
  const mailbox = mailboxOf(buyer.email);
  if (mailbox === mailboxOf(affiliate.email)) return true;
  if (affiliate.paypalEmail !== null && mailbox === mailboxOf(affiliate.paypalEmail)) return true;
  return buyer.applications.some((application) => samePayout(application, affiliate));
}

/** A commission fixed on a checkout: who earns it and how much; `split` when Paystack pays it at once. */
export interface CheckoutAffiliate {
  affiliateCode: string;
  percent: number;
  commissionMinor: number;
  /** Paystack's split: the affiliate's subaccount and the seller's share (kobo); null for the ledger. */
  split: { subaccount: string; transactionChargeMinor: number; bearer: 'account' } | null;
}

/** What a checkout carries to the sale's recording: its fixed commission and whether Paystack's split was seen. */
export interface SaleAttribution extends CheckoutAffiliate {
  /** Paystack's answer showed the split the checkout asked for (server/orders/verification.ts). */
  splitVerified: boolean;
}

/** The commission a checkout of `amountMinor` carries for this affiliate (split only for NGN with a subaccount). */
export function checkoutAffiliate(
  affiliate: { code: string; percent: number; subaccountCode: string | null },
  currency: Currency,
  amountMinor: number,
): CheckoutAffiliate | null {
  const commission = commissionMinor(amountMinor, affiliate.percent);
  if (commission <= 0) return null;
  return {
    affiliateCode: affiliate.code,
    percent: affiliate.percent,
    commissionMinor: commission,
    split:
      currency === 'NGN' && affiliate.subaccountCode
        ? { subaccount: affiliate.subaccountCode, transactionChargeMinor: amountMinor - commission, bearer: 'account' }
        : null,
  };
}

/** One affiliate's sale as their page shows it. */
export interface AffiliateSale {
  transactionId: string;
  productName: string;
  paidAt: string;
  currency: Currency;
  amountMinor: number;
  commissionMinor: number;
  status: CommissionStatus;
}

/** Where the affiliate is paid, as their page shows it: the bank and the account's last four digits, or PayPal. */
export type AffiliatePayout =
  { kind: 'bank'; bankName: string; last4: string } | { kind: 'paypal'; paypalEmail: string };

/** What GET /api/affiliates/me answers the signed-in affiliate. */
export interface AffiliatePageAnswer {
  code: string;
  name: string;
  status: AffiliateStatus;
  payout: AffiliatePayout | null;
  percent: number;
  clicks: number;
  sales: AffiliateSale[];
  /** Per currency, per status (pending, payable, paid, split, owedBack), in minor units. */
  totals: Partial<Record<Currency, Partial<Record<CommissionStatus, number>>>>;
  products: Array<{ id: string; title: string }>;
}

/** commissions/{transactionId}, written by the API only. */
export interface CommissionRecord {
  affiliateCode: string;
  currency: Currency;
  /** What the buyer paid, minor units: the base of the percentage. */
  baseMinor: number;
  percent: number;
  /** The commission as earned at the sale, before any refund. */
  earnedMinor: number;
  /** The commission now (reduced by partial refunds). */
  amountMinor: number;
  status: CommissionStatus;
  productName: string;
  soldAt: string;
  /** When a ledger commission may be paid (ISO); null for a split one. */
  payableAt: string | null;
  paidAt: string | null;
  batchId: string | null;
}

function whole(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : 0;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * A stored commission: a missing or mistyped amount reads as 0 and an unknown status as 'reversed',
 * so an odd record never pays anything.
 */
export function readCommissionRecord(data: Record<string, unknown> | undefined): CommissionRecord {
  const status = data?.status;
  return {
    affiliateCode: typeof data?.affiliateCode === 'string' ? data.affiliateCode : '',
    currency: data?.currency === 'USD' ? 'USD' : 'NGN',
    baseMinor: whole(data?.baseMinor),
    percent: whole(data?.percent),
    earnedMinor: whole(data?.earnedMinor),
    amountMinor: whole(data?.amountMinor),
    status: (commissionStatuses as readonly unknown[]).includes(status) ? (status as CommissionStatus) : 'reversed',
    productName: typeof data?.productName === 'string' ? data.productName : '',
    soldAt: typeof data?.soldAt === 'string' ? data.soldAt : '',
    payableAt: textOrNull(data?.payableAt),
    paidAt: textOrNull(data?.paidAt),
    batchId: textOrNull(data?.batchId),
  };
}
