import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Bytes,
  GeoPoint,
  Timestamp,
  addDoc,
  and,
  arrayRemove,
  arrayUnion,
  collection,
  collectionGroup,
  deleteDoc,
  deleteField,
  doc,
  documentId,
  endAt,
  endBefore,
  getCount,
  getDoc,
  getDocs,
  increment,
  limit,
  limitToLast,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setLogLevel,
  setDoc,
  startAfter,
  startAt,
  updateDoc,
  where,
  writeBatch,
  type Firestore,
  type Query,
} from 'firebase/firestore/lite';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { deferred, liteClient, uniqueCollection, queryCatalog } from './helpers';

let emulator: FirestoreEmulator;
let db: Firestore;
let closeClient: () => Promise<void>;

beforeAll(async () => {
  // Some tests fail requests on purpose; the SDK would log each one.
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  ({ db, close: closeClient } = liteClient(emulator));
});

afterAll(async () => {
  await closeClient();
  await emulator.close();
});

async function ids(q: Query): Promise<string[]> {
  return (await getDocs(q)).docs.map((d) => d.id);
}

describe('writes with the Lite SDK', () => {
  it('addDoc stores the data under a generated 20-character id', async () => {
    const ref = await addDoc(collection(db, uniqueCollection('add')), { title: 'Alpha', price: 500 });
    expect(ref.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const snap = await getDoc(ref);
    expect(snap.exists()).toBe(true);
    expect(snap.data()).toEqual({ title: 'Alpha', price: 500 });
  });

  it('setDoc replaces the whole document, and setDoc with merge keeps the fields it does not name', async () => {
    const ref = doc(db, uniqueCollection('set'), 'p1');
    await setDoc(ref, { title: 'Alpha', price: 500, meta: { a: 1, b: 2 } });
    await setDoc(ref, { title: 'Bravo' });
    expect((await getDoc(ref)).data()).toEqual({ title: 'Bravo' });

    await setDoc(ref, { price: 700, meta: { a: 1, b: 2 } }, { merge: true });
    await setDoc(ref, { meta: { b: 3 } }, { merge: true });
    expect((await getDoc(ref)).data()).toEqual({ title: 'Bravo', price: 700, meta: { a: 1, b: 3 } });
  });

  it('updateDoc changes only the named fields, nested paths included, and deleteField removes one', async () => {
    const ref = doc(db, uniqueCollection('update'), 'p1');
    await setDoc(ref, { title: 'Alpha', price: 500, meta: { a: 1, b: 2 }, old: true });
    await updateDoc(ref, { price: 650, 'meta.b': 5, old: deleteField() });
    expect((await getDoc(ref)).data()).toEqual({ title: 'Alpha', price: 650, meta: { a: 1, b: 5 } });
  });

  it('updateDoc of a missing document fails with not-found and creates nothing', async () => {
    const ref = doc(db, uniqueCollection('update'), 'missing');
    await expect(updateDoc(ref, { price: 1 })).rejects.toMatchObject({ code: 'not-found' });
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('deleteDoc removes the document', async () => {
    const ref = doc(db, uniqueCollection('delete'), 'p1');
    await setDoc(ref, { title: 'Alpha' });
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('serverTimestamp stores the commit time as a timestamp', async () => {
    const before = Date.now();
    const ref = await addDoc(collection(db, uniqueCollection('ts')), { createdAt: serverTimestamp() });
    const after = Date.now();
    const createdAt: unknown = (await getDoc(ref)).get('createdAt');
    expect(createdAt).toBeInstanceOf(Timestamp);
    const millis = (createdAt as Timestamp).toMillis();
    expect(millis).toBeGreaterThanOrEqual(before - 1);
    expect(millis).toBeLessThanOrEqual(after + 1);
  });

  it('increment adds to a number and starts a missing field at the operand', async () => {
    const ref = doc(db, uniqueCollection('inc'), 'c');
    await setDoc(ref, { views: 5, rate: 1.5 });
    await updateDoc(ref, { views: increment(2), rate: increment(1), fresh: increment(3) });
    expect((await getDoc(ref)).data()).toEqual({ views: 7, rate: 2.5, fresh: 3 });
  });

  it('arrayUnion adds only the missing elements and arrayRemove removes every copy', async () => {
    const ref = doc(db, uniqueCollection('arr'), 'c');
    await setDoc(ref, { tags: ['a', 'b', 'a'] });
    await updateDoc(ref, { tags: arrayUnion('b', 'c', { x: 1 }) });
    expect((await getDoc(ref)).get('tags')).toEqual(['a', 'b', 'a', 'c', { x: 1 }]);
    await updateDoc(ref, { tags: arrayRemove('a', { x: 1 }) });
    expect((await getDoc(ref)).get('tags')).toEqual(['b', 'c']);
  });

  it('a write batch applies all its writes', async () => {
    const name = uniqueCollection('batch');
    const batch = writeBatch(db);
    batch.set(doc(db, name, 'a'), { n: 1 });
    batch.set(doc(db, name, 'b'), { n: 2 });
    await batch.commit();
    expect(await ids(query(collection(db, name)))).toEqual(['a', 'b']);
  });

  it('keeps 200 concurrent writes without losing one', async () => {
    const name = uniqueCollection('burst');
    await Promise.all(Array.from({ length: 200 }, (_, i) => addDoc(collection(db, name), { i })));
    expect((await getCount(collection(db, name))).data().count).toBe(200);
    const values = (await getDocs(query(collection(db, name), orderBy('i')))).docs.map((d) => d.get('i') as number);
    expect(values).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });
});

describe('queries with the Lite SDK', () => {
  const products = 'products';
  const catalog = queryCatalog;
  const all = () => collection(db, products);

  beforeAll(async () => {
    await Promise.all(Object.entries(catalog).map(([id, data]) => setDoc(doc(db, products, id), data)));
  });

  it('== matches equal values only', async () => {
    expect(await ids(query(all(), where('category', '==', 'ebook')))).toEqual(['p1', 'p3', 'p5']);
    expect(await ids(query(all(), where('category', '==', null)))).toEqual(['p7']);
  });

  it('!= skips documents where the field is missing or null', async () => {
    expect((await ids(query(all(), where('category', '!=', 'ebook')))).sort()).toEqual(['p2', 'p4', 'p6']);
  });

  it('<, <=, >, >= compare numbers, integers and doubles alike', async () => {
    expect((await ids(query(all(), where('price', '<', 1500)))).sort()).toEqual(['p1', 'p5', 'p7']);
    expect((await ids(query(all(), where('price', '<=', 1500)))).sort()).toEqual(['p1', 'p2', 'p3', 'p5', 'p7']);
    expect(await ids(query(all(), where('price', '>', 1500)))).toEqual(['p4']);
    expect((await ids(query(all(), where('price', '>=', 1500)))).sort()).toEqual(['p2', 'p3', 'p4']);
    expect(await ids(query(all(), where('price', '>', 999)))).toEqual(['p5', 'p2', 'p3', 'p4']);
  });

  it('range filters only match values of the same type', async () => {
    expect(await ids(query(all(), where('title', '>=', 'D')))).toEqual(['p4', 'p5', 'p6', 'p7']);
    expect(await ids(query(all(), where('title', '>', 0)))).toEqual([]);
  });

  it('array-contains and array-contains-any look inside arrays', async () => {
    expect(await ids(query(all(), where('tags', 'array-contains', 'sale')))).toEqual(['p1', 'p2', 'p7']);
    expect(await ids(query(all(), where('tags', 'array-contains-any', ['bundle', 'new'])))).toEqual([
      'p1',
      'p4',
      'p5',
      'p7',
    ]);
  });

  it('in and not-in match against a list (not-in skips null and missing)', async () => {
    expect(await ids(query(all(), where('category', 'in', ['course', 'template'])))).toEqual(['p2', 'p4', 'p6']);
    expect(await ids(query(all(), where('category', 'not-in', ['ebook', 'course'])))).toEqual(['p4']);
  });

  it('where on documentId() filters by name', async () => {
    expect(await ids(query(all(), where(documentId(), 'in', ['p2', 'p5', 'nope'])))).toEqual(['p2', 'p5']);
    expect(await ids(query(all(), where(documentId(), '>', 'p5')))).toEqual(['p6', 'p7']);
  });

  it('and() and or() combine filters, nested too', async () => {
    expect(await ids(query(all(), and(where('category', '==', 'ebook'), where('price', '>', 600))))).toEqual([
      'p5',
      'p3',
    ]);
    expect(await ids(query(all(), or(where('category', '==', 'template'), where('rating', '==', 3))))).toEqual([
      'p3',
      'p4',
    ]);
    const nested = or(
      and(where('category', '==', 'ebook'), where('price', '<', 600)),
      where('category', '==', 'template'),
    );
    expect(await ids(query(all(), nested))).toEqual(['p1', 'p4']);
  });

  it('orderBy on several fields, skipping documents without them, ties broken by id', async () => {
    expect(await ids(query(all(), orderBy('rating', 'desc'), orderBy('price')))).toEqual([
      'p2',
      'p4',
      'p1',
      'p5',
      'p3',
    ]);
    expect(await ids(query(all(), orderBy('price')))).toEqual(['p7', 'p1', 'p5', 'p2', 'p3', 'p4']);
    // The implicit order by name follows the direction of the last explicit order.
    expect(await ids(query(all(), orderBy('price', 'desc')))).toEqual(['p4', 'p3', 'p2', 'p5', 'p1', 'p7']);
  });

  it('limit and limitToLast', async () => {
    expect(await ids(query(all(), orderBy('price'), limit(2)))).toEqual(['p7', 'p1']);
    expect(await ids(query(all(), orderBy('price'), limitToLast(2)))).toEqual(['p3', 'p4']);
  });

  it('startAt, startAfter, endAt and endBefore cursors', async () => {
    const byPrice = query(all(), orderBy('price'));
    expect(await ids(query(byPrice, startAt(1500)))).toEqual(['p2', 'p3', 'p4']);
    expect(await ids(query(byPrice, startAfter(1500)))).toEqual(['p4']);
    expect(await ids(query(byPrice, endAt(999.5)))).toEqual(['p7', 'p1', 'p5']);
    expect(await ids(query(byPrice, endBefore(1500)))).toEqual(['p7', 'p1', 'p5']);
    expect(await ids(query(byPrice, startAfter(500), endBefore(2500)))).toEqual(['p5', 'p2', 'p3']);
    // A snapshot cursor carries the name too, so it can split ties.
    const p2 = await getDoc(doc(db, products, 'p2'));
    expect(await ids(query(byPrice, startAfter(p2)))).toEqual(['p3', 'p4']);
    expect(await ids(query(byPrice, limit(2), startAt(p2)))).toEqual(['p2', 'p3']);
  });

  it('getCount counts what the query matches', async () => {
    expect((await getCount(all())).data().count).toBe(7);
    expect((await getCount(query(all(), where('category', '==', 'ebook')))).data().count).toBe(3);
    expect((await getCount(query(all(), where('category', '==', 'none')))).data().count).toBe(0);
  });

  it('queries a subcollection, and collectionGroup finds it under every parent', async () => {
    await setDoc(doc(db, products, 'p1', 'outlines', 'o1'), { n: 1 });
    await setDoc(doc(db, products, 'p1', 'outlines', 'o2'), { n: 2 });
    await setDoc(doc(db, products, 'p2', 'outlines', 'o3'), { n: 3 });
    expect(await ids(query(collection(db, products, 'p1', 'outlines'), orderBy('n', 'desc')))).toEqual(['o2', 'o1']);
    expect(await ids(query(collectionGroup(db, 'outlines'), orderBy('n')))).toEqual(['o1', 'o2', 'o3']);
    // Subcollection documents are not part of their parent's collection.
    expect((await getCount(all())).data().count).toBe(7);
  });

  it('orders values of different types the way Firestore does', async () => {
    const name = uniqueCollection('mixed');
    const values: Record<string, unknown> = {
      a_null: null,
      b_bool: false,
      c_nan: NaN,
      d_int: 1,
      e_double: 2.5,
      f_time: Timestamp.fromMillis(0),
      g_string: 'text',
      h_bytes: Bytes.fromUint8Array(new Uint8Array([1, 2])),
      i_ref: doc(db, 'x', 'y'),
      j_geo: new GeoPoint(1, 2),
      k_array: [1],
      l_map: { a: 1 },
    };
    // Written in reverse so the answer's order cannot come from insertion order.
    for (const [id, v] of Object.entries(values).reverse()) await setDoc(doc(db, name, id), { v });
    expect(await ids(query(collection(db, name), orderBy('v')))).toEqual(Object.keys(values));
    expect(await ids(query(collection(db, name), where('v', '==', NaN)))).toEqual(['c_nan']);
    expect(await ids(query(collection(db, name), where('v', '!=', null)))).toHaveLength(11);
    const read = (await getDoc(doc(db, name, 'h_bytes'))).get('v') as Bytes;
    expect([...read.toUint8Array()]).toEqual([1, 2]);
  });
});

describe('transactions with the Lite SDK', () => {
  it('reads then writes in one transaction', async () => {
    const ref = doc(db, uniqueCollection('tx'), 'counter');
    await setDoc(ref, { count: 41 });
    const result = await runTransaction(db, async (t) => {
      const count = (await t.get(ref)).get('count') as number;
      t.update(ref, { count: count + 1 });
      return count + 1;
    });
    expect(result).toBe(42);
    expect((await getDoc(ref)).get('count')).toBe(42);
  });

  it('two conflicting transactions both count: the loser is rejected and retried', async () => {
    const ref = doc(db, uniqueCollection('tx'), 'counter');
    await setDoc(ref, { count: 0 });
    const bothRead = deferred();
    let firstReads = 0;
    let attempts = 0;
    const incrementOnce = () =>
      runTransaction(db, async (t) => {
        attempts += 1;
        const count = (await t.get(ref)).get('count') as number;
        if (firstReads < 2) {
          firstReads += 1;
          if (firstReads === 2) bothRead.resolve();
          await bothRead.promise;
        }
        t.set(ref, { count: count + 1 });
      });
    await Promise.all([incrementOnce(), incrementOnce()]);
    expect((await getDoc(ref)).get('count')).toBe(2);
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('a document only read in a transaction is verified at commit; a change to it forces a retry', async () => {
    const name = uniqueCollection('tx');
    const price = doc(db, name, 'price');
    const order = doc(db, name, 'order');
    await setDoc(price, { amount: 100 });
    let attempts = 0;
    await runTransaction(db, async (t) => {
      attempts += 1;
      const amount = (await t.get(price)).get('amount') as number;
      if (attempts === 1) await setDoc(price, { amount: 250 });
      t.set(order, { charged: amount });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(order)).get('charged')).toBe(250);
  });
});
