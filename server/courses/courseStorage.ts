// The bucket as courses use it (docs/courses.md): lesson videos under lessons/{productId}/{fileId},
// read in ranges for inspection and played through short-lived signed URLs (the bucket answers Range
// requests, so a phone seeks without downloading the whole video), and certificate PDFs under
// certificates/{code}.pdf. The bucket itself, its upload URLs and path checks are server/files/storage.ts.
import type { FileStorage } from '../files/storage';
import type { RangeReader } from './videoInspection';

/** A buyer's video URL: long enough to start and seek a lesson; the player asks again after. */
export const lessonVideoValiditySeconds = 15 * 60;
/** A free preview's video URL. */
export const previewVideoValiditySeconds = 10 * 60;

export function certificatePath(code: string): string {
  return `certificates/${code}.pdf`;
}

/** Ranged reads of one object, for the video inspection. */
export function rangeReader(files: FileStorage, storagePath: string): RangeReader {
  const file = files.bucket.file(storagePath);
  return async (start, length) => {
    if (length <= 0) return Buffer.alloc(0);
    const [bytes] = await file.download({ start, end: start + length - 1, validation: false });
    return bytes;
  };
}

/** A signed URL that plays the video in the page (no attachment disposition), minted now. */
export async function videoUrl(
  files: FileStorage,
  storagePath: string,
  validitySeconds: number,
): Promise<{ url: string; expiresAt: string }> {
  // The signature's clock is the machine's, whatever clock the service decides access by.
  const expires = Date.now() + validitySeconds * 1000;
  const [url] = await files.bucket.file(storagePath).getSignedUrl({ version: 'v4', action: 'read', expires });
  return { url, expiresAt: new Date(expires).toISOString() };
}

export async function saveCertificatePdf(files: FileStorage, code: string, bytes: Uint8Array): Promise<string> {
  const storagePath = certificatePath(code);
  await files.bucket
    .file(storagePath)
    .save(Buffer.from(bytes), { contentType: 'application/pdf', resumable: false, validation: false });
  return storagePath;
}

/** The stored PDF, or null when the object is missing. */
export async function readCertificatePdf(files: FileStorage, storagePath: string): Promise<Buffer | null> {
  try {
    const [bytes] = await files.bucket.file(storagePath).download();
    return bytes;
  } catch (error) {
    if ((error as { code?: unknown }).code === 404) return null;
    throw error;
  }
}
