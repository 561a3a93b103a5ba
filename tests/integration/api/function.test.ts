// The bundle that deploys as the Firebase function: built as for deploy, then served over HTTP
// against the local cloud, so what ships is what is tested. It runs on the Node major firebase.json
// deploys on (fetched from the npm registry, see tests/support/nodeRuntime.ts) and on the machine's.
import { createHmac, randomUUID } from 'node:crypto';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deployedRuntime, runtimeMajor } from '../../../scripts/functionRuntime';
import { signUpStranger } from '../../support/authEmulatorUsers';
import { nodeExecutable, nodePackageName } from '../../support/nodeRuntime';

const root = resolve(import.meta.dirname, '../../..');
// Inside the repository, so the bundle's bare imports resolve to the installed packages.
const outDir = resolve(root, 'tests/.artifacts', `functions-${randomUUID().slice(0, 8)}`);
// The stamping module bundled the same way: the API calls it, and it reads its font at run time.
const stampDir = `${outDir}-stamp`;
const cloud = inject('cloud');
const hosts: ChildProcess[] = [];
const deployedMajor = runtimeMajor(deployedRuntime(root));
const deployedNode = nodePackageName();

/**
 * Starts a host process for the bundle (tests/support/functionHost.mjs) on the given Node executable,
 * with the function's environment set here. FUNCTIONS_EMULATOR=true (set by firebase-tools when it
 * emulates functions) lets it run against the local cloud's emulators. Answers the host's URL and
 * the Node version it runs on.
 */
async function serve(node: string, envOverrides: Record<string, string>): Promise<{ url: string; version: string }> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...cloud.apiEnv,
    FUNCTIONS_EMULATOR: 'true',
    ...envOverrides,
  };
  // An empty override removes the variable, as if it were not set at all.
  for (const [name, value] of Object.entries(envOverrides)) if (value === '') delete env[name];
  const child = spawn(node, [resolve(root, 'tests/support/functionHost.mjs'), resolve(outDir, 'index.js')], {
    cwd: root,
    env,
    // The function's own logs (the refusals below log errors by design) are kept for a failed start.
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  hosts.push(child);
  let logs = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    logs += chunk.toString();
  });
  const lines = createInterface({ input: child.stdout });
  const started = await new Promise<{ port: number; node: string }>((resolveStart, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`The function host exited with ${code} before it listened:\n${logs}`)),
    );
    lines.once('line', (line) => resolveStart(JSON.parse(line) as { port: number; node: string }));
  });
  return { url: `http://127.0.0.1:${started.port}`, version: started.node };
}

beforeAll(() => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/buildFunctions.ts', outDir], {
    cwd: root,
    stdio: 'pipe',
  });
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/buildFunctions.ts', stampDir, '--entry', 'server/files/pdfStamp.ts'],
    { cwd: root, stdio: 'pipe' },
  );
}, 180_000);

