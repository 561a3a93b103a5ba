// Checks a V4 signed URL the way Cloud Storage does (docs/local-cloud.md, 'The Cloud Storage stand-in'):
// it rebuilds the canonical request from the request as it arrived (method, path, every query
// parameter but the signature, the signed headers' values), hashes it into the string-to-sign and
// checks the RSA-SHA256 signature (hex) with the public half of the service account's key. The
// validity window comes from X-Goog-Date and X-Goog-Expires, at most 7 days.
import { createHash, verify, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export const algorithm = 'GOOG4-RSA-SHA256';
export const maxExpiresSeconds = 7 * 24 * 60 * 60;

/** A request as the stand-in received it. */
export interface SignedRequest {
  method: string;
  /** The path as sent, still percent-encoded, without the query. */
  rawPath: string;
  /** The query string as sent, without '?'. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  /** The Host header as Google would see it (the stand-in strips its own port: see storageHost.ts). */
  host: string;
}

export interface StorageError {
  status: number;
  code: string;
  message: string;
  details?: string;
  stringToSign?: string;
  canonicalRequest?: string;
}

export type Verdict = { ok: true; clientEmail: string; signedHeaders: string[] } | ({ ok: false } & StorageError);

/** RFC 3986 unreserved characters stay; every other byte is %XX (upper case), as Google encodes. */
export function strictEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The query's parameters, decoded, in the order sent; null when one is malformed. */
export function parseQuery(rawQuery: string): Array<[string, string]> | null {
  if (!rawQuery) return [];
  const pairs: Array<[string, string]> = [];
  for (const part of rawQuery.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = safeDecode(eq < 0 ? part : part.slice(0, eq));
    const value = safeDecode(eq < 0 ? '' : part.slice(eq + 1));
    if (key === null || value === null) return null;
    pairs.push([key, value]);
  }
  return pairs;
}

/** Each path segment decoded and encoded again strictly, so equivalent spellings sign alike. */
export function canonicalPath(rawPath: string): string | null {
  const segments = rawPath.split('/').map(safeDecode);
  if (segments.some((segment) => segment === null)) return null;
  return (segments as string[]).map(strictEncode).join('/');
}

export function canonicalQuery(pairs: ReadonlyArray<[string, string]>): string {
  return pairs
    .filter(([key]) => key !== 'X-Goog-Signature')
    .map(([key, value]): [string, string] => [strictEncode(key), strictEncode(value)])
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function headerValue(request: SignedRequest, name: string): string {
  if (name === 'host') return request.host;
  const value = request.headers[name];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text.trim().replace(/\s{2,}/g, ' ');
}

/** 20260301T100000Z -> Date, or null. */
export function parseGoogDate(value: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return date.getUTCDate() === d && date.getUTCMonth() === mo - 1 ? date : null;
}

/** The X-Goog-Date form of a date. */
export function googDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function queryError(details: string): { ok: false } & StorageError {
  return { ok: false, status: 400, code: 'AuthorizationQueryParametersError', message: 'Invalid argument.', details };
}

/** Whether the URL carries a V4 signature at all (otherwise the caller is anonymous). */
export function isSignedQuery(pairs: ReadonlyArray<[string, string]>): boolean {
  return pairs.some(([key]) => key === 'X-Goog-Signature' || key === 'X-Goog-Algorithm');
}

/**
 * Verifies a V4-signed request. `keys` maps a service account's e-mail to the public key it signs
 * with; an e-mail not in it cannot be verified and is refused like a wrong signature.
 */
export function verifySignedRequest(request: SignedRequest, keys: ReadonlyMap<string, KeyObject>, now: Date): Verdict {
  const pairs = parseQuery(request.rawQuery);
  if (!pairs) return queryError('The query string is not validly percent-encoded.');
  const param = (name: string) => pairs.find(([key]) => key === name)?.[1];
  const signature = param('X-Goog-Signature');
  const algorithmParam = param('X-Goog-Algorithm');
  const credential = param('X-Goog-Credential');
  const dateParam = param('X-Goog-Date');
  const expiresParam = param('X-Goog-Expires');
  const signedHeadersParam = param('X-Goog-SignedHeaders');
  if (!signature || !algorithmParam || !credential || !dateParam || !expiresParam || !signedHeadersParam) {
    return queryError(
      'Signed URLs need X-Goog-Algorithm, X-Goog-Credential, X-Goog-Date, X-Goog-Expires, X-Goog-SignedHeaders and X-Goog-Signature.',
    );
  }
  if (algorithmParam !== algorithm) return queryError(`Unsupported algorithm ${algorithmParam}; use ${algorithm}.`);
  const date = parseGoogDate(dateParam);
  if (!date) return queryError(`X-Goog-Date ${dateParam} is not of the form YYYYMMDD'T'HHMMSS'Z'.`);
  if (!/^\d{1,7}$/.test(expiresParam) || Number(expiresParam) < 1 || Number(expiresParam) > maxExpiresSeconds) {
    return queryError(`X-Goog-Expires must be between 1 and ${maxExpiresSeconds} seconds (7 days).`);
  }
  // email/YYYYMMDD/location/storage/goog4_request; the e-mail may not contain '/'.
  const scopeParts = credential.split('/');
  if (
    scopeParts.length !== 5 ||
    scopeParts[2] === '' ||
    scopeParts[3] !== 'storage' ||
    scopeParts[4] !== 'goog4_request'
  ) {
    return queryError(`X-Goog-Credential ${credential} is not email/date/location/storage/goog4_request.`);
  }
  const [clientEmail = '', scopeDate = ''] = scopeParts;
  if (scopeDate !== dateParam.slice(0, 8)) {
    return queryError('The date in X-Goog-Credential differs from the day of X-Goog-Date.');
  }
  const signedHeaders = signedHeadersParam.split(';');
  const sorted = [...signedHeaders].sort();
  if (
    signedHeaders.some((name) => !/^[a-z0-9-]+$/.test(name)) ||
    sorted.join(';') !== signedHeaders.join(';') ||
    new Set(signedHeaders).size !== signedHeaders.length
  ) {
    return queryError('X-Goog-SignedHeaders must be lower-case header names, sorted, separated by semicolons.');
  }
  if (!signedHeaders.includes('host')) return queryError('The host header must be signed.');
  if (date.getTime() > now.getTime() + 60_000) {
    return queryError(`The request is not valid before ${dateParam}.`);
  }
  const expiresAt = new Date(date.getTime() + Number(expiresParam) * 1000);
  if (now.getTime() >= expiresAt.getTime()) {
    return {
      ok: false,
      status: 400,
      code: 'ExpiredToken',
      message: 'Invalid argument.',
      details: `The provided token has expired. Request signature expired at: ${expiresAt.toISOString().replace('.000Z', '+00:00')}`,
    };
  }
  const path = canonicalPath(request.rawPath);
  if (path === null) return queryError('The path is not validly percent-encoded.');

  const canonicalHeaders = signedHeaders.map((name) => `${name}:${headerValue(request, name)}\n`).join('');
  const payload = signedHeaders.includes('x-goog-content-sha256')
    ? headerValue(request, 'x-goog-content-sha256')
    : 'UNSIGNED-PAYLOAD';
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    canonicalQuery(pairs),
    canonicalHeaders,
    signedHeadersParam,
    payload,
  ].join('\n');
  const scope = scopeParts.slice(1).join('/');
  const stringToSign = [algorithm, dateParam, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join(
    '\n',
  );
  const key = keys.get(clientEmail);
  const valid =
    key !== undefined &&
    /^[0-9a-f]+$/i.test(signature) &&
    signature.length % 2 === 0 &&
    verify('RSA-SHA256', Buffer.from(stringToSign), key, Buffer.from(signature, 'hex'));
  if (!valid) {
    return {
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'Access denied.',
      details:
        'The request signature we calculated does not match the signature you provided. Check your Google secret key and signing method.',
      stringToSign,
      canonicalRequest,
    };
  }
  return { ok: true, clientEmail, signedHeaders };
}
