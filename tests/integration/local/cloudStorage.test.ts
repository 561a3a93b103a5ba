// The Cloud Storage stand-in (local/storage/) and the API's bucket (server/files/storage.ts) together:
// URLs signed by the real @google-cloud/storage with the local cloud's key, checked by the stand-in as
// Google checks them; the browser's side of a resumable upload, cut off and resumed; signed reads with
// Range and the file's name; the library's own calls (save, read, list, copy, delete).
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newServiceAccountKey, publicKeyOf } from '../../../local/storage/serviceAccount';
import { startStorageHost, type StorageHost } from '../../../local/storage/storageHost';
import { parseServerConfig } from '../../../server/config';
import { createFileStorage, type FileStorage } from '../../../server/files/storage';
import { call, patternBytes, sha256 } from '../../support/storageClient';

const cloud = inject('cloud');
const store = new URL(cloud.apiEnv.PUBLIC_STORE_URL ?? '').origin;
const files: FileStorage = createFileStorage(parseServerConfig(cloud.apiEnv));
const quantum = 256 * 1024;

/** Opens a resumable session the way the seller's browser does; returns the session URI. */
async function startUpload(productId: string, fileId: string, bytes: number, contentType = 'application/pdf') {
  const signed = await files.uploadUrl(productId, fileId, { contentType, size: bytes, origin: store });
  const started = await call(signed.url, { method: 'POST', headers: { ...signed.headers, origin: store } });
  expect(started.status, started.body.toString()).toBe(201);
  expect(started.headers['access-control-allow-origin']).toBe(store);
  expect(String(started.headers['access-control-expose-headers'])).toMatch(/location/i);
  return { session: String(started.headers.location), storagePath: signed.storagePath, signed };
}

function xmlCode(body: Buffer): string {
  return /<Code>([^<]+)<\/Code>/.exec(body.toString())?.[1] ?? '';
}

