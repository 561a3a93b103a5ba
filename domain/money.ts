export type Currency = 'NGN' | 'USD';

/** A price in major units to minor units (9.99 -> 999; prices have at most 2 decimals). */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

const symbols: Record<Currency, string> = { NGN: '₦', USD: '$' };

// ₦ for NGN, $ for USD, en-US thousands grouping (docs/storefront.md, 'Currency').
export function formatPrice(amount: number, currency: Currency): string {
  const grouped = amount.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return `${symbols[currency]}${grouped}`;
}

/** Every product carries both prices; the shopper's currency picks one. */
export function priceIn(prices: { priceInNgn: number; priceInUsd: number }, currency: Currency): number {
  return currency === 'NGN' ? prices.priceInNgn : prices.priceInUsd;
}

/** The price a shopper sees, e.g. '₦7,500' or '$9'. */
export function formatProductPrice(prices: { priceInNgn: number; priceInUsd: number }, currency: Currency): string {
  return formatPrice(priceIn(prices, currency), currency);
}
