// PDF stamping (docs/files.md, 'PDF stamping'): each page of a buyer's copy carries a small grey
// footer naming the buyer, and the document's Subject and Keywords say the same. Pure Node, no
// Firestore or storage here: the callers fetch the seller's file and store the stamped copy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  degrees,
  drawLinesOfText,
  rgb,
  type PDFFont,
  type PDFPage,
  type SecurityOptions,
} from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';

type UserPermissions = NonNullable<SecurityOptions['permissions']>;

/** What the seller is told when a PDF cannot carry the buyer's name, and why. */
export type UnstampableCode = 'encrypted' | 'invalid' | 'too-large';

export type PdfInspection =
  | {
      stampable: true;
      pages: number;
      /**
       * The PDF opens without a password but its owner restricted printing, copying or editing.
       * It is stamped; the stamped copy keeps the same restrictions (docs/files.md).
       */
      restricted: boolean;
    }
  | { stampable: false; code: UnstampableCode; reason: string };

export interface StampDetails {
  name: string;
  email: string;
  /** The order reference the buyer sees in their e-mail. */
  reference: string;
  /** A Date is written as the day in Lagos ('5 March 2025'); a string is written as given. */
  date: Date | string;
}

export type PdfInput = Uint8Array | ArrayBuffer | AsyncIterable<Uint8Array | string>;

export interface StampOptions {
  /** Files above this size are not read at all (default {@link defaultMaxPdfBytes}). */
  maxBytes?: number;
  /** Encrypted files above this size are not decrypted (default {@link defaultMaxEncryptedPdfBytes}). */
  maxEncryptedBytes?: number;
}

/**
 * The largest PDF read into memory for stamping. The library holds the whole file, its parsed
 * objects and the rewritten copy at once: a 50 MB PDF peaks at a few hundred MB (docs/performance.md).
 */
export const defaultMaxPdfBytes = 100 * 1024 * 1024;

/**
 * The largest encrypted PDF that is tried with an empty password. The library decrypts and
 * re-encrypts in JavaScript, about half a second per MB on this machine: 10 MB stays within a
 * request's time (docs/files.md).
 */
export const defaultMaxEncryptedPdfBytes = 10 * 1024 * 1024;

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const unstampableReasons = {
  encrypted: "This PDF is password-protected; it will be delivered without the buyer's name.",
  invalid:
    "This file is not a PDF that can be read (it may be damaged); it will be delivered without the buyer's name.",
  tooLarge: (maxBytes: number) =>
    `This PDF is larger than ${megabytes(maxBytes)} MB; it will be delivered without the buyer's name.`,
} as const;

