// The stamp's layout (docs/files.md, 'PDF stamping'): the footer text naming the buyer, the pen it is
// drawn in, and where on each page it goes, fitted to the page as a reader shows it. The PDF file
// handling (reading, inspecting, saving) is in pdfStamp.ts.
import {
  PDFArray,
  PDFDict,
  PDFNumber,
  degrees,
  drawLinesOfText,
  rgb,
  type PDFFont,
  type PDFHexString,
  type PDFName,
  type PDFPage,
} from '@cantoo/pdf-lib';
import { lagosLongDate } from '../../domain/lagosDates';

export interface StampDetails {
  name: string;
  email: string;
  /** The order reference the buyer sees in their e-mail. */
  reference: string;
  /** A Date is written as the day in Lagos ('5 March 2025'); a string is written as given. */
  date: Date | string;
}

// The footer's look: small, grey, a little above the visible bottom edge.
const fontSize = 7;
const minFontSize = 4;
const lineGap = 1.25;
const margin = 10;
const grey = rgb(0.45, 0.45, 0.45);

/** The footer text, also written into Subject and Keywords. */
export function stampText(details: StampDetails): string {
  const date = typeof details.date === 'string' ? details.date : lagosLongDate(details.date);
  return [
    `Licensed to ${clean(details.name)} <${clean(details.email)}>`,
    `Order ${clean(details.reference)}`,
    clean(date),
  ].join(' · ');
}

/**
 * Control and format characters become spaces: a line break would start a line the footer has no
 * room for, and bidirectional overrides could make the printed name read as someone else's.
 */
