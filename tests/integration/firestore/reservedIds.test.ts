import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  documentId,
  getCount,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  where,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { DATABASE, adminClient, liteClient, rest } from './helpers';

// Collection and document ids of the form __x__ are reserved (docs/local-cloud.md): production answers
// INVALID_ARGUMENT (HTTP 400) to reads, queries, aggregations and writes that name one.
let emulator: FirestoreEmulator;
let db: Firestore;
let admin: AdminFirestore;
let closeClient: () => Promise<void>;

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  ({ db, close: closeClient } = liteClient(emulator));
  admin = adminClient(emulator);
  await setDoc(doc(db, 'shelves', 'plain'), { n: 1 });
  await setDoc(doc(db, 'shelves', '_x_'), { n: 2 });
});

afterAll(async () => {
  await closeClient();
  await emulator.close();
});

// The Lite SDK reads every HTTP 400 as failed-precondition (mapCodeFromHttpStatus), with production too.
const liteRefused = (id: string) => ({
  code: 'failed-precondition',
  message: expect.stringContaining(`Resource id "${id}" is invalid because it is reserved.`),
});
// google-gax maps HTTP 400 to code 3, INVALID_ARGUMENT.
const adminRefused = (id: string) => ({
  code: 3,
  message: expect.stringContaining(`Resource id "${id}" is invalid because it is reserved.`),
});

describe('reserved ids with the Lite SDK', () => {
  it('refuses writes to a reserved document or collection id, and writes nothing', async () => {
    await expect(setDoc(doc(db, 'shelves', '__x__'), { n: 1 })).rejects.toMatchObject(liteRefused('__x__'));
    await expect(setDoc(doc(db, '__shelves__', 'a'), { n: 1 })).rejects.toMatchObject(liteRefused('__shelves__'));
    await expect(deleteDoc(doc(db, 'shelves', '__x__'))).rejects.toMatchObject(liteRefused('__x__'));
    const batch = writeBatch(db);
    batch.set(doc(db, 'shelves', 'fine'), { n: 3 });
    batch.set(doc(db, 'shelves', 'plain', '__sub__', 'a'), { n: 4 });
    await expect(batch.commit()).rejects.toMatchObject(liteRefused('__sub__'));
    expect((await getDoc(doc(db, 'shelves', 'fine'))).exists()).toBe(false);
  });

  it('refuses reads, queries and aggregations that name a reserved id', async () => {
    await expect(getDoc(doc(db, 'shelves', '__x__'))).rejects.toMatchObject(liteRefused('__x__'));
    await expect(getDoc(doc(db, '__shelves__', 'a'))).rejects.toMatchObject(liteRefused('__shelves__'));
    await expect(getDocs(collection(db, '__shelves__'))).rejects.toMatchObject(liteRefused('__shelves__'));
    await expect(getDocs(collection(db, 'shelves', '__x__', 'parts'))).rejects.toMatchObject(liteRefused('__x__'));
    await expect(getDocs(collectionGroup(db, '__parts__'))).rejects.toMatchObject(liteRefused('__parts__'));
    await expect(getCount(collection(db, '__shelves__'))).rejects.toMatchObject(liteRefused('__shelves__'));
  });

  it('accepts ids that only look alike, and __name__ as a field path', async () => {
    expect((await getDoc(doc(db, 'shelves', '_x_'))).get('n')).toBe(2);
    const byName = query(collection(db, 'shelves'), where(documentId(), '==', 'plain'), orderBy('__name__'));
    expect((await getDocs(byName)).docs.map((d) => d.id)).toEqual(['plain']);
  });
});

describe('reserved ids with firebase-admin (REST)', () => {
  it('refuses reads, writes, queries and aggregations with code 3', async () => {
    await expect(admin.doc('shelves/__x__').get()).rejects.toMatchObject(adminRefused('__x__'));
    await expect(admin.doc('shelves/__x__').set({ n: 1 })).rejects.toMatchObject(adminRefused('__x__'));
    await expect(admin.collection('__shelves__').get()).rejects.toMatchObject(adminRefused('__shelves__'));
    await expect(admin.collection('__shelves__').count().get()).rejects.toMatchObject(adminRefused('__shelves__'));
    expect((await admin.doc('shelves/plain').get()).get('n')).toBe(1);
  });
});

describe('reserved ids over REST', () => {
  it('answers HTTP 400 INVALID_ARGUMENT on the single-document methods', async () => {
    const expected = {
      error: {
        code: 400,
        status: 'INVALID_ARGUMENT',
        message: 'Resource id "__x__" is invalid because it is reserved.',
      },
    };
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const answer = await rest(
        emulator,
        method,
        `/v1/${DATABASE}/documents/shelves/__x__`,
        method === 'PATCH' ? {} : undefined,
      );
      expect({ method, status: answer.status, body: answer.body }).toEqual({ method, status: 400, body: expected });
    }
    const created = await rest(emulator, 'POST', `/v1/${DATABASE}/documents/shelves?documentId=__x__`, { fields: {} });
    expect(created.body).toEqual(expected);
  });
});
