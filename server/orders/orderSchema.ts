// One zod schema per request body of the purchase API, built on the shared field rules
// (domain/fieldRules.ts) so the payment form and the API refuse the same input with the same words.
import { z } from 'zod';
import { customerFields, emailsDoNotMatch, emailsMatch } from '../../domain/fieldRules';
import { ruleField } from '../lib/fieldSchema';

export const customerSchema = z
  .object(
    {
      name: ruleField(customerFields.name),
      email: ruleField(customerFields.email),
      confirmEmail: ruleField(customerFields.confirmEmail),
      phone: ruleField(customerFields.phone),
    },
    { error: 'Please fill in your name, e-mail address and phone number.' },
  )
  .refine((customer) => emailsMatch(customer.email, customer.confirmEmail), {
    error: emailsDoNotMatch,
    path: ['confirmEmail'],
  });

export type Customer = z.infer<typeof customerSchema>;

// Document ids: no '/', and not Firestore's reserved '__…__' names.
const productId = z
  .string({ error: 'A product is required.' })
  .regex(/^(?!__)[A-Za-z0-9_-]{1,128}$/, { error: 'This product is no longer available.' });

// Paystack references and PayPal order ids; also part of a document id, so the same care.
const reference = z
  .string({ error: 'A payment reference is required.' })
  .regex(/^[A-Za-z0-9._=-]{1,100}$/, { error: 'The payment reference is not valid.' })
  .refine((value) => value !== '.' && value !== '..' && !value.startsWith('__'), {
    error: 'The payment reference is not valid.',
  });

export const orderBodySchema = z.object({
  provider: z.enum(['paystack', 'demo', 'free'], { error: 'Unknown payment provider.' }),
  reference,
  productId,
  currency: z.enum(['NGN', 'USD'], { error: 'The currency must be NGN or USD.' }),
  customer: customerSchema,
});

/** The body of PayPal's capture call: what the buyer claims, checked against the order's checkout. */
export const paypalOrderBodySchema = z.object({ productId, customer: customerSchema });

const checkoutId = z
  .string({ error: 'A checkout is required.' })
  .regex(/^[0-9a-f]{20}$/, { error: 'This checkout is not valid. Please close the payment window and try again.' });

/** createOrder: the API creates the PayPal order at the checkout's amount. */
export const paypalCreateBodySchema = z.object({ checkoutId });

/** The buyer's report of a transfer Paystack has not yet seen: the checkout's reference and buyer. */
export const pendingBodySchema = z.object({ reference, productId, customer: customerSchema });

/** A checkout id in a path (the waiting page's). */
export const checkoutIdSchema = checkoutId;

export const checkoutBodySchema = z.object({
  productId,
  currency: z.enum(['NGN', 'USD'], { error: 'The currency must be NGN or USD.' }),
  customer: customerSchema,
  // Codes are checked by the checkout itself; here only their size, so a huge body says nothing.
  code: z
    .string({ error: 'The discount code is not valid.' })
    .max(64, { error: 'The discount code is not valid.' })
    .optional(),
  // The SPA names the demo payment when it offers it (the local stack); otherwise the currency decides.
  provider: z.enum(['paystack', 'paypal', 'demo'], { error: 'Unknown payment provider.' }).optional(),
  // A membership or instalment plan in NGN: renewed by Paystack charging the card, or by a transfer
  // each period (docs/memberships.md); ignored for a product sold once.
  renewBy: z.enum(['card', 'transfer'], { error: 'Choose how to renew: by card or by transfer.' }).optional(),
  // An affiliate code kept by the SPA from a `?ref=` link; an unknown or malformed one is ignored.
  ref: z
    .string()
    .regex(/^[A-Za-z0-9]{3,20}$/)
    .optional()
    .catch(undefined),
  // The reminder's link names the checkout to resume; an unknown or stale one just makes a new one.
  checkoutId: z
    .string()
    .regex(/^[0-9a-f]{20}$/)
    .optional()
    .catch(undefined),
});

/** The dialog's Apply: the price a code would give now. The e-mail, when typed, for once-per-e-mail codes. */
export const quoteBodySchema = z.object({
  productId,
  currency: z.enum(['NGN', 'USD'], { error: 'The currency must be NGN or USD.' }),
  code: z
    .string({ error: 'Please enter a code.' })
    .trim()
    .min(1, { error: 'Please enter a code.' })
    .max(64, { error: 'No such code.' }),
  email: z.string().max(254).optional().catch(undefined),
});

export const paypalOrderIdSchema = reference;

export const resendBodySchema = z.object({ email: ruleField(customerFields.email) });

// The one body check lives with the field schemas (server/lib/fieldSchema.ts); named here for this API's callers.
export { parseBody, type ParseResult } from '../lib/fieldSchema';
