import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Filter,
  GeoPoint,
  Timestamp,
  type Firestore,
} from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { adminClient, deferred, uniqueCollection, queryCatalog } from './helpers';

let emulator: FirestoreEmulator;
let db: Firestore;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
  db = adminClient(emulator);
});

afterAll(async () => {
  await emulator.close();
});

async function ids(q: FirebaseFirestore.Query): Promise<string[]> {
  return (await q.get()).docs.map((d) => d.id);
}

describe('writes with firebase-admin (REST)', () => {
  it('round-trips every value type', async () => {
    const ref = db.collection(uniqueCollection('types')).doc('all');
    const data = {
      nothing: null,
      yes: true,
      int: 42,
      big: 9007199254740991,
      double: 1.25,
      when: Timestamp.fromDate(new Date('2024-05-06T07:08:09.123Z')),
      text: 'héllo 🌍',
      bytes: Buffer.from([0, 1, 255]),
      place: new GeoPoint(6.5, 3.4),
      list: [1, 'two', { three: 3 }],
      nested: { deep: { deeper: 'yes' } },
      link: db.doc('products/p1'),
    };
    await ref.set(data);
    const read = (await ref.get()).data();
    expect(read).toMatchObject({ ...data, bytes: expect.any(Buffer), link: expect.anything() });
    expect([...(read?.bytes as Buffer)]).toEqual([0, 1, 255]);
    expect((read?.link as FirebaseFirestore.DocumentReference).path).toBe('products/p1');
  });

  it('set, set with merge, update and delete', async () => {
    const ref = db.collection(uniqueCollection('crud')).doc('p1');
    await ref.set({ title: 'Alpha', price: 500, meta: { a: 1 } });
    await ref.set({ price: 600, meta: { b: 2 } }, { merge: true });
    expect((await ref.get()).data()).toEqual({ title: 'Alpha', price: 600, meta: { a: 1, b: 2 } });
    await ref.update({ title: 'Bravo', 'meta.a': FieldValue.delete() });
    expect((await ref.get()).data()).toEqual({ title: 'Bravo', price: 600, meta: { b: 2 } });
    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
  });

  it('create() makes a new document, and keeps createTime apart from updateTime', async () => {
    const ref = db.collection(uniqueCollection('create')).doc('p1');
    const created = await ref.create({ n: 1 });
    await ref.update({ n: 2 });
    const snap = await ref.get();
    expect(snap.get('n')).toBe(2);
    expect(snap.createTime?.isEqual(created.writeTime)).toBe(true);
    expect(snap.updateTime && snap.updateTime > created.writeTime).toBe(true);
  });

  it('create() of an existing document fails with ALREADY_EXISTS (code 6) through a BulkWriter', async () => {
    // A plain create() cannot see ALREADY_EXISTS over REST: the answer is HTTP 409, which the client
    // reads as ABORTED and retries until its deadline (firebase-admin-node#2587, same with the real
    // service). BulkWriter's batchWrite reports each write's own status code instead.
    const ref = db.collection(uniqueCollection('create')).doc('taken');
    await ref.set({ owner: 'first' });
    const writer = db.bulkWriter();
    const attempt = writer.create(ref, { owner: 'second' });
    await writer.close();
    await expect(attempt).rejects.toMatchObject({ code: 6 });
    expect((await ref.get()).get('owner')).toBe('first');
  });

  it('update() of a missing document fails with NOT_FOUND (code 5)', async () => {
    const ref = db.collection(uniqueCollection('update')).doc('missing');
    await expect(ref.update({ n: 1 })).rejects.toMatchObject({ code: 5 });
    expect((await ref.get()).exists).toBe(false);
  });

  it('serverTimestamp, increment, arrayUnion and arrayRemove', async () => {
    const ref = db.collection(uniqueCollection('transforms')).doc('c');
    await ref.set({ views: 1, tags: ['a', 'b'] });
    const before = Date.now();
    await ref.update({
      at: FieldValue.serverTimestamp(),
      views: FieldValue.increment(4),
      tags: FieldValue.arrayUnion('c', 'a'),
    });
    await ref.update({ tags: FieldValue.arrayRemove('b'), score: FieldValue.increment(0.5) });
    const snap = await ref.get();
    expect(snap.get('views')).toBe(5);
    expect(snap.get('score')).toBe(0.5);
    expect(snap.get('tags')).toEqual(['a', 'c']);
    const at = snap.get('at') as Timestamp;
    expect(at.toMillis()).toBeGreaterThanOrEqual(before - 1);
    expect(at.toMillis()).toBeLessThanOrEqual(Date.now() + 1);
  });

  it('getAll reads several documents, missing ones included, with a field mask', async () => {
    const name = uniqueCollection('getAll');
    await db.doc(`${name}/a`).set({ x: 1, y: 2 });
    await db.doc(`${name}/b`).set({ x: 3, y: 4 });
    const snaps = await db.getAll(db.doc(`${name}/a`), db.doc(`${name}/nope`), db.doc(`${name}/b`), {
      fieldMask: ['y'],
    });
    expect(snaps.map((s) => (s.exists ? s.data() : null))).toEqual([{ y: 2 }, null, { y: 4 }]);
  });

  it('lists documents and subcollections', async () => {
    const name = uniqueCollection('list');
    await db.doc(`${name}/a`).set({ n: 1 });
    await db.doc(`${name}/b`).set({ n: 2 });
    await db.doc(`${name}/a/outlines/o1`).set({ n: 3 });
    expect((await db.collection(name).listDocuments()).map((r) => r.id).sort()).toEqual(['a', 'b']);
    expect((await db.doc(`${name}/a`).listCollections()).map((c) => c.id)).toEqual(['outlines']);
  });

  it('keeps 200 concurrent writes without losing one', async () => {
    const name = uniqueCollection('burst');
    await Promise.all(Array.from({ length: 200 }, (_, i) => db.collection(name).doc(`d${i}`).set({ i })));
    expect((await db.collection(name).count().get()).data().count).toBe(200);
  });
});

