// A product's deliverable as the API reads it (docs/files.md): the one decoder lives in
// domain/deliverableFiles.ts, shared with the dashboard.

import type { DeliverableFile } from '../../domain/deliverableFiles';

export {
  deliverablesFromData as readDeliverables,
  formatSize,
  typeLabel,
  type DeliverableFile,
  type Deliverables,
} from '../../domain/deliverableFiles';

export function isPdf(file: Pick<DeliverableFile, 'contentType'>): boolean {
  return file.contentType.split(';')[0]?.trim().toLowerCase() === 'application/pdf';
}

/** The file list renumbered 0..n-1 in its current order, as stored after every change. */
export function renumbered(files: readonly DeliverableFile[]): DeliverableFile[] {
  return [...files].sort((a, b) => a.order - b.order).map((file, order) => ({ ...file, order }));
}
