// The JSON API of the Cloud Storage stand-in, for the API on this machine (@google-cloud/storage with
// apiEndpoint): uploads (media, multipart, resumable), object metadata, alt=media reads with Range,
// list with prefix/delimiter/pages, delete, rewrite (copy), with the generation preconditions.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http';
import { decodeSegment, jsonResource, sendJson, sendJsonError, sendObject } from './answers';
import { MultipartRelatedMedia } from './multipart';
import { isValidObjectName, type ObjectFields, type StoredObject } from './objectStore';
import { cancel, newSession, sessionPut, sessionUri, uploadWhole, withSession, type StorageState } from './uploads';

function fieldsFrom(metadata: Record<string, unknown>, fallbackType?: string): ObjectFields {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  const custom =
    typeof metadata.metadata === 'object' && metadata.metadata !== null
      ? Object.fromEntries(Object.entries(metadata.metadata as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
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

async function jsonUpload(
  state: StorageState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
): Promise<void> {
  const uploadType = url.searchParams.get('uploadType');
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId !== null) {
    const session = state.sessions.get(uploadId);
    if (!session || session.api !== 'json' || session.bucket !== bucket || session.expiresAt < Date.now()) {
      req.resume();
      sendJsonError(res, 404, 'No such upload session.', 'notFound');
      return;
    }
    if (req.method === 'PUT' || req.method === 'POST') await sessionPut(state, req, res, session);
    else if (req.method === 'DELETE') {
      await withSession(session, () => {
        cancel(state, session);
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
    if (preconditionFails(url, await state.store.get(bucket, name))) {
      sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
      return;
    }
    const typeHeader = req.headers['x-upload-content-type'];
    const session = await newSession(
      state,
      bucket,
      name,
      'json',
      fieldsFrom(metadata, typeof typeHeader === 'string' ? typeHeader : undefined),
      undefined,
      null,
    );
    res.writeHead(200, { location: sessionUri(state, session), 'content-length': '0' });
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
    if (preconditionFails(url, await state.store.get(bucket, queryName))) {
      req.resume();
      sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
      return;
    }
    const parser = new MultipartRelatedMedia(boundary);
    let object: StoredObject;
    try {
      object = await uploadWhole(state, req, parser, bucket, queryName, () =>
        fieldsFrom(parser.metadata, parser.mediaType || undefined),
      );
    } catch (error) {
      sendJsonError(res, 400, error instanceof Error ? error.message : 'Invalid multipart body.', 'invalid');
      return;
    }
    sendJson(res, 200, jsonResource(object, state.baseUrl));
    return;
  }
  if (uploadType === 'media') {
    if (!isValidObjectName(queryName)) {
      req.resume();
      sendJsonError(res, 400, 'Invalid object name.', 'invalid');
      return;
    }
    if (preconditionFails(url, await state.store.get(bucket, queryName))) {
      req.resume();
      sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
      return;
    }
    const type = req.headers['content-type'];
    const object = await uploadWhole(state, req, null, bucket, queryName, () => (type ? { contentType: type } : {}));
    sendJson(res, 200, jsonResource(object, state.baseUrl));
    return;
  }
  req.resume();
  sendJsonError(res, 400, `Unsupported uploadType ${uploadType ?? ''}`, 'invalid');
}

export async function jsonApi(
  state: StorageState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rawPath: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(rawPath);
  const list = /^\/storage\/v1\/b\/([^/]+)\/o\/?$/.exec(rawPath);
  const single = /^\/(?:download\/)?storage\/v1\/b\/([^/]+)\/o\/([^/]+)$/.exec(rawPath);
  const rewrite = /^\/storage\/v1\/b\/([^/]+)\/o\/([^/]+)\/(?:rewriteTo|copyTo)\/b\/([^/]+)\/o\/([^/]+)$/.exec(rawPath);
  const bucket = decodeSegment((upload ?? list ?? single ?? rewrite)?.[1] ?? '') ?? '';
  if (!state.buckets.has(bucket)) {
    req.resume();
    sendJsonError(res, 404, 'The specified bucket does not exist.', 'notFound');
    return;
  }
  if (upload) {
    await jsonUpload(state, req, res, url, bucket);
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
    for (const object of await state.store.list(bucket)) {
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
      ...(items.length > 0 ? { items: items.map((item) => jsonResource(item, state.baseUrl)) } : {}),
      ...(prefixes.size > 0 ? { prefixes: [...prefixes] } : {}),
      ...(next ? { nextPageToken: next } : {}),
    });
    return;
  }
  if (single) {
    const name = decodeSegment(single[2] ?? '') ?? '';
    const object = await state.store.get(bucket, name);
    if (method === 'GET' || method === 'HEAD') {
      if (!object) {
        sendJsonError(res, 404, `No such object: ${bucket}/${name}`, 'notFound');
      } else if (url.searchParams.get('alt') === 'media') {
        await sendObject(state.store, req, res, object, {}, 'json');
      } else sendJson(res, 200, jsonResource(object, state.baseUrl));
      return;
    }
    if (method === 'DELETE') {
      if (!object) sendJsonError(res, 404, `No such object: ${bucket}/${name}`, 'notFound');
      else if (preconditionFails(url, object))
        sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
      else {
        await state.store.remove(bucket, name);
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
    const source = await state.store.get(bucket, sourceName);
    if (!source) {
      sendJsonError(res, 404, `No such object: ${bucket}/${sourceName}`, 'notFound');
      return;
    }
    if (!state.buckets.has(targetBucket) || !isValidObjectName(targetName)) {
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
    if (preconditionFails(url, await state.store.get(targetBucket, targetName))) {
      sendJsonError(res, 412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
      return;
    }
    const copied = await state.store.copy(source, targetBucket, targetName, fieldsFrom(metadata));
    sendJson(res, 200, {
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: copied.size,
      objectSize: copied.size,
      done: true,
      resource: jsonResource(copied, state.baseUrl),
    });
    return;
  }
  req.resume();
  sendJsonError(res, 404, 'Not found.', 'notFound');
}
