// PDF stamping (docs/files.md, 'PDF stamping'): each page of a buyer's copy carries a small grey
// footer naming the buyer, and the document's Subject and Keywords say the same. Pure Node, no
// Firestore or storage here: the callers fetch the seller's file and store the stamped copy.
import { randomUUID } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, type SecurityOptions } from '@cantoo/pdf-lib';
import { embedStoreFont } from './pdfFont';
import { drawFooter, footerPen, stampText, visibleBox, type StampDetails } from './pdfStampLayout';

export { stampText, type StampDetails } from './pdfStampLayout';

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
  const { font, drawable } = await embedStoreFont(doc);
  const footer = drawable(text);
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
