// Discount codes (docs/admin.md, 'Discounts'; docs/payments.md): what a code is, how it is written,
// when it may be used and what it takes off a price. Pure, so the admin panel, the API's checkout and
// the tests read one definition. Money is counted here in minor units (kobo, cents) only: a discount
// worked out on major units would round 4,500 x 0.15 through binary fractions.
import { isoDate } from './dates';
import { toMinor, type Currency } from './money';
import type { DocumentData } from './product';

export const discountCodesCollection = 'discountCodes';

export type DiscountKind = 'percent' | 'fixed';

/** An amount per currency, both always given (a fixed code takes something off either price). */
export interface PerCurrency {
  NGN: number;
  USD: number;
}

/** The terms an admin sets (the rules let admins write these and nothing else of a code). */
export interface DiscountTerms {
  kind: DiscountKind;
  /** 1-100, a whole number; 0 for a fixed code. */
  percent: number;
  /** What a fixed code takes off, in major units (naira, dollars) as product prices are stored. */
  amountOff: PerCurrency;
  /** The products it applies to; empty means every product. */
  productIds: string[];
  /** ISO times; null when the code has no start or no end. */
  startsAt: string | null;
  endsAt: string | null;
  /** Total uses (paid orders); null for no limit. */
  maxUses: number | null;
  oncePerEmail: boolean;
  /** false while the seller has paused it. */
  active: boolean;
}

/** A stored code: its terms and what the API counts (uses, open reservations, revenue). */
export interface DiscountCode extends DiscountTerms {
  /** Upper case; also the document id. */
  code: string;
  uses: number;
  /** Checkouts holding a use that is neither paid nor released yet. */
  reserved: number;
  /** What buyers paid with this code, in minor units per currency. */
  revenueMinor: PerCurrency;
  createdAt: string;
  createdBy: string;
}

// 3 to 32 letters, digits, _ and -.
const codeShape = /^[A-Z0-9_-]{3,32}$/;

/** A code as stored and compared: trimmed, upper case ('spring-10 ' and 'SPRING-10' are one code). */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Whether a normalized code has the allowed shape: 3-32 of A-Z, 0-9, '-' and '_'. */
export function isValidCode(code: string): boolean {
  return codeShape.test(code);
}

export const codeMessages = {
  required: 'Please enter a code.',
  invalid: 'A code is 3 to 32 letters, digits, hyphens (-) or underscores (_), without spaces.',
} as const;

/** The problem with a code as typed (case does not matter), or null. */
export function codeError(raw: string): string | null {
  const code = normalizeCode(raw);
  if (!code) return codeMessages.required;
  return isValidCode(code) ? null : codeMessages.invalid;
}

/**
 * Why a code cannot be used, in the words the buyer reads. A code whose start is still ahead is
 * 'not valid yet' rather than 'expired', so a buyer who got it early knows to come back; a paused
 * code says it is not available rather than that it does not exist, so a buyer holding a real code
 * is not told they mistyped it.
 */
export const discountRefusals = {
  unknown: 'No such code.',
  paused: 'This code is not available right now.',
  notStarted: 'This code is not valid yet.',
  expired: 'This code has expired.',
  notForProduct: 'This code does not apply to this product.',
  usedUp: 'This code has been used up.',
  usedByEmail: 'This code has already been used with this e-mail address.',
} as const;

export type DiscountRefusal = keyof typeof discountRefusals;

/** A price in minor units as a whole, non-negative number; anything else (NaN, Infinity) is 0. */
function wholeMinor(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : 0;
}

/** Whether the terms could take anything off: a broken document is refused as 'No such code.' */
export function hasUsableTerms(terms: Pick<DiscountTerms, 'kind' | 'percent' | 'amountOff'>): boolean {
  if (terms.kind === 'percent') return Number.isInteger(terms.percent) && terms.percent >= 1 && terms.percent <= 100;
  return toMinor(terms.amountOff.NGN) > 0 && toMinor(terms.amountOff.USD) > 0;
}

/**
 * What the code takes off a price of `listPriceMinor`, in minor units. A percentage is rounded half
 * up to the whole kobo or cent (₦4,500 at 15% takes off ₦675; 999 cents at 15% is 149.85, so 150); a
 * fixed amount is taken in the buyer's currency. Never more than the price: the amount due is never
 * below 0.
 */
