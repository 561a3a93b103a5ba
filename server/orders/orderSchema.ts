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
  provider: z.enum(['paystack', 'demo'], { error: 'Unknown payment provider.' }),
  reference,
  productId,
  currency: z.enum(['NGN', 'USD'], { error: 'The currency must be NGN or USD.' }),
  customer: customerSchema,
});

export const paypalOrderBodySchema = z.object({ productId, customer: customerSchema });

export const paypalOrderIdSchema = reference;

export const resendBodySchema = z.object({ email: ruleField(customerFields.email) });

export type ParseResult<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * Validates a body; on failure the message of the most useful issue: a customer field problem in the
 * form's order, else the first one. 'Emails do not match!' comes after the fields themselves.
 */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): ParseResult<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The request body must be a JSON object.' };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const order = ['name', 'email', 'confirmEmail', 'phone'];
  const customerIssue = order
    .map((field) => result.error.issues.find((issue) => issue.path[0] === 'customer' && issue.path[1] === field))
    .find((issue) => issue !== undefined);
  return {
    ok: false,
    message: (customerIssue ?? result.error.issues[0])?.message ?? 'Please check the form and try again.',
  };
}
