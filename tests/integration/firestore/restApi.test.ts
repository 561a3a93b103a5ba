import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { DATABASE, rest, uniqueCollection } from './helpers';

// Raw REST calls, for what the SDKs hide: HTTP statuses, error shapes, CORS, int enums, the
// single-document methods.
let emulator: FirestoreEmulator;
const DOCS = `/v1/${DATABASE}/documents`;
const name = (path: string) => `${DATABASE}/documents/${path}`;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
});

afterAll(async () => {
  await emulator.close();
});

function commit(writes: unknown[], transaction?: string) {
  return rest(emulator, 'POST', `${DOCS}:commit`, { writes, ...(transaction ? { transaction } : {}) });
}

function setWrite(path: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { update: { name: name(path), fields }, ...extra };
}

function error(status: number, code: string) {
  return { error: { code: status, message: expect.any(String), status: code } };
}

async function runQuery(structuredQuery: unknown, parent = DOCS): Promise<Array<Record<string, unknown>>> {
  const answer = await rest(emulator, 'POST', `${parent}:runQuery?$alt=json;enum-encoding=int`, { structuredQuery });
  expect(answer.status).toBe(200);
  return answer.body as Array<Record<string, unknown>>;
}

function documentIds(items: Array<Record<string, unknown>>): string[] {
  return items.flatMap((item) => {
    const doc = item.document as { name: string } | undefined;
    return doc ? [doc.name.split('/').pop() ?? ''] : [];
  });
}

