// requireAdmin and the image routes through HTTP, with firebase-admin's Auth and Firestore replaced
// by recording fakes, for the paths the local cloud cannot easily produce (a database that fails).
// The same routes run against the real Auth emulator in tests/integration/api/adminImages.test.ts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import type { IdTokenVerifier } from '../../../../server/admin/adminAuth';
import { createApp } from '../../../../server/app';
import { parseServerConfig } from '../../../../server/config';

const baseEnv = {
  FIREBASE_PROJECT_ID: 'demo-digital-store',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  MAIL_FROM: 'Digital Store <orders@store.test>',
  SELLER_EMAIL: 'seller@store.test',
  PUBLIC_STORE_URL: 'http://127.0.0.1:5173',
};
const withImages = {
  ...baseEnv,
  CLOUDINARY_CLOUD_NAME: 'demo',
  CLOUDINARY_API_KEY: 'key',
  CLOUDINARY_API_SECRET: 'secret',
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function start(options: {
  env?: Record<string, string>;
  admins?: string[];
  dbFails?: boolean;
  auth?: IdTokenVerifier | null;
}) {
  const verified: string[] = [];
  const auth: IdTokenVerifier = {
    verifyIdToken: async (token: string) => {
      verified.push(token);
      if (!token.startsWith('valid-')) throw new Error('auth/argument-error');
      return { uid: token.slice('valid-'.length) } as Awaited<ReturnType<IdTokenVerifier['verifyIdToken']>>;
    },
  };
  const db = {
    doc: (path: string) => ({
      get: async () => {
        if (options.dbFails) throw new Error('14 UNAVAILABLE');
        return { exists: (options.admins ?? []).some((uid) => path === `admins/${uid}`) };
      },
    }),
  } as unknown as Firestore;
  const app = createApp({
    config: parseServerConfig(options.env ?? withImages),
    db,
    mailer: {
      sendMail: async () => ({ envelope: { from: 'store@example.com', to: [] }, messageId: '<admin-test@local>' }),
    },
    auth: options.auth === null ? undefined : (options.auth ?? auth),
    now: () => new Date('2026-03-01T10:00:00Z'),
    logError: () => {},
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (token?: string) =>
    fetch(`${url}/api/uploads/signature`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: '{}',
    });
  return { sign, verified };
}

describe('requireAdmin', () => {
  it('passes the bearer token to firebase-admin and lets an admin through', async () => {
    const api = await start({ admins: ['ada'] });
    const res = await api.sign('valid-ada');
    expect(res.status).toBe(200);
    expect(api.verified).toEqual(['valid-ada']);
    expect(await res.json()).toEqual({
      timestamp: 1772359200,
      // sha1('folder=digital_products&timestamp=1772359200secret')
      signature: '4aa420b5b8f7a8e059b08df53181c282b996f5fb',
      apiKey: 'key',
      cloudName: 'demo',
      folder: 'digital_products',
      uploadUrl: 'https://api.cloudinary.com/v1_1/demo/image/upload',
    });
  });

  it('answers 401 without a bearer token and never asks firebase-admin', async () => {
    const api = await start({ admins: ['ada'] });
    expect((await api.sign()).status).toBe(401);
    expect(api.verified).toEqual([]);
  });

  it('answers 401 for a token firebase-admin refuses, 403 for a user without an admins record', async () => {
    const api = await start({ admins: ['ada'] });
    const bad = await api.sign('forged');
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'Please sign in as an admin.' });
    const stranger = await api.sign('valid-bola');
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ message: 'Only admins may do this.' });
  });

  it('answers 503 with a readable message when the admins record cannot be read', async () => {
    const api = await start({ admins: ['ada'], dbFails: true });
    const res = await api.sign('valid-ada');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Could not check your admin access. Please try again.' });
  });

  it('refuses every token when the app was built without Auth', async () => {
    const api = await start({ admins: ['ada'], auth: null });
    expect((await api.sign('valid-ada')).status).toBe(401);
  });

  it('answers 503 to an admin when the image host is not configured', async () => {
    const api = await start({ admins: ['ada'], env: baseEnv });
    const res = await api.sign('valid-ada');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Image uploads are not configured on this server.' });
  });
});