function clean(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Box {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

function boxOf(array: PDFArray | undefined): Box | null {
  if (!array || array.size() !== 4) return null;
  const [x0, y0, x1, y1] = [0, 1, 2, 3].map((index) => {
    const value = array.lookup(index);
    return value instanceof PDFNumber ? value.asNumber() : Number.NaN;
  }) as [number, number, number, number];
  if (![x0, y0, x1, y1].every(Number.isFinite)) return null;
  return { left: Math.min(x0, x1), bottom: Math.min(y0, y1), right: Math.max(x0, x1), top: Math.max(y0, y1) };
}

/** What a reader shows: the crop box (the media box when there is none) clipped to the media box. */
export function visibleBox(page: PDFPage): Box {
  const media = boxOf(page.node.MediaBox());
  if (!media) throw new Error('page without a media box');
  const crop = boxOf(page.node.CropBox()) ?? media;
  const box = {
    left: Math.max(media.left, crop.left),
    bottom: Math.max(media.bottom, crop.bottom),
    right: Math.min(media.right, crop.right),
    top: Math.min(media.top, crop.top),
  };
  // A crop box outside the media box: readers fall back to the media box.
  return box.right > box.left && box.top > box.bottom ? box : media;
}

/** The page's /Rotate as 0, 90, 180 or 270 (clockwise, as readers turn the page to show it). */
function rotationOf(page: PDFPage): 0 | 90 | 180 | 270 {
  const angle = page.getRotation().angle;
  const quarter = (((Math.round(angle / 90) % 4) + 4) % 4) as 0 | 1 | 2 | 3;
  return ([0, 90, 180, 270] as const)[quarter];
}

/**
 * The font as the footer uses it, with what costs most remembered: the library lays text out with
 * fontkit on every measure and every draw (a few ms each), and a 300-page book repeats the same
 * lines on pages of the same few sizes.
 */
export interface Pen {
  /** Width of a line at size 1 (widths scale with the size). */
  width(line: string): number;
  /** The line as the font's glyph codes, ready to show. */
  encoded(line: string): PDFHexString;
  /** The footer's lines and size for a given room, remembered per room. */
  layout(text: string, room: number): { lines: string[]; size: number };
  /** The name the page's font resources give the font (pages often share one resources dictionary). */
  keyOn(page: PDFPage): PDFName;
}

export function footerPen(font: PDFFont): Pen {
  const remember = <T>(compute: (key: string) => T) => {
    const known = new Map<string, T>();
    return (key: string): T => {
      let value = known.get(key);
      if (value === undefined) known.set(key, (value = compute(key)));
      return value;
    };
  };
  const keys = new Map<PDFDict, PDFName>();
  const pen: Pen = {
    width: remember((line) => font.widthOfTextAtSize(line, 1)),
    encoded: remember((line) => font.encodeText(line)),
    layout: (text, room) => layouts(`${room}\n${text}`),
    keyOn: (page) => {
      // Reading the entries also wraps the page's own content in q/Q (the library's normalize), so
      // whatever state it leaves behind is undone before the footer draws.
      const { Font } = page.node.normalizedEntries();
      let key = keys.get(Font);
      if (!key) keys.set(Font, (key = page.node.newFontDictionary(font.name, font.ref)));
      return key;
    },
  };
  const layouts = remember((key) => {
    const [room = '', ...rest] = key.split('\n');
    return layout(rest.join('\n'), pen, Number(room));
  });
  return pen;
}

export function drawFooter(page: PDFPage, pen: Pen, text: string): void {
  const box = visibleBox(page);
  const rotation = rotationOf(page);
  const sideways = rotation === 90 || rotation === 270;
  // The page as the reader shows it: width and height after the rotation.
  const shownWidth = sideways ? box.top - box.bottom : box.right - box.left;
  const shownHeight = sideways ? box.right - box.left : box.top - box.bottom;
  const room = Math.max(shownWidth - 2 * margin, 1);
  const { lines, size } = pen.layout(text, room);
  const lineHeight = size * lineGap;
  const fontKey = pen.keyOn(page);
  // The footer's lines from the top one down, each centred, the last one `margin` above the bottom
  // (or nearer on a page too small for it).
  const bottomGap = Math.min(margin, shownHeight / 4);
  lines.forEach((line, index) => {
    const shownX = Math.max((shownWidth - pen.width(line) * size) / 2, 0);
    const shownY = bottomGap + (lines.length - 1 - index) * lineHeight;
    const { x, y } = toPageSpace(box, rotation, shownX, shownY);
    page.pushOperators(
      ...drawLinesOfText([pen.encoded(line)], {
        color: grey,
        font: fontKey,
        size,
        lineHeight,
        rotate: degrees(rotation),
        xSkew: degrees(0),
        ySkew: degrees(0),
        x,
        y,
      }),
    );
  });
}

/**
 * The footer on one line at the usual size if it fits; else broken at its ' · ' separators and made
 * smaller (not below the minimum) until the widest line fits the room; and if a line is still too
 * wide at the minimum (a 254-character address on a small page), broken between words, and a word
 * wider than the room between its letters.
 */
function layout(text: string, pen: Pen, room: number): { lines: string[]; size: number } {
  const widthAt = (line: string, size: number) => pen.width(line) * size;
  if (widthAt(text, fontSize) <= room) return { lines: [text], size: fontSize };
  const lines = greedy(text.split(' · '), ' · ', (line) => widthAt(line, fontSize) <= room);
  const widest = Math.max(...lines.map((line) => widthAt(line, fontSize)));
  const size = Math.max(minFontSize, Math.min(fontSize, (fontSize * room) / widest));
  const fits = (line: string) => widthAt(line, size) <= room;
  return {
    lines: lines.flatMap((line) =>
      fits(line)
        ? [line]
        : greedy(
            line.split(' ').flatMap((word) => (fits(word) ? [word] : greedy(graphemes(word), '', fits))),
            ' ',
            fits,
          ),
    ),
    size,
  };
}

/** Pieces joined with `separator` into as few lines as fit (a piece that fits nowhere has its own line). */
function greedy(pieces: string[], separator: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const piece of pieces) {
    const last = lines.at(-1);
    if (last !== undefined && fits(`${last}${separator}${piece}`))
      lines[lines.length - 1] = `${last}${separator}${piece}`;
    else lines.push(piece);
  }
  return lines;
}

/** Letters with their accents (a dot below and a tone mark stay on their letter). */
function graphemes(word: string): string[] {
  return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(word)].map((part) => part.segment);
}

/**
 * A point of the page as shown (origin at its bottom left, x to the right, y up) in the page's own
 * coordinates. Drawing there with the text turned by the page's rotation makes it read upright.
 */
function toPageSpace(box: Box, rotation: 0 | 90 | 180 | 270, shownX: number, shownY: number) {
  switch (rotation) {
    case 0:
      return { x: box.left + shownX, y: box.bottom + shownY };
    case 90:
      return { x: box.right - shownY, y: box.bottom + shownX };
    case 180:
      return { x: box.right - shownX, y: box.top - shownY };
    case 270:
      return { x: box.left + shownY, y: box.top - shownX };
  }
}
