// The bucket the API keeps deliverable files in (docs/deploy.md, 'Deliverable files'), through
// @google-cloud/storage. Deployed, it is the project's default bucket with the function's own
// credentials, and URLs are signed through IAM signBlob; in the local cloud the library talks to the
// Cloud Storage stand-in (apiEndpoint) and signs with the local service-account key. Both go through
// the same `file.getSignedUrl({ version: 'v4' })`: the library's default is v2, which the stand-in,
// like a bucket with V4-only policies, would not take.
import { readFileSync } from 'node:fs';
import { Storage, type Bucket } from '@google-cloud/storage';
import type { ServerConfig } from '../config';
import { attachmentDisposition, downloadValiditySeconds } from './signedUrls';

/** Long enough to start an upload; the session it opens then lives a week on its own. */
export const uploadUrlValiditySeconds = 15 * 60;

/** A refusal of the bucket's, in the seller's words: answered 400 with its message. */
export class FileStorageError extends Error {
  override name = 'FileStorageError';
  readonly status = 400;
}

export type FileStorageSettings = Pick<
  ServerConfig,
  | 'FIREBASE_PROJECT_ID'
  | 'STORAGE_BUCKET'
  | 'FIREBASE_CONFIG'
  | 'STORAGE_API_ENDPOINT'
  | 'STORAGE_KEY_FILE'
  | 'MAX_FILE_BYTES'
  | 'PUBLIC_STORE_URL'
>;

export interface UploadUrl {
  /** POST here with `headers` to open a resumable session (201, Location: the session URI). */
  url: string;
  /** Exactly these headers must go with that POST: they are part of the signature. */
  headers: Record<string, string>;
  storagePath: string;
  expiresAt: string;
}

export interface DownloadUrl {
  url: string;
  expiresAt: string;
}

export interface ObjectMetadata {
  storagePath: string;
  size: number;
  contentType: string;
  md5Hash: string | null;
  generation: string;
  updated: string;
}

export interface FileStorage {
  bucketName: string;
  /** The library's bucket, for code that streams objects itself (stamped copies). */
  bucket: Bucket;
  uploadUrl(
    productId: string,
    fileId: string,
    /** `folder`: 'lessons' for a lesson video (docs/courses.md); the product's files otherwise. */
    options: { contentType: string; size: number; origin: string; folder?: 'deliverables' | 'lessons' },
  ): Promise<UploadUrl>;
  downloadUrl(storagePath: string, displayName: string, size: number): Promise<DownloadUrl>;
  /** Null when there is no such object (the upload never completed, or it was deleted). */
  objectMetadata(storagePath: string): Promise<ObjectMetadata | null>;
  /** Deletes the object; an object already gone is not an error. */
  deleteObject(storagePath: string): Promise<void>;
}

// Firestore document ids as the API accepts them (no '/', not '__…__').
const idPattern = /^(?!__)[A-Za-z0-9_-]{1,128}$/;
// deliverables/{productId}/{fileId} and stamped/{productId}/{fileId}/{transactionId}-{stamp}.pdf
// (transaction ids carry payment references, which may hold '.' and '='); lesson videos
// lessons/{productId}/{fileId} and certificates/{code}.pdf (docs/courses.md).
const storagePathPattern =
  /^(?:(?:deliverables|lessons)\/(?!__)[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_.-]{1,140}|stamped\/(?!__)[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_.=-]{1,200}|certificates\/[A-Za-z0-9_-]{1,64}\.pdf)$/;
// type/subtype with optional parameters; no CR or LF, which would break the signed header.
const contentTypePattern =
  /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,128}(?:\s*;\s*[a-z0-9_.+-]+=[^;\r\n]{1,100}){0,4}$/i;

export function deliverablePath(
  productId: string,
  fileId: string,
  folder: 'deliverables' | 'lessons' = 'deliverables',
): string {
  if (!idPattern.test(productId) || !idPattern.test(fileId)) {
    throw new FileStorageError('A product and file id are letters, digits, _ and - only.');
  }
  return `${folder}/${productId}/${fileId}`;
}

export function isStoragePath(path: string): boolean {
  return storagePathPattern.test(path) && !path.split('/').some((segment) => segment === '.' || segment === '..');
}

function checkedPath(path: string): string {
  if (!isStoragePath(path)) throw new FileStorageError(`Not a deliverable file's path: ${path}`);
  return path;
}

