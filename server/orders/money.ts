// Money arithmetic in whole minor units (kobo, cents): floating-point prices such as 9.99 never
// decide a comparison (9.99 * 100 is 998.9999999999999).
import { toMinor, type Currency } from '../../domain/money';

export type { Currency };

/** A price in major units (as stored on the product) to minor units: the domain's one rounding. */
export const toMinorUnits = toMinor;

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

/** The e-mails print prices with the storefront's one formatter (domain/money.ts). */
export { formatPrice as formatAmount } from '../../domain/money';
