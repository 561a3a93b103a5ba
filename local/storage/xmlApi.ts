// The XML API of the Cloud Storage stand-in, for browsers: V4 signed URLs only (every object is
// private), and the session URIs of resumable uploads, which are their own credential.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http';
import { decodeSegment, sendObject, sendXmlError, xmlObjectHeaders } from './answers';
import { isValidObjectName } from './objectStore';
import { lengthRangeOf } from './ranges';
import { isSignedQuery, parseQuery, verifySignedRequest } from './signatureV4';
import { cancel, newSession, sessionPut, sessionUri, uploadWhole, withSession, type StorageState } from './uploads';

/** A request to the XML API: a session URI's, or one signed for its method. */
export async function xmlApi(
  state: StorageState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  rawPath: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  const segments = rawPath.slice(1).split('/');
  const bucket = segments[0] ?? '';
  const decoded = segments.slice(1).map(decodeSegment);
  const name = decoded.some((s) => s === null) ? '' : decoded.join('/');
  if (!state.buckets.has(bucket)) {
    sendXmlError(res, { status: 404, code: 'NoSuchBucket', message: 'The specified bucket does not exist.' });
    return;
  }
  if (!isValidObjectName(name)) {
    sendXmlError(res, { status: 400, code: 'InvalidArgument', message: 'Invalid argument.', details: 'Object name' });
    return;
  }
  const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
  const uploadId = url.searchParams.get('upload_id');

  if (uploadId !== null) {
    await xmlSessionRequest(state, req, res, { bucket, name, uploadId });
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
      host: hostHeader.endsWith(`:${state.port}`) ? hostHeader.slice(0, -`:${state.port}`.length) : hostHeader,
    },
    state.keys,
    state.now(),
  );
  if (!verdict.ok) {
    req.resume();
    sendXmlError(res, verdict);
    return;
  }

  await xmlSignedRequest(state, req, res, url, { bucket, name, signedHeaders: verdict.signedHeaders });
}

/** A request to a resumable upload's session URI: a chunk or status query (PUT), or a cancel (DELETE). */
async function xmlSessionRequest(
  state: StorageState,
  req: IncomingMessage,
  res: ServerResponse,
  { bucket, name, uploadId }: { bucket: string; name: string; uploadId: string },
): Promise<void> {
  const method = req.method ?? 'GET';
  const origin = req.headers.origin;
  // The session URI is its own credential, as on Cloud Storage.
  const session = state.sessions.get(uploadId);
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
    await sessionPut(state, req, res, session);
  } else if (method === 'DELETE') {
    await withSession(session, () => {
      cancel(state, session);
      return Promise.resolve();
    });
    res.writeHead(499, { 'content-length': '0' });
    res.end();
  } else {
    sendXmlError(res, { status: 405, code: 'MethodNotAllowed', message: 'Method not allowed on a session URI.' });
  }
}

/** A request whose V4 signature holds: start a resumable upload, read, write or delete the object. */
async function xmlSignedRequest(
  state: StorageState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  { bucket, name, signedHeaders }: { bucket: string; name: string; signedHeaders: string[] },
): Promise<void> {
  const method = req.method ?? 'GET';
  const origin = req.headers.origin;
  if (method === 'POST') {
    if (req.headers['x-goog-resumable'] !== 'start' || !signedHeaders.includes('x-goog-resumable')) {
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
      state,
      bucket,
      name,
      'xml',
      { contentType: req.headers['content-type'] || 'application/octet-stream' },
      origin,
      lengthRange,
    );
    res.writeHead(201, { location: sessionUri(state, session), 'content-length': '0' });
    res.end();
    return;
  }
  if (method === 'GET' || method === 'HEAD') {
    const object = await state.store.get(bucket, name);
    if (!object) {
      sendXmlError(res, { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' });
      return;
    }
    const type = url.searchParams.get('response-content-type');
    const disposition = url.searchParams.get('response-content-disposition');
    await sendObject(
      state.store,
      req,
      res,
      object,
      { ...(type ? { contentType: type } : {}), ...(disposition ? { contentDisposition: disposition } : {}) },
      'xml',
    );
    return;
  }
  if (method === 'PUT') {
    const object = await uploadWhole(state, req, null, bucket, name, () => ({
      contentType: req.headers['content-type'] || 'application/octet-stream',
    }));
    res.writeHead(200, { ...xmlObjectHeaders(object), 'content-length': '0' });
    res.end();
    return;
  }
  if (method === 'DELETE') {
    const removed = await state.store.remove(bucket, name);
    if (!removed) sendXmlError(res, { status: 404, code: 'NoSuchKey', message: 'The specified key does not exist.' });
    else res.writeHead(204).end();
    return;
  }
  sendXmlError(res, { status: 405, code: 'MethodNotAllowed', message: 'Method not allowed.' });
}
