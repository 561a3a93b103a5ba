// A product's deliverable as the API reads it (docs/files.md): productDeliverables/{productId} holds the
// optional outside link, the files the API attached after their upload completed, and the seller's
// per-product switches. Read defensively: the document is written by admins' browsers (everything but
// `files`) and by the API (`files`), and an odd value must never open more than the seller set.

import type { DeliverableFile } from '../../domain/deliverableFiles';

export { formatSize, typeLabel, type DeliverableFile } from '../../domain/deliverableFiles';

export const deliverablesCollection = 'productDeliverables';

export interface Deliverables {
  url: string | null;
  files: DeliverableFile[];
  /** Stamp PDFs with the buyer's name; on unless the seller turned it off. */
  stampPdf: boolean;
  /** Downloads per file and purchase; null = no limit. */
  downloadLimit: number | null;
  /** Days after the purchase during which files can be downloaded; null = for ever. */
  expiryDays: number | null;
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

export function isPdf(file: Pick<DeliverableFile, 'contentType'>): boolean {
  return file.contentType.split(';')[0]?.trim().toLowerCase() === 'application/pdf';
}

export function readDeliverables(data: Record<string, unknown> | undefined): Deliverables {
  const url = typeof data?.url === 'string' && /^https?:\/\//i.test(data.url) ? data.url : null;
  const files = (Array.isArray(data?.files) ? data.files : []).filter(isFile).sort((a, b) => a.order - b.order);
  return {
    url,
    files,
    stampPdf: data?.stampPdf !== false,
    downloadLimit: positiveIntegerOrNull(data?.downloadLimit),
    expiryDays: positiveIntegerOrNull(data?.expiryDays),
  };
}

/** The file list renumbered 0..n-1 in its current order, as stored after every change. */
export function renumbered(files: readonly DeliverableFile[]): DeliverableFile[] {
  return [...files].sort((a, b) => a.order - b.order).map((file, order) => ({ ...file, order }));
}
