// A local stand-in for Cloudinary with the same request and response shapes (DESIGN §4 'Images'):
//   POST /v1_1/{cloud}/image/upload   multipart: file, upload_preset, [folder]  -> {public_id, secure_url, ...}
//   POST /v1_1/{cloud}/image/destroy  form or JSON: public_id                 -> {result: 'ok' | 'not found'}
//   GET  /{cloud}/image/upload/[transformations/]v{version}/{public_id}.{ext}  -> the file
// Transformations (w_400,f_auto,...) are accepted and ignored: the file is served as stored.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { closeServer, listen, readBody, sendJson } from '../http';

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

export async function startImageHost(options: ImageHostOptions): Promise<ImageHost> {
  const host = options.host ?? '127.0.0.1';
  const cloudName = options.cloudName ?? 'demo-cloud';
  const uploadPreset = options.uploadPreset ?? 'digital_store_unsigned';
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

  async function upload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readFormFields(req);
    const file = form.get('file');
    if (form.get('upload_preset') !== uploadPreset) {
      sendJson(res, 400, { error: { message: 'Upload preset must be specified when using unsigned upload' } });
      return;
    }
    if (!(file instanceof Blob) || file.size === 0) {
      sendJson(res, 400, { error: { message: 'Missing required parameter - file' } });
      return;
    }
    const ext = extname(file instanceof File ? file.name : '').toLowerCase() || '.png';
    if (!contentTypes[ext]) {
      sendJson(res, 400, { error: { message: 'Invalid image file' } });
      return;
    }
    const folder = String(form.get('folder') ?? '').replace(/[^a-zA-Z0-9_/-]/g, '');
    const publicId = `${folder ? `${folder}/` : ''}${randomBytes(10).toString('hex')}`;
    const version = Math.floor(Date.now() / 1000);
    const path = safeJoin(root, `${publicId}${ext}`);
    if (!path) throw new Error('Invalid path');
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, Buffer.from(await file.arrayBuffer()));
    const secureUrl = deliveryUrl(version, publicId, ext);
    sendJson(res, 200, {
      public_id: publicId,
      version,
      format: ext.slice(1),
      resource_type: 'image',
      bytes: file.size,
      url: secureUrl,
      secure_url: secureUrl,
    });
  }

  async function destroy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readFormFields(req);
    const publicId = String(form.get('public_id') ?? '');
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

  async function deliver(pathname: string, res: ServerResponse): Promise<void> {
    // /{cloud}/image/upload/<transformations...>/v123/<public id>.<ext>
    const prefix = `/${cloudName}/image/upload/`;
    const rest = decodeURIComponent(pathname.slice(prefix.length)).split('/');
    const versionIndex = rest.findIndex((part) => /^v\d+$/.test(part));
    const file = (versionIndex >= 0 ? rest.slice(versionIndex + 1) : rest).join('/');
    const path = safeJoin(root, file);
    const type = contentTypes[extname(file).toLowerCase()];
    if (!path || !type) {
      res.writeHead(404).end('Not found');
      return;
    }
    try {
      const data = await readFile(path);
      res.writeHead(200, {
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(data);
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
        await deliver(url.pathname, res);
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
