// A local stand-in for Cloud Storage (docs/local-cloud.md, 'The Cloud Storage stand-in'): the part of
// the two HTTP APIs the store uses.
//
// XML API, for browsers, through V4 signed URLs only (every object is private):
//   POST   /{bucket}/{object}?X-Goog-...   x-goog-resumable: start  -> 201, Location: session URI
//   PUT    /{bucket}/{object}?upload_id=   Content-Range: bytes a-b/total | bytes */total
//                                          -> 308 (Range: bytes=0-N) until complete, then 200
//   DELETE /{bucket}/{object}?upload_id=   cancels the session (499)
//   GET    /{bucket}/{object}?X-Goog-...   the bytes; Range, response-content-disposition/-type
//   PUT, DELETE, HEAD with a URL signed for them
// JSON API, for the API (@google-cloud/storage with apiEndpoint): uploads (media, multipart,
// resumable), object metadata, alt=media reads with Range, list with prefix/delimiter/pages, delete,
// rewrite (copy). Like the Firestore emulator it takes no OAuth token from Node clients on this
// machine, and it refuses every browser (a request with an Origin), as the bucket's rules refuse
// every client.
//
// Signatures are checked as Google checks them (signatureV4.ts). @google-cloud/storage signs the host
// name without a port (Google's has none), so the stand-in drops its own port from Host before
// comparing, as a default port is dropped.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { closeServer, listen, readBody } from '../http';
import { MultipartRelatedMedia } from './multipart';
import {
  BlockSink,
  createObjectStore,
  isValidBucketName,
  isValidObjectName,
  ObjectHashes,
  uploadQuantum,
  type ObjectFields,
  type ObjectStore,
  type StoredObject,
} from './objectStore';
import { isSignedQuery, parseQuery, verifySignedRequest, type StorageError } from './signatureV4';

/** One entry of a bucket's CORS configuration, in the form `gcloud storage buckets update --cors-file` takes. */
export interface CorsRule {
  origin?: string[];
  method?: string[];
  responseHeader?: string[];
  maxAgeSeconds?: number;
}

/** The bucket CORS file that deploys (docs/deploy.md). */
export const projectCorsFile = resolve(import.meta.dirname, '../../storage.cors.json');

export function readCorsFile(file = projectCorsFile): CorsRule[] {
  return JSON.parse(readFileSync(file, 'utf8')) as CorsRule[];
}

export interface StorageHostOptions {
  /** Objects live under this folder (the local cloud's data directory). */
  dir: string;
  /** The buckets that exist. */
  buckets: readonly string[];
  /** Service accounts whose signatures are accepted: e-mail and public key (PEM). */
  keys: ReadonlyArray<{ clientEmail: string; publicKey: string }>;
  port?: number;
  host?: string;
  /**
   * Browser origins that may call it (the store's); undefined = any loopback origin. The deployed
   * bucket names the store's public origin in storage.cors.json; locally these take its place.
   */
  allowedOrigins?: readonly string[];
  /** The methods, headers and max age of the bucket's CORS; default the project's storage.cors.json. */
  cors?: readonly CorsRule[];
  /** The clock signed URLs are checked against. */
  now?: () => Date;
}

export interface StorageHost {
  url: string;
  port: number;
  /** Where its objects and unfinished uploads are kept. */
  dir: string;
  /** Removes every object and upload session (the tests' reset; also DELETE /emulator/v1/storage). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

interface Session {
  id: string;
  bucket: string;
  name: string;
  api: 'xml' | 'json';
  fields: ObjectFields;
  /** The Origin of the request that started it: later requests must come from the same one. */
  origin: string | undefined;
  partPath: string;
  confirmed: number;
  hashes: ObjectHashes;
  /** From x-goog-content-length-range on the request that started it. */
  lengthRange: { min: number; max: number } | null;
  expiresAt: number;
  done: StoredObject | null;
  lock: Promise<void>;
}

