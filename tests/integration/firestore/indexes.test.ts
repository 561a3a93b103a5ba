import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  and,
  average,
  collection,
  collectionGroup,
  doc,
  documentId,
  getAggregate,
  getCount,
  getDocs,
  or,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  sum,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { AggregateField, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { DATABASE, adminClient, liteClient, rest, tempDir } from './helpers';

// Composite-index enforcement (docs/local-cloud.md): an emulator given an indexes file refuses what
// production would refuse for want of an index; one without a file (Google's emulator) answers everything.
const indexesFile = {
  indexes: [
    {
      collectionGroup: 'books',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'genre', order: 'ASCENDING' },
        { fieldPath: 'year', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'books',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'rating', order: 'ASCENDING' },
        { fieldPath: 'year', order: 'DESCENDING' },
      ],
    },
    {
      collectionGroup: 'books',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
        { fieldPath: 'year', order: 'ASCENDING' },
      ],
    },
    {
      collectionGroup: 'books',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'pages', order: 'ASCENDING' },
        { fieldPath: 'year', order: 'ASCENDING' },
      ],
    },
  ],
  fieldOverrides: [
    { collectionGroup: 'books', fieldPath: 'blurb', indexes: [] },
    {
      collectionGroup: 'chapters',
      fieldPath: 'n',
      indexes: [
        { order: 'ASCENDING', queryScope: 'COLLECTION' },
        { order: 'DESCENDING', queryScope: 'COLLECTION' },
        { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
      ],
    },
  ],
};

const books: Record<string, Record<string, unknown>> = {
  b1: { genre: 'sf', year: 1990, rating: 5, pages: 100, tags: ['space'], blurb: 'Stars' },
  b2: { genre: 'sf', year: 2005, rating: 4, pages: 300, tags: ['space', 'war'], blurb: 'Ships' },
  b3: { genre: 'crime', year: 2000, rating: 5, pages: 200, tags: ['city'], blurb: 'Guns' },
  b4: { genre: 'sf', year: 2010, rating: 5, pages: 250, tags: ['war'], blurb: 'Robots' },
};

let enforcing: FirestoreEmulator;
let bare: FirestoreEmulator;
let db: Firestore;
let bareDb: Firestore;
let admin: AdminFirestore;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  setLogLevel('silent');
  const file = join(await tempDir(), 'firestore.indexes.json');
  await writeFile(file, JSON.stringify(indexesFile));
  enforcing = await startFirestoreEmulator({ port: 0, indexesFile: file });
  bare = await startFirestoreEmulator({ port: 0 });
  const lite = liteClient(enforcing);
  const bareLite = liteClient(bare);
  db = lite.db;
  bareDb = bareLite.db;
  closers.push(
    lite.close,
    bareLite.close,
    () => enforcing.close(),
    () => bare.close(),
  );
  admin = adminClient(enforcing);
  for (const target of [db, bareDb]) {
    await Promise.all(Object.entries(books).map(([id, data]) => setDoc(doc(target, 'books', id), data)));
    await setDoc(doc(target, 'undeclared', 'k'), { key1: 42, key2: 41 });
    await setDoc(doc(target, 'books', 'b1', 'chapters', 'c1'), { n: 1 });
    await setDoc(doc(target, 'books', 'b2', 'chapters', 'c2'), { n: 2 });
    await setDoc(doc(target, 'books', 'b2', 'parts', 'p1'), { n: 1 });
  }
});

afterAll(async () => {
  for (const close of closers) await close();
});

async function ids(q: Query): Promise<string[]> {
  return (await getDocs(q)).docs.map((d) => d.id);
}

const refused = { code: 'failed-precondition', message: expect.stringContaining('The query requires an index.') };

