// POST /api/uploads/signature and POST /api/deleteproductimage against the local cloud: real ID
// tokens from the Auth emulator verified by firebase-admin, admins records in our Firestore
// emulator, uploads and deletions on the local image host. A second app built here talks to a
// stand-in Cloudinary (msw: a third party) to prove a refused request never calls out.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import type { UploadSignature } from '../../../domain/apiContracts';
import { isValidSignature, signParams } from '../../../server/admin/cloudinarySignature';
import { createApp } from '../../../server/app';
import { parseServerConfig } from '../../../server/config';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { createMailer } from '../../../server/mailer';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import { pngBytes } from '../../support/images';
import { useMsw } from '../../support/msw';

const cloud = inject('cloud');
const db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: cloud.firestoreHost });
// The local cloud's image host credentials (local/cloud.ts); the test signs with them too.
const localSecret = 'local-secret';

let adminToken: string;
let strangerToken: string;

function post(base: string, path: string, body: unknown, token?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** Uploads a PNG the way the SPA does: signature from the API, then straight to the image host. */
async function uploadCover(): Promise<{ publicId: string; url: string }> {
  const signature = (await (
    await post(cloud.apiUrl, '/api/uploads/signature', {}, adminToken)
  ).json()) as UploadSignature;
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(pngBytes)], { type: 'image/png' }), 'cover.png');
  form.set('api_key', signature.apiKey);
  form.set('timestamp', String(signature.timestamp));
  form.set('folder', signature.folder);
  form.set('signature', signature.signature);
  const answer = (await (await fetch(signature.uploadUrl, { method: 'POST', body: form })).json()) as {
    public_id: string;
    secure_url: string;
  };
  return { publicId: answer.public_id, url: answer.secure_url };
}

beforeAll(async () => {
  await seedDemoAdmin(db, cloud.authUrl);
  adminToken = (await signInWithPassword(cloud.authUrl, demoAdmin.email, demoAdmin.password)).idToken;
  strangerToken = (await signUpStranger(cloud.authUrl)).idToken;
});

describe('POST /api/uploads/signature', () => {
  it('answers 401 without a token, with a malformed header and with a token that is not an ID token', async () => {
    for (const token of [undefined, 'not-a-jwt', `${adminToken}x`]) {
      const res = await post(cloud.apiUrl, '/api/uploads/signature', {}, token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Please sign in as an admin.' });
    }
    const basic = await fetch(`${cloud.apiUrl}/api/uploads/signature`, {
      method: 'POST',
      headers: { authorization: 'Basic YWRtaW46cGFzcw==' },
    });
    expect(basic.status).toBe(401);
  });

  it('answers 403 to a signed-in user without an admins record', async () => {
    const res = await post(cloud.apiUrl, '/api/uploads/signature', {}, strangerToken);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Only admins may do this.' });
  });

  it('signs an upload to digital_products for an admin, and the image host accepts it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await post(cloud.apiUrl, '/api/uploads/signature', {}, adminToken);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UploadSignature;
    expect(body).toEqual({
      timestamp: expect.any(Number),
      signature: expect.stringMatching(/^[0-9a-f]{40}$/),
      apiKey: 'local-key',
      cloudName: 'demo-cloud',
      folder: 'digital_products',
      uploadUrl: `${cloud.imagesUrl}/v1_1/demo-cloud/image/upload`,
    });
    expect(body.timestamp).toBeGreaterThanOrEqual(before);
    expect(
      isValidSignature({ folder: 'digital_products', timestamp: body.timestamp }, body.signature, localSecret),
    ).toBe(true);

    const { publicId, url } = await uploadCover();
    expect(publicId).toMatch(/^digital_products\/[0-9a-f]{20}$/);
    expect((await fetch(url)).status).toBe(200);
  });

  it('takes no parameters: a caller cannot choose what gets signed', async () => {
    const res = await post(cloud.apiUrl, '/api/uploads/signature', { folder: 'elsewhere' }, adminToken);
    expect(res.status).toBe(400);
  });
});

