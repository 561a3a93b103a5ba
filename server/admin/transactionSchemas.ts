// The bodies of the admin's per-sale actions (docs/admin.md), built on the shared field rules so the
// resend dialog and the API refuse the same address with the same sentence.
import { z } from 'zod';
import { customerFields } from '../../domain/fieldRules';
import { ruleField } from '../lib/fieldSchema';

/** A corrected address is optional: without one the e-mail goes to the address on the sale. */
export const resendAccessBodySchema = z.object({ email: ruleField(customerFields.email).optional() });

export const accessBodySchema = z.object({
  revoked: z.boolean({ error: 'Say whether access is revoked (true) or restored (false).' }),
});

// Transaction ids are `{provider}_{reference}` (server/orders/fulfilment.ts); anything else cannot
// name one, and is refused before Firestore is asked (no '/', no reserved '__…__' ids).
const transactionIdPattern = /^(?!__)[A-Za-z0-9._=-]{1,140}$/;

export function isTransactionId(value: string): boolean {
  return transactionIdPattern.test(value) && value !== '.' && value !== '..';
}
