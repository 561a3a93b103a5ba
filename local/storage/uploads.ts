// Uploads to the Cloud Storage stand-in: resumable sessions (XML API from browsers, JSON API from the
// API), taken chunk by chunk in order, one request of a session at a time, and committed once complete
// when their size and hashes hold; and single-request uploads. What persists survives a dropped request.
import type { KeyObject } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { readBody } from '../http';
import { jsonResource, refuse, sendJson, xmlObjectHeaders } from './answers';
import {
  BlockSink,
  ObjectHashes,
  uploadQuantum,
  type ObjectFields,
  type ObjectStore,
  type StoredObject,
} from './objectStore';
import { hashesClaimed, parseContentRange } from './ranges';

/** What the stand-in's handlers share: its objects, buckets, keys, upload sessions, clock and address. */
export interface StorageState {
  store: ObjectStore;
  buckets: ReadonlySet<string>;
  /** Service accounts whose signatures are accepted, by e-mail. */
  keys: ReadonlyMap<string, KeyObject>;
  sessions: Map<string, Session>;
  /** The clock signed URLs are checked against. */
  now: () => Date;
  /** Like http://127.0.0.1:PORT, once listening. */
  baseUrl: string;
  port: number;
}

export interface Session {
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

const objectPath = (bucket: string, name: string) => `/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}`;

/** Sessions last a week, as Cloud Storage's do. */
const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;

// Objects beyond Cloud Storage's own 5 TiB limit are refused.
export const maxObjectBytes = 5 * 1024 ** 4;

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

/** Runs `work` after every earlier request of the session, so one request at a time touches its part. */
export async function withSession<T>(session: Session, work: () => Promise<T>): Promise<T> {
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

export async function newSession(
  state: StorageState,
  bucket: string,
  name: string,
  api: Session['api'],
  fields: ObjectFields,
  origin: string | undefined,
  lengthRange: Session['lengthRange'],
): Promise<Session> {
  const part = await state.store.newPart();
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
  state.sessions.set(session.id, session);
  return session;
}

export function sessionUri(state: StorageState, session: Session): string {
  return session.api === 'xml'
    ? `${state.baseUrl}${objectPath(session.bucket, session.name)}?upload_id=${session.id}`
    : `${state.baseUrl}/upload/storage/v1/b/${session.bucket}/o?uploadType=resumable&name=${encodeURIComponent(session.name)}&upload_id=${session.id}`;
}

async function finish(
  state: StorageState,
  session: Session,
  claimed: { crc32c?: string; md5?: string },
): Promise<StoredObject> {
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
  const object = await state.store.commit(session.bucket, session.name, session.partPath, session.fields, hashes);
  session.done = object;
  return object;
}

function answerDone(state: StorageState, res: ServerResponse, session: Session, object: StoredObject): void {
  if (session.api === 'json') {
    sendJson(res, 200, jsonResource(object, state.baseUrl));
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

export function cancel(state: StorageState, session: Session): void {
  state.sessions.delete(session.id);
  void state.store.discardPart(session.partPath);
}

/** A PUT to a session URI: a chunk, or a status query. */
export async function sessionPut(
  state: StorageState,
  req: IncomingMessage,
  res: ServerResponse,
  session: Session,
): Promise<void> {
  const range = parseContentRange(req.headers['content-range']);
  if (!range) {
    refuse(res, session.api, 400, 'InvalidArgument', `Invalid Content-Range: ${req.headers['content-range']}`);
    return;
  }
  await withSession(session, async () => {
    if (session.done) {
      req.resume();
      answerDone(state, res, session, session.done);
      return;
    }
    if (!state.sessions.has(session.id)) {
      req.resume();
      refuse(res, session.api, 404, 'NoSuchUpload', 'The upload session was cancelled.');
      return;
    }
    const max = Math.min(session.lengthRange?.max ?? maxObjectBytes, maxObjectBytes);
    if (range.kind === 'query') {
      await readBody(req, 0).catch(() => {});
      if (range.total !== null && range.total === session.confirmed) {
        answerDone(state, res, session, await finish(state, session, {}));
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
      cancel(state, session);
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
        const final = (range.total !== null && reached === range.total) || (range.end === null && range.total === null);
        if (range.total !== null && reached > range.total) {
          failure = new UploadRefused(400, 'InvalidArgument', 'The request carried more bytes than the object.');
        } else if (final) {
          await sink.flush();
          session.confirmed = sink.position;
          answerDone(state, res, session, await finish(state, session, hashesClaimed(req.headers['x-goog-hash'])));
          return;
        }
      }
      session.confirmed = sink.position;
      if (failure instanceof UploadRefused) {
        if (failure.code === 'EntityTooLarge') cancel(state, session);
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
        if (error.code === 'EntityTooLarge') cancel(state, session);
        refuse(res, session.api, error.status, error.code, error.message);
      } else throw error;
    } finally {
      await handle?.close();
    }
  });
}

/** A single-request upload (JSON media or multipart, XML signed PUT) from `body`. */
export async function uploadWhole(
  state: StorageState,
  body: IncomingMessage,
  via: Transform | null,
  bucket: string,
  name: string,
  fields: () => ObjectFields,
): Promise<StoredObject> {
  const part = await state.store.newPart();
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
    await state.store.discardPart(part.path);
    throw error;
  }
  await handle.close();
  return state.store.commit(bucket, name, part.path, fields(), hashes.digest());
}
