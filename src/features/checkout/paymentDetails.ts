// Small pure pieces of a payment: the buyer's name as the card provider wants it and the amount in
// minor units. The reference that identifies a payment comes from the API's checkout.

/**
 * The full name is split on the first space into first and last name (docs/storefront.md); with no space
 * the whole name is the first name. Surrounding and repeated spaces are not part of either name.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.search(/\s/);
  if (space === -1) return { firstName: trimmed, lastName: '' };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

/** The card provider takes the amount in minor units (kobo): price × 100 (docs/payments.md). */
export { toMinor as toMinorUnits } from '../../../domain/money';