/** The bucket: STORAGE_BUCKET, else the default bucket Cloud Functions names in FIREBASE_CONFIG. */
export function bucketName(settings: Pick<FileStorageSettings, 'STORAGE_BUCKET' | 'FIREBASE_CONFIG'>): string {
  if (settings.STORAGE_BUCKET) return settings.STORAGE_BUCKET;
  try {
    const config = JSON.parse(settings.FIREBASE_CONFIG ?? '') as { storageBucket?: unknown };
    if (typeof config.storageBucket === 'string' && config.storageBucket) return config.storageBucket;
  } catch {
    // not set or not JSON: fall through to the error below
  }
  throw new FileStorageError(
    'No Cloud Storage bucket: set STORAGE_BUCKET, or create the default bucket (docs/deploy.md).',
  );
}

/** The origins a seller's browser may upload from: the store's public origin (and its loopback twin locally). */
function uploadOrigins(settings: FileStorageSettings): Set<string> {
  const store = new URL(settings.PUBLIC_STORE_URL);
  const origins = new Set([store.origin]);
  if (settings.STORAGE_API_ENDPOINT) {
    const twin = new URL(store.origin);
    if (twin.hostname === '127.0.0.1') twin.hostname = 'localhost';
    else if (twin.hostname === 'localhost') twin.hostname = '127.0.0.1';
    origins.add(twin.origin);
  }
  return origins;
}

export function createFileStorage(settings: FileStorageSettings): FileStorage {
  const name = bucketName(settings);
  const storage = settings.STORAGE_API_ENDPOINT
    ? new Storage({
        projectId: settings.FIREBASE_PROJECT_ID,
        apiEndpoint: settings.STORAGE_API_ENDPOINT,
        credentials: (() => {
          const key = JSON.parse(readFileSync(settings.STORAGE_KEY_FILE ?? '', 'utf8')) as {
            client_email: string;
            private_key: string;
          };
          return { client_email: key.client_email, private_key: key.private_key };
        })(),
      })
    : // The function's service account (Application Default Credentials); signing goes through IAM.
      new Storage({ projectId: settings.FIREBASE_PROJECT_ID });
  const bucket = storage.bucket(name);
  const origins = uploadOrigins(settings);

  return {
    bucketName: name,
    bucket,

    async uploadUrl(productId, fileId, { contentType, size, origin, folder }) {
      const storagePath = deliverablePath(productId, fileId, folder);
      if (!contentTypePattern.test(contentType)) throw new FileStorageError(`Not a content type: ${contentType}`);
      if (!Number.isSafeInteger(size) || size < 1) throw new FileStorageError('The file is empty.');
      if (size > settings.MAX_FILE_BYTES) {
        throw new FileStorageError(`The file is larger than the ${settings.MAX_FILE_BYTES} bytes a file may have.`);
      }
      // The bucket's CORS lets only the store's origin upload; say so here rather than let it fail there.
      if (!origins.has(origin)) throw new FileStorageError(`Uploads start from the store's page, not ${origin}.`);
      const headers = {
        'content-type': contentType,
        // Cloud Storage refuses an object outside this range: the seller cannot swap in a larger file.
        'x-goog-content-length-range': `0,${size}`,
        'x-goog-resumable': 'start',
      };
      const expires = Date.now() + uploadUrlValiditySeconds * 1000;
      const [url] = await bucket.file(storagePath).getSignedUrl({
        version: 'v4',
        action: 'resumable',
        expires,
        contentType,
        extensionHeaders: { 'x-goog-content-length-range': headers['x-goog-content-length-range'] },
      });
      return { url, headers, storagePath, expiresAt: new Date(expires).toISOString() };
    },

    async downloadUrl(storagePath, displayName, size) {
      const expires = Date.now() + downloadValiditySeconds(size) * 1000;
      const [url] = await bucket.file(checkedPath(storagePath)).getSignedUrl({
        version: 'v4',
        action: 'read',
        expires,
        responseDisposition: attachmentDisposition(displayName),
      });
      return { url, expiresAt: new Date(expires).toISOString() };
    },

    async objectMetadata(storagePath) {
      const file = bucket.file(checkedPath(storagePath));
      try {
        const [metadata] = await file.getMetadata();
        return {
          storagePath,
          size: Number(metadata.size),
          contentType: metadata.contentType ?? 'application/octet-stream',
          md5Hash: metadata.md5Hash ?? null,
          generation: String(metadata.generation),
          updated: metadata.updated ?? '',
        };
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null;
        throw error;
      }
    },

    async deleteObject(storagePath) {
      await bucket.file(checkedPath(storagePath)).delete({ ignoreNotFound: true });
    },
  };
}