describe('queries with firebase-admin (enums sent as integers)', () => {
  const products = 'adminProducts';
  const catalog = queryCatalog;
  const all = () => db.collection(products);

  beforeAll(async () => {
    const batch = db.batch();
    for (const [id, data] of Object.entries(catalog)) batch.set(all().doc(id), data);
    await batch.commit();
  });

  it('every where operator', async () => {
    expect(await ids(all().where('category', '==', 'ebook'))).toEqual(['p1', 'p3', 'p5']);
    expect(await ids(all().where('category', '==', null))).toEqual(['p7']);
    expect((await ids(all().where('category', '!=', 'ebook'))).sort()).toEqual(['p2', 'p4', 'p6']);
    expect(await ids(all().where('price', '<', 1000))).toEqual(['p7', 'p1', 'p5']);
    expect(await ids(all().where('price', '<=', 999.5))).toEqual(['p7', 'p1', 'p5']);
    expect(await ids(all().where('price', '>', 1500))).toEqual(['p4']);
    expect(await ids(all().where('price', '>=', 1500))).toEqual(['p2', 'p3', 'p4']);
    expect(await ids(all().where('tags', 'array-contains', 'new'))).toEqual(['p1', 'p4', 'p7']);
    expect(await ids(all().where('tags', 'array-contains-any', ['bundle', 'sale']))).toEqual(['p1', 'p2', 'p5', 'p7']);
    expect(await ids(all().where('category', 'in', ['course', 'template']))).toEqual(['p2', 'p4', 'p6']);
    expect(await ids(all().where('category', 'not-in', ['ebook', 'template']))).toEqual(['p2', 'p6']);
  });

  it('Filter.and and Filter.or, nested', async () => {
    expect(
      await ids(all().where(Filter.and(Filter.where('category', '==', 'ebook'), Filter.where('rating', '==', 4)))),
    ).toEqual(['p1', 'p5']);
    expect(
      await ids(all().where(Filter.or(Filter.where('rating', '==', 3), Filter.where('category', '==', 'template')))),
    ).toEqual(['p3', 'p4']);
    const nested = Filter.or(
      Filter.and(Filter.where('category', '==', 'course'), Filter.where('rating', '==', 5)),
      Filter.where('title', '==', 'Golf'),
    );
    expect(await ids(all().where(nested))).toEqual(['p2', 'p7']);
  });

  it('orderBy several fields with ties broken by id, limit, offset and select', async () => {
    expect(await ids(all().orderBy('rating', 'desc').orderBy('price'))).toEqual(['p2', 'p4', 'p1', 'p5', 'p3']);
    expect(await ids(all().orderBy('price', 'desc'))).toEqual(['p4', 'p3', 'p2', 'p5', 'p1', 'p7']);
    expect(await ids(all().orderBy('price').offset(2).limit(2))).toEqual(['p5', 'p2']);
    expect(await ids(all().orderBy(FieldPath.documentId(), 'desc').limit(2))).toEqual(['p7', 'p6']);
    const selected = await all().where('rating', '==', 5).select('title').get();
    expect(selected.docs.map((d) => d.data())).toEqual([{ title: 'Bravo' }, { title: 'Delta' }]);
    const namesOnly = await all().select().get();
    expect(namesOnly.docs.map((d) => d.data())).toEqual(Array.from({ length: 7 }, () => ({})));
  });

  it('cursors: startAt, startAfter, endAt, endBefore, and a snapshot cursor', async () => {
    const byPrice = all().orderBy('price');
    expect(await ids(byPrice.startAt(1500))).toEqual(['p2', 'p3', 'p4']);
    expect(await ids(byPrice.startAfter(1500))).toEqual(['p4']);
    expect(await ids(byPrice.endAt(500))).toEqual(['p7', 'p1']);
    expect(await ids(byPrice.endBefore(500))).toEqual(['p7']);
    const p2 = await all().doc('p2').get();
    expect(await ids(byPrice.startAfter(p2))).toEqual(['p3', 'p4']);
  });

  it('count, sum and average aggregations', async () => {
    expect((await all().count().get()).data().count).toBe(7);
    expect((await all().where('category', '==', 'ebook').count().get()).data().count).toBe(3);
    const stats = await all()
      .where('category', '==', 'ebook')
      .aggregate({
        total: AggregateField.sum('price'),
        mean: AggregateField.average('rating'),
        n: AggregateField.count(),
      })
      .get();
    expect(stats.data()).toEqual({ total: 2999.5, mean: 11 / 3, n: 3 });
  });

  it('queries a subcollection and a collection group', async () => {
    const sub = uniqueCollection('chapters');
    await all().doc('p1').collection(sub).doc('o1').set({ n: 1 });
    await all().doc('p3').collection(sub).doc('o2').set({ n: 2 });
    expect(await ids(all().doc('p1').collection(sub))).toEqual(['o1']);
    expect(await ids(db.collectionGroup(sub).orderBy('n', 'desc'))).toEqual(['o2', 'o1']);
  });
});

