// The rules of every form field a shopper fills in, written once for the SPA's forms and the API's
// schemas (server/*/…Schema.ts build their zod schemas from these), so both sides refuse the same input
// with the same sentence. Plain TypeScript on purpose: zod in the storefront bundle would cost far
// more than these few lines.

import { forbiddenCharactersMessage, hasForbiddenCharacters } from './textSafety';

export interface FieldRule {
  /** The visible label of the form control. */
  label: string;
  maxLength: number;
  type: 'text' | 'email' | 'tel' | 'textarea';
  /** Shown for an empty or blank value. */
  required: string;
  /** Shown for a value of the wrong shape, and for one too long when `tooLong` is not given. */
  invalid?: string;
  tooLong?: string;
  /** Shown for a line break in a single-line field; falls back to `invalid`. */
  lineBreak?: string;
}

export const emailsDoNotMatch = 'Emails do not match!';

// RFC 5321: a forward path holds at most 254 characters.
const emailMax = 254;
const phoneMin = 3;
const phoneMax = 30;

// The shape zod's z.email() accepts, so the browser and the API agree on what an address is.
const emailShape =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
// Digits, spaces and the usual +()- punctuation; the digit count keeps '( )' or '+-+' out while
// still admitting short service numbers such as 112.
const phoneCharacters = /^[0-9 +()-]+$/;
const atLeastThreeDigits = /(?:\D*\d){3}/;
// U+2028 and U+2029 end a line in mail clients and editors just as CR and LF do.
const lineBreakPattern = /[\r\n\u2028\u2029]/;

const validEmail = 'Please enter a valid email address.';
const validPhone = 'Please enter a valid phone number.';

export const contactFields = {
  name: {
    label: 'Your Name',
    maxLength: 100,
    type: 'text',
    required: 'Please enter your name.',
    tooLong: 'Your name must be at most 100 characters.',
    lineBreak: 'Your name must be on a single line.',
  },
  email: {
    label: 'Your Email',
    maxLength: emailMax,
    type: 'email',
    required: 'Please enter your email address.',
    invalid: validEmail,
  },
  phone: {
    label: 'Your Phone Number',
    maxLength: phoneMax,
    type: 'tel',
    required: 'Please enter your phone number.',
    invalid: validPhone,
  },
  message: {
    label: 'Your Message',
    maxLength: 5000,
    type: 'textarea',
    required: 'Please enter your message.',
    tooLong: 'Your message must be at most 5000 characters.',
  },
} as const satisfies Record<'name' | 'email' | 'phone' | 'message', FieldRule>;

/** The payment form (docs/storefront.md, 'Forms and their checks'): full name, e-mail, confirm e-mail, phone. */
export const customerFields = {
  name: {
    label: 'Full Name',
    maxLength: 100,
    type: 'text',
    required: 'Please enter your full name.',
    tooLong: 'Your name must be at most 100 characters.',
    lineBreak: 'Your name must be on a single line.',
  },
  email: {
    label: 'Email',
    maxLength: emailMax,
    type: 'email',
    required: 'Please enter your email address.',
    invalid: validEmail,
  },
  confirmEmail: {
    label: 'Confirm Email',
    maxLength: emailMax,
    type: 'email',
    required: 'Please confirm your email address.',
    invalid: validEmail,
  },
  phone: {
    label: 'Phone Number',
    maxLength: phoneMax,
    type: 'tel',
    required: 'Please enter your phone number.',
    invalid: validPhone,
  },
} as const satisfies Record<'name' | 'email' | 'confirmEmail' | 'phone', FieldRule>;

export type CustomerField = keyof typeof customerFields;
export type ContactField = keyof typeof contactFields;

/**
 * The first problem with one value, or null when it is fine. The value is judged trimmed (a pasted
 * trailing space or newline is harmless). Single-line fields refuse line breaks outright: name, e-mail
 * and phone end up in mail headers, so a line break is a header injection attempt, not a typo.
 */
export function fieldError(rule: FieldRule, value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return rule.required;
  const invalid = rule.invalid ?? rule.required;
  if (rule.type !== 'textarea' && lineBreakPattern.test(trimmed)) return rule.lineBreak ?? invalid;
  // Control characters and bidirectional overrides (textSafety.ts); a message keeps its line breaks.
  if (hasForbiddenCharacters(trimmed, { multiline: rule.type === 'textarea' })) {
    return forbiddenCharactersMessage(rule.label);
  }
  if (trimmed.length > rule.maxLength) return rule.tooLong ?? invalid;
  if (rule.type === 'email' && !emailShape.test(trimmed)) return invalid;
  if (
    rule.type === 'tel' &&
    (trimmed.length < phoneMin || !phoneCharacters.test(trimmed) || !atLeastThreeDigits.test(trimmed))
  ) {
    return invalid;
  }
  return null;
}

/** Every field's first problem, keyed by field; an empty object means the form may be sent. */
export function validateFields<K extends string>(
  rules: Record<K, FieldRule>,
  values: Record<K, string>,
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const field of Object.keys(rules) as K[]) {
    const error = fieldError(rules[field], values[field]);
    if (error !== null) errors[field] = error;
  }
  return errors;
}

/** The two addresses must match; compared trimmed and case-insensitively (docs/storefront.md). */
export function emailsMatch(email: string, confirmEmail: string): boolean {
  return email.trim().toLowerCase() === confirmEmail.trim().toLowerCase();
}
