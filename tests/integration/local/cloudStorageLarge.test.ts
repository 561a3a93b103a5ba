// A 500 MB file uploaded through a signed resumable URL and downloaded through a signed read URL, with
// the Cloud Storage stand-in in its own process so its memory can be watched: it streams to and from
// disk, so its resident memory grows by less than 64 MB. The bytes are made as they are sent and
// hashed as they arrive; no side ever holds the file.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newServiceAccountKey } from '../../../local/storage/serviceAccount';
import { parseServerConfig } from '../../../server/config';
import { createFileStorage, type FileStorage } from '../../../server/files/storage';
import { call, downloadHash, patternSha256, patternStream, putStream } from '../../support/storageClient';

const cloud = inject('cloud');
const root = resolve(import.meta.dirname, '../../..');
const size = 500 * 1000 * 1000;
const bucket = 'large-test-bucket';
const store = new URL(cloud.apiEnv.PUBLIC_STORE_URL ?? '').origin;

/** Kilobytes from /proc/<pid>/status: VmRSS now, VmHWM the peak so far. */
async function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
}

describe('a 500 MB file through the stand-in', () => {
  let dir: string;
  let child: ChildProcess;
  let files: FileStorage;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-large-'));
    const keyFile = join(dir, 'key.json');
    await writeFile(keyFile, JSON.stringify(newServiceAccountKey(cloud.projectId)));
    child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(root, 'tests/support/storageChild.ts'), join(dir, 'data'), bucket, keyFile],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const port = await new Promise<number>((resolvePort, reject) => {
      const timer = setTimeout(() => reject(new Error(`stand-in did not start: ${errors}`)), 30_000);
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const ready = /READY (\d+)/.exec(out);
        if (ready) {
          clearTimeout(timer);
          resolvePort(Number(ready[1]));
        }
      });
    });
    files = createFileStorage(
      parseServerConfig({
        ...cloud.apiEnv,
        STORAGE_API_ENDPOINT: `http://127.0.0.1:${port}`,
        STORAGE_KEY_FILE: keyFile,
        STORAGE_BUCKET: bucket,
      }),
    );
  }, 60_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('streams it both ways with the stand-in growing by less than 64 MB', async () => {
    const pid = child.pid ?? 0;
    // Warm up the code paths (signature check, session, read) before the baseline.
    const warm = await files.uploadUrl('warm', 'up', { contentType: 'application/zip', size: 10, origin: store });
    const warmSession = await call(warm.url, { method: 'POST', headers: warm.headers });
    await call(String(warmSession.headers.location), {
      method: 'PUT',
      headers: { 'content-range': 'bytes 0-9/10' },
      body: Buffer.alloc(10),
    });
    await call((await files.downloadUrl(warm.storagePath, 'w.zip', 10)).url);
    const baseline = await memoryKb(pid, 'VmRSS');

    const signed = await files.uploadUrl('large', 'file', { contentType: 'application/zip', size, origin: store });
    const started = await call(signed.url, { method: 'POST', headers: signed.headers });
    expect(started.status).toBe(201);
    const uploaded = await putStream(
      String(started.headers.location),
      { 'content-range': `bytes 0-${size - 1}/${size}`, 'content-length': String(size) },
      patternStream(size),
    );
    expect(uploaded.status, uploaded.body.toString()).toBe(200);
    expect(uploaded.headers['x-goog-stored-content-length']).toBe(String(size));

    const link = await files.downloadUrl(signed.storagePath, 'large.zip', size);
    const downloaded = await downloadHash(link.url);
    expect(downloaded.status).toBe(200);
    expect(downloaded.size).toBe(size);
    expect(downloaded.sha256).toBe(await patternSha256(size));

    const peak = await memoryKb(pid, 'VmHWM');
    const growthMb = (peak - baseline) / 1024;
    // About 40 MB on this machine: freed network buffers not yet collected, not the file.
    expect(growthMb, `grew ${growthMb.toFixed(1)} MB`).toBeLessThan(64);
  }, 600_000);
});
