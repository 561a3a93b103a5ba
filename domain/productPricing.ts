// How a product is charged (docs/memberships.md): once (every product until now), as a membership that
// renews each month, quarter or year, or in 2 to 6 monthly instalments. The product's two prices keep
// their meaning per kind: the price of the purchase, of one period, or the full price the instalments
// add up to. Stored on products/{id} as `pricing`; a product without it is sold once, as before.
import { type Currency, formatMinorPrice, priceIn, toMinor } from './money';

export type BillingInterval = 'monthly' | 'quarterly' | 'yearly';

export const billingIntervals: readonly BillingInterval[] = ['monthly', 'quarterly', 'yearly'];

/** The fewest and most payments an instalment plan may have. */
export const instalmentLimits = { min: 2, max: 6 } as const;

export type ProductPricing =
  | { kind: 'once' }
  /** priceInNgn and priceInUsd are the price of one period. */
  | { kind: 'membership'; interval: BillingInterval }
  /** priceInNgn and priceInUsd are the full price, paid in `count` monthly payments. */
  | { kind: 'instalments'; count: number };

export const oncePricing: ProductPricing = { kind: 'once' };

/** Calendar months one period of each interval lasts. */
export const intervalMonths: Readonly<Record<BillingInterval, number>> = { monthly: 1, quarterly: 3, yearly: 12 };

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The stored `pricing` of a product. Anything missing or not one of the two plans the store knows (an
 * unknown interval, a count outside 2 to 6) reads as a single payment, so an odd value never puts a
 * buyer on a plan the seller did not set.
 */
export function productPricingFromData(value: unknown): ProductPricing {
  const stored = record(value);
  if (stored.kind === 'membership' && billingIntervals.includes(stored.interval as BillingInterval)) {
    return { kind: 'membership', interval: stored.interval as BillingInterval };
  }
  const count = stored.count;
  if (
    stored.kind === 'instalments' &&
    typeof count === 'number' &&
    Number.isSafeInteger(count) &&
    count >= instalmentLimits.min &&
    count <= instalmentLimits.max
  ) {
    return { kind: 'instalments', count };
  }
  return oncePricing;
}

/**
 * What each payment of the product charges in `currency`, in minor units: the price for a single
 * payment or one period; for instalments the full price divided by their number, rounded down to the
 * kobo or cent, so the payments never add up to more than the price.
 */
export function paymentAmountMinor(
  prices: { priceInNgn: number; priceInUsd: number },
  pricing: ProductPricing,
  currency: Currency,
): number {
  return perPaymentMinor(toMinor(priceIn(prices, currency)), pricing);
}

/** One payment of a price in minor units: the price itself, or one instalment of it (rounded down). */
export function perPaymentMinor(priceMinor: number, pricing: ProductPricing): number {
  return pricing.kind === 'instalments' ? Math.floor(priceMinor / pricing.count) : priceMinor;
}

const periodWords: Readonly<Record<BillingInterval, string>> = {
  monthly: 'month',
  quarterly: 'quarter',
  yearly: 'year',
};

/** 'month', 'quarter' or 'year': one period in words. */
export function periodWord(interval: BillingInterval): string {
  return periodWords[interval];
}

/** '₦5,000 / month' for an amount per period in minor units. */
export function perPeriodText(amountMinor: number, currency: Currency, interval: BillingInterval): string {
  return `${formatMinorPrice(amountMinor, currency)} / ${periodWord(interval)}`;
}

/** '3 × ₦50,000' for `count` payments of an amount in minor units. */
export function instalmentsText(count: number, amountMinor: number, currency: Currency): string {
  return `${count} × ${formatMinorPrice(amountMinor, currency)}`;
}

/**
 * The price as the storefront card, the product page and its structured data show it: '₦7,500' for a
 * single payment, '₦5,000 / month' for a membership, '3 × ₦50,000' for instalments.
 */
export function pricingText(
  prices: { priceInNgn: number; priceInUsd: number },
  pricing: ProductPricing,
  currency: Currency,
): string {
  const each = paymentAmountMinor(prices, pricing, currency);
  if (pricing.kind === 'membership') return perPeriodText(each, currency, pricing.interval);
  if (pricing.kind === 'instalments') return instalmentsText(pricing.count, each, currency);
  return formatMinorPrice(each, currency);
}

/** A product's price as the storefront shows it, by the product's own `pricing` (absent: a single payment). */
export function productPriceText(
  product: { priceInNgn: number; priceInUsd: number; pricing?: ProductPricing },
  currency: Currency,
): string {
  return pricingText(product, product.pricing ?? oncePricing, currency);
}
