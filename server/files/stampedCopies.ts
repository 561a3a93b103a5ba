// The copy a buyer downloads (docs/files.md, 'PDF stamping'): for a PDF of a product with stamping on,
// the buyer's own copy with their name, e-mail, order reference and date on every page, made on the
// first Download of that purchase and file and kept privately at
// stamped/{productId}/{fileId}/{transactionId}-{stamp}.pdf, where {stamp} is a digest of what is
// printed: a buyer whose name or e-mail the seller corrects gets a new copy, and the old one is removed.
// Every later Download serves the kept copy like any file. Anything else is the seller's file as is.
import { createHash } from 'node:crypto';
import { purchasedAt, type SaleRecord } from '../../domain/saleRecord';
import { isPdf, type DeliverableFile, type Deliverables } from './deliverables';
import { PdfNotStampableError, stampPdf } from './pdfStamp';
import type { FileStorage } from './storage';

/** What a stamped copy prints about its buyer and order. */
export interface StampFacts {
  name: string;
  email: string;
  reference: string;
}

/** Where every stamped copy of one file lives (removed with the file). */
export function stampedPrefix(productId: string, fileId: string): string {
  return `stamped/${productId}/${fileId}/`;
}

/** The copy of one purchase, named by what it prints, so a correction makes a new one. */
export function stampedPath(productId: string, fileId: string, transactionId: string, facts: StampFacts): string {
  const stamp = createHash('sha256')
    .update(JSON.stringify([facts.name, facts.email, facts.reference]))
    .digest('hex')
    .slice(0, 16);
  return `${stampedPrefix(productId, fileId)}${transactionId}-${stamp}.pdf`;
}

/** Makes (or finds) the copy a buyer downloads: the seller's file, or the buyer's stamped PDF. */
export type CopyMaker = (
  file: DeliverableFile,
  purchase: { transactionId: string; transaction: SaleRecord; deliverables: Deliverables },
) => Promise<{ storagePath: string; size: number }>;

/** Whether this purchase's copy of the file carries the buyer's name. */
export function stampsFile(file: DeliverableFile, deliverables: Deliverables): boolean {
  return deliverables.stampPdf && isPdf(file) && file.stampPdf !== false;
}

function purchaseDate(transaction: SaleRecord): Date {
  return purchasedAt(transaction) ?? new Date();
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
    const facts: StampFacts = {
      name: transaction.customerName,
      email: transaction.customerEmail,
      reference: transaction.transactionReference || transactionId,
    };
    // deliverables/{productId}/{fileId}: the product the file belongs to.
    const productId = file.storagePath.split('/')[1] ?? '';
    const path = stampedPath(productId, file.id, transactionId, facts);
    const kept = await bucket.objectMetadata(path);
    if (kept) return { storagePath: path, size: kept.size };
    let stamped: Uint8Array;
    try {
      stamped = await stampPdf(bucket.bucket.file(file.storagePath).createReadStream(), {
        ...facts,
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
    // A copy made before the seller corrected the buyer's name or e-mail says what is no longer true.
    try {
      const [older] = await bucket.bucket.getFiles({ prefix: `${stampedPrefix(productId, file.id)}${transactionId}-` });
      for (const object of older) if (object.name !== path) await bucket.deleteObject(object.name);
    } catch (error) {
      logError(`Older stamped copies of ${file.id} for ${transactionId} were not removed`, error);
    }
    return { storagePath: path, size: stamped.length };
  };
}