export function discountMinor(
  terms: Pick<DiscountTerms, 'kind' | 'percent' | 'amountOff'>,
  currency: Currency,
  listPriceMinor: number,
): number {
  const price = wholeMinor(listPriceMinor);
  if (!hasUsableTerms(terms)) return 0;
  // Integers all the way: price x percent is exact, and + 50 before flooring is half up.
  const off =
    terms.kind === 'percent' ? Math.floor((price * terms.percent + 50) / 100) : toMinor(terms.amountOff[currency]);
  return Math.min(off, price);
}

/** The price after the code, in minor units (never below 0). */
export function discountedMinor(
  terms: Pick<DiscountTerms, 'kind' | 'percent' | 'amountOff'>,
  currency: Currency,
  listPriceMinor: number,
): number {
  return wholeMinor(listPriceMinor) - discountMinor(terms, currency, listPriceMinor);
}

/**
 * The smallest price a provider charges, in minor units: Paystack takes no card payment under ₦50;
 * PayPal's smallest is one cent.
 */
export const minimumChargeMinor: Record<Currency, number> = { NGN: 5000, USD: 1 };

/**
 * What the buyer is charged for a discounted price: nothing when the code leaves nothing to pay (a
 * free order), else at least the provider's minimum. A code that would leave ₦1 to ₦49 charges ₦50,
 * so the buyer still gets almost all of the discount and the payment can go through.
 */
export function chargedMinor(currency: Currency, amountMinor: number): number {
  const amount = wholeMinor(amountMinor);
  return amount === 0 ? 0 : Math.max(amount, minimumChargeMinor[currency]);
}

export interface UseAttempt {
  productId: string;
  now: Date;
  /** Whether a paid order with this code already came from this buyer's e-mail address. */
  usedByThisEmail: boolean;
}

/**
 * The reason `code` cannot be used for this attempt, or null when it can. `code` null is a code
 * that does not exist. The start is included and the end is not: a code ending at midnight is over
 * at midnight. Open reservations count against the limit, so checkouts that may still be paid never
 * outnumber the uses left.
 */
export function refusalFor(code: DiscountCode | null, attempt: UseAttempt): DiscountRefusal | null {
  if (!code || !hasUsableTerms(code)) return 'unknown';
  if (!code.active) return 'paused';
  const now = attempt.now.getTime();
  if (code.startsAt !== null && now < Date.parse(code.startsAt)) return 'notStarted';
  if (code.endsAt !== null && now >= Date.parse(code.endsAt)) return 'expired';
  if (code.productIds.length > 0 && !code.productIds.includes(attempt.productId)) return 'notForProduct';
  if (code.maxUses !== null && code.uses + code.reserved >= code.maxUses) return 'usedUp';
  if (code.oncePerEmail && attempt.usedByThisEmail) return 'usedByEmail';
  return null;
}

// Firestore rules decide what an admin may store; a document written otherwise (by hand, with
// firebase-admin) reads as harmless values: a missing kind reads as a percent of 0, which
// hasUsableTerms refuses, a counter that is no whole number reads as 0, a missing flag as paused.
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);
const time = (value: unknown): string | null => {
  const iso = isoDate(value, '');
  return iso === '' ? null : iso;
};
const perCurrency = (value: unknown, read: (value: unknown) => number): PerCurrency => {
  const map = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { NGN: read(map.NGN), USD: read(map.USD) };
};

/** The code stored under `id` with these fields; the id is the code. */
export function discountCodeFromData(id: string, data: DocumentData): DiscountCode {
  const kind: DiscountKind = data.kind === 'fixed' ? 'fixed' : 'percent';
  // No limit only when none is stored: a limit stored as something else (text, a fraction) reads
  // as 0 uses left rather than as unlimited.
  const maxUses = data.maxUses === undefined || data.maxUses === null ? null : Math.max(0, count(data.maxUses));
  return {
    code: normalizeCode(text(data.code) || id),
    kind,
    percent: kind === 'percent' ? finite(data.percent) : 0,
    amountOff: kind === 'fixed' ? perCurrency(data.amountOff, finite) : { NGN: 0, USD: 0 },
    productIds: Array.isArray(data.productIds)
      ? data.productIds.filter((productId): productId is string => typeof productId === 'string')
      : [],
    startsAt: time(data.startsAt),
    endsAt: time(data.endsAt),
    maxUses,
    oncePerEmail: data.oncePerEmail === true,
    // The rules make every admin-written code carry the flag; a code without one is not live.
    active: data.active === true,
    uses: Math.max(0, count(data.uses)),
    reserved: Math.max(0, count(data.reserved)),
    revenueMinor: perCurrency(data.revenueMinor, count),
    createdAt: isoDate(data.createdAt),
    createdBy: text(data.createdBy),
  };
}