/** Thrown by {@link stampPdf} when the file cannot be stamped; `reason` is the seller-facing text. */
export class PdfNotStampableError extends Error {
  override name = 'PdfNotStampableError';
  constructor(
    readonly code: UnstampableCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

// The footer's look: small, grey, a little above the visible bottom edge.
const fontSize = 7;
const minFontSize = 4;
const lineGap = 1.25;
const margin = 10;
const grey = rgb(0.45, 0.45, 0.45);

/**
 * DejaVu Sans: it has the Yoruba, Igbo and Hausa letters with dots and tones (ọ ẹ ṣ, combining
 * accents) and the naira sign, which the 14 standard PDF fonts (WinAnsi) cannot encode. Found
 * through the package, which the deployed function installs as a runtime dependency.
 */
let fontBytes: Uint8Array | undefined;
function stampFont(): Uint8Array {
  fontBytes ??= readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
}

/** The footer text, also written into Subject and Keywords. */
export function stampText(details: StampDetails): string {
  const date = typeof details.date === 'string' ? details.date : lagosDay(details.date);
  return [
    `Licensed to ${clean(details.name)} <${clean(details.email)}>`,
    `Order ${clean(details.reference)}`,
    clean(date),
  ].join(' · ');
}

function lagosDay(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
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

/** Whether a PDF can be stamped, and if not the words the seller is shown. Reads the whole file. */
export async function inspectPdf(input: PdfInput, options: StampOptions = {}): Promise<PdfInspection> {
  try {
    const { doc, restricted } = await openPdf(input, options);
    return { stampable: true, pages: doc.getPageCount(), restricted: restricted !== null };
  } catch (error) {
    if (error instanceof PdfNotStampableError) return { stampable: false, code: error.code, reason: error.reason };
    throw error;
  }
}

/**
 * The buyer's copy: every page with the footer, Subject and Keywords set, the seller's other
 * metadata kept. Throws {@link PdfNotStampableError} for a file {@link inspectPdf} refuses.
 */
export async function stampPdf(
  input: PdfInput,
  details: StampDetails,
  options: StampOptions = {},
): Promise<Uint8Array> {
  const { doc, restricted } = await openPdf(input, options);
  const text = stampText(details);
  doc.registerFontkit(fontkit);
  // Subset: only the glyphs the footer uses go into the file (a few KB instead of 700).
  const font = await doc.embedFont(stampFont(), { subset: true });
  // A character the font lacks would print as an empty box; '?' says something is there. The
  // metadata, plain Unicode, keeps every character.
  const drawable = new Set(font.getCharacterSet());
  const footer = [...text].map((char) => (drawable.has(char.codePointAt(0) ?? 0) ? char : '?')).join('');
  const pen = footerPen(font);
  const { context } = doc;
  for (const page of doc.getPages()) {
    // Pages may share one Contents array: each gets its own, or one page's footer would land on all.
    const contents = page.node.Contents();
    if (contents instanceof PDFArray) page.node.set(PDFName.Contents, context.obj(contents.asArray()));
    drawFooter(page, pen, footer);
  }
  doc.setSubject(text);
  doc.setKeywords([text]);
  doc.setModificationDate(new Date());
  if (restricted) {
    // The seller's own restrictions stay; nobody needs the new owner password (the seller has the original).
    doc.encrypt({ ownerPassword: randomUUID(), permissions: restricted });
    // Encrypted, the library writes strings outside object streams empty (the Info dictionary's
    // among them); inside object streams they are encrypted with the stream and come out whole.
    return doc.save({ useObjectStreams: true });
  }
  // Without object streams the rewrite is a little quicker, and old readers still open the copy.
  return doc.save({ useObjectStreams: false });
}

interface Opened {
  doc: PDFDocument;
  /** The owner's restrictions of an owner-password PDF, or null for an unencrypted one. */
  restricted: UserPermissions | null;
}

async function openPdf(input: PdfInput, options: StampOptions): Promise<Opened> {
  const bytes = await readAll(input, options.maxBytes ?? defaultMaxPdfBytes);
  if (!hasPdfHeader(bytes)) throw new PdfNotStampableError('invalid', unstampableReasons.invalid);
  // updateMetadata: false keeps the seller's Producer, Creator and dates.
  const load = (options: { password?: string; ignoreEncryption?: boolean }) =>
    PDFDocument.load(bytes, { updateMetadata: false, ...options });
  let doc: PDFDocument;
  let restricted: UserPermissions | null = null;
  try {
    // Encryption is looked at here rather than thrown on, so the common, unencrypted file is parsed once.
    doc = await load({ ignoreEncryption: true });
  } catch {
    throw new PdfNotStampableError('invalid', unstampableReasons.invalid);
  }
  if (doc.isEncrypted) {
    // Too long to decrypt for a download: refused as if it needed a password, which is what the
    // seller is told either way (whether it does is only known once decrypted).
    if (bytes.byteLength > (options.maxEncryptedBytes ?? defaultMaxEncryptedPdfBytes)) {
      throw new PdfNotStampableError('encrypted', unstampableReasons.encrypted);
    }
    const flags = encryptionFlags(doc);
    const info = doc.context.trailerInfo.Info;
    // An empty user password opens a PDF that only has an owner password (restrictions on
    // printing or copying): any reader opens it without asking, so it can be stamped.
    try {
      doc = await load({ password: '' });
    } catch {
      throw new PdfNotStampableError('encrypted', unstampableReasons.encrypted);
    }
    // The library's decrypting parse drops the trailer's /Info when the file has a cross-reference
    // stream; the objects are numbered as in the first parse, so its reference still holds.
    doc.context.trailerInfo.Info ??= info;
    restricted = ownerPermissions(flags);
  }
  try {
    if (doc.getPageCount() === 0) throw new Error('no pages');
    // Every page must have a box to draw in; a broken page tree fails here rather than mid-stamp.
    for (const page of doc.getPages()) visibleBox(page);
  } catch {
    throw new PdfNotStampableError('invalid', unstampableReasons.invalid);
  }
  return { doc, restricted };
}

async function readAll(input: PdfInput, maxBytes: number): Promise<Uint8Array> {
  const tooLarge = () => new PdfNotStampableError('too-large', unstampableReasons.tooLarge(maxBytes));
  if (input instanceof ArrayBuffer) input = new Uint8Array(input);
  if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) throw tooLarge();
    return input;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    size += bytes.byteLength;
    // Stops reading as soon as the limit is passed, so an oversized file never sits in memory.
    if (size > maxBytes) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** '%PDF-' within the first KB, where readers look for it. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes('%PDF-', 0, 'latin1');
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
function visibleBox(page: PDFPage): Box {
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
interface Pen {
  /** Width of a line at size 1 (widths scale with the size). */
  width(line: string): number;
  /** The line as the font's glyph codes, ready to show. */
  encoded(line: string): PDFHexString;
  /** The footer's lines and size for a given room, remembered per room. */
  layout(text: string, room: number): { lines: string[]; size: number };
  /** The name the page's font resources give the font (pages often share one resources dictionary). */
  keyOn(page: PDFPage): PDFName;
}

function footerPen(font: PDFFont): Pen {
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

function drawFooter(page: PDFPage, pen: Pen, text: string): void {
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

/** The permission bits (/P) of the trailer's /Encrypt dictionary; all granted when unreadable. */
function encryptionFlags(doc: PDFDocument): number {
  const encrypt = doc.context.lookup(doc.context.trailerInfo.Encrypt);
  const flags = encrypt instanceof PDFDict ? encrypt.lookup(PDFName.of('P')) : undefined;
  return flags instanceof PDFNumber ? flags.asNumber() : -1;
}

function ownerPermissions(flags: number): UserPermissions {
  const bit = (n: number) => (flags & (1 << (n - 1))) !== 0;
  return {
    printing: bit(3) ? (bit(12) ? 'highResolution' : 'lowResolution') : false,
    modifying: bit(4),
    copying: bit(5),
    annotating: bit(6),
    fillingForms: bit(9),
    contentAccessibility: bit(10),
    documentAssembly: bit(11),
  };
}
