// msw handlers for the admin image endpoints (our API, which component tests may stub) and the
// image host's upload (a third party, Cloudinary). Each records what it received, so a test can
// assert the request as well as what the screen shows.
import { http, HttpResponse, delay } from 'msw';
import { server } from './msw';

/** The upload URL component tests configure (vitest.config.ts, VITE_IMAGE_UPLOAD_URL). */
export const testUploadUrl = 'https://api.cloudinary.test/v1_1/demo/image/upload';
export const uploadedUrl = (name: string) =>
  `https://res.cloudinary.test/demo/image/upload/v1700000000/digital_products/${name}.png`;

export interface ImageApiLog {
  signatureRequests: Array<{ authorization: string | null }>;
  uploads: Array<Record<string, string>>;
  deletions: Array<{ authorization: string | null; body: unknown }>;
}

export function useImageApi(
  options: {
    uploadStatus?: number;
    deleteStatus?: number;
    signatureStatus?: number;
    uploadDelayMs?: number;
    uploadedName?: string;
  } = {},
): ImageApiLog {
  const log: ImageApiLog = { signatureRequests: [], uploads: [], deletions: [] };
  server.use(
    http.post('*/api/uploads/signature', ({ request }) => {
      log.signatureRequests.push({ authorization: request.headers.get('authorization') });
      if (options.signatureStatus && options.signatureStatus >= 400) {
        return HttpResponse.json({ message: 'Only admins may do this.' }, { status: options.signatureStatus });
      }
      return HttpResponse.json({
        timestamp: 1700000000,
        signature: 'signed-by-the-api',
        apiKey: 'test-key',
        cloudName: 'demo',
        folder: 'digital_products',
        uploadUrl: testUploadUrl,
      });
    }),
    http.post(testUploadUrl, async ({ request }) => {
      const form = await request.formData();
      const fields: Record<string, string> = {};
      form.forEach((value, key) => {
        fields[key] = typeof value === 'string' ? value : `file of ${value.size} bytes`;
      });
      log.uploads.push(fields);
      if (options.uploadDelayMs) await delay(options.uploadDelayMs);
      if (options.uploadStatus && options.uploadStatus >= 400) {
        return HttpResponse.json({ error: { message: 'Invalid Signature' } }, { status: options.uploadStatus });
      }
      const url = uploadedUrl(options.uploadedName ?? 'new-cover');
      return HttpResponse.json({
        secure_url: url,
        public_id: `digital_products/${options.uploadedName ?? 'new-cover'}`,
      });
    }),
    http.post('*/api/deleteproductimage', async ({ request }) => {
      log.deletions.push({ authorization: request.headers.get('authorization'), body: await request.json() });
      if (options.deleteStatus && options.deleteStatus >= 400) {
        return HttpResponse.json({ message: 'The image could not be deleted.' }, { status: options.deleteStatus });
      }
      return HttpResponse.json({ result: 'ok' });
    }),
  );
  return log;
}
