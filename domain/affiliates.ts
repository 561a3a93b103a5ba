// The affiliate program's pure rules (docs/affiliates.md): its settings as the Store settings panel
// stores them, the commission a sale earns, the affiliate code and the states of a commission. The API
// and the SPA both read these, so a rule is decided in one place.
import type { Currency } from './money';
import { mailboxOf } from './mailbox';

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

/** The buyer is the affiliate (the same mailbox, however spelled): no commission on one's own purchase. */
export function isSelfReferral(buyerEmail: string, affiliateEmail: string): boolean {
  return mailboxOf(buyerEmail) === mailboxOf(affiliateEmail);
}

/** A commission fixed on a checkout: who earns it and how much; `split` when Paystack pays it at once. */
export interface CheckoutAffiliate {
  affiliateCode: string;
  percent: number;
  commissionMinor: number;
  /** Paystack's split: the affiliate's subaccount and the seller's share (kobo); null for the ledger. */
  split: { subaccount: string; transactionChargeMinor: number; bearer: 'account' } | null;
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

/** What GET /api/affiliates/me answers the signed-in affiliate. */
export interface AffiliatePageAnswer {
  code: string;
  name: string;
  status: AffiliateStatus;
  percent: number;
  clicks: number;
  sales: AffiliateSale[];
  /** Per currency, per status (pending, payable, paid, split, owedBack), in minor units. */
  totals: Partial<Record<Currency, Partial<Record<CommissionStatus, number>>>>;
  products: Array<{ id: string; title: string }>;
}
