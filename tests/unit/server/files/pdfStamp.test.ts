// PDF stamping: the stamped copies are read back with pdfjs-dist (another implementation than the
// one that wrote them), as a reader would show them. Every test PDF is made here with the library.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, StandardFonts, degrees } from '@cantoo/pdf-lib';
import * as fontkit from '@cantoo/fontkit';
import { getDocument, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { describe, expect, it } from 'vitest';
import {
  PdfNotStampableError,
  inspectPdf,
  stampPdf,
  stampText,
  type StampDetails,
} from '../../../../server/files/pdfStamp';

const require = createRequire(import.meta.url);
const standardFontDataUrl = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

const buyer: StampDetails = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  reference: 'ORD-7F3K2',
  date: '5 March 2025',
};
const adaFooter = 'Licensed to Ada Obi <ada@example.com> · Order ORD-7F3K2 · 5 March 2025';
const encryptedReason = "This PDF is password-protected; it will be delivered without the buyer's name.";
const invalidReason =
  "This file is not a PDF that can be read (it may be damaged); it will be delivered without the buyer's name.";

interface PageSpec {
  size?: [number, number];
  rotate?: number;
  crop?: [number, number, number, number];
  media?: [number, number, number, number];
  /** Raw operators appended to the page's content (e.g. a transformation never restored). */
  operators?: string;
}

/** A PDF whose pages say 'Page N' in Helvetica, with the given sizes, rotations and boxes. */
async function makePdf(pages: PageSpec[], edit?: (doc: PDFDocument) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setTitle('The Seller’s Guide');
  doc.setAuthor('Seller');
  pages.forEach((spec, index) => {
    const page = doc.addPage(spec.size ?? [595, 842]);
    page.drawText(`Page ${index + 1}`, { x: 72, y: 300, size: 18, font });
    if (spec.media) page.setMediaBox(...boxArgs(spec.media));
    if (spec.crop) page.setCropBox(...boxArgs(spec.crop));
    if (spec.rotate !== undefined) page.setRotation(degrees(spec.rotate));
    if (spec.operators) {
      const stream = doc.context.flateStream(spec.operators);
      page.node.addContentStream(doc.context.register(stream));
    }
  });
  edit?.(doc);
  return doc.save();
}

const boxArgs = ([left, bottom, right, top]: [number, number, number, number]) =>
  [left, bottom, right - left, top - bottom] as const;

interface ShownText {
  text: string;
  /** Baseline start and end in the page as shown (origin top left, y down, in points). */
  x: number;
  y: number;
  endX: number;
  /** True when the text reads left to right, upright. */
  upright: boolean;
  size: number;
  fontName: string;
}

interface ShownPage {
  width: number;
  height: number;
  texts: ShownText[];
}

async function readPdf(bytes: Uint8Array, password?: string) {
  const pdf = await getDocument({
    data: bytes.slice(),
    password,
    standardFontDataUrl,
    isEvalSupported: false,
    disableFontFace: true,
  }).promise;
  const pages: ShownPage[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const texts = content.items
      .filter((item): item is TextItem => 'str' in item && item.str !== '')
      .map((item) => {
        const [a, b, c, d, e, f] = Util.transform(viewport.transform, item.transform) as number[];
        const size = Math.hypot(a ?? 0, b ?? 0);
        const tolerance = 1e-6 * size;
        return {
          text: item.str.normalize('NFC'),
          x: e ?? 0,
          y: f ?? 0,
          endX: (e ?? 0) + item.width,
          upright: (a ?? 0) > 0 && Math.abs(b ?? 0) < tolerance && Math.abs(c ?? 0) < tolerance && (d ?? 0) < 0,
          size,
          fontName: content.styles[item.fontName]?.fontFamily ?? item.fontName,
        };
      });
    pages.push({ width: viewport.width, height: viewport.height, texts });
  }
  const info = (await pdf.getMetadata()).info as Record<string, unknown>;
  const permissions = await pdf.getPermissions();
  await pdf.destroy();
  return { pages, info, permissions };
}