describe('POST /api/deleteproductimage', () => {
  it('refuses without a token (401) and for a non-admin (403), and the image stays', async () => {
    const { publicId, url } = await uploadCover();
    expect((await post(cloud.apiUrl, '/api/deleteproductimage', { public_id: publicId })).status).toBe(401);
    expect((await post(cloud.apiUrl, '/api/deleteproductimage', { public_id: publicId }, 'bad-token')).status).toBe(
      401,
    );
    const refused = await post(cloud.apiUrl, '/api/deleteproductimage', { public_id: publicId }, strangerToken);
    expect(refused.status).toBe(403);
    expect((await fetch(url)).status).toBe(200);
  });

  it('deletes an admin’s product image from the image host', async () => {
    const { publicId, url } = await uploadCover();
    const res = await post(cloud.apiUrl, '/api/deleteproductimage', { public_id: publicId }, adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 'ok' });
    expect((await fetch(url)).status).toBe(404);
    // Already gone is fine: the product can still be deleted.
    expect((await post(cloud.apiUrl, '/api/deleteproductimage', { public_id: publicId }, adminToken)).status).toBe(200);
  });

  it.each([
    ['another folder', 'avatars/abc'],
    ['a parent step', 'digital_products/../avatars/abc'],
    ['no public_id', undefined],
  ])('refuses %s with 400 and a readable message', async (_label, publicId) => {
    const res = await post(cloud.apiUrl, '/api/deleteproductimage', { public_id: publicId }, adminToken);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/^public_id /);
  });
});

describe('refusals never reach the image host', () => {
  const cloudinaryBase = 'https://api.cloudinary.test';
  const destroys: URLSearchParams[] = [];
  let destroyStatus = 200;
  useMsw(
    setupServer(
      http.post(`${cloudinaryBase}/v1_1/store-cloud/image/destroy`, async ({ request }) => {
        destroys.push(new URLSearchParams(await request.text()));
        return destroyStatus === 200
          ? HttpResponse.json({ result: 'ok' })
          : HttpResponse.json({ error: { message: 'boom' } }, { status: destroyStatus });
      }),
    ),
  );
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const config = parseServerConfig({
      ...cloud.apiEnv,
      CLOUDINARY_CLOUD_NAME: 'store-cloud',
      CLOUDINARY_API_KEY: 'store-key',
      CLOUDINARY_API_SECRET: 'store-secret',
      CLOUDINARY_API_BASE: cloudinaryBase,
    });
    const app = createApp({
      config,
      db,
      mailer: createMailer(config),
      auth: createAdminAuth({
        projectId: config.FIREBASE_PROJECT_ID,
        emulatorHost: config.FIREBASE_AUTH_EMULATOR_HOST,
      }),
      logError: () => {},
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    destroys.length = 0;
    destroyStatus = 200;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('makes no call for a missing token, a bad token, a non-admin or a bad public_id', async () => {
    await post(base, '/api/deleteproductimage', { public_id: 'digital_products/a' });
    await post(base, '/api/deleteproductimage', { public_id: 'digital_products/a' }, 'bad');
    await post(base, '/api/deleteproductimage', { public_id: 'digital_products/a' }, strangerToken);
    await post(base, '/api/deleteproductimage', { public_id: 'avatars/a' }, adminToken);
    expect(destroys).toHaveLength(0);
  });

  it("calls Cloudinary's destroy with public_id, timestamp, api_key and a valid signature", async () => {
    const res = await post(base, '/api/deleteproductimage', { public_id: 'digital_products/abc' }, adminToken);
    expect(res.status).toBe(200);
    expect(destroys).toHaveLength(1);
    const sent = destroys[0]!;
    expect(sent.get('public_id')).toBe('digital_products/abc');
    expect(sent.get('api_key')).toBe('store-key');
    const timestamp = Number(sent.get('timestamp'));
    expect(sent.get('signature')).toBe(signParams({ public_id: 'digital_products/abc', timestamp }, 'store-secret'));
  });

  it('answers 502 with a readable message when the image host fails', async () => {
    destroyStatus = 500;
    const res = await post(base, '/api/deleteproductimage', { public_id: 'digital_products/abc' }, adminToken);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      message: 'The image could not be deleted from the image host. Please try again.',
    });
  });
});
