// The bodies of the review routes (docs/reviews.md), each refusal a sentence the forms show as it is.
// A review is plain text: it is stored as typed and always shown as text, never as HTML, so a tag or a
// link in it is only characters (docs/security.md).
import { z } from 'zod';
import { reviewLimits, wordCount } from '../../domain/reviews';
import { forbiddenCharactersMessage, hasForbiddenCharacters } from '../../domain/textSafety';

function wordsField(label: string, maxWords: number, maxChars: number, multiline: boolean) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(maxChars, { error: `${label} may be at most ${maxChars} characters.` })
    .refine((value) => wordCount(value) <= maxWords, { error: `${label} may be at most ${maxWords} words.` })
    .refine((value) => !hasForbiddenCharacters(value, { multiline }), { error: forbiddenCharactersMessage(label) });
}

export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Choose from 1 to 5 stars.' })
    .int({ error: 'Choose from 1 to 5 stars.' })
    .min(1, { error: 'Choose from 1 to 5 stars.' })
    .max(5, { error: 'Choose from 1 to 5 stars.' }),
  title: wordsField('The title', reviewLimits.titleWords, reviewLimits.titleChars, false).default(''),
  text: wordsField('The review', reviewLimits.textWords, reviewLimits.textChars, true).default(''),
});

export const replyBodySchema = z.object({
  text: wordsField('The reply', reviewLimits.replyWords, reviewLimits.replyChars, true),
});

export const hideBodySchema = z.object({
  reason: z
    .string({ error: 'Give a reason for hiding this review.' })
    .trim()
    .min(1, { error: 'Give a reason for hiding this review.' })
    .max(reviewLimits.hideReasonChars, {
      error: `The reason may be at most ${reviewLimits.hideReasonChars} characters.`,
    })
    .refine((value) => !hasForbiddenCharacters(value), { error: forbiddenCharactersMessage('The reason') }),
});

/** A sale id as transactions/ names them ({provider}_{reference}); anything else is refused unread. */
export function isSaleId(id: string): boolean {
  return /^[a-z]+_[A-Za-z0-9._-]{1,200}$/.test(id) && id !== '.' && id !== '..';
}

/** A product id the store could have made; anything else is refused unread. */
export function isProductIdShaped(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(id) && !/^__.*__$/.test(id);
}
