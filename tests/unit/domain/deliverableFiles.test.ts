import { describe, expect, it } from 'vitest';
import { fileNameError } from '../../../domain/deliverableFiles';

const refused = 'The file name contains invisible or control characters that are not allowed. Please retype it.';

describe('fileNameError', () => {
  it('accepts an ordinary name, accents, scripts and emoji', () => {
    for (const name of ['The Book.pdf', 'Café – Édition 2.zip', 'Ìwé Yorùbá.pdf', 'كتاب.pdf', 'Guide 📘.pdf']) {
      expect(fileNameError(name)).toBeNull();
    }
  });

  it('refuses direction overrides, isolates and invisible format characters in the words of the other name checks', () => {
    const characters = [
      ['U+202A left-to-right embedding', '\u202a'],
      ['U+202B right-to-left embedding', '\u202b'],
      ['U+202C pop directional formatting', '\u202c'],
      ['U+202D left-to-right override', '\u202d'],
      ['U+202E right-to-left override', '\u202e'],
      ['U+2066 left-to-right isolate', '\u2066'],
      ['U+2067 right-to-left isolate', '\u2067'],
      ['U+2068 first strong isolate', '\u2068'],
      ['U+2069 pop directional isolate', '\u2069'],
      ['U+200B zero-width space', '\u200b'],
      ['U+200C zero-width non-joiner', '\u200c'],
      ['U+200D zero-width joiner', '\u200d'],
      ['U+200E left-to-right mark', '\u200e'],
      ['U+200F right-to-left mark', '\u200f'],
      ['U+0007 bell', '\u0007'],
      ['U+007F delete', '\u007f'],
    ] as const;
    for (const [what, character] of characters) {
      expect(fileNameError(`invoice${character}fdp.exe`), what).toBe(refused);
    }
  });

  it('asks for a name, and for a shorter one', () => {
    expect(fileNameError('')).toBe('Give the file a name.');
    expect(fileNameError('a'.repeat(140))).toBeNull();
    expect(fileNameError('a'.repeat(141))).toBe('A file name has at most 140 characters.');
  });
});
