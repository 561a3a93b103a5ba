// The image host's Upload API as the API uses it: signatures for the browser's direct upload, and
// destroy. The base URL is configuration (docs/admin.md), so the local image host and msw stand in.
import type { UploadSignature } from '../../domain/apiContracts';
import { signParams } from './cloudinarySignature';
import { productImageFolder } from './imageSchemas';

export interface CloudinarySettings {
  cloudName: string;
  apiKey: string;
  apiSecret: string;
  apiBase: string;
}

export class ImageHostError extends Error {
  override name = 'ImageHostError';
}

export interface CloudinaryClient {
  signUpload(): UploadSignature;
  /** Resolves when the image is gone (deleted now, or already absent); rejects with ImageHostError. */
  destroy(publicId: string): Promise<void>;
}

const destroyTimeoutMs = 10_000;

export function createCloudinaryClient(
  settings: CloudinarySettings,
  options: { now: () => Date; fetch?: typeof fetch },
): CloudinaryClient {
  const base = settings.apiBase.replace(/\/+$/, '');
  const endpoint = (action: string) => `${base}/v1_1/${encodeURIComponent(settings.cloudName)}/image/${action}`;
  const seconds = () => Math.floor(options.now().getTime() / 1000);
  const doFetch = options.fetch ?? fetch;

  return {
    signUpload() {
      const timestamp = seconds();
      const folder = productImageFolder;
      return {
        timestamp,
        signature: signParams({ folder, timestamp }, settings.apiSecret),
        apiKey: settings.apiKey,
        cloudName: settings.cloudName,
        folder,
        uploadUrl: endpoint('upload'),
      };
    },

    async destroy(publicId) {
      const timestamp = seconds();
      const body = new URLSearchParams({
        public_id: publicId,
        timestamp: String(timestamp),
        api_key: settings.apiKey,
        signature: signParams({ public_id: publicId, timestamp }, settings.apiSecret),
      });
      let response: Response;
      try {
        response = await doFetch(endpoint('destroy'), {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(destroyTimeoutMs),
        });
      } catch (error) {
        throw new ImageHostError(`The image host could not be reached: ${String(error)}`);
      }
      const answer = (await response.json().catch(() => null)) as { result?: unknown } | null;
      // 'not found' means there is nothing left to delete, which is what the caller wants.
      if (response.ok && (answer?.result === 'ok' || answer?.result === 'not found')) return;
      throw new ImageHostError(`The image host refused to delete ${publicId}: HTTP ${response.status}`);
    },
  };
}
