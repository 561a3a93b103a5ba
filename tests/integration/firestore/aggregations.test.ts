import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  average,
  collection,
  count,
  doc,
  documentId,
  getAggregate,
  limit,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  sum,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { AggregateField, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { DATABASE, adminClient, liteClient, rest } from './helpers';

// Aggregation semantics as production has them (docs/local-cloud.md): one request aggregates only the
// documents that have every field it sums or averages; sum and average skip values that are not numbers; a
// sum of integers stays an integer; at most 5 aggregations per request, refused with a message that
// names 'maximum number of aggregations', as Google's own test of the limit expects
// (googleapis/java-firestore ITQueryAggregationsTest, cannotPerformMoreThanMaxAggregations).
let emulator: FirestoreEmulator;
let db: Firestore;
let admin: AdminFirestore;
let closeClient: () => Promise<void>;

const collections: Record<string, Record<string, Record<string, unknown>>> = {
  // Where production differs from a naive sum: 350 over every document with pages, but 300 over
  // those that also have a year.
  shelf: {
    s1: { pages: 100, year: 2001 },
    s2: { pages: 200, year: 2003 },
    s3: { pages: 50 },
  },
  mixed: {
    m1: { pages: 100, year: 2000, genre: 'sf' },
    m2: { pages: 'lots', year: 2004, genre: 'sf' },
    m3: { pages: 20, year: null, genre: 'sf' },
    m4: { pages: 7, genre: 'sf' },
    m5: { pages: 1.5, year: 1990, genre: 'crime' },
  },
};

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  ({ db, close: closeClient } = liteClient(emulator));
  admin = adminClient(emulator);
  for (const [name, docs] of Object.entries(collections)) {
    await Promise.all(Object.entries(docs).map(([id, data]) => setDoc(doc(db, name, id), data)));
  }
});

afterAll(async () => {
  await closeClient();
  await emulator.close();
});

function aggregate(collectionId: string, aggregations: unknown[], where?: unknown) {
  return rest(emulator, 'POST', `/v1/${DATABASE}/documents:runAggregationQuery`, {
    structuredAggregationQuery: {
      structuredQuery: { from: [{ collectionId }], ...(where ? { where } : {}) },
      aggregations,
    },
  });
}

describe('aggregations with the Lite SDK', () => {
  it('sum, average and count in one request take only documents with every field', async () => {
    const snapshot = await getAggregate(collection(db, 'shelf'), {
      pages: sum('pages'),
      year: average('year'),
      n: count(),
    });
    expect(snapshot.data()).toEqual({ pages: 300, year: 2002, n: 2 });
  });

  it('one aggregation alone takes every document that has its field', async () => {
    expect((await getAggregate(collection(db, 'shelf'), { pages: sum('pages') })).data()).toEqual({ pages: 350 });
    expect((await getAggregate(collection(db, 'shelf'), { n: count() })).data()).toEqual({ n: 3 });
  });

  it('sum and average skip values that are not numbers, while count counts their documents', async () => {
    const sf = query(collection(db, 'mixed'), where('genre', '==', 'sf'));
    const snapshot = await getAggregate(sf, { pages: sum('pages'), year: average('year'), n: count() });
    // m1, m2 and m3 have both fields; 'lots' and null are skipped.
    expect(snapshot.data()).toEqual({ pages: 120, year: 2002, n: 3 });
  });

  it('average over no documents is null and sum is 0', async () => {
    const none = query(collection(db, 'mixed'), where('genre', '==', 'horror'));
    expect((await getAggregate(none, { pages: sum('pages'), year: average('year'), n: count() })).data()).toEqual({
      pages: 0,
      year: null,
      n: 0,
    });
  });

  it('the query limit applies to the documents that have the aggregated fields', async () => {
    // By id descending, s3 comes first, but it has no year: the two counted are s2 and s1.
    const firstTwo = query(collection(db, 'shelf'), orderBy(documentId(), 'desc'), limit(2));
    expect((await getAggregate(firstTwo, { pages: sum('pages'), year: sum('year') })).data()).toEqual({
      pages: 300,
      year: 4004,
    });
  });

  it('accepts 5 aggregations and refuses 6 (HTTP 400)', async () => {
    const five = { a: sum('pages'), b: average('pages'), c: count(), d: sum('year'), e: average('year') };
    expect((await getAggregate(collection(db, 'shelf'), five)).data()).toEqual({
      a: 300,
      b: 150,
      c: 2,
      d: 4004,
      e: 2002,
    });
    const six = { ...five, f: sum('genre') };
    // The Lite SDK knows an error only by its HTTP status and reads every 400 as failed-precondition
    // (mapCodeFromHttpStatus), as it does with production; the INVALID_ARGUMENT is in the status below.
    await expect(getAggregate(collection(db, 'shelf'), six)).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringContaining('maximum number of aggregations'),
    });
  });
});

