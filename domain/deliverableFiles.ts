// A product's deliverable as productDeliverables/{productId} stores it (docs/files.md): the optional
// outside link, the files the API attached after their upload completed, and the seller's delivery
// switches. One decoder, shared by the API that delivers and attaches files and the dashboard that
// lists them, with the words both use to describe a file. Read defensively: admins' browsers write
// everything but `files`, and an odd value must never open more than the seller set.
import { forbiddenCharactersMessage, hasForbiddenCharacters } from './textSafety';

export interface DeliverableFile {
  id: string;
  /** The name buyers see, and the name the download is saved under. */
  name: string;
  size: number;
  contentType: string;
  storagePath: string;
  order: number;
  /**
   * Present for PDFs: false when the PDF cannot carry the buyer's name (found at upload), so it is
   * delivered as uploaded; `stampNote` then says why in the seller's words.
   */
  stampPdf?: boolean;
  stampNote?: string;
}

/** Human size: 1 decimal below 10 units, whole numbers above ('2.4 MB', '310 KB'). */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const typeNames: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/epub+zip': 'EPUB',
  'application/zip': 'ZIP',
  'application/x-zip-compressed': 'ZIP',
  'audio/mpeg': 'MP3',
  'video/mp4': 'MP4',
  'text/plain': 'Text',
};

/** What kind of file it is, in a word a buyer knows ('PDF', 'ZIP'), else the file name's extension. */
export function typeLabel(file: Pick<DeliverableFile, 'contentType' | 'name'>): string {
  const base = file.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const known = typeNames[base];
  if (known) return known;
  const extension = /\.([A-Za-z0-9]{1,8})$/.exec(file.name)?.[1];
  return extension ? extension.toUpperCase() : 'File';
}

/** The per-product delivery switches; admins write them, the API reads them. */
export interface DeliverySettings {
  /** Stamp PDFs with the buyer's name; on unless the seller turned it off. */
  stampPdf: boolean;
  /** Downloads per file and purchase; null = no limit. */
  downloadLimit: number | null;
  /** Days after the purchase during which files can be downloaded; null = for ever. */
  expiryDays: number | null;
}

export interface Deliverables extends DeliverySettings {
  /** The outside link (http or https), or null for none. */
  url: string | null;
  /** In the seller's order. */
  files: DeliverableFile[];
}

function positiveIntegerOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : null;
}

function isFile(value: unknown): value is DeliverableFile {
  if (typeof value !== 'object' || value === null) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file.id === 'string' &&
    typeof file.name === 'string' &&
    typeof file.size === 'number' &&
    typeof file.contentType === 'string' &&
    typeof file.storagePath === 'string' &&
    typeof file.order === 'number'
  );
}

export function deliverySettingsFromData(data: Record<string, unknown> | undefined): DeliverySettings {
  return {
    stampPdf: data?.stampPdf !== false,
    downloadLimit: positiveIntegerOrNull(data?.downloadLimit),
    expiryDays: positiveIntegerOrNull(data?.expiryDays),
  };
}

/** productDeliverables/{productId} as plain data; a missing document is a deliverable with nothing in it. */
export function deliverablesFromData(data: Record<string, unknown> | undefined): Deliverables {
  const url = typeof data?.url === 'string' && /^https?:\/\//i.test(data.url) ? data.url : null;
  const files = (Array.isArray(data?.files) ? data.files : []).filter(isFile).sort((a, b) => a.order - b.order);
  return { url, files, ...deliverySettingsFromData(data) };
}

export const fileNameMaxLength = 140;

// A file name is shown to buyers and is the name the download is saved under: besides what no
// single-line field accepts (textSafety.ts: controls, direction marks, embeddings, overrides and
// isolates U+202A–U+202E and U+2066–U+2069), it refuses every zero-width character U+200B–U+200F,
// the joiners too, so 'invoice\u202Efdp.exe' or a name with hidden characters cannot pass for another.
const zeroWidth = /[\u200b-\u200f]/u;

/** The first problem with a file's display name (already trimmed and its spaces collapsed), or null. */
export function fileNameError(name: string): string | null {
  if (!name) return 'Give the file a name.';
  if (name.length > fileNameMaxLength) return `A file name has at most ${fileNameMaxLength} characters.`;
  if (hasForbiddenCharacters(name) || zeroWidth.test(name)) return forbiddenCharactersMessage('The file name');
  return null;
}