describe('queries that need a composite index (Lite SDK)', () => {
  it('== on one field and < on another, on an undeclared collection, is refused', async () => {
    const repro = query(collection(db, 'undeclared'), where('key1', '==', 42), where('key2', '<', 42));
    await expect(getDocs(repro)).rejects.toMatchObject(refused);
    // Google's emulator, and ours without an indexes file, answer it.
    const same = query(collection(bareDb, 'undeclared'), where('key1', '==', 42), where('key2', '<', 42));
    expect(await ids(same)).toEqual(['k']);
  });

  it('refuses an equality with an order on another field unless the declared index has that direction', async () => {
    const books = collection(db, 'books');
    expect(await ids(query(books, where('genre', '==', 'sf'), orderBy('year', 'desc')))).toEqual(['b4', 'b2', 'b1']);
    // The declared index is genre asc, year desc: it does not serve year asc.
    await expect(getDocs(query(books, where('genre', '==', 'sf'), orderBy('year')))).rejects.toMatchObject(refused);
  });

  it('refuses several orderBy fields without their index, in either direction', async () => {
    const books = collection(db, 'books');
    await expect(getDocs(query(books, orderBy('rating'), orderBy('year')))).rejects.toMatchObject(refused);
    await expect(getDocs(query(books, orderBy('genre', 'desc'), orderBy('year', 'desc')))).rejects.toMatchObject(
      refused,
    );
  });

  it('refuses inequalities on several fields unless an index has them in order', async () => {
    const books = collection(db, 'books');
    await expect(getDocs(query(books, where('rating', '>', 4), where('year', '<', 2008)))).rejects.toMatchObject(
      refused,
    );
    // pages asc, year asc is declared: the SDK orders by pages then year.
    expect(await ids(query(books, where('pages', '>', 150), where('year', '>', 1995)))).toEqual(['b3', 'b4', 'b2']);
  });

  it('serves array-contains with an order on another field from a declared contains index', async () => {
    const books = collection(db, 'books');
    expect(await ids(query(books, where('tags', 'array-contains', 'war'), orderBy('year')))).toEqual(['b2', 'b4']);
    await expect(
      getDocs(query(books, where('tags', 'array-contains', 'war'), orderBy('year', 'desc'))),
    ).rejects.toMatchObject(refused);
  });

  it('merges declared indexes that share the order: genre + rating ordered by year desc', async () => {
    const q = query(
      collection(db, 'books'),
      where('genre', '==', 'sf'),
      where('rating', '==', 5),
      orderBy('year', 'desc'),
    );
    expect(await ids(q)).toEqual(['b4', 'b1']);
  });

  it('refuses aggregations whose query needs an index: count, sum and average', async () => {
    const q = query(collection(db, 'books'), where('genre', '==', 'sf'), where('rating', '>', 4));
    await expect(getCount(q)).rejects.toMatchObject(refused);
    await expect(getAggregate(q, { total: sum('pages'), mean: average('year') })).rejects.toMatchObject(refused);
    const served = query(collection(db, 'books'), where('genre', '==', 'sf'), where('rating', '==', 5));
    expect((await getAggregate(served, { n: sum('pages') })).data()).toEqual({ n: 350 });
  });
});

describe('OR queries need an index for each disjunction', () => {
  it('serves each equality alone, and each equality with a declared order', async () => {
    const books = collection(db, 'books');
    const either = or(where('genre', '==', 'sf'), where('rating', '==', 5));
    expect(await ids(query(books, either))).toEqual(['b1', 'b2', 'b3', 'b4']);
    expect(await ids(query(books, either, orderBy('year', 'desc')))).toEqual(['b4', 'b2', 'b3', 'b1']);
  });

  it('refuses when one disjunction lacks its index', async () => {
    const books = collection(db, 'books');
    const q = query(books, or(where('genre', '==', 'sf'), where('pages', '==', 100)), orderBy('year', 'desc'));
    await expect(getDocs(q)).rejects.toMatchObject({
      ...refused,
      message: expect.stringContaining(
        '"fields":[{"fieldPath":"pages","order":"ASCENDING"},{"fieldPath":"year","order":"DESCENDING"}]',
      ),
    });
  });
});

