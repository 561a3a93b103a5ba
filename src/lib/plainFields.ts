// Lenient readers for the product fields the SPA takes from outside its Firestore converters (the
// early query's REST answer, the page's embedded JSON): a missing or malformed field gets the
// converters' default, so a card shows blank text rather than failing the page.

export const plainText = (value: unknown): string => (typeof value === 'string' ? value : '');

export const plainNumber = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;

/** An ISO date string, or the epoch when the value is not a readable date. */
export function isoDate(value: unknown): string {
  if (typeof value !== 'string') return new Date(0).toISOString();
  const time = Date.parse(value);
  return Number.isNaN(time) ? new Date(0).toISOString() : new Date(time).toISOString();
}
