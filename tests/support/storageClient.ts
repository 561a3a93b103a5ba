// What a browser does with the signed URLs the API mints, done over node:http so a test can stream
// large bodies, cut a connection half-way and read every header (fetch hides some of that).
import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export function call(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The bytes of a deterministic pseudo-random file: byte i of the file depends only on i and the seed. */
export function patternBytes(start: number, length: number, seed = 7): Buffer {
  const out = Buffer.allocUnsafe(length);
  for (let i = 0; i < length; i++) {
    const n = start + i;
    out[i] = (Math.imul(n ^ (n >>> 11), 2654435761) + seed * 131 + (n >>> 20)) & 0xff;
  }
  return out;
}

/** A stream of `size` pattern bytes from `start`, made as it is read: never the whole file in memory. */
export function patternStream(size: number, start = 0, chunk = 1024 * 1024): Readable {
  let offset = start;
  const end = start + size;
  return new Readable({
    read() {
      if (offset >= end) {
        this.push(null);
        return;
      }
      const length = Math.min(chunk, end - offset);
      this.push(patternBytes(offset, length));
      offset += length;
    },
  });
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Streams `body` with PUT and resolves with the answer. */
export function putStream(url: string, headers: Record<string, string>, body: Readable): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    body.on('error', reject);
    body.pipe(req);
  });
}

/** Downloads `url`, hashing the body as it arrives; resolves with the answer's head, size and SHA-256. */
export function downloadHash(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; size: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const hash = createHash('sha256');
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, size, sha256: hash.digest('hex') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** SHA-256 of `size` pattern bytes, computed as a stream. */
export async function patternSha256(size: number): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of patternStream(size)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
