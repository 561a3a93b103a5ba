// The image host's signed requests: uploads (JPEG, PNG or WebP by their content, at most 5 MB) and
// destroys, each refused unless signed the way Cloudinary checks them (server/admin/cloudinarySignature.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import {
  isValidSignature,
  signatureLifetimeSeconds,
  stringToSign,
  type SignableParams,
} from '../../server/admin/cloudinarySignature';
import { readBody, sendJson } from '../http';
import { contentTypes, safeJoin } from './delivery';

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

/** The credentials signed requests must carry and the clock their timestamps are checked against. */
interface Signing {
  apiKey: string;
  apiSecret: string;
  now: () => Date;
}

/** What uploads and destroys work with: the signing, the folder files live in, and their delivery URL. */
export interface UploadContext extends Signing {
  root: string;
  deliveryUrl: (version: number, publicId: string, ext: string) => string;
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

/** Null when the request is signed as Cloudinary wants; otherwise the error it answers. */
function signatureProblem(form: FormData, signing: Signing): { status: number; message: string } | null {
  const params: SignableParams = {};
  form.forEach((value, name) => {
    if (typeof value === 'string') params[name] = value;
  });
  const key = form.get('api_key');
  const signature = form.get('signature');
  const timestamp = Number(form.get('timestamp'));
  if (typeof key !== 'string' || !key) return { status: 400, message: 'Must supply api_key' };
  if (key !== signing.apiKey) return { status: 401, message: `Unknown API key ${key}` };
  if (typeof signature !== 'string' || !signature) {
    return { status: 400, message: 'Missing required parameter - signature' };
  }
  if (!Number.isInteger(timestamp)) return { status: 400, message: 'Missing required parameter - timestamp' };
  const age = Math.floor(signing.now().getTime() / 1000) - timestamp;
  if (Math.abs(age) > signatureLifetimeSeconds) {
    return {
      status: 400,
      message: `Stale request - reported time is ${timestamp} which is out of the allowed range`,
    };
  }
  if (!isValidSignature(params, signature, signing.apiSecret)) {
    return { status: 401, message: `Invalid Signature ${signature}. String to sign - '${stringToSign(params)}'.` };
  }
  return null;
}

/** POST /v1_1/{cloud}/image/upload: a signed multipart upload, answered as Cloudinary answers it. */
export async function upload(req: IncomingMessage, res: ServerResponse, ctx: UploadContext): Promise<void> {
  const form = await readFormFields(req);
  const file = form.get('file');
  if (!(file instanceof Blob) || file.size === 0) {
    sendJson(res, 400, { error: { message: 'Missing required parameter - file' } });
    return;
  }
  const refused = signatureProblem(form, ctx);
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
  const version = Math.floor(ctx.now().getTime() / 1000);
  const path = safeJoin(ctx.root, `${publicId}${ext}`);
  if (!path) {
    sendJson(res, 400, { error: { message: 'Invalid folder' } });
    return;
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data);
  const secureUrl = ctx.deliveryUrl(version, publicId, ext);
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

/** POST /v1_1/{cloud}/image/destroy: a signed removal by public id; 'not found' when there is none. */
export async function destroy(req: IncomingMessage, res: ServerResponse, ctx: UploadContext): Promise<void> {
  const form = await readFormFields(req);
  const refused = signatureProblem(form, ctx);
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
    const path = safeJoin(ctx.root, `${publicId}${ext}`);
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