describe('signed upload and download through the stand-in', () => {
  it('uploads with the signed resumable URL and reads the file back with the signed download URL', async () => {
    const bytes = patternBytes(0, 700_000);
    const { session, storagePath, signed } = await startUpload('prod1', 'file1', bytes.length);
    expect(storagePath).toBe('deliverables/prod1/file1');
    expect(signed.url).toContain('X-Goog-Algorithm=GOOG4-RSA-SHA256');
    expect(signed.url).toContain(
      'X-Goog-SignedHeaders=content-type%3Bhost%3Bx-goog-content-length-range%3Bx-goog-resumable',
    );

    const done = await call(session, {
      method: 'PUT',
      headers: { 'content-range': `bytes 0-${bytes.length - 1}/${bytes.length}`, origin: store },
      body: bytes,
    });
    expect(done.status).toBe(200);
    expect(done.headers['x-goog-stored-content-length']).toBe('700000');
    expect(done.headers['x-goog-hash']).toContain(`md5=${createHash('md5').update(bytes).digest('base64')}`);

    expect(await files.objectMetadata(storagePath)).toMatchObject({
      storagePath,
      size: 700_000,
      contentType: 'application/pdf',
      md5Hash: createHash('md5').update(bytes).digest('base64'),
    });

    const link = await files.downloadUrl(storagePath, 'Ọ̀rọ̀ "Guide".pdf', bytes.length);
    const got = await call(link.url);
    expect(got.status).toBe(200);
    expect(sha256(got.body)).toBe(sha256(bytes));
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Oro \\"Guide\\".pdf"; filename*=UTF-8''%E1%BB%8C%CC%80r%E1%BB%8D%CC%80%20%22Guide%22.pdf`,
    );
    expect(got.headers['accept-ranges']).toBe('bytes');
    // 700 kB: the short validity.
    expect(new URL(link.url).searchParams.get('X-Goog-Expires')).toBe('600');

    await files.deleteObject(storagePath);
    expect(await files.objectMetadata(storagePath)).toBeNull();
    expect((await call(link.url)).status).toBe(404);
    // Deleting what is gone is no error.
    await files.deleteObject(storagePath);
  });

  it('serves a Range of the file (206), a suffix, and refuses one past the end (416)', async () => {
    const bytes = patternBytes(0, 1000);
    const { session, storagePath } = await startUpload('prod1', 'ranged', bytes.length);
    await call(session, { method: 'PUT', headers: { 'content-range': 'bytes 0-999/1000' }, body: bytes });
    const { url } = await files.downloadUrl(storagePath, 'r.pdf', 1000);

    const middle = await call(url, { headers: { range: 'bytes=100-199' } });
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 100-199/1000');
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.body.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await call(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(bytes.subarray(990))).toBe(true);

    const open = await call(url, { headers: { range: 'bytes=995-' } });
    expect(open.headers['content-range']).toBe('bytes 995-999/1000');

    const past = await call(url, { headers: { range: 'bytes=1000-1010' } });
    expect(past.status).toBe(416);
    expect(xmlCode(past.body)).toBe('InvalidRange');
  });

  it('resumes an upload cut off half-way from the last byte the stand-in confirmed', async () => {
    const total = 3 * 1024 * 1024 + 12_345;
    const bytes = patternBytes(0, total, 3);
    const { session } = await startUpload('prod2', 'big', total, 'application/zip');
    const uploadId = new URL(session).searchParams.get('upload_id') ?? '';
    const part = join(cloud.storageDir, 'uploads', `${uploadId}.part`);

    // Send the whole file as one request, but cut the connection once 1 MiB has reached the disk.
    await new Promise<void>((resolve) => {
      const req = request(session, {
        method: 'PUT',
        headers: { 'content-range': `bytes 0-${total - 1}/${total}`, 'content-length': String(total) },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, 1_500_000));
      const watch = setInterval(() => {
        void stat(part).then(({ size }) => {
          if (size >= 1024 * 1024) {
            clearInterval(watch);
            req.destroy();
            resolve();
          }
        });
      }, 20);
    });

    // The status query answers what was persisted: whole 256 KiB blocks, never the cut-off tail.
    const status = await call(session, { method: 'PUT', headers: { 'content-range': `bytes */${total}` } });
    expect(status.status).toBe(308);
    const confirmedEnd = Number(/^bytes=0-(\d+)$/.exec(String(status.headers.range))?.[1]);
    const confirmed = confirmedEnd + 1;
    expect(confirmed % quantum).toBe(0);
    expect(confirmed).toBeGreaterThanOrEqual(1024 * 1024);
    expect(confirmed).toBeLessThanOrEqual(1_500_000);
    expect((await stat(part)).size).toBe(confirmed);

    // A non-final chunk that is not whole blocks: only its whole blocks count.
    const oddEnd = confirmed + quantum + 1000;
    const odd = await call(session, {
      method: 'PUT',
      headers: { 'content-range': `bytes ${confirmed}-${oddEnd - 1}/*` },
      body: bytes.subarray(confirmed, oddEnd),
    });
    expect(odd.status).toBe(308);
    expect(odd.headers.range).toBe(`bytes=0-${confirmed + quantum - 1}`);

    // A chunk that starts past what was persisted is refused.
    const gap = await call(session, {
      method: 'PUT',
      headers: { 'content-range': `bytes ${total - 10}-${total - 1}/${total}` },
      body: bytes.subarray(total - 10),
    });
    expect(gap.status).toBe(400);

    // Resume from the confirmed byte; bytes sent again before it are skipped, not doubled.
    const from = confirmed + quantum - 5000;
    const rest = await call(session, {
      method: 'PUT',
      headers: { 'content-range': `bytes ${from}-${total - 1}/${total}` },
      body: bytes.subarray(from),
    });
    expect(rest.status).toBe(200);
    expect(rest.headers['x-goog-stored-content-length']).toBe(String(total));

    const link = await files.downloadUrl('deliverables/prod2/big', 'big.zip', total);
    const got = await call(link.url);
    expect(got.body.length).toBe(total);
    expect(sha256(got.body)).toBe(sha256(bytes));

    // The finished session answers 200 again, as Google's does.
    const again = await call(session, { method: 'PUT', headers: { 'content-range': `bytes */${total}` } });
    expect(again.status).toBe(200);
  });

  it('refuses a file larger than the size the upload URL was signed for', async () => {
    const { session } = await startUpload('prod3', 'small', 1000);
    const tooBig = patternBytes(0, 2000);
    const answer = await call(session, {
      method: 'PUT',
      headers: { 'content-range': 'bytes 0-1999/2000' },
      body: tooBig,
    });
    expect(answer.status).toBe(400);
    expect(xmlCode(answer.body)).toBe('EntityTooLarge');
    expect(await files.objectMetadata('deliverables/prod3/small')).toBeNull();
  });

  it('refuses upload URLs for a file over the size limit, of no content type, or from another origin', async () => {
    await expect(
      files.uploadUrl('p', 'f', { contentType: 'application/pdf', size: 2 * 1024 ** 3 + 1, origin: store }),
    ).rejects.toThrow(/larger than/);
    await expect(files.uploadUrl('p', 'f', { contentType: 'pdf', size: 10, origin: store })).rejects.toThrow(
      /content type/,
    );
    await expect(
      files.uploadUrl('p', 'f', { contentType: 'application/pdf', size: 10, origin: 'http://127.0.0.1:1' }),
    ).rejects.toThrow(/store's page/);
    await expect(
      files.uploadUrl('../x', 'f', { contentType: 'application/pdf', size: 10, origin: store }),
    ).rejects.toThrow(/letters, digits/);
    await expect(files.downloadUrl('products/secret', 'x', 10)).rejects.toThrow(/Not a deliverable/);
  });
});

