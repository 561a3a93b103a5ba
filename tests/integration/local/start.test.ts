// `npm start` as a newcomer runs it: the orchestrator process, its printed table, Ctrl-C, restart.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isPortFree } from '../../../local/ports';
import { freeStartPorts, startPortVariables } from '../../support/startPorts';
import { seedProducts } from '../../../local/seed/catalog';

const root = resolve(import.meta.dirname, '../../..');
/** Every `npm start` of the file: one a failed test left running is stopped after it, not left behind. */
const started: ChildProcessWithoutNullStreams[] = [];
function runStart(
  env: Record<string, string>,
  dataDir: string,
): { child: ChildProcessWithoutNullStreams; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: root,
    env: { ...process.env, ...env, LOCAL_DATA_DIR: dataDir },
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function waitFor(check: () => boolean, timeoutMs: number, describeFailure: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(describeFailure());
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** The cover URL the seeded product and its catalog index entry hold, read through Firestore's REST API. */
const coverOf = async (env: Record<string, string>) => {
  const docs = `http://127.0.0.1:${env.FIRESTORE_PORT}/v1/projects/demo-digital-store/databases/(default)/documents`;
  const product = (await (await fetch(`${docs}/products/demo-excel-mastery`)).json()) as {
    fields: { coverImageUrl: { stringValue: string } };
  };
  const shards = (await (await fetch(`${docs}/catalogIndex?pageSize=50`)).json()) as {
    documents: Array<{ fields: { entries: { mapValue: { fields: Record<string, unknown> } } } }>;
  };
  const entry = shards.documents
    .map((shard) => shard.fields.entries.mapValue.fields['demo-excel-mastery'])
    .find((found) => found !== undefined) as { mapValue: { fields: { coverImageUrl: { stringValue: string } } } };
  return {
    product: product.fields.coverImageUrl.stringValue,
    index: entry.mapValue.fields.coverImageUrl.stringValue,
  };
};

/** The seeded covers point at this start's image host, in the product and its index entry, and it serves them. */
async function expectCoversServed(env: Record<string, string>, round: string): Promise<void> {
  const covers = await coverOf(env);
  expect(new URL(covers.product).origin, round).toBe(`http://127.0.0.1:${env.IMAGES_PORT}`);
  expect(covers.index, round).toBe(covers.product);
  const image = await fetch(covers.product);
  expect(image.status, round).toBe(200);
  expect(await image.text(), round).toMatch(/^<svg[\s\S]*>Excel Mastery for<[\s\S]*>Business<[\s\S]*<\/svg>$/);
}

afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGINT');
    await exited(child);
  }
});

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  // Its own limit, as the other tests here have: the start loads tsx and the local cloud's modules, then
  // looks through /proc for the port's holder, which took over 30 s on the shared 2-core machine.
  it('names the busy port and the variable to change it, in one line', async () => {
    const env = await freeStartPorts();
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(Number(env.FIRESTORE_PORT), '127.0.0.1', () => r()));
    const dataDir = await mkdtemp(join(tmpdir(), 'store-start-'));
    dirs.push(dataDir);
    try {
      const { child, output } = runStart(env, dataDir);
      expect(await exited(child)).toBe(1);
      expect(output()).toContain(
        `Port ${env.FIRESTORE_PORT} (the Firestore emulator) is already in use: stop what uses it or set FIRESTORE_PORT to a free port.`,
      );
    } finally {
      await new Promise<void>((r) => blocker.close(() => r()));
    }
  }, 60_000);

  // The restart is on other ports, the image host's among them: it is also the 'change of IMAGES_PORT'
  // round of the covers test below, so `npm start` runs three times in this file rather than four.
  it('prints the store URL with demo data, stops everything on Ctrl-C and keeps new products on restart', async () => {
    const env = await freeStartPorts();
    const dataDir = await mkdtemp(join(tmpdir(), 'store-start-'));
    dirs.push(dataDir);
    const storeUrl = `http://127.0.0.1:${env.STORE_PORT}`;

    const first = runStart(env, dataDir);
    await waitFor(
      () => first.output().includes('Press Ctrl-C'),
      90_000,
      () => `npm start did not come up:\n${first.output()}`,
    );
    expect(first.output()).toContain(`Store               ${storeUrl}`);
    // Before the URL table only what a newcomer must act on: no warnings (Vite's config-loader one).
    const beforeTable = first.output().split('The store is running with demo data:')[0] ?? '';
    expect(beforeTable.split('\n').filter((line) => /warn|\(!\)|deprecat|configLoader/i.test(line))).toEqual([]);
    expect(first.output()).toContain(`Admin dashboard     ${storeUrl}/admindashboard`);
    expect(first.output()).toMatch(/Seeded \d+ catalog documents/);
    expect(first.output()).toContain('Demo admin: admin@demo.store');
    expect(first.output()).toContain(`Cloud Storage       http://127.0.0.1:${env.STORAGE_PORT}`);
    // The local service-account key is made on the first start and kept (the API signs URLs with it).
    const keyFile = join(dataDir, 'storage-service-account.json');
    const firstKey = await readFile(keyFile, 'utf8');
    expect(JSON.parse(firstKey)).toMatchObject({ type: 'service_account', client_email: expect.any(String) });

    // The store answers, and the catalog is there through the Firestore emulator's REST API.
    expect((await fetch(storeUrl)).status).toBe(200);
    const docs = `http://127.0.0.1:${env.FIRESTORE_PORT}/v1/projects/demo-digital-store/databases/(default)/documents`;
    // npm start enforces firestore.rules: a visitor's raw write is refused (docs/security.md); the owner
    // token (firebase-admin, as the seed and the API use) writes.
    const write = (headers: Record<string, string>) =>
      fetch(`${docs}/products/made-in-first-run`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ fields: { title: { stringValue: 'Made in the first run' } } }),
      });
    expect((await write({})).status).toBe(403);
    expect((await write({ authorization: 'Bearer owner' })).status).toBe(200);

    first.child.kill('SIGINT');
    expect(await exited(first.child)).toBe(0);
    for (const name of startPortVariables) expect(await isPortFree(Number(env[name])), `${name} released`).toBe(true);

    const restartEnv = await freeStartPorts();
    const second = runStart(restartEnv, dataDir);
    await waitFor(
      () => second.output().includes('Press Ctrl-C'),
      90_000,
      () => `second npm start failed:\n${second.output()}`,
    );
    expect(second.output()).not.toMatch(/Seeded \d+ catalog documents/);
    expect(await readFile(keyFile, 'utf8')).toBe(firstKey);
    const restartDocs = `http://127.0.0.1:${restartEnv.FIRESTORE_PORT}/v1/projects/demo-digital-store/databases/(default)/documents`;
    const kept = (await (await fetch(`${restartDocs}/products/made-in-first-run`)).json()) as {
      fields?: { title?: { stringValue?: string } };
    };
    expect(kept.fields?.title?.stringValue).toBe('Made in the first run');
    const seededProduct = await fetch(`${restartDocs}/products/demo-excel-mastery`);
    expect(seededProduct.status).toBe(200);
    await expectCoversServed(restartEnv, 'start on another IMAGES_PORT');
    second.child.kill('SIGINT');
    expect(await exited(second.child)).toBe(0);
  }, 240_000);

  // A newcomer's path: `npm run reset`, then `npm start`, then the same data on another image port.
  // Every cover the storefront shows is the URL stored in Firestore, so it must reach the image host
  // of the running cloud, whatever port the reset or an earlier start used.
  it('serves the seeded covers after npm run reset and after a change of IMAGES_PORT', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'store-covers-'));
    dirs.push(dataDir);
    const reset = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts', '--reset-only'], {
      cwd: root,
      env: { ...process.env, LOCAL_DATA_DIR: dataDir },
    });
    expect(await exited(reset)).toBe(0);

    // The other round, a start on another IMAGES_PORT over data an earlier start seeded, is the
    // restart in the test above.
    const round = 'first start after the reset';
    const env = await freeStartPorts();
    const run = runStart(env, dataDir);
    try {
      await waitFor(
        () => run.output().includes('Press Ctrl-C'),
        90_000,
        () => `${round}: npm start did not come up:\n${run.output()}`,
      );
      await expectCoversServed(env, round);
    } finally {
      run.child.kill('SIGINT');
      expect(await exited(run.child)).toBe(0);
    }
  }, 240_000);

  it('npm run reset puts the demo seed back into a data folder', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'store-reset-'));
    dirs.push(dataDir);
    await writeFile(join(dataDir, 'firestore.json'), '{"not": "the seed"');
    const child = spawn(process.execPath, ['--import', 'tsx', 'local/start.ts', '--reset-only'], {
      cwd: root,
      env: { ...process.env, LOCAL_DATA_DIR: dataDir },
    });
    expect(await exited(child)).toBe(0);
    const saved = await readFile(join(dataDir, 'firestore.json'), 'utf8');
    for (const product of seedProducts) expect(saved).toContain(product.title);
  }, 60_000);
});
