// The bodies of the admin's mailing routes (docs/emails.md, 'The admin's routes'), each refusal a
// sentence the dashboard shows as it is.
import { z } from 'zod';
import { lagosDayStart, lagosInputToIso } from '../../domain/lagosDates';
import { everyBuyer } from '../../domain/mailings';
import { isReservedId } from '../lib/reservedIds';
import { mailingBodyMaxChars } from './mailingMail';

export const subjectMaxChars = 150;

const productIds = z
  .array(z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'A product in the audience is not valid.' }), {
    error: 'The audience’s products must be a list.',
  })
  .max(100, { error: 'Choose at most 100 products.' })
  .default([]);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates must be written as YYYY-MM-DD.' })
  .refine((value) => Number.isFinite(lagosDayStart(value)), { error: 'That date does not exist.' })
  .nullable()
  .default(null);

export const audienceSchema = z
  .object({
    boughtAny: productIds,
    notBought: productIds,
    from: day,
    to: day,
    currency: z.enum(['NGN', 'USD'], { error: 'The currency must be NGN or USD.' }).nullable().default(null),
    activeMembers: z.boolean({ error: 'Say whether only active members get it.' }).default(false),
  })
  .refine((audience) => !audience.from || !audience.to || audience.from <= audience.to, {
    error: 'The first date must not be after the last one.',
  });

export const mailingBodySchema = z.object({
  subject: z
    .string({ error: 'Write a subject.' })
    .trim()
    .min(1, { error: 'Write a subject.' })
    .max(subjectMaxChars, { error: `Keep the subject under ${subjectMaxChars} characters.` }),
  body: z
    .string({ error: 'Write the e-mail.' })
    .refine((value) => value.trim() !== '', { error: 'Write the e-mail.' })
    .refine((value) => value.length <= mailingBodyMaxChars, {
      error: `Keep the e-mail under ${mailingBodyMaxChars.toLocaleString('en-GB')} characters.`,
    }),
  audience: audienceSchema.default(everyBuyer),
});

export type MailingInput = z.infer<typeof mailingBodySchema>;

export const countBodySchema = z.object({
  audience: audienceSchema.default(everyBuyer),
});

/** {at: 'YYYY-MM-DDTHH:mm'} read as Lagos time, or no `at` for now. */
export const sendBodySchema = z.object({
  at: z
    .string()
    .transform((value, ctx) => {
      const iso = lagosInputToIso(value);
      if (iso === null) {
        ctx.addIssue({ code: 'custom', message: 'Choose the day and time to send, in Lagos time.' });
        return z.NEVER;
      }
      return new Date(iso);
    })
    .optional(),
});

/** A mailing id the API made (Firestore's auto ids). */
export const isMailingId = (id: string) => /^[A-Za-z0-9]{20}$/.test(id);

/** {steps: [{id?, afterDays, subject, body}]}: a product's after-purchase sequence, at most 5 steps. */
export const sequenceBodySchema = z.object({
  steps: z
    .array(
      z.object({
        id: z
          .string()
          .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'A step of the sequence is not valid.' })
          .optional(),
        afterDays: z
          .number({ error: 'Choose how many days after the purchase each e-mail goes.' })
          .int({ error: 'Days after the purchase must be a whole number.' })
          .min(1, { error: 'Each e-mail goes at least 1 day after the purchase.' })
          .max(365, { error: 'Each e-mail goes at most 365 days after the purchase.' }),
        subject: mailingBodySchema.shape.subject,
        body: mailingBodySchema.shape.body,
      }),
      { error: 'The sequence must be a list of e-mails.' },
    )
    .max(5, { error: 'A sequence has at most 5 e-mails.' }),
});

/** A product id as the admin's product pages make them, never one Firestore reserves ('__x__'). */
export const isProductId = (id: string) => /^[A-Za-z0-9_-]{1,128}$/.test(id) && !isReservedId(id);
