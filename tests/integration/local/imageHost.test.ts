// The local image host speaks Cloudinary's signed Upload API: these are the checks the deployed
// store relies on Cloudinary for (signature, type by content, 5 MB), run against the real server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImageHost, type ImageHost } from '../../../local/images/imageHost';
import { signParams } from '../../../server/admin/cloudinarySignature';
import { jpegBytes, pngBytes, webpBytes } from '../../support/images';

const apiKey = 'test-key';
const apiSecret = 'test-secret';
const clock = new Date('2026-03-01T10:00:00Z');
const timestamp = Math.floor(clock.getTime() / 1000);

interface UploadAnswer {
  public_id: string;
  secure_url: string;
  version: number;
  format: string;
  error?: { message: string };
}

describe('local image host (Cloudinary shapes)', () => {
  let host: ImageHost;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'images-'));
    host = await startImageHost({ dir, apiKey, apiSecret, now: () => clock });
  });
  afterAll(async () => {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  });

  function post(url: string, fields: Record<string, string | number>, file?: { bytes: Buffer; name: string }) {
    const form = new FormData();
    if (file) form.set('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    return fetch(url, { method: 'POST', body: form });
  }

  /** An upload signed the way POST /api/uploads/signature signs it. */
  function signedUpload(bytes: Buffer, name = 'cover.png', overrides: Record<string, string | number> = {}) {
    const folder = 'digital_products';
    return post(
      host.uploadUrl,
      { api_key: apiKey, timestamp, folder, signature: signParams({ folder, timestamp }, apiSecret), ...overrides },
      { bytes, name },
    );
  }

  function destroy(fields: Record<string, string | number>) {
    return post(`${host.url}/v1_1/demo-cloud/image/destroy`, fields);
  }

  it('stores a signed upload in the folder and serves it at secure_url, also under a width transformation', async () => {
    const res = await signedUpload(pngBytes);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UploadAnswer;
    expect(body.public_id).toMatch(/^digital_products\/[0-9a-f]{20}$/);
    expect(body.version).toBe(timestamp);
    expect(body.secure_url).toBe(`${host.url}/demo-cloud/image/upload/v${timestamp}/${body.public_id}.png`);

    const served = await fetch(body.secure_url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(pngBytes)).toBe(true);

    // c_limit: a 1-pixel image asked for at 400 stays 1 pixel wide, as on Cloudinary.
    const limited = await fetch(
      body.secure_url.replace('/image/upload/', '/image/upload/c_limit,f_auto,q_auto,w_400/'),
    );
    expect(limited.status).toBe(200);
    expect(limited.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await limited.arrayBuffer())).metadata()).width).toBe(1);

    const withoutVersion = await fetch(`${host.url}/demo-cloud/image/upload/w_200/${body.public_id}.png`);
    expect(withoutVersion.status).toBe(200);
    expect((await fetch(body.secure_url.replace('/image/upload/', '/image/upload/w_abc/'))).status).toBe(400);
  });

  it('applies the width and format transformations, so local bytes are what a shopper gets', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 120, b: 80 } },
    })
      .png()
      .toBuffer();
    const url = await host.put('digital_products/photo', '.png', photo);
    const at = (transformation: string, accept = 'image/png,*/*') =>
      fetch(url.replace('/image/upload/', `/image/upload/${transformation}/`), { headers: { accept } });

    const narrow = await at('c_limit,f_auto,q_auto,w_400', 'image/avif,image/webp,image/png,*/*');
    expect(narrow.headers.get('content-type')).toBe('image/webp');
    expect(narrow.headers.get('vary')).toBe('Accept');
    const narrowBytes = Buffer.from(await narrow.arrayBuffer());
    expect(await sharp(narrowBytes).metadata()).toMatchObject({ format: 'webp', width: 400, height: 300 });
    expect(narrowBytes.length).toBeLessThan(photo.length);

    // A browser that does not take WebP gets the original format, still resized.
    const png = await at('c_limit,f_auto,q_auto,w_800');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await png.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 800 });

    // c_limit never enlarges; without it, w_N is the width.
    const wide = await at('c_limit,w_2400');
    expect((await sharp(Buffer.from(await wide.arrayBuffer())).metadata()).width).toBe(1600);
    const exact = await at('w_200');
    expect((await sharp(Buffer.from(await exact.arrayBuffer())).metadata()).width).toBe(200);

    // The original, untouched, without transformations.
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(photo)).toBe(true);
  });

  it('serves a seeded SVG cover as a raster at the width asked for (as Cloudinary does)', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#0a5"/></svg>';
    const url = await host.put('digital_products/seeded', '.svg', svg);
    const served = await fetch(url.replace('/image/upload/', '/image/upload/c_limit,f_auto,q_auto,w_400/'), {
      headers: { accept: 'image/webp,*/*' },
    });
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 300 });
    const original = await fetch(url);
    expect(original.headers.get('content-type')).toBe('image/svg+xml');
    expect(await original.text()).toBe(svg);
  });

  it('names the stored file after its content: JPEG, WebP, and a PNG called .jpg', async () => {
    const jpeg = (await (await signedUpload(jpegBytes, 'photo.jpeg')).json()) as UploadAnswer;
    expect(jpeg.format).toBe('jpg');
    expect(jpeg.secure_url).toMatch(/\.jpg$/);
    expect((await fetch(jpeg.secure_url)).headers.get('content-type')).toBe('image/jpeg');

    const webp = (await (await signedUpload(webpBytes, 'cover.webp')).json()) as UploadAnswer;
    expect(webp.format).toBe('webp');
    expect((await fetch(webp.secure_url)).headers.get('content-type')).toBe('image/webp');

    const renamed = (await (await signedUpload(pngBytes, 'cover.jpg')).json()) as UploadAnswer;
    expect(renamed.format).toBe('png');
  });

  it('refuses an unsigned upload, even with an upload preset', async () => {
    const res = await post(
      host.uploadUrl,
      { upload_preset: 'digital_store_unsigned', api_key: apiKey, timestamp },
      { bytes: pngBytes, name: 'cover.png' },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as UploadAnswer).error?.message).toBe('Missing required parameter - signature');
    const noKey = await post(host.uploadUrl, { upload_preset: 'x' }, { bytes: pngBytes, name: 'cover.png' });
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as UploadAnswer).error?.message).toBe('Must supply api_key');
  });

  it('refuses a wrong signature, a signature made with another secret, a changed folder and an unknown key', async () => {
    const wrong = await signedUpload(pngBytes, 'cover.png', { signature: 'a'.repeat(40) });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as UploadAnswer).error?.message).toContain('Invalid Signature');

    const otherSecret = await signedUpload(pngBytes, 'cover.png', {
      signature: signParams({ folder: 'digital_products', timestamp }, 'not-the-secret'),
    });
    expect(otherSecret.status).toBe(401);

    // The folder is part of what was signed: moving the upload elsewhere breaks the signature.
    const otherFolder = await signedUpload(pngBytes, 'cover.png', { folder: 'elsewhere' });
    expect(otherFolder.status).toBe(401);

    const unknownKey = await signedUpload(pngBytes, 'cover.png', { api_key: 'someone-else' });
    expect(unknownKey.status).toBe(401);
    expect(((await unknownKey.json()) as UploadAnswer).error?.message).toBe('Unknown API key someone-else');
  });

  it('refuses a signature older than an hour', async () => {
    const old = timestamp - 3601;
    const res = await signedUpload(pngBytes, 'cover.png', {
      timestamp: old,
      signature: signParams({ folder: 'digital_products', timestamp: old }, apiSecret),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as UploadAnswer).error?.message).toContain('Stale request');
  });

  it('refuses a file that is not a JPEG, PNG or WebP by its content, whatever its name', async () => {
    const text = await signedUpload(Buffer.from('just some text, not a picture'), 'cover.png');
    expect(text.status).toBe(400);
    expect(((await text.json()) as UploadAnswer).error?.message).toBe(
      'Invalid image file: only JPEG, PNG and WebP images are accepted.',
    );
    const gif = await signedUpload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'cover.gif');
    expect(gif.status).toBe(400);
  });

  it('refuses a file larger than 5 MB and accepts one of exactly 5 MB', async () => {
    const limit = 5 * 1024 * 1024;
    const tooLarge = Buffer.concat([pngBytes, Buffer.alloc(limit + 1 - pngBytes.length)]);
    const res = await signedUpload(tooLarge);
    expect(res.status).toBe(400);
    expect(((await res.json()) as UploadAnswer).error?.message).toBe(
      `File size too large. Got ${limit + 1}. Maximum is ${limit}.`,
    );
    const atLimit = Buffer.concat([pngBytes, Buffer.alloc(limit - pngBytes.length)]);
    expect((await signedUpload(atLimit)).status).toBe(200);
  });

  it('destroys an image only with a valid signature, after which it is gone', async () => {
    const { public_id, secure_url } = (await (await signedUpload(pngBytes)).json()) as UploadAnswer;

    const unsigned = await destroy({ public_id });
    expect(unsigned.status).toBe(400);
    const badSignature = await destroy({ public_id, api_key: apiKey, timestamp, signature: 'b'.repeat(40) });
    expect(badSignature.status).toBe(401);
    expect((await fetch(secure_url)).status).toBe(200);

    const signature = signParams({ public_id, timestamp }, apiSecret);
    const res = await destroy({ public_id, api_key: apiKey, timestamp, signature });
    expect(await res.json()).toEqual({ result: 'ok' });
    expect((await fetch(secure_url)).status).toBe(404);
    const again = await destroy({ public_id, api_key: apiKey, timestamp, signature });
    expect(await again.json()).toEqual({ result: 'not found' });
  });

  it('never serves files outside its folder', async () => {
    const res = await fetch(`${host.url}/demo-cloud/image/upload/v1/..%2F..%2Fetc%2Fpasswd.png`);
    expect(res.status).toBe(404);
  });
});