describe('aggregations with firebase-admin (REST)', () => {
  it('the mixed-fields shelf gives the same answer', async () => {
    const snapshot = await admin
      .collection('shelf')
      .aggregate({
        pages: AggregateField.sum('pages'),
        year: AggregateField.average('year'),
        n: AggregateField.count(),
      })
      .get();
    expect(snapshot.data()).toEqual({ pages: 300, year: 2002, n: 2 });
  });

  it('skips values that are not numbers, and refuses more than 5 aggregations with code 3', async () => {
    const sf = admin.collection('mixed').where('genre', '==', 'sf');
    const snapshot = await sf
      .aggregate({
        pages: AggregateField.sum('pages'),
        year: AggregateField.average('year'),
        n: AggregateField.count(),
      })
      .get();
    expect(snapshot.data()).toEqual({ pages: 120, year: 2002, n: 3 });
    const six = sf.aggregate({
      a: AggregateField.sum('pages'),
      b: AggregateField.average('pages'),
      c: AggregateField.count(),
      d: AggregateField.sum('year'),
      e: AggregateField.average('year'),
      f: AggregateField.sum('genre'),
    });
    // google-gax maps the HTTP 400 to code 3, INVALID_ARGUMENT.
    await expect(six.get()).rejects.toMatchObject({
      code: 3,
      message: expect.stringContaining('maximum number of aggregations'),
    });
  });
});

describe('aggregation value types on the wire', () => {
  it('a sum of integers is an integerValue, with a double it is a doubleValue; average is a doubleValue', async () => {
    const answer = await aggregate('mixed', [
      { alias: 'ints', sum: { field: { fieldPath: 'pages' } } },
      { alias: 'mean', avg: { field: { fieldPath: 'pages' } } },
    ]);
    // m1 100, m3 20, m4 7 and m5 1.5 are numbers; m2's 'lots' is skipped.
    expect(answer.body).toEqual([
      {
        result: { aggregateFields: { ints: { doubleValue: 128.5 }, mean: { doubleValue: 32.125 } } },
        readTime: expect.any(String),
      },
    ]);
    const sf = { fieldFilter: { field: { fieldPath: 'genre' }, op: 'EQUAL', value: { stringValue: 'sf' } } };
    const ints = await aggregate('mixed', [{ alias: 'ints', sum: { field: { fieldPath: 'pages' } } }], sf);
    expect(ints.body).toEqual([
      { result: { aggregateFields: { ints: { integerValue: '127' } } }, readTime: expect.any(String) },
    ]);
  });

  it('a sum that overflows 64-bit integers becomes a double', async () => {
    await setDoc(doc(db, 'huge', 'h1'), { n: 9007199254740991 });
    await rest(emulator, 'POST', `/v1/${DATABASE}/documents:commit`, {
      writes: [
        {
          update: {
            name: `${DATABASE}/documents/huge/h2`,
            fields: { n: { integerValue: '9223372036854775807' } },
          },
        },
      ],
    });
    const answer = await aggregate('huge', [{ alias: 'total', sum: { field: { fieldPath: 'n' } } }]);
    expect(answer.body).toEqual([
      { result: { aggregateFields: { total: { doubleValue: 9232379236109516800 } } }, readTime: expect.any(String) },
    ]);
  });

  it('answers 6 aggregations with HTTP 400 INVALID_ARGUMENT', async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ alias: `c${i}`, count: {} }));
    const answer = await aggregate('shelf', six);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'The maximum number of aggregations in one request is 5; this query has 6.',
      },
    });
  });
});
