// Value semantics measured against Google's documentation: where vectors sort, what maximum and
// minimum do with NaN and with an operand that is not a number.
import {
  collection,
  doc,
  getDocs,
  orderBy,
  query,
  setDoc,
  setLogLevel,
  vector,
  where,
  type Firestore,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { DATABASE, liteClient, rest, uniqueCollection } from './helpers';

let emulator: FirestoreEmulator;
let db: Firestore;
let closeClient: () => Promise<void>;
const DOCS = `/v1/${DATABASE}/documents`;
const name = (path: string) => `${DATABASE}/documents/${path}`;

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  ({ db, close: closeClient } = liteClient(emulator));
});

afterAll(async () => {
  await closeClient();
  await emulator.close();
});

// https://cloud.google.com/firestore/docs/concepts/data-types: 'Vector embeddings: by dimension,
// then by each individual element value', and in the value type ordering vectors come after
// arrays and before maps.
describe('vectors', () => {
  it('sort after arrays and before maps, by dimension first and then element by element', async () => {
    const c = uniqueCollection('vectors');
    const values: Record<string, unknown> = {
      array: [9, 9, 9],
      v1: vector([5]),
      v2low: vector([1, 2]),
      v2high: vector([1, 3]),
      v3: vector([0, 0, 0]),
      // As plain maps these two would sort before a vector ('A' < '__type__', {} is shortest).
      mapUpper: { A: 1 },
      mapEmpty: {},
    };
    await Promise.all(Object.entries(values).map(([id, v]) => setDoc(doc(db, c, id), { v })));
    const ordered = await getDocs(query(collection(db, c), orderBy('v')));
    expect(ordered.docs.map((d) => d.id)).toEqual(['array', 'v1', 'v2low', 'v2high', 'v3', 'mapEmpty', 'mapUpper']);
    const descending = await getDocs(query(collection(db, c), orderBy('v', 'desc')));
    expect(descending.docs.map((d) => d.id)).toEqual(['mapUpper', 'mapEmpty', 'v3', 'v2high', 'v2low', 'v1', 'array']);
  });

  it('equal the same vector, and a range on vectors holds only vectors', async () => {
    const c = uniqueCollection('vectorFilters');
    await setDoc(doc(db, c, 'a'), { v: vector([1, 2]) });
    await setDoc(doc(db, c, 'b'), { v: vector([1, 2, 3]) });
    await setDoc(doc(db, c, 'm'), { v: { z: 1 } });
    const same = await getDocs(query(collection(db, c), where('v', '==', vector([1, 2]))));
    expect(same.docs.map((d) => d.id)).toEqual(['a']);
    const longer = await getDocs(query(collection(db, c), where('v', '>', vector([9, 9]))));
    expect(longer.docs.map((d) => d.id)).toEqual(['b']);
  });
});

// https://cloud.google.com/firestore/docs/reference/rest/v1/Write#FieldTransform: 'The maximum of
// any numeric value x and NaN is NaN', 'The minimum of any numeric value x and NaN is NaN', and the
// operand 'must be an integer or a double value'.
describe('maximum and minimum', () => {
  async function transform(stored: unknown, op: 'maximum' | 'minimum' | 'increment', operand: unknown) {
    const path = `${uniqueCollection('bounds')}/d`;
    await rest(emulator, 'POST', `${DOCS}:commit`, {
      writes: [{ update: { name: name(path), fields: { n: stored } } }],
    });
    const answer = await rest(emulator, 'POST', `${DOCS}:commit`, {
      writes: [{ transform: { document: name(path), fieldTransforms: [{ fieldPath: 'n', [op]: operand }] } }],
    });
    const stored2 = await rest(emulator, 'GET', `${DOCS}/${path}`);
    return { answer, field: (stored2.body as { fields?: { n?: unknown } }).fields?.n };
  }

  it.each([
    ['maximum', { integerValue: '5' }, { doubleValue: 'NaN' }],
    ['maximum', { doubleValue: 'NaN' }, { integerValue: '5' }],
    ['minimum', { integerValue: '5' }, { doubleValue: 'NaN' }],
    ['minimum', { doubleValue: 'NaN' }, { integerValue: '5' }],
  ] as const)('%s of %j and %j is NaN', async (op, stored, operand) => {
    const { answer, field } = await transform(stored, op, operand);
    expect(answer.body).toMatchObject({ writeResults: [{ transformResults: [{ doubleValue: 'NaN' }] }] });
    expect(field).toEqual({ doubleValue: 'NaN' });
  });

  it.each(['maximum', 'minimum', 'increment'] as const)(
    '%s with an operand that is not a number is INVALID_ARGUMENT and writes nothing',
    async (op) => {
      const { answer, field } = await transform({ integerValue: '5' }, op, { stringValue: '9' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
      expect(field).toEqual({ integerValue: '5' });
    },
  );
});
