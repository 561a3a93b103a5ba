// The bundle that deploys as the Firebase function: built as for deploy, then served over HTTP
// against the local cloud, so what ships is what is tested.
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
// Inside the repository, so the bundle's bare imports resolve to the installed packages.
const outDir = resolve(root, 'tests/.artifacts', `functions-${randomUUID().slice(0, 8)}`);
const cloud = inject('cloud');
const servers: Server[] = [];

async function serve(envOverrides: Record<string, string>): Promise<string> {
  Object.assign(process.env, cloud.apiEnv, envOverrides);
  const module = (await import(`${pathToFileURL(resolve(outDir, 'index.js')).href}?instance=${randomUUID()}`)) as {
    api: RequestListener;
  };
  // Cloud Functions hands the handler express requests and responses; so does this host.
  const host = express();
  host.use((req, res) => module.api(req, res));
  const server = createServer(host);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

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
    const url = await serve({ DEMO_PAYMENTS: '0' });
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

  it('refuses to run with demo payments switched on', async () => {
    const url = await serve({ DEMO_PAYMENTS: '1' });
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('DEMO_PAYMENTS');
  });
});
