// Fault test (docs/security.md): the Firestore emulator killed with SIGKILL in the middle of a stream of
// batched writes, then started again on the same data file. Every write the emulator acknowledged
// must be there, and no batch may be half applied. Loopback only, bounded in rounds and time.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const script = resolve(root, 'tests/support/firestoreChild.ts');
const database = 'projects/demo-crash/databases/(default)';
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

async function startChild(dataFile: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${errors}`)), 20_000);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const ready = /READY (\d+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolvePort(Number(ready[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${errors}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolveExit();
    child.once('exit', () => resolveExit());
    child.kill('SIGKILL');
  });
}

const batchSize = 3;

/** One atomic commit of `batchSize` documents that belong together. */
function commitBatch(url: string, round: number, batch: number): Promise<Response> {
  const writes = Array.from({ length: batchSize }, (_, part) => ({
    update: {
      name: `${database}/documents/crash${round}/b${batch}-${part}`,
      fields: { batch: { integerValue: String(batch) }, part: { integerValue: String(part) } },
    },
  }));
  return fetch(`${url}/v1/${database}/documents:commit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ writes }),
  });
}

async function storedParts(url: string, round: number): Promise<Map<number, number>> {
  const response = await fetch(`${url}/v1/${database}/documents:runQuery`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ collectionId: `crash${round}` }] } }),
  });
  expect(response.status).toBe(200);
  const items = (await response.json()) as Array<{ document?: { fields: { batch: { integerValue: string } } } }>;
  const parts = new Map<number, number>();
  for (const item of items) {
    if (!item.document) continue;
    const batch = Number(item.document.fields.batch.integerValue);
    parts.set(batch, (parts.get(batch) ?? 0) + 1);
  }
  return parts;
}

describe('Firestore emulator killed mid-stream', () => {
  it('keeps every acknowledged batch, whole, and no half batch, over 3 kills', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'store-crash-'));
    const dataFile = join(dir, 'firestore.json');
    const figures: string[] = [];
    try {
      for (let round = 0; round < 3; round += 1) {
        const { child, url } = await startChild(dataFile);
        const acknowledged = new Set<number>();
        let sent = 0;
        let stop = false;
        // Four writers keep commits in flight; the kill lands after 30 + 15 x round acknowledgements.
        const killAt = 30 + 15 * round;
        const writer = async () => {
          while (!stop && sent < 400) {
            const batch = sent++;
            try {
              const response = await commitBatch(url, round, batch);
              if (response.status === 200) {
                await response.arrayBuffer();
                acknowledged.add(batch);
                if (acknowledged.size === killAt) {
                  stop = true;
                  await killed(child);
                }
              }
            } catch {
              // The connection died with the process: this batch was not acknowledged.
            }
          }
        };
        await Promise.all([writer(), writer(), writer(), writer()]);
        await killed(child);

        const restarted = await startChild(dataFile);
        const parts = await storedParts(restarted.url, round);
        const missing = [...acknowledged].filter((batch) => parts.get(batch) !== batchSize);
        const half = [...parts].filter(([, count]) => count !== batchSize).map(([batch]) => batch);
        figures.push(`round ${round}: ${sent} sent, ${acknowledged.size} acknowledged, ${parts.size} stored`);
        expect(missing, `acknowledged but lost (${figures.join('; ')})`).toEqual([]);
        expect(half, 'half-applied batches').toEqual([]);
        expect(acknowledged.size).toBeGreaterThanOrEqual(killAt);
        await killed(restarted.child);
        if (process.env.CRASH_FIGURES) process.stdout.write(`${figures.at(-1)}\n`);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
