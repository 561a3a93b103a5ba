// Characters no form field of the store accepts (docs/security.md), shared by the SPA's forms and the
// API's schemas. Control characters can split mail headers or hide text in the seller's inbox;
// bidirectional overrides and marks make a name or address read differently from what it is
// ("Trojan Source" style), and no honest name, e-mail or phone number needs them.

// C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F), the Arabic letter mark,
// the left-to-right/right-to-left marks, the embeddings and overrides (U+202A–U+202E) and the
// isolates (U+2066–U+2069). A single line also refuses the invisible characters that make two
// different names or addresses look the same (the Mongolian vowel separator U+180E, zero-width
// space U+200B, word joiner and invisible operators U+2060–U+2064, byte order mark U+FEFF), the
// line and paragraph separators (U+2028, U+2029: a line break to every mail client), the
// replacement character U+FFFD (what bytes that were not UTF-8 decode to) and lone surrogates
// (half a character: no mail header or UTF-8 encoder can carry them). The zero-width joiner and
// non-joiner (U+200C, U+200D) stay allowed: Persian and Indic names and emoji need them.
/* eslint-disable no-control-regex -- matching control characters is the point */
const forbiddenInLine =
  /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufffd\ud800-\udfff]/u;
// A message may keep its line breaks (and tabs and invisible spaces from pasted text); the controls,
// the direction overrides and lone surrogates stay refused.
const forbiddenInText =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]/u;
// Of those, the ones that end a line or are controls: a space keeps the words apart.
const spacing = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/* eslint-enable no-control-regex */

/** True when `value` holds a character a single-line field (or, with multiline, a message) refuses. */
export function hasForbiddenCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? forbiddenInText : forbiddenInLine).test(value);
}

/** The sentence a form shows for such a value, named by the field's label ('Your Name contains ...'). */
export function forbiddenCharactersMessage(label: string): string {
  return `${label} contains invisible or control characters that are not allowed. Please retype it.`;
}

/**
 * `value` with what a single line refuses taken out: controls become spaces, invisible and
 * direction characters go. For text the store did not get from its own forms (a payment
 * provider's metadata), which must be kept in a clean form rather than refused.
 */
export function withoutForbiddenCharacters(value: string): string {
  const global = new RegExp(forbiddenInLine.source, 'gu');
  return value
    .replace(global, (character) => (spacing.test(character) ? ' ' : ''))
    .replace(/ {2,}/g, ' ')
    .trim();
}