describe('queries single-field indexes serve (Lite SDK)', () => {
  it('equalities on any fields, one range or order field in either direction, and __name__ order', async () => {
    const books = collection(db, 'books');
    expect(
      await ids(query(books, where('genre', '==', 'sf'), where('rating', '==', 5), where('pages', '==', 100))),
    ).toEqual(['b1']);
    expect(await ids(query(books, where('tags', 'array-contains', 'space'), where('genre', '==', 'sf')))).toEqual([
      'b1',
      'b2',
    ]);
    expect(await ids(query(books, where('genre', 'in', ['crime', 'horror']), where('rating', '==', 5)))).toEqual([
      'b3',
    ]);
    expect(await ids(query(books, where('year', '>=', 2000)))).toEqual(['b3', 'b2', 'b4']);
    expect(await ids(query(books, where('year', '>=', 2000), orderBy('year', 'desc')))).toEqual(['b4', 'b2', 'b3']);
    expect(await ids(query(books, orderBy('pages', 'desc')))).toEqual(['b2', 'b4', 'b3', 'b1']);
    expect(await ids(query(books, where('genre', '==', 'sf'), orderBy(documentId(), 'desc')))).toEqual([
      'b4',
      'b2',
      'b1',
    ]);
    expect(await ids(query(books, where('genre', '==', 'sf'), orderBy('genre')))).toEqual(['b1', 'b2', 'b4']);
    expect((await getCount(query(books, where('genre', '==', 'sf')))).data().count).toBe(3);
  });

  it('honours a single-field exemption: an exempted field can be neither filtered nor ordered', async () => {
    const books = collection(db, 'books');
    await expect(getDocs(query(books, where('blurb', '==', 'Stars')))).rejects.toMatchObject(refused);
    await expect(getDocs(query(books, orderBy('blurb')))).rejects.toMatchObject(refused);
  });

  it('collection group queries need a collection-group index, which a field override enables', async () => {
    expect(await ids(query(collectionGroup(db, 'chapters'), where('n', '==', 2)))).toEqual(['c2']);
    expect(await ids(query(collectionGroup(db, 'chapters'), orderBy('n')))).toEqual(['c1', 'c2']);
    await expect(getDocs(query(collectionGroup(db, 'chapters'), orderBy('n', 'desc')))).rejects.toMatchObject(refused);
    await expect(getDocs(query(collectionGroup(db, 'parts'), where('n', '==', 1)))).rejects.toMatchObject(refused);
    expect(await ids(query(collection(db, 'books', 'b2', 'parts'), where('n', '==', 1)))).toEqual(['p1']);
  });
});

// firebase-admin over REST knows an error only by its HTTP status (google-gax rpcCodeFromHttpStatusCode):
// FAILED_PRECONDITION travels as HTTP 400, from production too, so it reaches the API as code 3 with
// production's message.
describe('index enforcement with firebase-admin (REST: HTTP 400, code 3)', () => {
  const adminRefused = {
    code: 3,
    message: expect.stringContaining('The query requires an index. You can create it here:'),
  };

  it('refuses == on one field with < on another, and an undeclared order, answers a declared one', async () => {
    await expect(
      admin.collection('undeclared').where('key1', '==', 42).where('key2', '<', 42).get(),
    ).rejects.toMatchObject(adminRefused);
    await expect(admin.collection('books').where('genre', '==', 'sf').orderBy('year').get()).rejects.toMatchObject(
      adminRefused,
    );
    const served = await admin.collection('books').where('genre', '==', 'sf').orderBy('year', 'desc').get();
    expect(served.docs.map((d) => d.id)).toEqual(['b4', 'b2', 'b1']);
  });

  it('refuses an aggregation whose query needs an index', async () => {
    const q = admin.collection('books').where('genre', '==', 'sf').where('rating', '>', 4);
    await expect(q.count().get()).rejects.toMatchObject(adminRefused);
    await expect(q.aggregate({ total: AggregateField.sum('pages') }).get()).rejects.toMatchObject(adminRefused);
  });
});

describe('the error production sends', () => {
  it('is HTTP 400 FAILED_PRECONDITION with the console link and the index to declare', async () => {
    const answer = await rest(enforcing, 'POST', `/v1/${DATABASE}/documents:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: 'books' }],
        where: { fieldFilter: { field: { fieldPath: 'genre' }, op: 'EQUAL', value: { stringValue: 'sf' } } },
        orderBy: [{ field: { fieldPath: 'year' }, direction: 'ASCENDING' }],
      },
    });
    expect(answer.status).toBe(400);
    const { error } = answer.body as { error: { code: number; status: string; message: string } };
    expect(error).toMatchObject({ code: 400, status: 'FAILED_PRECONDITION' });
    const link =
      /^The query requires an index\. You can create it here: https:\/\/console\.firebase\.google\.com\/v1\/r\/project\/demo-digital-store\/firestore\/indexes\?create_composite=([A-Za-z0-9_-]+) /.exec(
        error.message,
      );
    expect(link).not.toBeNull();
    // A google.firestore.admin.v1.Index: name, scope COLLECTION, then genre asc, year asc, __name__ asc.
    const name = 'projects/demo-digital-store/databases/(default)/collectionGroups/books/indexes/_';
    const expected = Buffer.concat([
      Buffer.from([0x0a, name.length]),
      Buffer.from(name),
      Buffer.from([0x10, 0x01]),
      Buffer.from([0x1a, 0x09, 0x0a, 0x05]),
      Buffer.from('genre'),
      Buffer.from([0x10, 0x01, 0x1a, 0x08, 0x0a, 0x04]),
      Buffer.from('year'),
      Buffer.from([0x10, 0x01, 0x1a, 0x0c, 0x0a, 0x08]),
      Buffer.from('__name__'),
      Buffer.from([0x10, 0x01]),
    ]);
    expect(Buffer.from(link?.[1] ?? '', 'base64url').toString('hex')).toBe(expected.toString('hex'));
    expect(error.message).toContain(
      'declare it in firestore.indexes.json: {"collectionGroup":"books","queryScope":"COLLECTION","fields":[' +
        '{"fieldPath":"genre","order":"ASCENDING"},{"fieldPath":"year","order":"ASCENDING"}]}',
    );
  });

  it('names an array-contains field with arrayConfig and a descending order with DESCENDING', async () => {
    const answer = await rest(enforcing, 'POST', `/v1/${DATABASE}/documents:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery: {
          from: [{ collectionId: 'books' }],
          where: {
            fieldFilter: { field: { fieldPath: 'tags' }, op: 'ARRAY_CONTAINS', value: { stringValue: 'war' } },
          },
          orderBy: [{ field: { fieldPath: 'rating' }, direction: 'DESCENDING' }],
        },
        aggregations: [{ alias: 'n', count: {} }],
      },
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { message: string } }).error.message).toContain(
      '"fields":[{"fieldPath":"tags","arrayConfig":"CONTAINS"},{"fieldPath":"rating","order":"DESCENDING"}]',
    );
  });
});

