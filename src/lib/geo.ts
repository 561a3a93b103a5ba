// The geo-IP default currency (docs/storefront.md, 'Currency'): NGN for visitors in Nigeria, USD for
// everyone else and whenever the lookup fails, because USD is the store's default and must never block a
// page.
import type { Currency } from '../../domain/money';

// Geo-IP services disagree on the field name: ipapi.co says country_code, ip-api.com countryCode,
// others country. The first one present wins.
const countryFields = ['country_code', 'countryCode', 'country'] as const;

/** The ISO country code in a geo-IP answer, upper-cased, or undefined when it has none. */
export function countryCodeFrom(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of countryFields) {
    const value = record[field];
    if (typeof value === 'string' && value.trim()) return value.trim().toUpperCase();
  }
  return undefined;
}

export function currencyForCountry(countryCode: string | undefined): Currency {
  return countryCode === 'NG' ? 'NGN' : 'USD';
}

// A slow geo service must not hold the shopper's prices hostage; after this they see USD.
export const geoLookupTimeoutMs = 5000;

/** VITE_GEOIP_URL's value that turns the lookup off: the local store (`npm start`) calls nothing outside. */
export const geoLookupOff = 'off';
export const geoLookupOffNotice = 'Geo-IP lookup is off (VITE_GEOIP_URL=off): prices default to USD.';
let offNoticeShown = false;

/** Looks the visitor's country up and answers their default currency; never throws. */
export async function lookupDefaultCurrency(url: string, fetchImpl: typeof fetch = fetch): Promise<Currency> {
  if (url === geoLookupOff) {
    // Said once per page load, not once per product page, and never as an error: nothing failed.
    if (!offNoticeShown) console.info(geoLookupOffNotice);
    offNoticeShown = true;
    return 'USD';
  }
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(geoLookupTimeoutMs) });
    if (!response.ok) return 'USD';
    return currencyForCountry(countryCodeFrom(await response.json()));
  } catch {
    return 'USD';
  }
}