describe('signatures the stand-in refuses', () => {
  let link: string;

  beforeAll(async () => {
    const bytes = patternBytes(0, 100);
    const { session, storagePath } = await startUpload('prod4', 'sig', 100);
    await call(session, { method: 'PUT', headers: { 'content-range': 'bytes 0-99/100' }, body: bytes });
    link = (await files.downloadUrl(storagePath, 'sig.pdf', 100)).url;
    expect((await call(link)).status).toBe(200);
  });

  it('refuses a tampered URL: another object, another file name, another method', async () => {
    const otherObject = link.replace('/deliverables/prod4/sig?', '/deliverables/prod4/other?');
    const answer = await call(otherObject);
    expect(answer.status).toBe(403);
    expect(answer.headers['content-type']).toBe('application/xml; charset=UTF-8');
    expect(xmlCode(answer.body)).toBe('SignatureDoesNotMatch');
    expect(answer.body.toString()).toContain('<StringToSign>GOOG4-RSA-SHA256');

    const renamed = new URL(link);
    renamed.searchParams.set('response-content-disposition', 'attachment; filename="evil.exe"');
    expect(xmlCode((await call(renamed.href)).body)).toBe('SignatureDoesNotMatch');

    const longer = new URL(link);
    longer.searchParams.set('X-Goog-Expires', '3600');
    expect(xmlCode((await call(longer.href)).body)).toBe('SignatureDoesNotMatch');

    const flipped = new URL(link);
    const signature = flipped.searchParams.get('X-Goog-Signature') ?? '';
    flipped.searchParams.set('X-Goog-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
    expect((await call(flipped.href)).status).toBe(403);

    expect(xmlCode((await call(link, { method: 'DELETE' })).body)).toBe('SignatureDoesNotMatch');
  });

  it('refuses a URL with no signature as an anonymous caller, and a validity over 7 days', async () => {
    const bare = link.split('?')[0] ?? '';
    const anonymous = await call(bare);
    expect(anonymous.status).toBe(403);
    expect(xmlCode(anonymous.body)).toBe('AccessDenied');

    const week = new URL(link);
    week.searchParams.set('X-Goog-Expires', String(7 * 24 * 3600 + 1));
    const tooLong = await call(week.href);
    expect(tooLong.status).toBe(400);
    expect(xmlCode(tooLong.body)).toBe('AuthorizationQueryParametersError');
  });

  it('refuses a URL signed with another key, for the same account or another', async () => {
    const key = JSON.parse(await readFile(cloud.storageKeyFile, 'utf8')) as { client_email: string };
    const impostor = newServiceAccountKey(cloud.projectId);
    const dir = await mkdtemp(join(tmpdir(), 'other-key-'));
    try {
      for (const email of [key.client_email, impostor.client_email]) {
        const file = join(dir, `${email}.json`);
        await writeFile(file, JSON.stringify({ ...impostor, client_email: email }));
        const other = createFileStorage(parseServerConfig({ ...cloud.apiEnv, STORAGE_KEY_FILE: file }));
        const forged = await other.downloadUrl('deliverables/prod4/sig', 'sig.pdf', 100);
        const answer = await call(forged.url);
        expect(answer.status, email).toBe(403);
        expect(xmlCode(answer.body), email).toBe('SignatureDoesNotMatch');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an upload whose signed headers were changed (another type, no size limit)', async () => {
    const signed = await files.uploadUrl('prod4', 'typed', { contentType: 'application/pdf', size: 10, origin: store });
    const otherType = await call(signed.url, {
      method: 'POST',
      headers: { ...signed.headers, 'content-type': 'text/html' },
    });
    expect(otherType.status).toBe(403);
    expect(xmlCode(otherType.body)).toBe('SignatureDoesNotMatch');
    const { 'x-goog-content-length-range': _dropped, ...withoutLimit } = signed.headers;
    expect(_dropped).toBe('0,10');
    expect((await call(signed.url, { method: 'POST', headers: withoutLimit })).status).toBe(403);
  });
});

describe('the stand-in on its own clock', () => {
  let dir: string;
  let later: StorageHost;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storage-clock-'));
    const key = JSON.parse(await readFile(cloud.storageKeyFile, 'utf8')) as Parameters<typeof publicKeyOf>[0];
    // Four hours from now: every URL the API mints has expired (3 hours at most).
    later = await startStorageHost({
      dir,
      buckets: [cloud.storageBucket],
      keys: [{ clientEmail: key.client_email, publicKey: publicKeyOf(key) }],
      now: () => new Date(Date.now() + 4 * 3600 * 1000),
    });
  });
  afterAll(async () => {
    await later.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses an expired URL with ExpiredToken, as Google does', async () => {
    const there = createFileStorage(parseServerConfig({ ...cloud.apiEnv, STORAGE_API_ENDPOINT: later.url }));
    await there.bucket.file('deliverables/p/old').save('old bytes', { resumable: false });
    const { url } = await there.downloadUrl('deliverables/p/old', 'old.txt', 2 * 1024 ** 3);
    expect(new URL(url).searchParams.get('X-Goog-Expires')).toBe('10800');
    const answer = await call(url);
    expect(answer.status).toBe(400);
    expect(xmlCode(answer.body)).toBe('ExpiredToken');
    expect(answer.body.toString()).toContain('The provided token has expired.');
  });

  it('forgets every object on reset (DELETE /emulator/v1/storage), but not for a browser', async () => {
    const there = createFileStorage(parseServerConfig({ ...cloud.apiEnv, STORAGE_API_ENDPOINT: later.url }));
    await there.bucket.file('deliverables/p/kept').save('bytes', { resumable: false });
    const fromPage = await call(`${later.url}/emulator/v1/storage`, {
      method: 'DELETE',
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(fromPage.status).toBe(403);
    expect(await there.objectMetadata('deliverables/p/kept')).not.toBeNull();
    expect((await call(`${later.url}/emulator/v1/storage`, { method: 'DELETE' })).status).toBe(200);
    expect(await there.objectMetadata('deliverables/p/kept')).toBeNull();
  });
});

describe('the JSON API for the API (@google-cloud/storage)', () => {
  it('saves (single request and resumable), reads with hashes checked, lists, copies and deletes', async () => {
    const bucket = files.bucket;
    const small = bucket.file('stamped/paystack_ref.1/f1.pdf');
    await small.save(Buffer.from('stamped copy'), { contentType: 'application/pdf', resumable: false });
    const large = bucket.file('stamped/paystack_ref.1/f2.pdf');
    const largeBytes = patternBytes(0, 1_100_000, 9);
    await large.save(largeBytes, { contentType: 'application/pdf', resumable: true });

    const [metadata] = await large.getMetadata();
    // The JSON API writes sizes as strings.
    expect(metadata.size).toBe('1100000');
    expect(metadata.md5Hash).toBe(createHash('md5').update(largeBytes).digest('base64'));
    expect((await small.exists())[0]).toBe(true);
    expect((await bucket.file('stamped/none.pdf').exists())[0]).toBe(false);

    // The library checks the crc32c and md5 the stand-in reports against what it received.
    const [contents] = await large.download();
    expect(sha256(contents)).toBe(sha256(largeBytes));
    const [part] = await large.download({ start: 10, end: 19 });
    expect(part.equals(largeBytes.subarray(10, 20))).toBe(true);

    const [listed] = await bucket.getFiles({ prefix: 'stamped/paystack_ref.1/' });
    expect(listed.map((file) => file.name)).toEqual(['stamped/paystack_ref.1/f1.pdf', 'stamped/paystack_ref.1/f2.pdf']);
    const [firstPage, next] = await bucket.getFiles({
      prefix: 'stamped/paystack_ref.1/',
      maxResults: 1,
      autoPaginate: false,
    });
    expect(firstPage.map((file) => file.name)).toEqual(['stamped/paystack_ref.1/f1.pdf']);
    expect(next).toMatchObject({ pageToken: expect.any(String) });

    await small.copy(bucket.file('stamped/paystack_ref.1/f3.pdf'));
    const [copied] = await bucket.file('stamped/paystack_ref.1/f3.pdf').download();
    expect(copied.toString()).toBe('stamped copy');

    await small.delete();
    expect((await small.exists())[0]).toBe(false);
    await expect(small.delete()).rejects.toMatchObject({ code: 404 });
  });

  it('refuses browsers on the JSON API, whatever their origin', async () => {
    const answer = await call(`${cloud.storageUrl}/storage/v1/b/${cloud.storageBucket}/o`, {
      headers: { origin: store },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const node = await call(`${cloud.storageUrl}/storage/v1/b/${cloud.storageBucket}/o`);
    expect(node.status).toBe(200);
  });

  it('answers CORS preflights with the bucket CORS file for the store only', async () => {
    const { url } = await files.uploadUrl('prod5', 'cors', { contentType: 'application/pdf', size: 10, origin: store });
    const preflight = (method: string, headers: string, origin = store) =>
      call(url, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
      });
    const ok = await preflight('POST', 'content-type,x-goog-resumable,x-goog-content-length-range');
    expect(ok.status).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(store);
    expect(String(ok.headers['access-control-allow-methods']).split(',')).toEqual(
      expect.arrayContaining(['PUT', 'POST']),
    );
    expect((await preflight('PUT', 'content-range')).status).toBe(200);
    const deleting = await preflight('DELETE', '');
    expect(deleting.headers['access-control-allow-origin']).toBeUndefined();
    const oddHeader = await preflight('PUT', 'x-evil');
    expect(oddHeader.headers['access-control-allow-origin']).toBeUndefined();
    const foreign = await preflight('PUT', 'content-range', 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