/** Sessions last a week, as Cloud Storage's do. */
const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sendXmlError(res: ServerResponse, error: StorageError): void {
  const parts = [
    `<Code>${xmlEscape(error.code)}</Code>`,
    `<Message>${xmlEscape(error.message)}</Message>`,
    error.details ? `<Details>${xmlEscape(error.details)}</Details>` : '',
    error.stringToSign !== undefined ? `<StringToSign>${xmlEscape(error.stringToSign)}</StringToSign>` : '',
    error.canonicalRequest !== undefined
      ? `<CanonicalRequest>${xmlEscape(error.canonicalRequest)}</CanonicalRequest>`
      : '',
  ];
  const body = `<?xml version='1.0' encoding='UTF-8'?><Error>${parts.join('')}</Error>`;
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(error.status, {
    'content-type': 'application/xml; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function sendJsonError(res: ServerResponse, status: number, message: string, reason: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ error: { code: status, message, errors: [{ message, domain: 'global', reason }] } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** `bytes a-b/total`, `bytes a-*\/total`, `bytes *\/total`, with '*' for an unknown total. */
export type ContentRange =
  { kind: 'query'; total: number | null } | { kind: 'data'; start: number; end: number | null; total: number | null };

export function parseContentRange(header: string | undefined): ContentRange | null {
  if (header === undefined) return { kind: 'data', start: 0, end: null, total: null };
  const query = /^bytes \*\/(\d+|\*)$/.exec(header.trim());
  if (query) return { kind: 'query', total: query[1] === '*' ? null : Number(query[1]) };
  const data = /^bytes (\d+)-(\d+|\*)\/(\d+|\*)$/.exec(header.trim());
  if (!data) return null;
  const start = Number(data[1]);
  const end = data[2] === '*' ? null : Number(data[2]);
  const total = data[3] === '*' ? null : Number(data[3]);
  if (end !== null && end < start) return null;
  if (total !== null && end !== null && end >= total) return null;
  return { kind: 'data', start, end, total };
}

/** The first range of a Range header against an object's size; 'unsatisfiable', or null for the whole. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)(?:,.*)?$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (start >= size) return 'unsatisfiable';
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return end < start ? null : { start, end };
}

class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Drops the first `skip` bytes (already confirmed by an earlier request), refuses more than `length`
 * bytes when a length was declared, and more than `max` bytes for the whole object.
 */
class ChunkLimit extends Transform {
  received = 0;
  constructor(
    private skip: number,
    private readonly length: number | null,
    private readonly startOffset: number,
    private readonly max: number,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.length !== null && this.received > this.length) {
      callback(new UploadRefused(400, 'InvalidArgument', 'The request carried more bytes than its Content-Range.'));
      return;
    }
    if (this.startOffset + this.received > this.max) {
      callback(new UploadRefused(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.'));
      return;
    }
    let data = chunk;
    if (this.skip > 0) {
      const dropped = Math.min(this.skip, data.length);
      this.skip -= dropped;
      data = data.subarray(dropped);
    }
    if (data.length > 0) this.push(data);
    callback();
  }
}

function xmlObjectHeaders(object: StoredObject): Record<string, string> {
  return {
    etag: `"${object.etag}"`,
    'last-modified': new Date(object.updated).toUTCString(),
    'x-goog-generation': object.generation,
    'x-goog-metageneration': object.metageneration,
    'x-goog-hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
    'x-goog-stored-content-length': object.size,
    'x-goog-stored-content-encoding': 'identity',
    'x-goog-storage-class': object.storageClass,
  };
}

/** Parses x-goog-content-length-range: "min,max". */
function lengthRangeOf(value: string | string[] | undefined): { min: number; max: number } | null | 'invalid' {
  if (value === undefined) return null;
  const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(Array.isArray(value) ? value.join(',') : value);
  if (!match) return 'invalid';
  const min = Number(match[1]);
  const max = Number(match[2]);
  return min <= max ? { min, max } : 'invalid';
}

/** x-goog-hash: crc32c=...,md5=... as sent with the last chunk. */
function hashesClaimed(value: string | string[] | undefined): { crc32c?: string; md5?: string } {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const claimed: { crc32c?: string; md5?: string } = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const hash = part.slice(eq + 1).trim();
    if (key === 'crc32c') claimed.crc32c = hash;
    if (key === 'md5') claimed.md5 = hash;
  }
  return claimed;
}

export async function startStorageHost(options: StorageHostOptions): Promise<StorageHost> {
  const host = options.host ?? '127.0.0.1';
  const now = options.now ?? (() => new Date());
  const buckets = new Set(options.buckets);
  for (const bucket of buckets) if (!isValidBucketName(bucket)) throw new Error(`Invalid bucket name ${bucket}`);
  const keys = new Map<string, KeyObject>(
    options.keys.map(({ clientEmail, publicKey }) => [clientEmail, createPublicKey(publicKey)]),
  );
  const cors = options.cors ?? readCorsFile();
  const corsMethods = new Set(cors.flatMap((rule) => rule.method ?? []).map((m) => m.toUpperCase()));
  const corsHeaders = new Set(cors.flatMap((rule) => rule.responseHeader ?? []).map((h) => h.toLowerCase()));
  const corsMaxAge = Math.max(0, ...cors.map((rule) => rule.maxAgeSeconds ?? 0));
  // Objects beyond Cloud Storage's own 5 TiB limit are refused.
  const maxObjectBytes = 5 * 1024 ** 4;
  const store: ObjectStore = await createObjectStore(options.dir);
  const sessions = new Map<string, Session>();
  let baseUrl = '';
  let boundPort = 0;

  const objectPath = (bucket: string, name: string) =>
    `/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}`;

  function jsonResource(object: StoredObject): Record<string, unknown> {
    const encoded = encodeURIComponent(object.name);
    return {
      kind: 'storage#object',
      id: `${object.bucket}/${object.name}/${object.generation}`,
      selfLink: `${baseUrl}/storage/v1/b/${object.bucket}/o/${encoded}`,
      mediaLink: `${baseUrl}/download/storage/v1/b/${object.bucket}/o/${encoded}?generation=${object.generation}&alt=media`,
      ...object,
      timeStorageClassUpdated: object.timeCreated,
    };
  }

  function sendJson(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  /** Runs `work` after every earlier request of the session, so one request at a time touches its part. */
  async function withSession<T>(session: Session, work: () => Promise<T>): Promise<T> {
    const previous = session.lock;
    let release = () => {};
    session.lock = new Promise<void>((resolveLock) => (release = resolveLock));
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }

  async function newSession(
    bucket: string,
    name: string,
    api: Session['api'],
    fields: ObjectFields,
    origin: string | undefined,
    lengthRange: Session['lengthRange'],
  ): Promise<Session> {
    const part = await store.newPart();
    const session: Session = {
      id: part.id,
      bucket,
      name,
      api,
      fields,
      origin,
      partPath: part.path,
      confirmed: 0,
      hashes: new ObjectHashes(),
      lengthRange,
      expiresAt: Date.now() + sessionLifetimeMs,
      done: null,
      lock: Promise.resolve(),
    };
    sessions.set(session.id, session);
    return session;
  }

  function sessionUri(session: Session): string {
    return session.api === 'xml'
      ? `${baseUrl}${objectPath(session.bucket, session.name)}?upload_id=${session.id}`
      : `${baseUrl}/upload/storage/v1/b/${session.bucket}/o?uploadType=resumable&name=${encodeURIComponent(session.name)}&upload_id=${session.id}`;
  }

  function refuse(res: ServerResponse, api: Session['api'], status: number, code: string, message: string): void {
    if (api === 'xml') sendXmlError(res, { status, code, message });
    else sendJsonError(res, status, message, code);
  }

  async function finish(session: Session, claimed: { crc32c?: string; md5?: string }): Promise<StoredObject> {
    const size = session.confirmed;
    const range = session.lengthRange;
    if (range && (size < range.min || size > range.max)) {
      throw new UploadRefused(
        400,
        'EntityTooLarge',
        `The object's ${size} bytes are outside the range ${range.min}-${range.max} the upload allows.`,
      );
    }
    const hashes = session.hashes.digest();
    if ((claimed.crc32c && claimed.crc32c !== hashes.crc32c) || (claimed.md5 && claimed.md5 !== hashes.md5Hash)) {
      throw new UploadRefused(400, 'BadDigest', 'The uploaded data does not match the hash the client sent.');
    }
    const object = await store.commit(session.bucket, session.name, session.partPath, session.fields, hashes);
    session.done = object;
    return object;
  }

  function answerDone(res: ServerResponse, session: Session, object: StoredObject): void {
    if (session.api === 'json') {
      sendJson(res, 200, jsonResource(object));
      return;
    }
    res.writeHead(200, { ...xmlObjectHeaders(object), 'content-length': '0' });
    res.end();
  }

  function answerIncomplete(res: ServerResponse, session: Session): void {
    // A 308 without Location: browsers hand it to the page instead of following it.
    res.writeHead(308, {
      ...(session.confirmed > 0 ? { range: `bytes=0-${session.confirmed - 1}` } : {}),
      'content-length': '0',
    });
    res.end();
  }

  function cancel(session: Session): void {
    sessions.delete(session.id);
    void store.discardPart(session.partPath);
  }

  /** A PUT to a session URI: a chunk, or a status query. */
  async function sessionPut(req: IncomingMessage, res: ServerResponse, session: Session): Promise<void> {
    const range = parseContentRange(req.headers['content-range']);
    if (!range) {
      refuse(res, session.api, 400, 'InvalidArgument', `Invalid Content-Range: ${req.headers['content-range']}`);
      return;
    }
    await withSession(session, async () => {
      if (session.done) {
        req.resume();
        answerDone(res, session, session.done);
        return;
      }
      if (!sessions.has(session.id)) {
        req.resume();
        refuse(res, session.api, 404, 'NoSuchUpload', 'The upload session was cancelled.');
        return;
      }
      const max = Math.min(session.lengthRange?.max ?? maxObjectBytes, maxObjectBytes);
      if (range.kind === 'query') {
        await readBody(req, 0).catch(() => {});
        if (range.total !== null && range.total === session.confirmed) {
          answerDone(res, session, await finish(session, {}));
        } else answerIncomplete(res, session);
        return;
      }
      if (range.start > session.confirmed) {
        req.resume();
        refuse(
          res,
          session.api,
          400,
          'InvalidArgument',
          `The chunk starts at byte ${range.start}, but only ${session.confirmed} bytes are persisted.`,
        );
        return;
      }
      if (range.total !== null && range.total > max) {
        req.resume();
        cancel(session);
        refuse(res, session.api, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
        return;
      }
      const declared = range.end === null ? null : range.end - range.start + 1;
      const limit = new ChunkLimit(session.confirmed - range.start, declared, range.start, max);
      let handle: FileHandle | null = null;
      try {
        handle = await open(session.partPath, 'r+');
        const sink = new BlockSink(handle, session.confirmed, session.hashes, uploadQuantum);
        let failure: unknown = null;
        try {
          await pipeline(req, limit, sink);
        } catch (error) {
          failure = error;
        }
        await sink.settled();
        if (failure === null) {
          const reached = range.start + limit.received;
          const final =
            (range.total !== null && reached === range.total) || (range.end === null && range.total === null);
          if (range.total !== null && reached > range.total) {
            failure = new UploadRefused(400, 'InvalidArgument', 'The request carried more bytes than the object.');
          } else if (final) {
            await sink.flush();
            session.confirmed = sink.position;
            answerDone(res, session, await finish(session, hashesClaimed(req.headers['x-goog-hash'])));
            return;
          }
        }
        session.confirmed = sink.position;
        if (failure instanceof UploadRefused) {
          if (failure.code === 'EntityTooLarge') cancel(session);
          refuse(res, session.api, failure.status, failure.code, failure.message);
        } else if (failure === null) {
          answerIncomplete(res, session);
        } else if (!req.socket.destroyed) {
          // Not the client going away (then nobody is left to answer): say so, and keep what was persisted.
          refuse(res, session.api, 503, 'ServiceUnavailable', 'The upload could not be stored; resume it.');
        }
        // The client went away: what was persisted stays, for the next request to resume.
      } catch (error) {
        if (error instanceof UploadRefused) {
          if (error.code === 'EntityTooLarge') cancel(session);
          refuse(res, session.api, error.status, error.code, error.message);
        } else throw error;
      } finally {
        await handle?.close();
      }
    });
  }

  /** A single-request upload (JSON media or multipart, XML signed PUT) from `body`. */
  async function uploadWhole(
    body: IncomingMessage,
    via: Transform | null,
    bucket: string,
    name: string,
    fields: () => ObjectFields,
  ): Promise<StoredObject> {
    const part = await store.newPart();
    const handle = await open(part.path, 'r+');
    const hashes = new ObjectHashes();
    const sink = new BlockSink(handle, 0, hashes, uploadQuantum);
    try {
      const limit = new ChunkLimit(0, null, 0, maxObjectBytes);
      await (via ? pipeline(body, via, limit, sink) : pipeline(body, limit, sink));
      await sink.flush();
    } catch (error) {
      await sink.settled();
      await handle.close();
      await store.discardPart(part.path);
      throw error;
    }
    await handle.close();
    return store.commit(bucket, name, part.path, fields(), hashes.digest());
  }

  async function sendObject(
    req: IncomingMessage,
    res: ServerResponse,
    object: StoredObject,
    overrides: { contentType?: string; contentDisposition?: string },
    api: Session['api'],
  ): Promise<void> {
    const size = Number(object.size);
    const range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      if (api === 'xml') {
        sendXmlError(res, {
          status: 416,
          code: 'InvalidRange',
          message: 'The requested range cannot be satisfied.',
          details: req.headers.range,
        });
      } else sendJsonError(res, 416, 'Requested range not satisfiable', 'requestedRangeNotSatisfiable');
      return;
    }
    const contentDisposition = overrides.contentDisposition ?? object.contentDisposition;
    const headers: Record<string, string> = {
      ...xmlObjectHeaders(object),
      'content-type': overrides.contentType ?? object.contentType,
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=0',
      'content-length': String(range ? range.end - range.start + 1 : size),
      ...(contentDisposition ? { 'content-disposition': contentDisposition } : {}),
      ...(range ? { 'content-range': `bytes ${range.start}-${range.end}/${size}` } : {}),
    };
    try {
      res.writeHead(range ? 206 : 200, headers);
    } catch {
      // A header value Node refuses (control characters): Google would not serve it either.
      sendXmlError(res, { status: 400, code: 'InvalidArgument', message: 'Invalid argument.' });
      return;
    }
    if (req.method === 'HEAD' || size === 0) {
      res.end();
      return;
    }
    await pipeline(store.read(object, range ?? undefined), res).catch(() => {
      res.destroy();
    });
  }

  // ---------------------------------------------------------------- XML API (browsers)

  async function xmlApi(req: IncomingMessage, res: ServerResponse, url: URL, rawPath: string): Promise<void> {
    const method = req.method ?? 'GET';
    const segments = rawPath.slice(1).split('/');
    const bucket = segments[0] ?? '';
    const decoded = segments.slice(1).map(decodeSegment);
    const name = decoded.some((s) => s === null) ? '' : decoded.join('/');
    if (!buckets.has(bucket)) {
      sendXmlError(res, { status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist.' });
      return;
    }
    if (!isValidObjectName(name)) {
      sendXmlError(res, { status: 400, code: 'InvalidArgument', message: 'Invalid argument.', details: 'Object name' });
      return;
    }
    const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
    const uploadId = url.searchParams.get('upload_id');
    const origin = req.headers.origin;

    if (uploadId !== null) {
      // The session URI is its own credential, as on Cloud Storage.
      const session = sessions.get(uploadId);
      if (!session || session.api !== 'xml' || session.expiresAt < Date.now()) {
        sendXmlError(res, { status: 404, code: 'NoSuchUpload', message: 'No such upload session.' });
        return;
      }
      if (session.bucket !== bucket || session.name !== name) {
        sendXmlError(res, { status: 400, code: 'InvalidArgument', message: 'The session belongs to another object.' });
        return;
      }
      if (origin !== undefined && origin !== session.origin) res.removeHeader('Access-Control-Allow-Origin');
      if (method === 'PUT') {
        await sessionPut(req, res, session);
      } else if (method === 'DELETE') {
        await withSession(session, () => {
          cancel(session);
          return Promise.resolve();
        });
        res.writeHead(499, { 'content-length': '0' });
        res.end();
      } else {
        sendXmlError(res, { status: 405, code: 'MethodNotAllowed', message: 'Method not allowed on a session URI.' });
      }
      return;
    }

    const pairs = parseQuery(rawQuery) ?? [];
    if (!isSignedQuery(pairs)) {
      sendXmlError(res, {
        status: 403,
        code: 'AccessDenied',
        message: 'Access denied.',
        details: `Anonymous caller does not have storage.objects.${method === 'GET' || method === 'HEAD' ? 'get' : 'create'} access to the Google Cloud Storage object.`,
      });
      return;
    }
    const hostHeader = (req.headers.host ?? '').toLowerCase();
    const verdict = verifySignedRequest(
      {
        method,
        rawPath,
        rawQuery,
        headers: req.headers,
        host: hostHeader.endsWith(`:${boundPort}`) ? hostHeader.slice(0, -`:${boundPort}`.length) : hostHeader,
      },
      keys,
      now(),
    );
    if (!verdict.ok) {
      req.resume();
      sendXmlError(res, verdict);
      return;
    }

    if (method === 'POST') {
      if (req.headers['x-goog-resumable'] !== 'start' || !verdict.signedHeaders.includes('x-goog-resumable')) {
        req.resume();
        sendXmlError(res, {
          status: 400,
          code: 'InvalidArgument',
          message: 'Invalid argument.',
          details: 'POST Object needs a signed x-goog-resumable: start header.',
        });
        return;
      }
      const lengthRange = lengthRangeOf(req.headers['x-goog-content-length-range']);
      if (lengthRange === 'invalid') {
        sendXmlError(res, { status: 400, code: 'InvalidArgument', message: 'Invalid x-goog-content-length-range.' });
        return;
      }
      await readBody(req, 0).catch(() => {});
      const session = await newSession(
        bucket,
        name,
        'xml',
        { contentType: req.headers['content-type'] || 'application/octet-stream' },
        origin,
        lengthRange,
      );
      res.writeHead(201, { location: sessionUri(session), 'content-length': '0' });
      res.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = await store.get(bucket, name);
      if (!object) {
        sendXmlError(res, { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' });
        return;
      }
      const type = url.searchParams.get('response-content-type');
      const disposition = url.searchParams.get('response-content-disposition');
      await sendObject(
        req,
        res,
        object,
        { ...(type ? { contentType: type } : {}), ...(disposition ? { contentDisposition: disposition } : {}) },
        'xml',
      );
      return;
    }
    if (method === 'PUT') {
      const object = await uploadWhole(req, null, bucket, name, () => ({
        contentType: req.headers['content-type'] || 'application/octet-stream',
      }));
      res.writeHead(200, { ...xmlObjectHeaders(object), 'content-length': '0' });
      res.end();
      return;
    }
    if (method === 'DELETE') {
      const removed = await store.remove(bucket, name);
      if (!removed) sendXmlError(res, { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' });
      else res.writeHead(204).end();
      return;
    }
    sendXmlError(res, { status: 405, code: 'MethodNotAllowed', message: 'Method not allowed.' });
  }

  // ---------------------------------------------------------------- JSON API (the API on this machine)

  function fieldsFrom(metadata: Record<string, unknown>, fallbackType?: string): ObjectFields {
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    const custom =
      typeof metadata.metadata === 'object' && metadata.metadata !== null
        ? Object.fromEntries(
            Object.entries(metadata.metadata as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
          )
        : undefined;
    const contentType = text(metadata.contentType) ?? fallbackType;
    const contentDisposition = text(metadata.contentDisposition);
    return {
      ...(contentType ? { contentType } : {}),
      ...(contentDisposition ? { contentDisposition } : {}),
      ...(custom ? { metadata: custom } : {}),
    };
  }

  /** ifGenerationMatch (0 = must not exist) and ifGenerationNotMatch, as the JSON API applies them. */
  function preconditionFails(url: URL, existing: StoredObject | null): boolean {
    const match = url.searchParams.get('ifGenerationMatch');
    if (match !== null && (existing?.generation ?? '0') !== match) return true;
    const notMatch = url.searchParams.get('ifGenerationNotMatch');
    return notMatch !== null && (existing?.generation ?? '0') === notMatch;
  }

  async function jsonUpload(req: IncomingMessage, res: ServerResponse, url: URL, bucket: string): Promise<void> {
    const uploadType = url.searchParams.get('uploadType');
    const uploadId = url.searchParams.get('upload_id');
    if (uploadId !== null) {
      const session = sessions.get(uploadId);
      if (!session || session.api !== 'json' || session.bucket !== bucket || session.expiresAt < Date.now()) {
        req.resume();
        sendJsonError(res, 404, 'No such upload session.', 'notFound');
        return;
      }
      if (req.method === 'PUT' || req.method === 'POST') await sessionPut(req, res, session);
      else if (req.method === 'DELETE') {
        await withSession(session, () => {
          cancel(session);
          return Promise.resolve();
        });
        res.writeHead(499, { 'content-length': '0' }).end();
      } else sendJsonError(res, 405, 'Method not allowed.', 'methodNotAllowed');
      return;
    }
    if (req.method !== 'POST') {
      sendJsonError(res, 405, 'Method not allowed.', 'methodNotAllowed');
      return;
    }
    const queryName = url.searchParams.get('name') ?? '';
    if (uploadType === 'resumable') {
      const body = await readBody(req, 1024 * 1024);
      let metadata: Record<string, unknown> = {};
      try {
        if (body.length > 0) metadata = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        sendJsonError(res, 400, 'The metadata is not JSON.', 'parseError');
        return;
      }
      const name = queryName || (typeof metadata.name === 'string' ? metadata.name : '');
      if (!isValidObjectName(name)) {
        sendJsonError(res, 400, 'Invalid object name.', 'invalid');
        return;
      }
      if (preconditionFails(url, await store.get(bucket, name))) {
        sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
        return;
      }
      const typeHeader = req.headers['x-upload-content-type'];
      const session = await newSession(
        bucket,
        name,
        'json',
        fieldsFrom(metadata, typeof typeHeader === 'string' ? typeHeader : undefined),
        undefined,
        null,
      );
      res.writeHead(200, { location: sessionUri(session), 'content-length': '0' });
      res.end();
      return;
    }
    if (uploadType === 'multipart') {
      const boundary = MultipartRelatedMedia.boundaryOf(req.headers['content-type']);
      // @google-cloud/storage names the object in the query; a name only in the metadata part is not taken.
      if (!boundary || !isValidObjectName(queryName)) {
        req.resume();
        sendJsonError(res, 400, 'A multipart upload needs a multipart/related body and name= in the query.', 'invalid');
        return;
      }
      if (preconditionFails(url, await store.get(bucket, queryName))) {
        req.resume();
        sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
        return;
      }
      const parser = new MultipartRelatedMedia(boundary);
      let object: StoredObject;
      try {
        object = await uploadWhole(req, parser, bucket, queryName, () =>
          fieldsFrom(parser.metadata, parser.mediaType || undefined),
        );
      } catch (error) {
        sendJsonError(res, 400, error instanceof Error ? error.message : 'Invalid multipart body.', 'invalid');
        return;
      }
      sendJson(res, 200, jsonResource(object));
      return;
    }
    if (uploadType === 'media') {
      if (!isValidObjectName(queryName)) {
        req.resume();
        sendJsonError(res, 400, 'Invalid object name.', 'invalid');
        return;
      }
      if (preconditionFails(url, await store.get(bucket, queryName))) {
        req.resume();
        sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
        return;
      }
      const type = req.headers['content-type'];
      const object = await uploadWhole(req, null, bucket, queryName, () => (type ? { contentType: type } : {}));
      sendJson(res, 200, jsonResource(object));
      return;
    }
    req.resume();
    sendJsonError(res, 400, `Unsupported uploadType ${uploadType ?? ''}`, 'invalid');
  }

  async function jsonApi(req: IncomingMessage, res: ServerResponse, url: URL, rawPath: string): Promise<void> {
    const method = req.method ?? 'GET';
    const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(rawPath);
    const list = /^\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(rawPath);
    const single = /^\/(?:download\/)?storage\/v1\/b\/([^/]+)\/o\/([^/]+)$/.exec(rawPath);
    const rewrite = /^\/storage\/v1\/b\/([^/]+)\/o\/([^/]+)\/(?:rewriteTo|copyTo)\/b\/([^/]+)\/o\/([^/]+)$/.exec(
      rawPath,
    );
    const bucket = decodeSegment((upload ?? list ?? single ?? rewrite)?.[1] ?? '') ?? '';
    if (!buckets.has(bucket)) {
      req.resume();
      sendJsonError(res, 404, 'The specified bucket does not exist.', 'notFound');
      return;
    }
    if (upload) {
      await jsonUpload(req, res, url, bucket);
      return;
    }
    if (list && method === 'GET') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const delimiter = url.searchParams.get('delimiter') ?? '';
      const maxResults = Math.min(Math.max(Number(url.searchParams.get('maxResults') ?? 1000) || 1000, 1), 1000);
      const after = url.searchParams.get('pageToken');
      const startAfter = after ? Buffer.from(after, 'base64url').toString('utf8') : null;
      const items: StoredObject[] = [];
      const prefixes = new Set<string>();
      let next: string | undefined;
      for (const object of await store.list(bucket)) {
        if (!object.name.startsWith(prefix) || (startAfter !== null && object.name <= startAfter)) continue;
        const rest = object.name.slice(prefix.length);
        const cut = delimiter ? rest.indexOf(delimiter) : -1;
        if (items.length + prefixes.size >= maxResults) {
          next = Buffer.from(items.at(-1)?.name ?? object.name, 'utf8').toString('base64url');
          break;
        }
        if (cut >= 0) prefixes.add(prefix + rest.slice(0, cut + delimiter.length));
        else items.push(object);
      }
      sendJson(res, 200, {
        kind: 'storage#objects',
        ...(items.length > 0 ? { items: items.map(jsonResource) } : {}),
        ...(prefixes.size > 0 ? { prefixes: [...prefixes] } : {}),
        ...(next ? { nextPageToken: next } : {}),
      });
      return;
    }
    if (single) {
      const name = decodeSegment(single[2] ?? '') ?? '';
      const object = await store.get(bucket, name);
      if (method === 'GET' || method === 'HEAD') {
        if (!object) {
          sendJsonError(res, 404, `No such object: ${bucket}/${name}`, 'notFound');
        } else if (url.searchParams.get('alt') === 'media') {
          await sendObject(req, res, object, {}, 'json');
        } else sendJson(res, 200, jsonResource(object));
        return;
      }
      if (method === 'DELETE') {
        if (!object) sendJsonError(res, 404, `No such object: ${bucket}/${name}`, 'notFound');
        else if (preconditionFails(url, object))
          sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
        else {
          await store.remove(bucket, name);
          res.writeHead(204).end();
        }
        return;
      }
    }
    if (rewrite && method === 'POST') {
      const sourceName = decodeSegment(rewrite[2] ?? '') ?? '';
      const targetBucket = decodeSegment(rewrite[3] ?? '') ?? '';
      const targetName = decodeSegment(rewrite[4] ?? '') ?? '';
      const body = await readBody(req, 1024 * 1024);
      const source = await store.get(bucket, sourceName);
      if (!source) {
        sendJsonError(res, 404, `No such object: ${bucket}/${sourceName}`, 'notFound');
        return;
      }
      if (!buckets.has(targetBucket) || !isValidObjectName(targetName)) {
        sendJsonError(res, 404, 'The destination bucket does not exist.', 'notFound');
        return;
      }
      let metadata: Record<string, unknown> = {};
      try {
        if (body.length > 0) metadata = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        sendJsonError(res, 400, 'The metadata is not JSON.', 'parseError');
        return;
      }
      if (preconditionFails(url, await store.get(targetBucket, targetName))) {
        sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
        return;
      }
      const copied = await store.copy(source, targetBucket, targetName, fieldsFrom(metadata));
      sendJson(res, 200, {
        kind: 'storage#rewriteResponse',
        totalBytesRewritten: copied.size,
        objectSize: copied.size,
        done: true,
        resource: jsonResource(copied),
      });
      return;
    }
    req.resume();
    sendJsonError(res, 404, 'Not found.', 'notFound');
  }

  // ---------------------------------------------------------------- CORS preflight (bucket CORS)

  function preflight(req: IncomingMessage, res: ServerResponse): void {
    const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
    const asked = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    if (!req.headers.origin || !corsMethods.has(method) || asked.some((h) => !corsHeaders.has(h))) {
      // No matching CORS rule: the answer carries no grant, so the browser stops there.
      res.removeHeader('Access-Control-Allow-Origin');
      res.writeHead(403, { 'content-length': '0' });
      res.end();
      return;
    }
    res.writeHead(200, {
      'access-control-allow-methods': [...corsMethods].join(','),
      'access-control-allow-headers': asked.join(','),
      'access-control-max-age': String(corsMaxAge),
      'content-length': '0',
    });
    res.end();
  }

  const { server, port } = await listen(
    async (req, res) => {
      const rawUrl = req.url ?? '/';
      const rawPath = rawUrl.split('?')[0] ?? '/';
      const url = new URL(rawUrl, 'http://local');
      if (req.method === 'OPTIONS') {
        preflight(req, res);
        return;
      }
      const browser = req.headers.origin !== undefined;
      if (browser && corsHeaders.size > 0) {
        res.setHeader('Access-Control-Expose-Headers', [...corsHeaders].join(','));
      }
      if (rawPath === '/emulator/v1/storage' && req.method === 'DELETE' && !browser) {
        await reset();
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (rawPath === '/' && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('Local Cloud Storage');
        return;
      }
      if (/^\/(upload\/|download\/)?storage\/v1\//.test(rawPath) || rawPath.startsWith('/emulator/')) {
        if (browser) {
          // Only the API reaches objects through the JSON API: storage.rules refuse every client.
          res.removeHeader('Access-Control-Allow-Origin');
          req.resume();
          sendJsonError(res, 403, 'Browsers may reach objects only through signed URLs.', 'forbidden');
          return;
        }
        await jsonApi(req, res, url, rawPath);
        return;
      }
      await xmlApi(req, res, url, rawPath);
    },
    options.port ?? 0,
    host,
    options.allowedOrigins,
  );
  // A large upload on a slow link takes longer than Node's default five minutes per request.
  server.requestTimeout = 0;
  boundPort = port;
  baseUrl = `http://${host}:${port}`;

  async function reset(): Promise<void> {
    for (const session of sessions.values()) await store.discardPart(session.partPath);
    sessions.clear();
    await store.reset();
  }

  return {
    url: baseUrl,
    port,
    dir: options.dir,
    reset,
    close: () => closeServer(server),
  };
}
