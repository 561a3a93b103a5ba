// What a contact message must look like before it is stored or e-mailed (SPEC §5 Contact: all four
// fields required). Every failure carries a sentence the contact page can show as it is.
import { z } from 'zod';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../../src/lib/textSafety';

export const contactLimits = {
  nameMax: 100,
  // RFC 5321: a forward path holds at most 254 characters.
  emailMax: 254,
  phoneMin: 3,
  phoneMax: 30,
  messageMax: 5000,
} as const;

const lineBreak = /[\r\n]/;
// Digits, spaces and the usual +()- punctuation; the digit count keeps '( )' or '+-+' out while
// still admitting short service numbers such as 112.
const phoneCharacters = /^[0-9 +()-]+$/;
const atLeastThreeDigits = /(?:\D*\d){3}/;

/**
 * A required single-line text field. Name, e-mail and phone end up in mail headers (subject,
 * Reply-To), so a line break inside one is refused outright rather than cleaned: it is a header
 * injection attempt, not a typo (a text input cannot produce one). Surrounding whitespace is
 * trimmed first, so a pasted trailing newline is harmless.
 */
function singleLine(required: string, onLineBreak: string, what: string) {
  return (
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .refine((value) => !lineBreak.test(value), { error: onLineBreak })
      // Issue 9: other control characters and bidirectional overrides are refused too.
      .refine((value) => !hasForbiddenCharacters(value), { error: forbiddenCharactersMessage(what) })
  );
}

export const contactMessageSchema = z.object({
  name: singleLine('Please enter your name.', 'Your name must be on a single line.', 'Your name').refine(
    (value) => value.length <= contactLimits.nameMax,
    { error: `Your name must be at most ${contactLimits.nameMax} characters.` },
  ),
  email: singleLine('Please enter your email address.', 'Please enter a valid email address.', 'Your email address')
    .refine((value) => value.length <= contactLimits.emailMax, { error: 'Please enter a valid email address.' })
    .pipe(z.email({ error: 'Please enter a valid email address.' })),
  phone: singleLine(
    'Please enter your phone number.',
    'Please enter a valid phone number.',
    'Your phone number',
  ).refine(
    (value) =>
      value.length >= contactLimits.phoneMin &&
      value.length <= contactLimits.phoneMax &&
      phoneCharacters.test(value) &&
      atLeastThreeDigits.test(value),
    { error: 'Please enter a valid phone number.' },
  ),
  message: z
    .string({ error: 'Please enter your message.' })
    .trim()
    .min(1, { error: 'Please enter your message.' })
    .max(contactLimits.messageMax, { error: `Your message must be at most ${contactLimits.messageMax} characters.` })
    .refine((value) => !hasForbiddenCharacters(value, { multiline: true }), {
      error: forbiddenCharactersMessage('Your message'),
    }),
});
// Unknown fields are dropped (z.object strips them), so nothing but these four is ever stored.

export type ContactMessage = z.infer<typeof contactMessageSchema>;
export type ContactField = keyof ContactMessage;

export type ContactParseResult =
  { ok: true; message: ContactMessage } | { ok: false; field?: ContactField; error: string };

const fieldOrder: readonly ContactField[] = ['name', 'email', 'phone', 'message'];

/** Validates a request body; on failure names the first problem in the form's field order. */
export function parseContactMessage(body: unknown): ContactParseResult {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: 'The request body must be a JSON object with name, email, phone and message.' };
  }
  const result = contactMessageSchema.safeParse(body);
  if (result.success) return { ok: true, message: result.data };
  for (const field of fieldOrder) {
    const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
    if (issue) return { ok: false, field, error: issue.message };
  }
  return { ok: false, error: 'Please check the form and try again.' };
}
