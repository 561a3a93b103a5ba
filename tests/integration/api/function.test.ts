// The bundle that deploys as the Firebase function: built as for deploy, then served over HTTP
// against the local cloud, so what ships is what is tested.
import { createHmac, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signUpStranger } from '../../support/authEmulatorUsers';

const root = resolve(import.meta.dirname, '../../..');
// Inside the repository, so the bundle's bare imports resolve to the installed packages.
const outDir = resolve(root, 'tests/.artifacts', `functions-${randomUUID().slice(0, 8)}`);
const cloud = inject('cloud');
const servers: Server[] = [];

async function serve(
  envOverrides: Record<string, string>,
  { parseLikeFunctions = false }: { parseLikeFunctions?: boolean } = {},
): Promise<string> {
  Object.assign(process.env, cloud.apiEnv, envOverrides);
  for (const [name, value] of Object.entries(envOverrides)) if (value === '') delete process.env[name];
  const module = (await import(`${pathToFileURL(resolve(outDir, 'index.js')).href}?instance=${randomUUID()}`)) as {
    api: RequestListener;
  };
  // Cloud Functions hands the handler express requests and responses; so does this host.
  const host = express();
  // The Functions framework reads the body before the handler runs: JSON parsed into req.body, the
  // bytes kept in req.rawBody.
  if (parseLikeFunctions) {
    host.use(
      express.json({
        verify: (req, _res, buf) => {
          (req as typeof req & { rawBody?: Buffer }).rawBody = buf;
        },
      }),
    );
  }
  host.use((req, res) => module.api(req, res));
  const server = createServer(host);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// firebase-admin keeps its apps per process, and the bundle's Firestore can be set up once per app:
// the tests that need a working API share one instance of it.
let liveUrl: Promise<string> | undefined;
const liveApi = () => (liveUrl ??= serve({ DEMO_PAYMENTS: '0' }));

beforeAll(() => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-functions.ts', outDir], {
    cwd: root,
    stdio: 'pipe',
  });
}, 120_000);

afterAll(async () => {
  for (const server of servers) await new Promise<void>((r) => server.close(() => r()));
  rmSync(outDir, { recursive: true, force: true });
});

describe('the deployable API function', () => {
  it('ships only the runtime dependencies it imports', () => {
    const pkg = JSON.parse(readFileSync(resolve(outDir, 'package.json'), 'utf8')) as {
      main: string;
      dependencies: Record<string, string>;
    };
    expect(pkg.main).toBe('index.js');
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      'express',
      'firebase-admin',
      'firebase-functions',
      'nodemailer',
      'zod',
    ]);
  });

  it('answers the contact endpoint like the local API', async () => {
    const url = await liveApi();
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Fn Test',
        email: 'fn@example.com',
        phone: '+234 800 000 0001',
        message: 'From the bundle',
      }),
    });
    expect(res.status).toBe(201);
    const bad = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Fn Test' }),
    });
    expect(bad.status).toBe(400);
  });

  it("verifies admins' ID tokens with firebase-admin before signing an upload", async () => {
    const url = await liveApi();
    const { uid, idToken, email } = await signUpStranger(cloud.authUrl);
    // The admins record goes in over the emulator's REST API as the owner: a firebase-admin
    // Firestore here would share its app with the bundle's, loaded into this same process.
    const record = await fetch(
      `${cloud.firestoreUrl}/v1/projects/${cloud.projectId}/databases/(default)/documents/admins/${uid}`,
      {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({
          fields: {
            uid: { stringValue: uid },
            name: { stringValue: 'Function Admin' },
            email: { stringValue: email },
            phone: { stringValue: '' },
            createdAt: { timestampValue: new Date().toISOString() },
          },
        }),
      },
    );
    expect(record.status).toBe(200);
    const sign = (token?: string) =>
      fetch(`${url}/api/uploads/signature`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: '{}',
      });
    expect((await sign()).status).toBe(401);
    const signed = await sign(idToken);
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ folder: 'digital_products', apiKey: 'local-key' });
  });

  it('refuses to run with demo payments switched on', async () => {
    const url = await serve({ DEMO_PAYMENTS: '1' });
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('DEMO_PAYMENTS');
  });

  it('checks the Paystack webhook signature over the raw body the Functions framework keeps', async () => {
    const secret = 'sk_test_function_webhook';
    const url = await serve({ DEMO_PAYMENTS: '0', PAYSTACK_SECRET_KEY: secret }, { parseLikeFunctions: true });
    const raw = JSON.stringify({ event: 'transfer.success', data: { reference: 'TRF-fn' } });
    const post = (signature: string, body = raw) =>
      fetch(`${url}/api/webhooks/paystack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
      });
    const signature = createHmac('sha512', secret).update(raw).digest('hex');
    expect((await post(signature)).status).toBe(200);
    expect((await post(signature, JSON.stringify(JSON.parse(raw), null, 1))).status).toBe(401);
    expect((await post('0'.repeat(128))).status).toBe(401);
  });

  it('refuses to run without an access link secret', async () => {
    const url = await serve({ DEMO_PAYMENTS: '0', ACCESS_LINK_SECRET: '' });
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('ACCESS_LINK_SECRET');
  });
});
