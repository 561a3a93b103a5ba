// The Cloud Storage stand-in's pure parts (local/storage/): the V4 signature check against a request
// signed here by hand, following Google's description of the canonical request and string-to-sign
// (not through @google-cloud/storage, which the integration tests use), the upload Content-Range and
// download Range forms, and the streaming multipart reader.
import { createHash, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MultipartRelatedMedia } from '../../../local/storage/multipart';
import { canonicalQuery, parseGoogDate, verifySignedRequest } from '../../../local/storage/signatureV4';
import { parseContentRange, parseRange } from '../../../local/storage/ranges';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const email = 'api@demo-digital-store.iam.gserviceaccount.com';
const keys = new Map<string, KeyObject>([[email, createPublicKey(publicKey.export({ type: 'spki', format: 'pem' }))]]);
const signedAt = new Date('2026-03-01T10:00:00Z');

/** A GET of /bucket/a b.pdf signed by hand, as Google documents V4 signing. */
function handSigned(overrides: { expires?: string; headers?: string; path?: string; key?: typeof privateKey } = {}) {
  const path = overrides.path ?? '/bucket/deliverables/a%20b.pdf';
  const signedHeaders = overrides.headers ?? 'host';
  const params: Record<string, string> = {
    'X-Goog-Algorithm': 'GOOG4-RSA-SHA256',
    'X-Goog-Credential': `${email}/20260301/auto/storage/goog4_request`,
    'X-Goog-Date': '20260301T100000Z',
    'X-Goog-Expires': overrides.expires ?? '600',
    'X-Goog-SignedHeaders': signedHeaders,
    'response-content-disposition': 'attachment; filename="a b.pdf"',
  };
  // Canonical query: names and values percent-encoded (RFC 3986), sorted by name.
  const query =
    'X-Goog-Algorithm=GOOG4-RSA-SHA256' +
    `&X-Goog-Credential=api%40demo-digital-store.iam.gserviceaccount.com%2F20260301%2Fauto%2Fstorage%2Fgoog4_request` +
    '&X-Goog-Date=20260301T100000Z' +
    `&X-Goog-Expires=${params['X-Goog-Expires']}` +
    `&X-Goog-SignedHeaders=${encodeURIComponent(signedHeaders)}` +
    '&response-content-disposition=attachment%3B%20filename%3D%22a%20b.pdf%22';
  const canonicalHeaders = signedHeaders === 'host' ? 'host:storage.test\n' : 'host:storage.test\nx-goog-meta-a:1\n';
  const canonicalRequest = ['GET', path, query, canonicalHeaders, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const stringToSign = [
    'GOOG4-RSA-SHA256',
    '20260301T100000Z',
    '20260301/auto/storage/goog4_request',
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signature = sign('RSA-SHA256', Buffer.from(stringToSign), overrides.key ?? privateKey).toString('hex');
  return {
    method: 'GET',
    rawPath: path,
    rawQuery: `${query}&X-Goog-Signature=${signature}`,
    headers: { host: 'storage.test', 'x-goog-meta-a': '1' },
    host: 'storage.test',
  };
}

describe('verifySignedRequest', () => {
  const at = (minutes: number) => new Date(signedAt.getTime() + minutes * 60_000);

  it('accepts a request signed as Google describes, within its validity', () => {
    expect(verifySignedRequest(handSigned(), keys, at(5))).toEqual({
      ok: true,
      clientEmail: email,
      signedHeaders: ['host'],
    });
    const withHeader = verifySignedRequest(handSigned({ headers: 'host;x-goog-meta-a' }), keys, at(1));
    expect(withHeader).toMatchObject({ ok: true, signedHeaders: ['host', 'x-goog-meta-a'] });
  });

  it('takes equivalent spellings of the path alike (re-encoded strictly)', () => {
    const request = handSigned();
    expect(verifySignedRequest({ ...request, rawPath: '/bucket/deliverables/a%20b.pdf' }, keys, at(1)).ok).toBe(true);
    expect(verifySignedRequest({ ...request, rawPath: '/bucket/deliverables/a b.pdf' }, keys, at(1)).ok).toBe(true);
  });

  it('refuses it once X-Goog-Date + X-Goog-Expires has passed, with ExpiredToken', () => {
    expect(verifySignedRequest(handSigned(), keys, at(10))).toMatchObject({
      ok: false,
      status: 400,
      code: 'ExpiredToken',
      details: 'The provided token has expired. Request signature expired at: 2026-03-01T10:10:00+00:00',
    });
  });

  it('refuses a changed path, method, header value, or a wrong key with SignatureDoesNotMatch', () => {
    const request = handSigned({ headers: 'host;x-goog-meta-a' });
    const refusals = [
      { ...request, rawPath: '/bucket/deliverables/other.pdf' },
      { ...request, method: 'PUT' },
      { ...request, headers: { ...request.headers, 'x-goog-meta-a': '2' } },
      { ...request, host: 'storage.test:9199' },
      handSigned({ key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
    ];
    for (const refused of refusals) {
      expect(verifySignedRequest(refused, keys, at(1))).toMatchObject({
        ok: false,
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
    }
  });

  it('refuses malformed signing parameters with AuthorizationQueryParametersError', () => {
    const request = handSigned();
    const broken = [
      handSigned({ expires: '604801' }),
      handSigned({ expires: '0' }),
      {
        ...request,
        rawQuery: request.rawQuery.replace('X-Goog-Algorithm=GOOG4-RSA-SHA256', 'X-Goog-Algorithm=GOOG4-HMAC-SHA256'),
      },
      {
        ...request,
        rawQuery: request.rawQuery.replace('X-Goog-Date=20260301T100000Z', 'X-Goog-Date=20260302T100000Z'),
      },
      {
        ...request,
        rawQuery: request.rawQuery.replace('X-Goog-SignedHeaders=host', 'X-Goog-SignedHeaders=x-goog-meta-a'),
      },
      { ...request, rawQuery: request.rawQuery.replace(/&X-Goog-Credential=[^&]+/, '') },
      { ...request, rawQuery: `${request.rawQuery}&bad=%E0%A4%A` },
    ];
    for (const refused of broken) {
      expect(verifySignedRequest(refused, keys, at(1))).toMatchObject({
        ok: false,
        status: 400,
        code: 'AuthorizationQueryParametersError',
      });
    }
  });

  it('refuses a request dated more than a minute ahead of the clock', () => {
    expect(verifySignedRequest(handSigned(), keys, at(-2))).toMatchObject({ ok: false, status: 400 });
    expect(verifySignedRequest(handSigned(), keys, at(-0.5)).ok).toBe(true);
  });
});

describe('signing helpers', () => {
  it('sorts and strictly encodes the canonical query, leaving the signature out', () => {
    expect(
      canonicalQuery([
        ['b', "it's (x)*"],
        ['X-Goog-Signature', 'abc'],
        ['a', '1/2'],
        ['a', '0'],
      ]),
    ).toBe('a=0&a=1%2F2&b=it%27s%20%28x%29%2A');
  });

  it('reads X-Goog-Date and refuses impossible dates', () => {
    expect(parseGoogDate('20260301T100000Z')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(parseGoogDate('20260231T100000Z')).toBeNull();
    expect(parseGoogDate('2026-03-01T10:00:00Z')).toBeNull();
  });
});

describe('parseContentRange (resumable uploads)', () => {
  it('reads a chunk, a chunk of unknown total, an open-ended request and a status query', () => {
    expect(parseContentRange('bytes 0-262143/1000000')).toEqual({
      kind: 'data',
      start: 0,
      end: 262143,
      total: 1000000,
    });
    expect(parseContentRange('bytes 262144-524287/*')).toEqual({
      kind: 'data',
      start: 262144,
      end: 524287,
      total: null,
    });
    expect(parseContentRange('bytes 0-*/*')).toEqual({ kind: 'data', start: 0, end: null, total: null });
    expect(parseContentRange('bytes */1000000')).toEqual({ kind: 'query', total: 1000000 });
    expect(parseContentRange('bytes */*')).toEqual({ kind: 'query', total: null });
    // No Content-Range: the whole object in one request.
    expect(parseContentRange(undefined)).toEqual({ kind: 'data', start: 0, end: null, total: null });
  });

  it('refuses ranges that end before they start or past the total', () => {
    expect(parseContentRange('bytes 10-5/100')).toBeNull();
    expect(parseContentRange('bytes 0-100/100')).toBeNull();
    expect(parseContentRange('items 0-1/2')).toBeNull();
  });
});

describe('parseRange (downloads)', () => {
  it('reads a range, an open range and a suffix, clamped to the object', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('serves the whole object for no or a malformed Range, and refuses one past the end', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('pages=1-2', 1000)).toBeNull();
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable');
  });
});

describe('MultipartRelatedMedia', () => {
  async function parse(body: Buffer, chunkSize: number) {
    const parser = new MultipartRelatedMedia('b0und');
    const chunks: Buffer[] = [];
    for (let i = 0; i < body.length; i += chunkSize) chunks.push(body.subarray(i, i + chunkSize));
    const out: Buffer[] = [];
    Readable.from(chunks).pipe(parser);
    for await (const piece of parser) out.push(piece as Buffer);
    return { media: Buffer.concat(out), metadata: parser.metadata, type: parser.mediaType };
  }

  const media = Buffer.from('line one\r\n--b0un not yet\r\n-- the end is near');
  const body = Buffer.concat([
    Buffer.from(
      '--b0und\r\nContent-Type: application/json\r\n\r\n{"contentType":"application/pdf","metadata":{"a":"1"}}\r\n',
    ),
    Buffer.from('--b0und\r\nContent-Type: application/pdf\r\n\r\n'),
    media,
    Buffer.from('\r\n--b0und--'),
  ]);

  it('passes on only the media bytes, wherever the chunks split the delimiters', async () => {
    for (const size of [1, 2, 3, 7, 11, 64, body.length]) {
      const parsed = await parse(body, size);
      expect(parsed.media.toString(), `chunks of ${size}`).toBe(media.toString());
      expect(parsed.metadata).toEqual({ contentType: 'application/pdf', metadata: { a: '1' } });
      expect(parsed.type).toBe('application/pdf');
    }
  });

  it('fails a body cut off before its closing delimiter', async () => {
    await expect(parse(body.subarray(0, body.length - 12), 16)).rejects.toThrow(/closing delimiter/);
  });

  it('reads the boundary from the Content-Type', () => {
    expect(MultipartRelatedMedia.boundaryOf('multipart/related; boundary=abc-123')).toBe('abc-123');
    expect(MultipartRelatedMedia.boundaryOf('multipart/related; boundary="q q"')).toBe('q q');
    expect(MultipartRelatedMedia.boundaryOf('multipart/form-data; boundary=abc')).toBeNull();
  });
});
