import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageHost, type ImageHost } from '../../../local/images/imageHost';

// A 1x1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('local image host (Cloudinary shapes)', () => {
  let host: ImageHost;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'images-'));
    host = await startImageHost({ dir });
  });
  afterAll(async () => {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function upload(fields: Record<string, string | Blob>, fileName = 'cover.png') {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value instanceof Blob) form.set(key, value, fileName);
      else form.set(key, value);
    }
    return fetch(host.uploadUrl, { method: 'POST', body: form });
  }

  it('stores an unsigned upload in the folder and serves it at secure_url, with transformations', async () => {
    const res = await upload({
      file: new Blob([png], { type: 'image/png' }),
      upload_preset: 'digital_store_unsigned',
      folder: 'digital_products',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { public_id: string; secure_url: string; version: number };
    expect(body.public_id).toMatch(/^digital_products\/[0-9a-f]{20}$/);
    expect(body.secure_url).toBe(`${host.url}/demo-cloud/image/upload/v${body.version}/${body.public_id}.png`);

    const served = await fetch(body.secure_url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const transformed = body.secure_url.replace('/image/upload/', '/image/upload/w_400,f_auto,q_auto/');
    expect((await fetch(transformed)).status).toBe(200);
  });

  it('refuses an upload without the preset or without a file', async () => {
    const noPreset = await upload({ file: new Blob([png], { type: 'image/png' }) });
    expect(noPreset.status).toBe(400);
    const noFile = await upload({ upload_preset: 'digital_store_unsigned' });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as { error: { message: string } }).error.message).toContain('file');
  });

  it('destroys an image by public_id, after which it is gone', async () => {
    const res = await upload({
      file: new Blob([png], { type: 'image/png' }),
      upload_preset: 'digital_store_unsigned',
      folder: 'digital_products',
    });
    const { public_id, secure_url } = (await res.json()) as { public_id: string; secure_url: string };
    const destroy = await fetch(`${host.url}/v1_1/demo-cloud/image/destroy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public_id, api_key: 'local-key', timestamp: 1, signature: 'x' }),
    });
    expect(await destroy.json()).toEqual({ result: 'ok' });
    expect((await fetch(secure_url)).status).toBe(404);
    const again = await fetch(`${host.url}/v1_1/demo-cloud/image/destroy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ public_id }),
    });
    expect(await again.json()).toEqual({ result: 'not found' });
  });

  it('never serves files outside its folder', async () => {
    const res = await fetch(`${host.url}/demo-cloud/image/upload/v1/..%2F..%2Fetc%2Fpasswd.png`);
    expect(res.status).toBe(404);
  });
});
