// A local stand-in for Cloudinary with the same request and response shapes (docs/admin.md, 'Cover
// images'):
//   POST /v1_1/{cloud}/image/upload   multipart: file, api_key, timestamp, signature, [folder]
//                                      -> {public_id, secure_url, ...}
//   POST /v1_1/{cloud}/image/destroy  form or JSON: public_id, api_key, timestamp, signature
//                                      -> {result: 'ok' | 'not found'}
//   GET  /{cloud}/image/upload/[transformations/][v{version}/]{public_id}.{ext}  -> the file
// Uploads and destroys are signed the way Cloudinary checks them (server/admin/cloudinarySignature.ts):
// no unsigned preset, so the test suite and `npm start` exercise the signing the deployed store needs.
// Uploads must be JPEG, PNG or WebP by their content (not their name) and at most 5 MB.
// Delivery applies the transformations the storefront asks for, as Cloudinary does, with sharp:
// w_N resizes to N pixels wide (c_limit: never wider than the original), f_auto picks WebP for a
// browser that accepts it (an SVG becomes a raster, as on Cloudinary), q_auto a quality of 80. So
// the bench measures the bytes a shopper would get. Without transformations the original is served.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { closeServer, listen, sendJson } from '../http';
import { createDelivery, safeJoin } from './delivery';
import { destroy, upload, type UploadContext } from './uploads';

export interface ImageHostOptions {
  dir: string;
  port?: number;
  host?: string;
  cloudName?: string;
  uploadPreset?: string;
  /** Browser origins that may upload (the store); undefined = any loopback origin. */
  allowedOrigins?: readonly string[];
  /** The credentials signed requests must carry (the API's CLOUDINARY_API_KEY / _SECRET). */
  apiKey?: string;
  apiSecret?: string;
  /** The clock signatures' timestamps are checked against. */
  now?: () => Date;
}

export interface ImageHost {
  url: string;
  port: number;
  cloudName: string;
  uploadUrl: string;
  /** Stores a file directly (used by the seed) and returns its delivery URL. */
  put(publicId: string, ext: string, data: Buffer | string): Promise<string>;
  close(): Promise<void>;
}

export async function startImageHost(options: ImageHostOptions): Promise<ImageHost> {
  const host = options.host ?? '127.0.0.1';
  const cloudName = options.cloudName ?? 'demo-cloud';
  const apiKey = options.apiKey ?? 'local-key';
  const apiSecret = options.apiSecret ?? 'local-secret';
  const now = options.now ?? (() => new Date());
  const root = options.dir;
  await mkdir(root, { recursive: true });
  let baseUrl = '';

  const deliveryUrl = (version: number, publicId: string, ext: string) =>
    `${baseUrl}/${cloudName}/image/upload/v${version}/${publicId}${ext}`;

  async function put(publicId: string, ext: string, data: Buffer | string): Promise<string> {
    const path = safeJoin(root, `${publicId}${ext}`);
    if (!path) throw new Error(`Invalid public id ${publicId}`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
    return deliveryUrl(1, publicId, ext);
  }

  const context: UploadContext = { root, apiKey, apiSecret, now, deliveryUrl };
  const deliver = createDelivery(root, cloudName);

  const { server, port } = await listen(
    async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'access-control-allow-methods': 'GET,POST,OPTIONS',
          'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        });
        res.end();
      } else if (req.method === 'POST' && url.pathname === `/v1_1/${cloudName}/image/upload`) {
        await upload(req, res, context);
      } else if (req.method === 'POST' && url.pathname === `/v1_1/${cloudName}/image/destroy`) {
        await destroy(req, res, context);
      } else if (req.method === 'GET' && url.pathname.startsWith(`/${cloudName}/image/upload/`)) {
        await deliver(url.pathname, req, res);
      } else if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('Local image host');
      } else {
        sendJson(res, 404, { error: { message: 'Not found' } });
      }
    },
    options.port ?? 0,
    host,
    options.allowedOrigins,
  );
  baseUrl = `http://${host}:${port}`;
  return {
    url: baseUrl,
    port,
    cloudName,
    uploadUrl: `${baseUrl}/v1_1/${cloudName}/image/upload`,
    put,
    close: () => closeServer(server),
  };
}