describe('the indexes file', () => {
  it('must exist and be valid when the emulator starts', async () => {
    const dir = await tempDir();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"indexes": [');
    await expect(startFirestoreEmulator({ port: 0, indexesFile: broken })).rejects.toThrow(
      `Firestore emulator: cannot use the indexes file ${broken}`,
    );
    const wrong = join(dir, 'wrong.json');
    await writeFile(wrong, JSON.stringify({ indexes: [{ collectionGroup: 'a', fields: [{ fieldPath: 'x' }] }] }));
    await expect(startFirestoreEmulator({ port: 0, indexesFile: wrong })).rejects.toThrow(
      'indexes[0].fields[0] needs "order" (ASCENDING or DESCENDING) or "arrayConfig": "CONTAINS"',
    );
    await expect(startFirestoreEmulator({ port: 0, indexesFile: join(dir, 'missing.json') })).rejects.toThrow(
      'cannot use the indexes file',
    );
  });

  it('is read again when it changes; a broken edit keeps the indexes in use', async () => {
    const file = join(await tempDir(), 'firestore.indexes.json');
    await writeFile(file, JSON.stringify({ indexes: [] }));
    const lines: string[] = [];
    const emulator = await startFirestoreEmulator({ port: 0, indexesFile: file, log: (line) => lines.push(line) });
    const client = liteClient(emulator);
    try {
      await setDoc(doc(client.db, 'notes', 'n1'), { author: 'ada', at: 1 });
      const byAuthor = query(collection(client.db, 'notes'), where('author', '==', 'ada'), orderBy('at'));
      await expect(getDocs(byAuthor)).rejects.toMatchObject(refused);
      const declared = {
        indexes: [
          {
            collectionGroup: 'notes',
            queryScope: 'COLLECTION',
            fields: [
              { fieldPath: 'author', order: 'ASCENDING' },
              { fieldPath: 'at', order: 'ASCENDING' },
            ],
          },
        ],
      };
      await writeFile(file, JSON.stringify(declared));
      expect(await ids(byAuthor)).toEqual(['n1']);
      await writeFile(file, '{ "indexes": [ oops');
      expect(await ids(byAuthor)).toEqual(['n1']);
      expect(lines).toContainEqual(expect.stringContaining('(the previous indexes stay in use)'));
    } finally {
      await client.close();
      await emulator.close();
    }
  });

  it('refuses a filter with more than 30 disjunctions with INVALID_ARGUMENT', async () => {
    const values = (field: string, n: number) => or(...Array.from({ length: n }, (_, i) => where(field, '==', i)));
    const q = query(collection(db, 'books'), and(values('year', 6), values('pages', 6)));
    await expect(getDocs(q)).rejects.toMatchObject({
      message: expect.stringContaining('more than 30 disjunctions'),
    });
    const answer = await rest(enforcing, 'POST', `/v1/${DATABASE}/documents:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: 'books' }],
        where: {
          compositeFilter: {
            op: 'OR',
            filters: Array.from({ length: 31 }, (_, i) => ({
              fieldFilter: { field: { fieldPath: 'year' }, op: 'EQUAL', value: { integerValue: String(i) } },
            })),
          },
        },
      },
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
  });
});
