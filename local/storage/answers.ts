// How the Cloud Storage stand-in answers: errors in the XML API's and the JSON API's shapes, an
// object's headers and JSON resource, and an object's bytes (whole or a range).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore, StoredObject } from './objectStore';
import { parseRange } from './ranges';
import type { StorageError } from './signatureV4';

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sendXmlError(res: ServerResponse, error: StorageError): void {
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

export function sendJsonError(res: ServerResponse, status: number, message: string, reason: string): void {
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

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function refuse(res: ServerResponse, api: 'xml' | 'json', status: number, code: string, message: string): void {
  if (api === 'xml') sendXmlError(res, { status, code, message });
  else sendJsonError(res, status, message, code);
}

export function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function xmlObjectHeaders(object: StoredObject): Record<string, string> {
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

export function jsonResource(object: StoredObject, baseUrl: string): Record<string, unknown> {
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

export async function sendObject(
  store: ObjectStore,
  req: IncomingMessage,
  res: ServerResponse,
  object: StoredObject,
  overrides: { contentType?: string; contentDisposition?: string },
  api: 'xml' | 'json',
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