describe('transactions with firebase-admin', () => {
  it('reads then writes in one transaction', async () => {
    const ref = db.collection(uniqueCollection('tx')).doc('counter');
    await ref.set({ count: 1 });
    const result = await db.runTransaction(async (t) => {
      const count = (await t.get(ref)).get('count') as number;
      t.update(ref, { count: count * 10 });
      return count * 10;
    });
    expect(result).toBe(10);
    expect((await ref.get()).get('count')).toBe(10);
  });

  it('two conflicting transactions both count: ABORTED makes the loser retry', async () => {
    const ref = db.collection(uniqueCollection('tx')).doc('counter');
    await ref.set({ count: 0 });
    const bothRead = deferred();
    let firstReads = 0;
    let attempts = 0;
    const incrementOnce = () =>
      db.runTransaction(async (t) => {
        attempts += 1;
        const count = (await t.get(ref)).get('count') as number;
        if (firstReads < 2) {
          firstReads += 1;
          if (firstReads === 2) bothRead.resolve();
          await bothRead.promise;
        }
        t.update(ref, { count: count + 1 });
      });
    await Promise.all([incrementOnce(), incrementOnce()]);
    expect((await ref.get()).get('count')).toBe(2);
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('create-once in a transaction: of two concurrent creators one writes, the other finds it on retry', async () => {
    // The pattern for idempotent records under REST: read, create if missing, else return what is there.
    const ref = db.collection(uniqueCollection('tx')).doc('order');
    const bothRead = deferred();
    let firstReads = 0;
    const createOnce = (owner: string) =>
      db.runTransaction(async (t) => {
        const snap = await t.get(ref);
        if (firstReads < 2) {
          firstReads += 1;
          if (firstReads === 2) bothRead.resolve();
          await bothRead.promise;
        }
        if (snap.exists) return snap.get('owner') as string;
        t.create(ref, { owner });
        return owner;
      });
    const [a, b] = await Promise.all([createOnce('first'), createOnce('second')]);
    const stored = (await ref.get()).get('owner') as string;
    expect([a, b]).toEqual([stored, stored]);
  });

  it('a query inside a transaction takes part in the conflict check', async () => {
    const name = uniqueCollection('tx');
    await db.doc(`${name}/a`).set({ n: 1 });
    let attempts = 0;
    await db.runTransaction(async (t) => {
      attempts += 1;
      const snap = await t.get(db.collection(name).where('n', '>=', 1));
      // Someone else changes a document the query returned, only on the first attempt.
      if (attempts === 1) await db.doc(`${name}/a`).update({ n: 5 });
      t.set(db.doc(`${name}/sum`), { total: snap.docs.reduce((s, d) => s + (d.get('n') as number), 0) });
    });
    expect(attempts).toBe(2);
    expect((await db.doc(`${name}/sum`).get()).get('total')).toBe(5);
  });
});
