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
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import {
  isValidSignature,
  signatureLifetimeSeconds,
  stringToSign,
  type SignableParams,
} from '../../server/admin/cloudinarySignature';
import { closeServer, listen, readBody, sendJson } from '../http';

/** The SPA checks the same limits before uploading, so the admin hears about them first. */
export const maxUploadBytes = 5 * 1024 * 1024;

/** The image type a file's first bytes announce, or null when it is not JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): '.jpg' | '.png' | '.webp' | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return '.jpg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return '.png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return '.webp';
  return null;
}

// Cloudinary's transformation parameters are short `key_value` pairs, comma-separated.
const transformationSegment = /^[a-z]{1,3}_[^,/]+(,[a-z]{1,3}_[^,/]+)*$/;

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

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

function safeJoin(root: string, relative: string): string | null {
  const full = normalize(join(root, relative));
  return full.startsWith(normalize(root) + sep) ? full : null;
}

async function readFormFields(req: IncomingMessage): Promise<FormData> {
  const body = await readBody(req);
  const request = new Request('http://local/', {
    method: 'POST',
    headers: { 'content-type': req.headers['content-type'] ?? '' },
    body: new Uint8Array(body),
  });
  if ((req.headers['content-type'] ?? '').includes('application/json')) {
    const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const form = new FormData();
    for (const [key, value] of Object.entries(json)) form.set(key, String(value));
    return form;
  }
  return request.formData();
}

/** A text field of an upload form; '' when absent or sent as a file (never its '[object File]'). */
function textField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
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

  /** Null when the request is signed as Cloudinary wants; otherwise the error it answers. */
  function signatureProblem(form: FormData): { status: number; message: string } | null {
    const params: SignableParams = {};
    form.forEach((value, name) => {
      if (typeof value === 'string') params[name] = value;
    });
    const key = form.get('api_key');
    const signature = form.get('signature');
    const timestamp = Number(form.get('timestamp'));
    if (typeof key !== 'string' || !key) return { status: 400, message: 'Must supply api_key' };
    if (key !== apiKey) return { status: 401, message: `Unknown API key ${key}` };
    if (typeof signature !== 'string' || !signature) {
      return { status: 400, message: 'Missing required parameter - signature' };
    }
    if (!Number.isInteger(timestamp)) return { status: 400, message: 'Missing required parameter - timestamp' };
    const age = Math.floor(now().getTime() / 1000) - timestamp;
    if (Math.abs(age) > signatureLifetimeSeconds) {
      return {
        status: 400,
        message: `Stale request - reported time is ${timestamp} which is out of the allowed range`,
      };
    }
    if (!isValidSignature(params, signature, apiSecret)) {
      return { status: 401, message: `Invalid Signature ${signature}. String to sign - '${stringToSign(params)}'.` };
    }
    return null;
  }

  async function upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readFormFields(req);
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) {
      sendJson(res, 400, { error: { message: 'Missing required parameter - file' } });
      return;
    }
    const refused = signatureProblem(form);
    if (refused) {
      sendJson(res, refused.status, { error: { message: refused.message } });
      return;
    }
    if (file.size > maxUploadBytes) {
      sendJson(res, 400, {
        error: { message: `File size too large. Got ${file.size}. Maximum is ${maxUploadBytes}.` },
      });
      return;
    }
    const data = Buffer.from(await file.arrayBuffer());
    // The content decides, not the name: a renamed text file is no image.
    const ext = sniffImageType(data);
    if (!ext) {
      sendJson(res, 400, { error: { message: 'Invalid image file: only JPEG, PNG and WebP images are accepted.' } });
      return;
    }
    const folder = textField(form, 'folder').replace(/[^a-zA-Z0-9_/-]/g, '');
    const publicId = `${folder ? `${folder}/` : ''}${randomBytes(10).toString('hex')}`;
    const version = Math.floor(now().getTime() / 1000);
    const path = safeJoin(root, `${publicId}${ext}`);
    if (!path) {
      sendJson(res, 400, { error: { message: 'Invalid folder' } });
      return;
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, data);
    const secureUrl = deliveryUrl(version, publicId, ext);
    sendJson(res, 200, {
      public_id: publicId,
      version,
      format: ext === '.jpg' ? 'jpg' : ext.slice(1),
      resource_type: 'image',
      bytes: file.size,
      url: secureUrl,
      secure_url: secureUrl,
    });
  }

  async function destroy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readFormFields(req);
    const refused = signatureProblem(form);
    if (refused) {
      sendJson(res, refused.status, { error: { message: refused.message } });
      return;
    }
    const publicId = textField(form, 'public_id');
    if (!publicId) {
      sendJson(res, 400, { error: { message: 'Missing required parameter - public_id' } });
      return;
    }
    for (const ext of Object.keys(contentTypes)) {
      const path = safeJoin(root, `${publicId}${ext}`);
      if (!path) break;
      try {
        await readFile(path);
        await rm(path);
        sendJson(res, 200, { result: 'ok' });
        return;
      } catch {
        // try the next extension
      }
    }
    sendJson(res, 200, { result: 'not found' });
  }

  // Resized images by path, width and format: the bench asks for the same few many times.
  const resized = new Map<string, { data: Buffer; type: string }>();

  async function transformed(
    data: Buffer,
    key: string,
    options: { width: number | null; limit: boolean; webp: boolean; quality: number | null; svg: boolean },
  ): Promise<{ data: Buffer; type: string }> {
    const cached = resized.get(key);
    if (cached) return cached;
    const { default: sharp } = await import('sharp');
    let image = sharp(data);
    if (options.width) image = image.resize({ width: options.width, withoutEnlargement: options.limit });
    const quality = options.quality ?? undefined;
    const out = options.webp
      ? { data: await image.webp({ quality }).toBuffer(), type: 'image/webp' }
      : options.svg
        ? { data: await image.png().toBuffer(), type: 'image/png' }
        : { data: await image.toBuffer(), type: '' };
    if (resized.size > 500) resized.clear();
    resized.set(key, out);
    return out;
  }

  async function deliver(pathname: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    // /{cloud}/image/upload/<transformations...>/[v123/]<public id>.<ext>
    const prefix = `/${cloudName}/image/upload/`;
    const rest = decodeURIComponent(pathname.slice(prefix.length)).split('/');
    const versionIndex = rest.findIndex((part) => /^v\d+$/.test(part));
    const firstAsset = rest.findIndex((part) => !transformationSegment.test(part));
    const transformations = rest.slice(0, versionIndex >= 0 ? versionIndex : Math.max(firstAsset, 0));
    // A width must be a positive whole number, as Cloudinary insists.
    const params = transformations.flatMap((part) => part.split(','));
    const widths = params.filter((param) => param.startsWith('w_'));
    if (widths.some((param) => !/^w_[1-9]\d{0,4}$/.test(param))) {
      res.writeHead(400).end('Invalid width');
      return;
    }
    const file = rest.slice(versionIndex >= 0 ? versionIndex + 1 : Math.max(firstAsset, 0)).join('/');
    const path = safeJoin(root, file);
    const type = contentTypes[extname(file).toLowerCase()];
    if (!path || !type) {
      res.writeHead(404).end('Not found');
      return;
    }
    try {
      const original = await readFile(path);
      const width = widths.length > 0 ? Number(widths[widths.length - 1]?.slice(2)) : null;
      const autoFormat = params.includes('f_auto');
      const svg = type === 'image/svg+xml';
      let body: { data: Buffer; type: string } = { data: original, type };
      if (width !== null || autoFormat) {
        const webp = autoFormat && (req.headers.accept ?? '').includes('image/webp');
        const quality = params.includes('q_auto') ? 80 : null;
        const key = `${path}|${width ?? ''}|${webp ? 'webp' : ''}|${quality ?? ''}`;
        const out = await transformed(original, key, { width, limit: params.includes('c_limit'), webp, quality, svg });
        body = { data: out.data, type: out.type || type };
      }
      res.writeHead(200, {
        'content-type': body.type,
        'cache-control': 'public, max-age=31536000, immutable',
        ...(autoFormat ? { vary: 'Accept' } : {}),
      });
      res.end(body.data);
    } catch {
      res.writeHead(404).end('Not found');
    }
  }

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
        await upload(req, res);
      } else if (req.method === 'POST' && url.pathname === `/v1_1/${cloudName}/image/destroy`) {
        await destroy(req, res);
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
