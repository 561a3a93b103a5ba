// Characters no form field of the store accepts (issue 9), shared by the SPA's forms and the
// API's schemas. Control characters can split mail headers or hide text in the seller's inbox;
// bidirectional overrides and marks make a name or address read differently from what it is
// ("Trojan Source" style), and no honest name, e-mail or phone number needs them.

// C0 controls (U+0000–U+001F), DEL and C1 controls (U+007F–U+009F), the Arabic letter mark,
// the left-to-right/right-to-left marks, the embeddings and overrides (U+202A–U+202E) and the
// isolates (U+2066–U+2069).
/* eslint-disable no-control-regex -- matching control characters is the point */
const forbiddenInLine = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// A message may keep its line breaks (and tabs from pasted text); nothing else from that list.
const forbiddenInText =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/* eslint-enable no-control-regex */

/** True when `value` holds a character a single-line field (or, with multiline, a message) refuses. */
export function hasForbiddenCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? forbiddenInText : forbiddenInLine).test(value);
}

/** The sentence a form shows for such a value, named by the field's label ('Your Name contains ...'). */
export function forbiddenCharactersMessage(label: string): string {
  return `${label} contains invisible or control characters that are not allowed. Please retype it.`;
}