afterAll(async () => {
  await Promise.all(
    hosts.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(outDir, { recursive: true, force: true });
  rmSync(stampDir, { recursive: true, force: true });
});

it('builds for the Node major firebase.json deploys on', () => {
  const pkg = JSON.parse(readFileSync(resolve(outDir, 'package.json'), 'utf8')) as { engines: { node: string } };
  expect(deployedRuntime(root)).toBe('nodejs24');
  expect(pkg.engines).toEqual({ node: '24' });
});

if (typeof deployedNode !== 'string') {
  // Said once, plainly, where the registry has no Node build for this machine.
  console.warn(`The built function is not run on Node ${deployedMajor} here: ${deployedNode.missing}.`);
}

const runtimes = [
  {
    name: `Node ${deployedMajor}, the deployed runtime`,
    major: deployedMajor,
    available: typeof deployedNode === 'string',
    executable: () => nodeExecutable(deployedMajor),
  },
  {
    name: `this machine's Node ${process.versions.node}`,
    major: Number(process.versions.node.split('.')[0]),
    available: true,
    executable: () => process.execPath,
  },
];

for (const runtime of runtimes) {
  describe.skipIf(!runtime.available)(`the deployable API function on ${runtime.name}`, () => {
    let node = '';
    beforeAll(() => {
      node = runtime.executable();
    }, 180_000);
    const start = async (envOverrides: Record<string, string>) => (await serve(node, envOverrides)).url;
    // The tests that need a working API share one host.
    let liveUrl: Promise<string> | undefined;
    const liveApi = () => (liveUrl ??= start({ DEMO_PAYMENTS: '0' }));

    it(`runs on Node ${runtime.major}`, async () => {
      const { url, version } = await serve(node, { DEMO_PAYMENTS: '0' });
      expect(version.startsWith(`v${runtime.major}.`)).toBe(true);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    });

    it('ships only the runtime dependencies it imports', () => {
      const pkg = JSON.parse(readFileSync(resolve(outDir, 'package.json'), 'utf8')) as {
        main: string;
        dependencies: Record<string, string>;
      };
      expect(pkg.main).toBe('index.js');
      expect(Object.keys(pkg.dependencies).sort()).toEqual([
        '@cantoo/fontkit',
        '@cantoo/pdf-lib',
        '@google-cloud/storage',
        'dejavu-fonts-ttf',
        'express',
        'express-rate-limit',
        'firebase-admin',
        'firebase-functions',
        'helmet',
        'marked',
        'nodemailer',
        'sanitize-html',
        'zod',
      ]);
      // Every package the bundle imports is one the deploy installs.
      const bundle = readFileSync(resolve(outDir, pkg.main), 'utf8');
      const imported = new Set(
        [...bundle.matchAll(/^import\s[^'"]*?from\s+["']([^"'./][^"']*)["'];?$/gm)]
          .map((match) => match[1] ?? '')
          .filter((name) => !name.startsWith('node:'))
          .map((name) => (name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : (name.split('/')[0] ?? ''))),
      );
      expect([...imported].filter((name) => !(name in pkg.dependencies))).toEqual([]);
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

    it('refuses to run with an emulator host set when it is not an emulated function', async () => {
      const url = await start({ DEMO_PAYMENTS: '0', FUNCTIONS_EMULATOR: '' });
      const res = await fetch(`${url}/api/health`);
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(text).not.toContain('EMULATOR_HOST');
      expect(text).not.toContain('127.0.0.1');
    });

    it('sends the security headers, refuses form posts and bodies over 32 KB though the host parsed them', async () => {
      const url = await start({ DEMO_PAYMENTS: '0' });
      const health = await fetch(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health.headers.get('x-frame-options')).toBe('DENY');
      expect(health.headers.get('referrer-policy')).toBe('no-referrer');
      expect(health.headers.get('x-powered-by')).toBeNull();

      const form = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Fn&email=fn%40example.com&phone=08000000001&message=hi',
      });
      expect(form.status).toBe(415);
      expect(await form.json()).toEqual({ message: 'Send the request as JSON (Content-Type: application/json).' });

      const body = JSON.stringify({
        name: 'Fn Big',
        email: 'fn-big@example.com',
        phone: '+234 800 000 0002',
        message: 'x'.repeat(33 * 1024),
      });
      const sizes: number[] = [];
      // Once with Content-Length, once streamed (chunked) so that only rawBody tells the size.
      const declared = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      sizes.push(declared.status);
      const streamed = await fetch(`${url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new Blob([body]).stream(),
        duplex: 'half',
      });
      sizes.push(streamed.status);
      expect(sizes).toEqual([413, 413]);
      expect(await streamed.json()).toEqual({ message: 'The request is too large.' });
    });

    it('keys its rate limit on the client three hops back, so forged X-Forwarded-For entries get 429s', async () => {
      // Deployed default: Fastly and the Google front end append, Cloud Run's proxy is the socket.
      const url = await start({ DEMO_PAYMENTS: '0', CONTACT_RATE_LIMIT: '5', TRUST_PROXY_HOPS: '' });
      const statuses: number[] = [];
      for (let i = 0; i < 15; i += 1) {
        const res = await fetch(`${url}/api/contact`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // forged by the client, the client as Fastly saw it, Fastly as the Google front end saw it, the front end
            'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.9, 151.101.1.1, 66.102.8.142`,
          },
          body: JSON.stringify({
            name: 'Fn Flood',
            email: `fn-flood-${i}@example.com`,
            phone: '+234 800 000 0003',
            message: `Flood ${i}`,
          }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(10).fill(429)]);
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
      const url = await start({ DEMO_PAYMENTS: '1' });
      const res = await fetch(`${url}/api/health`);
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('DEMO_PAYMENTS');
    });

    it('checks the Paystack webhook signature over the raw body the Functions framework keeps', async () => {
      const secret = 'sk_test_function_webhook';
      const url = await start({ DEMO_PAYMENTS: '0', PAYSTACK_SECRET_KEY: secret });
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

    it('stamps a PDF with the stamping module as bundled, its font found at run time', async () => {
      const work = resolve(stampDir, `run-${runtime.major}`);
      mkdirSync(work, { recursive: true });
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let page = 1; page <= 2; page += 1) doc.addPage().drawText(`Page ${page}`, { x: 72, y: 400, font });
      writeFileSync(resolve(work, 'in.pdf'), await doc.save());
      const script = [
        `import { readFileSync, writeFileSync } from 'node:fs';`,
        `import { stampPdf } from ${JSON.stringify(pathToFileURL(resolve(stampDir, 'index.js')).href)};`,
        `const [input, output] = process.argv.slice(1);`,
        `const details = { name: 'Ọlábísí Ẹ̀bùn', email: 'o@example.com', reference: 'ORD-FN1', date: '5 March 2025' };`,
        `writeFileSync(output, await stampPdf(readFileSync(input), details));`,
      ].join('\n');
      execFileSync(node, ['--input-type=module', '-e', script, resolve(work, 'in.pdf'), resolve(work, 'out.pdf')], {
        cwd: root,
        stdio: 'pipe',
      });
      const stamped = await PDFDocument.load(readFileSync(resolve(work, 'out.pdf')), { updateMetadata: false });
      expect(stamped.getSubject()).toBe('Licensed to Ọlábísí Ẹ̀bùn <o@example.com> · Order ORD-FN1 · 5 March 2025');
      expect(stamped.getPageCount()).toBe(2);
      const embedded = stamped.context
        .enumerateIndirectObjects()
        .map(([, object]) => object)
        .filter((object): object is PDFDict => object instanceof PDFDict && object.has(PDFName.of('FontFile2')))
        .map((descriptor) => descriptor.get(PDFName.of('FontName'))?.toString());
      expect(embedded).toEqual([expect.stringMatching(/^\/DejaVuSans\b/)]);
    });

    it('refuses to run without an access link secret', async () => {
      const url = await start({ DEMO_PAYMENTS: '0', ACCESS_LINK_SECRET: '' });
      const res = await fetch(`${url}/api/health`);
      expect(res.status).toBe(500);
      expect(await res.text()).not.toContain('ACCESS_LINK_SECRET');
    });
  });
}
