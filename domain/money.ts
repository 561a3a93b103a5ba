export type Currency = 'NGN' | 'USD';

/** A price in major units to minor units (9.99 -> 999; prices have at most 2 decimals). */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

/** a + b for prices in major units, added in whole minor units (0.1 + 0.2 is 0.3 here). */
export function addMoney(a: number, b: number): number {
  return (toMinor(a) + toMinor(b)) / 100;
}

/** a - b for prices in major units, in whole minor units (19.99 - 9.99 is 10, not 9.999999999999998). */
export function subtractMoney(a: number, b: number): number {
  return (toMinor(a) - toMinor(b)) / 100;
}

/** PayPal's decimal string with exactly two decimals, e.g. 900 -> '9.00'. */
export function minorToDecimal(minor: number): string {
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  return `${whole}.${String(cents).padStart(2, '0')}`;
}

/** '9.00' or '9' or '9.5' -> minor units; anything else (negative, exponent, 3 decimals) -> null. */
export function decimalToMinor(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const symbols: Record<Currency, string> = { NGN: '₦', USD: '$' };

/**
 * The one price text of the store, on the storefront, in the dashboard and in e-mails: ₦ for NGN, $ for
 * USD, en-US thousands grouping, and two decimals whenever there are cents ('₦7,500', '$9',
 * '$19.50'; docs/storefront.md, 'Currency'). Rounded to the whole minor unit first, so a stored
 * 9.990000001 reads '$9.99'.
 */
export function formatPrice(amount: number, currency: Currency): string {
  return formatMinorPrice(toMinor(amount), currency);
}

/** formatPrice for an amount already in minor units (kobo, cents): 1950 -> '$19.50'. */
export function formatMinorPrice(minor: number, currency: Currency): string {
  const fraction = minor % 100 === 0 ? 0 : 2;
  const grouped = (minor / 100).toLocaleString('en-US', {
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  });
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
