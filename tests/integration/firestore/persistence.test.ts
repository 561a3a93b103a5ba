import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collection, doc, getCount, getDoc, setDoc } from 'firebase/firestore/lite';
import {
  FirestoreDataFileError,
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../../../local/firestore/server';
import { DATABASE, adminClient, liteClient, rest, tempDir } from './helpers';

let dir: string;
const running: FirestoreEmulator[] = [];
const clients: Array<() => Promise<void>> = [];

async function start(dataFile: string): Promise<FirestoreEmulator> {
  const emulator = await startFirestoreEmulator({ port: 0, dataFile });
  running.push(emulator);
  return emulator;
}

function lite(emulator: FirestoreEmulator) {
  const client = liteClient(emulator);
  clients.push(client.close);
  return client.db;
}

beforeAll(async () => {
  dir = await tempDir();
});

afterAll(async () => {
  await Promise.all(clients.map((close) => close()));
  await Promise.all(running.map((e) => e.close()));
  await rm(dir, { recursive: true, force: true });
});

describe('persistence to the data file', () => {
  it('keeps every document across a restart on the same data file', async () => {
    const dataFile = join(dir, 'restart', 'firestore.json');
    const first = await start(dataFile);
    const db = lite(first);
    await setDoc(doc(db, 'products', 'p1'), { title: 'Alpha', price: 500, tags: ['new'] });
    await Promise.all(Array.from({ length: 50 }, (_, i) => setDoc(doc(db, 'orders', `o${i}`), { i })));
    await setDoc(doc(db, 'products', 'p1', 'outlines', 'o1'), { text: 'Intro' });
    const versionBefore = (await adminClient(first).doc('products/p1').get()).updateTime;
    await first.close();

    const second = await start(dataFile);
    const again = lite(second);
    const after = await getDoc(doc(again, 'products', 'p1'));
    expect(after.data()).toEqual({ title: 'Alpha', price: 500, tags: ['new'] });
    expect((await getCount(collection(again, 'orders'))).data().count).toBe(50);
    expect((await getDoc(doc(again, 'products', 'p1', 'outlines', 'o1'))).get('text')).toBe('Intro');
    // Versions survive too, so a write after the restart is still newer than every earlier one.
    const admin = adminClient(second);
    const snap = await admin.doc('products/p1').get();
    expect(versionBefore && snap.updateTime?.isEqual(versionBefore)).toBe(true);
    const written = await admin.doc('products/p1').update({ price: 600 });
    expect(snap.updateTime && written.writeTime > snap.updateTime).toBe(true);
  });

  it('leaves a complete JSON file and no temporary files behind', async () => {
    const dataFile = join(dir, 'clean', 'firestore.json');
    const emulator = await start(dataFile);
    const db = lite(emulator);
    await Promise.all(Array.from({ length: 20 }, (_, i) => setDoc(doc(db, 'things', `t${i}`), { i })));
    await emulator.close();
    const saved = JSON.parse(await readFile(dataFile, 'utf8')) as { documents: unknown[] };
    expect(saved.documents).toHaveLength(20);
    expect(await readdir(join(dir, 'clean'))).toEqual(['firestore.json']);
  });

  it('starts empty when the data file does not exist yet', async () => {
    const emulator = await start(join(dir, 'fresh', 'firestore.json'));
    expect((await getCount(collection(lite(emulator), 'products'))).data().count).toBe(0);
  });

  it('refuses a truncated data file with FirestoreDataFileError naming the file', async () => {
    const source = join(dir, 'truncate-source', 'firestore.json');
    const emulator = await start(source);
    await setDoc(doc(lite(emulator), 'products', 'p1'), { title: 'Alpha', description: 'x'.repeat(200) });
    await emulator.close();
    const text = await readFile(source, 'utf8');
    const dataFile = join(dir, 'truncated.json');
    await writeFile(dataFile, text.slice(0, Math.floor(text.length / 2)));

    const error: unknown = await startFirestoreEmulator({ port: 0, dataFile }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FirestoreDataFileError);
    expect((error as Error).message).toContain(dataFile);
    expect((error as Error).message).toContain('npm run reset');
  });

  it('refuses a garbage data file, and an empty one, with FirestoreDataFileError naming the file', async () => {
    for (const [file, content] of [
      ['garbage.json', '\u0000\u0001 this is not json'],
      ['wrong-shape.json', '{"documents": 42}'],
      ['empty.json', ''],
    ] as const) {
      const dataFile = join(dir, file);
      await writeFile(dataFile, content);
      const error: unknown = await startFirestoreEmulator({ port: 0, dataFile }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FirestoreDataFileError);
      expect((error as Error).message).toContain(dataFile);
    }
  });
});

describe('resetting', () => {
  it('the reset endpoint empties the database and the data file', async () => {
    const dataFile = join(dir, 'reset-endpoint', 'firestore.json');
    const emulator = await start(dataFile);
    const db = lite(emulator);
    await setDoc(doc(db, 'products', 'p1'), { title: 'Alpha' });
    await setDoc(doc(db, 'products', 'p2'), { title: 'Bravo' });

    const answer = await rest(emulator, 'DELETE', `/emulator/v1/${DATABASE}/documents`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({});
    expect((await getCount(collection(db, 'products'))).data().count).toBe(0);
    const saved = JSON.parse(await readFile(dataFile, 'utf8')) as { documents: unknown[] };
    expect(saved.documents).toEqual([]);
  });

  it('the reset endpoint only empties the project it names', async () => {
    const emulator = await start(join(dir, 'reset-project', 'firestore.json'));
    const db = lite(emulator);
    await setDoc(doc(db, 'products', 'p1'), { title: 'Alpha' });
    await rest(emulator, 'DELETE', '/emulator/v1/projects/other-project/databases/(default)/documents');
    expect((await getDoc(doc(db, 'products', 'p1'))).exists()).toBe(true);
  });

  it('reset() empties the database', async () => {
    const emulator = await start(join(dir, 'reset-method', 'firestore.json'));
    const db = lite(emulator);
    await setDoc(doc(db, 'products', 'p1'), { title: 'Alpha' });
    await emulator.reset();
    expect((await getDoc(doc(db, 'products', 'p1'))).exists()).toBe(false);
  });
});