/** The fonts embedded in a PDF (those with a TrueType font file): PostScript name and file size. */
async function embeddedFonts(bytes: Uint8Array): Promise<Array<{ name: string; bytes: number }>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFDict => object instanceof PDFDict)
    .filter((dict) => dict.get(PDFName.of('Type'))?.toString() === '/FontDescriptor')
    .flatMap((dict) => {
      const file = dict.lookupMaybe(PDFName.of('FontFile2'), PDFStream);
      return file ? [{ name: dict.get(PDFName.of('FontName'))?.toString() ?? '', bytes: file.getContentsSize() }] : [];
    });
}

const footerOf = (page: ShownPage) => page.texts.filter((text) => text.size < 10);
const bodyOf = (page: ShownPage) => page.texts.filter((text) => text.size >= 10).map((text) => text.text);

describe('the footer text', () => {
  it('names the buyer, the e-mail, the order and the date', () => {
    expect(stampText(buyer)).toBe(adaFooter);
  });

  it('writes a date as the day in Lagos', () => {
    // 23:30 UTC on 5 March is 00:30 on 6 March in Lagos (UTC+1).
    expect(stampText({ ...buyer, date: new Date('2025-03-05T23:30:00Z') })).toBe(
      'Licensed to Ada Obi <ada@example.com> · Order ORD-7F3K2 · 6 March 2025',
    );
  });

  it('turns line breaks, tabs and bidirectional overrides into single spaces', () => {
    expect(stampText({ ...buyer, name: ' Ada\n\tObi\u202Egnp.exe ', email: 'ada@example.com\r\n' })).toBe(
      'Licensed to Ada Obi gnp.exe <ada@example.com> · Order ORD-7F3K2 · 5 March 2025',
    );
  });
});

