// The copy a buyer downloads (docs/files.md, 'PDF stamping'): for a PDF of a product with stamping on,
// the buyer's own copy with their name, e-mail, order reference and date on every page, made on the
// first Download of that purchase and file and kept privately at stamped/{transactionId}/{fileId}.pdf;
// every later Download serves the kept copy like any file. Anything else is the seller's file as is.
import type { DocumentData } from 'firebase-admin/firestore';
import type { CopyMaker } from '../orders/accessRoutes';
import { isPdf, type DeliverableFile, type Deliverables } from './deliverables';
import { PdfNotStampableError, stampPdf } from './pdfStamp';
import type { FileStorage } from './storage';

export function stampedPath(transactionId: string, fileId: string): string {
  return `stamped/${transactionId}/${fileId}.pdf`;
}

/** Whether this purchase's copy of the file carries the buyer's name. */
export function stampsFile(file: DeliverableFile, deliverables: Deliverables): boolean {
  return deliverables.stampPdf && isPdf(file) && file.stampPdf !== false;
}

function purchaseDate(transaction: DocumentData): Date {
  const paid = typeof transaction.paidAt === 'string' ? Date.parse(transaction.paidAt) : Number.NaN;
  if (Number.isFinite(paid)) return new Date(paid);
  const createdAt = transaction.createdAt as { toDate?: () => Date } | undefined;
  return createdAt?.toDate?.() ?? new Date();
}

export function createCopyMaker({
  storage,
  logError,
}: {
  storage: () => FileStorage | null;
  logError: (message: string, error: unknown) => void;
}): CopyMaker {
  return async (file, { transactionId, transaction, deliverables }) => {
    const original = { storagePath: file.storagePath, size: file.size };
    const bucket = storage();
    if (!bucket || !stampsFile(file, deliverables)) return original;
    const path = stampedPath(transactionId, file.id);
    const kept = await bucket.objectMetadata(path);
    if (kept) return { storagePath: path, size: kept.size };
    let stamped: Uint8Array;
    try {
      stamped = await stampPdf(bucket.bucket.file(file.storagePath).createReadStream(), {
        name: String(transaction.customerName ?? ''),
        email: String(transaction.customerEmail ?? ''),
        reference: String(transaction.transactionReference ?? transactionId),
        date: purchaseDate(transaction),
      });
    } catch (error) {
      // Found at upload as a rule; a file that became unstampable since is delivered as it is.
      if (error instanceof PdfNotStampableError) {
        logError(`File ${file.id} could not be stamped for ${transactionId}: ${error.reason}`, null);
        return original;
      }
      throw error;
    }
    // Two presses at once may both stamp; both copies say the same, and the last one stays.
    await bucket.bucket.file(path).save(Buffer.from(stamped), { contentType: 'application/pdf', resumable: false });
    return { storagePath: path, size: stamped.length };
  };
}