describe('HTTP basics', () => {
  it('answers the health check at / with Ok', async () => {
    const answer = await rest(emulator, 'GET', '/');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('Ok');
  });

  it('answers a CORS preflight from a local origin, echoing it and the requested headers', async () => {
    const requested = 'content-type,x-goog-api-client,google-cloud-resource-prefix,authorization,x-firebase-gmpid';
    const response = await fetch(`${emulator.url}${DOCS}:runQuery`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': requested,
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe(requested);
  });

  it('sets Access-Control-Allow-Origin for a local origin on answers, errors included', async () => {
    const origin = { Origin: 'http://127.0.0.1:5173' };
    const ok = await rest(emulator, 'POST', `${DOCS}:batchGet`, { documents: [] }, origin);
    const bad = await rest(emulator, 'GET', '/nope', undefined, origin);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(bad.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
  });

  it('refuses other origins (writes and preflights alike) without granting CORS', async () => {
    const write = await commit([setWrite('crossSite/doc', { by: { stringValue: 'evil' } })]);
    expect(write.status).toBe(200);
    const foreign = { Origin: 'http://x.test' };
    const attempt = await rest(
      emulator,
      'POST',
      `${DOCS}:commit`,
      { writes: [setWrite('crossSite/doc', { by: { stringValue: 'evil page' } })] },
      foreign,
    );
    expect(attempt.status).toBe(403);
    expect(attempt.headers.get('access-control-allow-origin')).toBeNull();
    const reset = await rest(emulator, 'DELETE', `/emulator/v1/${DATABASE}/documents`, undefined, foreign);
    expect(reset.status).toBe(403);
    const preflight = await fetch(`${emulator.url}${DOCS}:runQuery`, {
      method: 'OPTIONS',
      headers: { ...foreign, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await rest(emulator, 'GET', `${DOCS}/crossSite/doc`);
    expect((read.body as { fields: unknown }).fields).toEqual({ by: { stringValue: 'evil' } });
  });

  it('answers an unknown route with a Firestore-style NOT_FOUND error', async () => {
    const answer = await rest(emulator, 'GET', '/v2/whatever');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(error(404, 'NOT_FOUND'));
  });

  it('answers invalid JSON and bad shapes with INVALID_ARGUMENT', async () => {
    const invalid = await rest(emulator, 'POST', `${DOCS}:commit`, '{"writes": [');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(error(400, 'INVALID_ARGUMENT'));
    const badName = await commit([setWrite('odd', {})]);
    expect(badName.body).toEqual(error(400, 'INVALID_ARGUMENT'));
  });

  it('does not serve the streaming listen API', async () => {
    const answer = await rest(emulator, 'POST', `${DOCS}:listen`, {});
    expect(answer.status).toBe(501);
    expect(answer.body).toEqual(error(501, 'UNIMPLEMENTED'));
  });
});

describe('commit', () => {
  it('answers commitTime and one writeResult per write, with transform results', async () => {
    const c = uniqueCollection('commit');
    const answer = await commit([
      setWrite(
        `${c}/a`,
        { n: { integerValue: '1' } },
        { updateTransforms: [{ fieldPath: 'at', setToServerValue: 1 }] },
      ),
      { delete: name(`${c}/b`) },
    ]);
    expect(answer.status).toBe(200);
    const body = answer.body as {
      commitTime: string;
      writeResults: Array<{ updateTime: string; transformResults?: unknown[] }>;
    };
    expect(body.writeResults).toHaveLength(2);
    expect(body.writeResults[0]?.updateTime).toBe(body.commitTime);
    expect(body.writeResults[0]?.transformResults).toEqual([{ timestampValue: body.commitTime }]);
  });

  it('answers create of an existing document with 409 ALREADY_EXISTS', async () => {
    const path = `${uniqueCollection('commit')}/a`;
    await commit([setWrite(path, {})]);
    const answer = await commit([setWrite(path, {}, { currentDocument: { exists: false } })]);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(error(409, 'ALREADY_EXISTS'));
  });

  it('answers update of a missing document with 404 NOT_FOUND', async () => {
    const answer = await commit([
      setWrite(`${uniqueCollection('commit')}/a`, {}, { currentDocument: { exists: true } }),
    ]);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(error(404, 'NOT_FOUND'));
  });

  it('answers a stale updateTime precondition with 400 FAILED_PRECONDITION', async () => {
    const path = `${uniqueCollection('commit')}/a`;
    const first = (await commit([setWrite(path, {})])).body as { commitTime: string };
    await commit([setWrite(path, { n: { integerValue: '2' } })]);
    const answer = await commit([setWrite(path, {}, { currentDocument: { updateTime: first.commitTime } })]);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error(400, 'FAILED_PRECONDITION'));
  });

  it('applies all writes of a commit or none', async () => {
    const c = uniqueCollection('atomic');
    const answer = await commit([
      setWrite(`${c}/a`, { n: { integerValue: '1' } }),
      setWrite(`${c}/missing`, {}, { currentDocument: { exists: true } }),
    ]);
    expect(answer.status).toBe(404);
    const got = await rest(emulator, 'GET', `${DOCS}/${c}/a`);
    expect(got.status).toBe(404);
  });

  it('a verify write with a stale updateTime fails the whole commit', async () => {
    const c = uniqueCollection('verify');
    const first = (await commit([setWrite(`${c}/read`, {})])).body as { commitTime: string };
    await commit([setWrite(`${c}/read`, { changed: { booleanValue: true } })]);
    const answer = await commit([
      { verify: name(`${c}/read`), currentDocument: { updateTime: first.commitTime } },
      setWrite(`${c}/written`, {}),
    ]);
    expect(answer.body).toEqual(error(400, 'FAILED_PRECONDITION'));
    expect((await rest(emulator, 'GET', `${DOCS}/${c}/written`)).status).toBe(404);
  });

  it('accepts the legacy transform write and the maximum/minimum transforms', async () => {
    const c = uniqueCollection('transform');
    await commit([setWrite(`${c}/a`, { hi: { integerValue: '5' }, lo: { integerValue: '5' } })]);
    await commit([
      {
        transform: {
          document: name(`${c}/a`),
          fieldTransforms: [
            { fieldPath: 'hi', maximum: { integerValue: '9' } },
            { fieldPath: 'lo', minimum: { doubleValue: 2.5 } },
          ],
        },
      },
    ]);
    const got = await rest(emulator, 'GET', `${DOCS}/${c}/a`);
    expect((got.body as { fields: unknown }).fields).toEqual({ hi: { integerValue: '9' }, lo: { doubleValue: 2.5 } });
  });
});

describe('transactions', () => {
  async function begin(): Promise<string> {
    const answer = await rest(emulator, 'POST', `${DOCS}:beginTransaction`, { options: { readWrite: {} } });
    expect(answer.status).toBe(200);
    const { transaction } = answer.body as { transaction: string };
    expect(Buffer.from(transaction, 'base64').length).toBeGreaterThan(0);
    return transaction;
  }

  it('aborts a commit when a document it read has changed since (409 ABORTED)', async () => {
    const path = `${uniqueCollection('tx')}/counter`;
    await commit([setWrite(path, { n: { integerValue: '1' } })]);
    const transaction = await begin();
    await rest(emulator, 'POST', `${DOCS}:batchGet`, { documents: [name(path)], transaction });
    await commit([setWrite(path, { n: { integerValue: '5' } })]);
    const answer = await commit([setWrite(path, { n: { integerValue: '2' } })], transaction);
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(error(409, 'ABORTED'));
  });

  it('aborts when a document read as missing was created since', async () => {
    const path = `${uniqueCollection('tx')}/order`;
    const transaction = await begin();
    const read = await rest(emulator, 'POST', `${DOCS}:batchGet`, { documents: [name(path)], transaction });
    expect((read.body as unknown[])[0]).toMatchObject({ missing: name(path) });
    await commit([setWrite(path, {})]);
    expect((await commit([setWrite(path, {})], transaction)).status).toBe(409);
  });

  it('commits when nothing it read has changed', async () => {
    const path = `${uniqueCollection('tx')}/counter`;
    await commit([setWrite(path, { n: { integerValue: '1' } })]);
    const transaction = await begin();
    await rest(emulator, 'POST', `${DOCS}:batchGet`, { documents: [name(path)], transaction });
    expect((await commit([setWrite(path, { n: { integerValue: '2' } })], transaction)).status).toBe(200);
  });

  it('returns a new transaction in the first element of runQuery and batchGet', async () => {
    const c = uniqueCollection('tx');
    const query = await rest(emulator, 'POST', `${DOCS}:runQuery`, {
      structuredQuery: { from: [{ collectionId: c }] },
      newTransaction: { readWrite: {} },
    });
    expect((query.body as Array<Record<string, unknown>>)[0]).toEqual({
      transaction: expect.any(String),
      readTime: expect.any(String),
    });
    const get = await rest(emulator, 'POST', `${DOCS}:batchGet`, {
      documents: [name(`${c}/x`)],
      newTransaction: { readOnly: {} },
    });
    expect((get.body as Array<Record<string, unknown>>)[0]).toMatchObject({
      transaction: expect.any(String),
      missing: name(`${c}/x`),
    });
  });

  it('rollback ends the transaction: committing it afterwards is rejected', async () => {
    const transaction = await begin();
    expect((await rest(emulator, 'POST', `${DOCS}:rollback`, { transaction })).body).toEqual({});
    const answer = await commit([], transaction);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(error(400, 'INVALID_ARGUMENT'));
  });
});

describe('runQuery and runAggregationQuery details', () => {
  const c = 'restProducts';
  beforeAll(async () => {
    await commit([
      setWrite(`${c}/a`, {
        price: { integerValue: '10' },
        tags: { arrayValue: { values: [{ stringValue: 'x' }] } },
        score: { doubleValue: 'NaN' },
      }),
      setWrite(`${c}/b`, { price: { integerValue: '20' }, note: { nullValue: null } }),
      setWrite(`${c}/c`, { price: { doubleValue: 15.5 }, score: { doubleValue: 1 } }),
      setWrite(`${c}/a/parts/p1`, { n: { integerValue: '1' } }),
    ]);
  });

  it('accepts operators, directions and unary operators as integers', async () => {
    const desc = await runQuery({
      from: [{ collectionId: c }],
      orderBy: [{ field: { fieldPath: 'price' }, direction: 2 }],
    });
    expect(documentIds(desc)).toEqual(['b', 'c', 'a']);
    const composite = await runQuery({
      from: [{ collectionId: c }],
      where: {
        compositeFilter: {
          op: 2,
          filters: [
            { fieldFilter: { field: { fieldPath: 'price' }, op: 5, value: { integerValue: '10' } } },
            { unaryFilter: { field: { fieldPath: 'note' }, op: 3 } },
          ],
        },
      },
    });
    expect(documentIds(composite)).toEqual(['a', 'b']);
    const nan = await runQuery({
      from: [{ collectionId: c }],
      where: { unaryFilter: { field: { fieldPath: 'score' }, op: 'IS_NAN' } },
    });
    expect(documentIds(nan)).toEqual(['a']);
    const notNan = await runQuery({
      from: [{ collectionId: c }],
      where: { unaryFilter: { field: { fieldPath: 'score' }, op: 4 } },
    });
    expect(documentIds(notNan)).toEqual(['c']);
  });

  it('answers a lone readTime when nothing matches', async () => {
    const none = await runQuery({ from: [{ collectionId: 'nothingHere' }] });
    expect(none).toEqual([{ readTime: expect.any(String) }]);
  });

  it('selects only the named fields, or only names', async () => {
    const some = await runQuery({ from: [{ collectionId: c }], select: { fields: [{ fieldPath: 'price' }] } });
    expect(some.map((i) => (i.document as { fields: unknown }).fields)).toEqual([
      { price: { integerValue: '10' } },
      { price: { integerValue: '20' } },
      { price: { doubleValue: 15.5 } },
    ]);
    const names = await runQuery({ from: [{ collectionId: c }], select: { fields: [{ fieldPath: '__name__' }] } });
    expect(names.map((i) => (i.document as { fields: unknown }).fields)).toEqual([{}, {}, {}]);
  });

  it('runs queries and aggregations on a parent document path', async () => {
    expect(documentIds(await runQuery({ from: [{ collectionId: 'parts' }] }, `${DOCS}/${c}/a`))).toEqual(['p1']);
    const answer = await rest(emulator, 'POST', `${DOCS}/${c}/a:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'parts' }] },
        aggregations: [{ alias: 'n', count: {} }],
      },
    });
    expect(answer.body).toEqual([
      { result: { aggregateFields: { n: { integerValue: '1' } } }, readTime: expect.any(String) },
    ]);
  });

  it('counts with upTo, sums and averages', async () => {
    const answer = await rest(emulator, 'POST', `${DOCS}:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: c }] },
        aggregations: [
          { alias: 'capped', count: { upTo: 2 } },
          { alias: 'total', sum: { field: { fieldPath: 'price' } } },
          { alias: 'mean', avg: { field: { fieldPath: 'price' } } },
        ],
      },
    });
    expect((answer.body as Array<{ result: unknown }>)[0]?.result).toEqual({
      aggregateFields: {
        capped: { integerValue: '2' },
        total: { doubleValue: 45.5 },
        mean: { doubleValue: 45.5 / 3 },
      },
    });
  });

  it('aggregates only documents that have every aggregated field: none here, so count 0, sum 0, avg null', async () => {
    const answer = await rest(emulator, 'POST', `${DOCS}:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: c }] },
        aggregations: [
          { alias: 'n', count: {} },
          { alias: 'total', sum: { field: { fieldPath: 'price' } } },
          { alias: 'none', avg: { field: { fieldPath: 'missing' } } },
        ],
      },
    });
    expect((answer.body as Array<{ result: unknown }>)[0]?.result).toEqual({
      aggregateFields: {
        n: { integerValue: '0' },
        total: { integerValue: '0' },
        none: { nullValue: 'NULL_VALUE' },
      },
    });
  });

  it('applies offset and limit after ordering and cursors', async () => {
    const items = await runQuery({
      from: [{ collectionId: c }],
      orderBy: [{ field: { fieldPath: 'price' }, direction: 'ASCENDING' }],
      startAt: { values: [{ integerValue: '10' }], before: false },
      offset: 1,
      limit: { value: 5 },
    });
    expect(documentIds(items)).toEqual(['b']);
  });
});

describe('single-document REST methods', () => {
  it('PATCH creates and updates with updateMask; GET reads with a mask; DELETE removes', async () => {
    const path = `${DOCS}/${uniqueCollection('rest')}/d1`;
    const created = await rest(emulator, 'PATCH', path, {
      fields: { a: { integerValue: '1' }, b: { stringValue: 'x' } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      fields: { a: { integerValue: '1' }, b: { stringValue: 'x' } },
      createTime: expect.any(String),
    });

    const masked = await rest(emulator, 'PATCH', `${path}?updateMask.fieldPaths=a&updateMask.fieldPaths=c`, {
      fields: { a: { integerValue: '2' }, b: { stringValue: 'ignored' } },
    });
    expect((masked.body as { fields: unknown }).fields).toEqual({ a: { integerValue: '2' }, b: { stringValue: 'x' } });

    const onlyB = await rest(emulator, 'GET', `${path}?mask.fieldPaths=b`);
    expect((onlyB.body as { fields: unknown }).fields).toEqual({ b: { stringValue: 'x' } });

    const mustExist = await rest(emulator, 'PATCH', `${path}-other?currentDocument.exists=true`, { fields: {} });
    expect(mustExist.status).toBe(404);

    expect((await rest(emulator, 'DELETE', path)).body).toEqual({});
    const gone = await rest(emulator, 'GET', path);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(error(404, 'NOT_FOUND'));
  });

  it('lists a collection page by page, in the requested order', async () => {
    const c = uniqueCollection('rest');
    for (const [id, n] of [
      ['a', 3],
      ['b', 1],
      ['c', 2],
    ] as const) {
      await rest(emulator, 'POST', `${DOCS}/${c}?documentId=${id}`, { fields: { n: { integerValue: String(n) } } });
    }
    const first = await rest(emulator, 'GET', `${DOCS}/${c}?pageSize=2&orderBy=n%20desc`);
    const page1 = first.body as { documents: Array<{ name: string }>; nextPageToken: string };
    expect(page1.documents.map((d) => d.name.split('/').pop())).toEqual(['a', 'c']);
    const second = await rest(
      emulator,
      'GET',
      `${DOCS}/${c}?pageSize=2&orderBy=n%20desc&pageToken=${page1.nextPageToken}`,
    );
    const page2 = second.body as { documents: Array<{ name: string }>; nextPageToken?: string };
    expect(page2.documents.map((d) => d.name.split('/').pop())).toEqual(['b']);
    expect(page2.nextPageToken).toBeUndefined();
  });

  // https://cloud.google.com/firestore/docs/reference/rest/v1/projects.databases.documents/list
  // (pageSize: the maximum number of documents in one response) with Google's pagination rules
  // (https://google.aip.dev/158): a page size of 0 or none means no size given, a negative one is
  // INVALID_ARGUMENT, and pageSize is an int32.
  it('reads pageSize 0 or empty as no page size, and refuses a negative or non-integer one', async () => {
    const c = uniqueCollection('pages');
    for (const id of ['a', 'b', 'c']) await rest(emulator, 'POST', `${DOCS}/${c}?documentId=${id}`, { fields: {} });
    for (const pageSize of ['0', '']) {
      const all = await rest(emulator, 'GET', `${DOCS}/${c}?pageSize=${pageSize}`);
      expect(all.status, `pageSize=${pageSize}`).toBe(200);
      const body = all.body as { documents: Array<{ name: string }>; nextPageToken?: string };
      expect(body.documents.map((d) => d.name.split('/').pop())).toEqual(['a', 'b', 'c']);
      expect(body.nextPageToken).toBeUndefined();
    }
    for (const pageSize of ['-1', '1.5', 'two', '2147483648']) {
      const refused = await rest(emulator, 'GET', `${DOCS}/${c}?pageSize=${pageSize}`);
      expect(refused.status, `pageSize=${pageSize}`).toBe(400);
      expect(refused.body).toEqual(error(400, 'INVALID_ARGUMENT'));
    }
  });
});