describe('stamping', () => {
  it('puts the footer on every page, keeps the pages’ own text, and sets Subject and Keywords', async () => {
    const input = await makePdf([{}, { size: [612, 792] }, { size: [420, 595] }, {}, { size: [842, 595] }]);
    const read = await readPdf(await stampPdf(input, buyer));
    expect(read.pages).toHaveLength(5);
    read.pages.forEach((page, index) => {
      expect(bodyOf(page)).toEqual([`Page ${index + 1}`]);
      expect(footerOf(page).map((text) => text.text)).toEqual([adaFooter]);
      expect(footerOf(page)[0]?.size).toBeCloseTo(7, 5);
    });
    expect(read.info.Subject).toBe(adaFooter);
    expect(read.info.Keywords).toBe(adaFooter);
    // The seller's own metadata stays.
    expect(read.info.Title).toBe('The Seller’s Guide');
    expect(read.info.Author).toBe('Seller');
  });

  it('prints Nigerian names with dots and tones, and the naira sign, in an embedded subset of DejaVu Sans', async () => {
    const details = { ...buyer, name: 'Ọlábísí Ẹ̀bùn', reference: 'Price ₦4,500' };
    const expected = 'Licensed to Ọlábísí Ẹ̀bùn <ada@example.com> · Order Price ₦4,500 · 5 March 2025';
    const input = await makePdf([{}, {}]);
    const output = await stampPdf(input, details);
    const read = await readPdf(output);
    for (const page of read.pages) expect(footerOf(page).map((text) => text.text)).toEqual([expected]);
    expect(read.info.Subject).toBe(expected);
    // One embedded font, a subset of DejaVu Sans: the glyphs used, not the 740 KB font.
    const fonts = await embeddedFonts(output);
    expect(fonts).toHaveLength(1);
    expect(fonts[0]?.name).toMatch(/^\/DejaVuSans\b/);
    expect(fonts[0]?.bytes).toBeLessThan(30_000);
    expect(output.byteLength - input.byteLength).toBeLessThan(40_000);
    // The font really has these letters: no box (.notdef) is drawn in their place.
    const font = fontkit.create(readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'))) as fontkit.Font;
    for (const char of 'ỌẸọẹṣṢ̣̀́̄₦áíùɓɗƙƁƊƘ') expect(font.hasGlyphForCodePoint(char.codePointAt(0) ?? 0)).toBe(true);
  });

  it('draws a name made of PDF syntax as text, nothing else', async () => {
    const name = 'Ada (Obi)) Tj /F1 99 Tf (\\) \\\\ BT (x) Tj ET';
    const expected = `Licensed to ${name} <ada@example.com> · Order ORD-7F3K2 · 5 March 2025`;
    const read = await readPdf(await stampPdf(await makePdf([{}]), { ...buyer, name }));
    const page = read.pages[0];
    expect(page?.texts.map((text) => text.text)).toEqual(['Page 1', expected]);
    expect(footerOf(page ?? { width: 0, height: 0, texts: [] })[0]?.size).toBeCloseTo(7, 5);
    expect(read.info.Subject).toBe(expected);
    expect(read.info.Keywords).toBe(expected);
  });

  it.each([
    ['A4', {}],
    ['rotated 90°', { rotate: 90 }],
    ['rotated 180°', { rotate: 180 }],
    ['rotated 270°', { rotate: 270 }],
    ['rotated -90°', { rotate: -90 }],
    ['cropped', { crop: [100, 200, 500, 600] }],
    ['cropped and rotated 90°', { crop: [50, 400, 545, 800], rotate: 90 }],
    ['with a media box away from the origin', { media: [-300, -400, 295, 442] }],
    ['with a crop box larger than the media box', { crop: [-100, -100, 700, 900] }],
    ['leaving its content scaled and coloured', { operators: '0.2 0 0 0.2 400 400 cm 1 0 0 rg 5 Tz' }],
    ['small (a 150 pt square, the footer broken into lines)', { size: [150, 150] }],
    ['a wide banner', { size: [1400, 200] }],
  ] satisfies Array<[string, PageSpec]>)('keeps the footer upright inside what a reader shows: %s', async (_, spec) => {
    const read = await readPdf(await stampPdf(await makePdf([spec]), buyer));
    const page = read.pages[0] ?? { width: 0, height: 0, texts: [] };
    const footer = footerOf(page);
    expect(footer.map((text) => text.text).join(' · ')).toBe(adaFooter);
    for (const line of footer) {
      expect(line.upright).toBe(true);
      expect(line.x).toBeGreaterThanOrEqual(0);
      expect(line.endX).toBeLessThanOrEqual(page.width);
      // The baseline near the bottom edge, the glyphs above it inside the page.
      expect(line.y).toBeLessThanOrEqual(page.height);
      expect(line.y - line.size).toBeGreaterThanOrEqual(0);
      expect(page.height - line.y).toBeLessThan(Math.max(30, page.height / 4));
      // Centred.
      expect(Math.abs(line.x + (line.endX - line.x) / 2 - page.width / 2)).toBeLessThan(1);
    }
  });

  it('breaks the longest name and address the checkout accepts into lines inside a small page', async () => {
    const name = `${'Ọlábísí Ẹ̀bùn '.repeat(8).slice(0, 99)}x`;
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ng`;
    expect([name.length, email.length]).toEqual([100, 254]);
    const details = { ...buyer, name, email };
    for (const spec of [{ size: [298, 420] }, { size: [298, 420], rotate: 90 }] satisfies PageSpec[]) {
      const read = await readPdf(await stampPdf(await makePdf([spec]), details));
      const page = read.pages[0] ?? { width: 0, height: 0, texts: [] };
      const footer = footerOf(page);
      expect(footer.length).toBeGreaterThan(2);
      // Read back whole: the lines, put together, are the footer (a space or a ' · ' between two
      // parts is left out where a line breaks).
      const unspaced = (text: string) => text.replace(/[ ·]/g, '');
      expect(unspaced(footer.map((text) => text.text).join(''))).toBe(unspaced(stampText(details)));
      for (const line of footer) {
        expect(line.upright).toBe(true);
        expect(line.size).toBeCloseTo(4, 5);
        expect(line.x).toBeGreaterThanOrEqual(0);
        expect(line.endX).toBeLessThanOrEqual(page.width);
        expect(line.y).toBeLessThanOrEqual(page.height);
      }
    }
  });

  it('prints a character the font lacks as ?, and keeps it in the metadata', async () => {
    const details = { ...buyer, name: 'Ada 李 Obi' };
    const read = await readPdf(await stampPdf(await makePdf([{}]), details));
    expect(footerOf(read.pages[0] ?? { width: 0, height: 0, texts: [] }).map((text) => text.text)).toEqual([
      'Licensed to Ada ? Obi <ada@example.com> · Order ORD-7F3K2 · 5 March 2025',
    ]);
    expect(read.info.Subject).toBe('Licensed to Ada 李 Obi <ada@example.com> · Order ORD-7F3K2 · 5 March 2025');
  });

  it('turns with a rotation inherited from the page tree', async () => {
    const input = await makePdf([{}], (doc) => doc.catalog.Pages().set(PDFName.of('Rotate'), doc.context.obj(90)));
    const page = (await readPdf(await stampPdf(input, buyer))).pages[0];
    expect(page?.width).toBe(842);
    const footer = footerOf(page ?? { width: 0, height: 0, texts: [] });
    expect(footer.map((text) => ({ text: text.text, upright: text.upright }))).toEqual([
      { text: adaFooter, upright: true },
    ]);
    expect(page?.height ?? 0).toBeGreaterThan(footer[0]?.y ?? Infinity);
  });

  it('stamps each page once when pages share one content array', async () => {
    const input = await makePdf([{}, {}, {}], (doc) => {
      const [first, ...others] = doc.getPages();
      const contents = first?.node.lookupMaybe(PDFName.Contents, PDFArray);
      const resources = first?.node.get(PDFName.of('Resources'));
      if (!first || !contents || !resources) throw new Error('page 1 has no content array or resources');
      const shared = doc.context.register(doc.context.obj(contents.asArray()));
      for (const page of [first, ...others]) {
        page.node.set(PDFName.Contents, shared);
        // The shared content names page 1's font.
        page.node.set(PDFName.of('Resources'), resources);
      }
    });
    const read = await readPdf(await stampPdf(input, buyer));
    for (const page of read.pages) {
      expect(bodyOf(page)).toEqual(['Page 1']);
      expect(footerOf(page).map((text) => text.text)).toEqual([adaFooter]);
    }
  });

  it('reads the file from a stream as from bytes', async () => {
    const input = Buffer.from(await makePdf([{}, {}]));
    const chunks = Array.from({ length: Math.ceil(input.length / 1000) }, (_, i) =>
      input.subarray(i * 1000, i * 1000 + 1000),
    );
    const read = await readPdf(await stampPdf(Readable.from(chunks), buyer));
    expect(read.pages.map((page) => footerOf(page).map((text) => text.text))).toEqual([[adaFooter], [adaFooter]]);
  });
});

describe('files that cannot be stamped', () => {
  it('refuses a PDF that needs a password to open, in the words the seller reads', async () => {
    const input = await makePdf([{}], (doc) => doc.encrypt({ userPassword: 'open sesame', ownerPassword: 'owner' }));
    expect(await inspectPdf(input)).toEqual({ stampable: false, code: 'encrypted', reason: encryptedReason });
    const refusal = await stampPdf(input, buyer).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PdfNotStampableError);
    expect(refusal).toMatchObject({ code: 'encrypted', reason: encryptedReason, message: encryptedReason });
  });

  it('refuses a PDF encrypted with RC4 and a user password too', async () => {
    const input = await makePdf([{}], (doc) =>
      doc.encrypt({ userPassword: 'u', ownerPassword: 'o', algorithm: 'RC4-128', allowWeakCryptography: true }),
    );
    expect(await inspectPdf(input)).toEqual({ stampable: false, code: 'encrypted', reason: encryptedReason });
  });

  it.each([
    ['a text file', Buffer.from('Chapter 1\nIt was a bright cold day.\n')],
    ['a ZIP archive', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00])],
    ['an empty file', Buffer.alloc(0)],
    ['a PDF header and nothing after it', Buffer.from('%PDF-1.7\n%âãÏÓ\n')],
    ['a PDF header followed by garbage', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(4096, 0x41)])],
  ])('refuses %s as not a readable PDF', async (_, bytes) => {
    expect(await inspectPdf(bytes)).toEqual({ stampable: false, code: 'invalid', reason: invalidReason });
    await expect(stampPdf(bytes, buyer)).rejects.toMatchObject({ code: 'invalid', reason: invalidReason });
  });

  it('refuses a file over the size limit without reading the rest of the stream', async () => {
    const input = Buffer.from(await makePdf([{}]));
    const limit = 1024 * 1024;
    let chunksRead = 0;
    async function* big() {
      for (let i = 0; i < 100; i += 1) {
        chunksRead += 1;
        yield i === 0 ? input : Buffer.alloc(64 * 1024);
      }
    }
    expect(await inspectPdf(big(), { maxBytes: limit })).toEqual({
      stampable: false,
      code: 'too-large',
      reason: "This PDF is larger than 1 MB; it will be delivered without the buyer's name.",
    });
    // 1 MB is passed on the 17th 64 KB chunk after the small PDF.
    expect(chunksRead).toBe(17);
    await expect(stampPdf(Buffer.alloc(limit + 1), buyer, { maxBytes: limit })).rejects.toMatchObject({
      code: 'too-large',
    });
  });
});

describe('a PDF with only an owner password (restrictions, no password to open)', () => {
  const restricted = (algorithm: 'AES-256' | 'AES-128' | 'RC4-128') =>
    makePdf([{}, { rotate: 90 }], (doc) =>
      doc.encrypt({
        ownerPassword: 'seller-secret',
        permissions: { printing: 'highResolution', copying: false },
        algorithm,
        allowWeakCryptography: algorithm === 'RC4-128',
      }),
    );

  it('is stampable, and said to be restricted', async () => {
    expect(await inspectPdf(await restricted('AES-256'))).toEqual({ stampable: true, pages: 2, restricted: true });
    expect(await inspectPdf(await makePdf([{}]))).toEqual({ stampable: true, pages: 1, restricted: false });
  });

  it('is refused as password-protected above the size worth decrypting, an unencrypted one of that size is not', async () => {
    const input = await restricted('AES-256');
    const limit = { maxEncryptedBytes: input.byteLength - 1 };
    expect(await inspectPdf(input, limit)).toEqual({ stampable: false, code: 'encrypted', reason: encryptedReason });
    await expect(stampPdf(input, buyer, limit)).rejects.toMatchObject({ code: 'encrypted', reason: encryptedReason });
    const plain = await makePdf([{}, {}]);
    expect(await inspectPdf(plain, { maxEncryptedBytes: 1 })).toEqual({ stampable: true, pages: 2, restricted: false });
  });

  it.each(['AES-256', 'AES-128', 'RC4-128'] as const)(
    'is stamped on every page, its metadata kept, and the copy keeps the owner’s restrictions (%s)',
    async (algorithm) => {
      const input = await restricted(algorithm);
      const before = await readPdf(input);
      // Printing (4) and high-quality printing (2048), nothing else.
      expect(before.permissions).toEqual([4, 2048]);
      const read = await readPdf(await stampPdf(input, buyer));
      expect(read.permissions).toEqual([4, 2048]);
      expect(read.pages.map((page) => bodyOf(page))).toEqual([['Page 1'], ['Page 2']]);
      for (const page of read.pages) {
        expect(footerOf(page).map((text) => ({ text: text.text, upright: text.upright }))).toEqual([
          { text: adaFooter, upright: true },
        ]);
      }
      expect(read.info.Subject).toBe(adaFooter);
      expect(read.info.Keywords).toBe(adaFooter);
      expect(read.info.Title).toBe('The Seller’s Guide');
      expect(read.info.Author).toBe('Seller');
    },
  );
});
