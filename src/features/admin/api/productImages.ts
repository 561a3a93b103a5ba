// The cover image's way to and from the image host (docs/admin.md, 'Cover images'): the API signs each
// upload (admin ID token), the browser sends the file straight to the host with that signature and reports
// progress, and deletion goes through the API, which holds the host's secret.
import type { UploadSignature } from '../../../../domain/apiContracts';
import { getConfig } from '../../../lib/config';
import { postAsAdmin } from './adminHttp';

export const uploadSignatureUrl = '/api/uploads/signature';
export const deleteImageUrl = '/api/deleteproductimage';

/**
 * The part of the signature answer the upload relies on. The upload URL of the SPA's own
 * configuration wins over the answer's, so an answer without one is still used.
 */
export type SignatureForUpload = Pick<UploadSignature, 'timestamp' | 'signature' | 'apiKey' | 'folder'> &
  Partial<Pick<UploadSignature, 'cloudName' | 'uploadUrl'>>;

/** An upload the image host did not accept, with its reason when it gave one. */
export class ImageUploadError extends Error {
  override name = 'ImageUploadError';
}

function isUploadSignature(value: unknown): value is SignatureForUpload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.timestamp === 'number' &&
    typeof candidate.signature === 'string' &&
    typeof candidate.apiKey === 'string' &&
    typeof candidate.folder === 'string'
  );
}

export async function requestUploadSignature(): Promise<SignatureForUpload> {
  const answer = await postAsAdmin(uploadSignatureUrl, {});
  if (!isUploadSignature(answer)) throw new ImageUploadError('The upload could not be authorised.');
  return answer;
}

/**
 * Uploads the file with a signature and resolves with its secure_url. XMLHttpRequest rather than
 * fetch because only it reports upload progress, which a slow connection needs to see (docs/admin.md).
 */
export function uploadSignedImage(
  file: File,
  signature: SignatureForUpload,
  onProgress: (percent: number) => void,
): Promise<string> {
  const uploadUrl = getConfig().images.uploadUrl || signature.uploadUrl;
  if (!uploadUrl) return Promise.reject(new ImageUploadError('No image host is configured.'));
  const form = new FormData();
  form.append('file', file);
  form.append('api_key', signature.apiKey);
  form.append('timestamp', String(signature.timestamp));
  form.append('folder', signature.folder);
  form.append('signature', signature.signature);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', uploadUrl);
    request.responseType = 'json';
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const body = request.response as { secure_url?: unknown; error?: { message?: unknown } } | null;
      if (request.status >= 200 && request.status < 300 && typeof body?.secure_url === 'string') {
        onProgress(100);
        resolve(body.secure_url);
        return;
      }
      const reason = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${request.status}`;
      reject(new ImageUploadError(reason));
    });
    request.addEventListener('error', () => reject(new ImageUploadError('The image host could not be reached.')));
    request.addEventListener('abort', () => reject(new ImageUploadError('The upload was cancelled.')));
    request.send(form);
  });
}

/** Signs and uploads a cover; resolves with its URL. */
export async function uploadCover(file: File, onProgress: (percent: number) => void): Promise<string> {
  return uploadSignedImage(file, await requestUploadSignature(), onProgress);
}

/** Deletes an image from the image host through the API; rejects when the host did not confirm. */
export async function deleteProductImage(publicId: string): Promise<void> {
  await postAsAdmin(deleteImageUrl, { public_id: publicId });
}
