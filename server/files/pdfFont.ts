// The one font every PDF the store makes is written in (stamped copies, receipts, certificates;
// docs/files.md, 'PDF stamping'), embedded with the filter that keeps an undrawable character from
// printing as an empty box.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';

/**
 * DejaVu Sans: it has the Yoruba, Igbo and Hausa letters with dots and tones (ọ ẹ ṣ, combining
 * accents) and the naira sign, which the 14 standard PDF fonts (WinAnsi) cannot encode. Found
 * through the package, which the deployed function installs as a runtime dependency.
 */
let fontBytes: Uint8Array | undefined;
function storeFontBytes(): Uint8Array {
  fontBytes ??= readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
}

/** The embedded font, and its text filter. */
export interface StoreFont {
  font: PDFFont;
  /**
   * The text as the font can draw it: a character the font lacks would print as an empty box, so
   * it becomes '?', which says something is there. Metadata (plain Unicode) keeps every character.
   */
  drawable: (text: string) => string;
}

/** Embeds the store's font in `doc`, subset: only the glyphs used go into the file (KBs, not 700). */
export async function embedStoreFont(doc: PDFDocument): Promise<StoreFont> {
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(storeFontBytes(), { subset: true });
  const glyphs = new Set(font.getCharacterSet());
  const drawable = (text: string) =>
    [...text].map((char) => (glyphs.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
  return { font, drawable };
}
