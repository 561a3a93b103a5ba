// The affiliate routes' bodies (docs/affiliates.md), each field with the sentence its refusal shows.
import { z } from 'zod';
import { affiliateNameRule, percentRange } from '../../domain/affiliates';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../../domain/textSafety';
import { ruleField } from '../lib/fieldSchema';

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .pipe(z.email({ error: message }));

const bankCode = z
  .string({ error: 'Please choose your bank.' })
  .trim()
  .regex(/^[0-9A-Za-z-]{2,20}$/, { error: 'Please choose your bank.' });
const accountNumber = z
  .string({ error: 'The account number has 10 digits.' })
  .trim()
  .regex(/^[0-9]{10}$/, { error: 'The account number has 10 digits.' });

export const resolveBodySchema = z.object({ bankCode, accountNumber });

/**
 * An application. Its address is the signed-in one (the mailed-code sign-in), never the body's: an
 * `email` sent along is dropped, as every unknown field is.
 */
export const applyBodySchema = z.object({
  name: ruleField(affiliateNameRule).pipe(z.string().min(2, { error: 'Please enter your name.' })),
  phone: z
    .string({ error: 'Please enter your phone number.' })
    .trim()
    .regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Please enter a valid phone number.' }),
  promotion: z
    .string({ error: 'Please say how you will promote the products.' })
    .trim()
    .min(10, { error: 'Please say how you will promote the products (at least 10 characters).' })
    .max(1000, { error: 'Please keep the description under 1000 characters.' })
    .refine((text) => !hasForbiddenCharacters(text, { multiline: true }), {
      error: forbiddenCharactersMessage('Your description'),
    }),
  payout: z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('bank'), bankCode, accountNumber }),
      z.object({ kind: z.literal('paypal'), paypalEmail: email('Please enter a valid PayPal e-mail address.') }),
    ],
    { error: 'Please choose how you will be paid.' },
  ),
});

export const commissionBodySchema = z.object({
  percent: z
    .number({ error: `The commission is a whole percentage from ${percentRange.min} to ${percentRange.max}.` })
    .int({ error: `The commission is a whole percentage from ${percentRange.min} to ${percentRange.max}.` })
    .min(percentRange.min, {
      error: `The commission is a whole percentage from ${percentRange.min} to ${percentRange.max}.`,
    })
    .max(percentRange.max, {
      error: `The commission is a whole percentage from ${percentRange.min} to ${percentRange.max}.`,
    })
    .nullable(),
});

/** A batch payout: every payable commission, or one affiliate's. */
export const batchBodySchema = z.object({
  affiliateCode: z
    .string({ error: 'No such affiliate.' })
    .regex(/^[A-Z0-9]{3,20}$/, { error: 'No such affiliate.' })
    .optional(),
});

export const affiliateCodeParam = /^[A-Za-z0-9]{3,20}$/;
