// How our emulator enforces a rules file: the denial as Firestore sends it, who bypasses it, the
// refusal to start on a construct it does not implement, and reloading when the file changes.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  limit,
  query,
  setDoc,
  setLogLevel,
  where,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, FirestoreRulesError, type FirestoreEmulator } from '../../../local/firestore/server';
import { DATABASE, adminClient, liteClient, rest, tempDir } from './helpers';

const rulesWith = (condition: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /notes/{id} {
      allow read, write: if ${condition};
    }
  }
}
`;

const unsignedToken = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

let dir: string;
let rulesFile: string;
let emulator: FirestoreEmulator;

beforeAll(async () => {
  setLogLevel('silent');
  dir = await tempDir();
  rulesFile = join(dir, 'firestore.rules');
  await writeFile(rulesFile, rulesWith("request.auth != null && request.auth.token.email == 'ada@store.test'"));
  emulator = await startFirestoreEmulator({ port: 0, rulesFile });
});

afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

const commitNote = (headers: Record<string, string> = {}) =>
  rest(
    emulator,
    'POST',
    `/v1/${DATABASE}/documents:commit`,
    { writes: [{ update: { name: `${DATABASE}/documents/notes/n1`, fields: { text: { stringValue: 'hi' } } } }] },
    headers,
  );

describe('a denied request', () => {
  it('gets HTTP 403 with PERMISSION_DENIED in Firestore’s JSON error shape', async () => {
    const answer = await commitNote();
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    expect((answer.body as { error: { message: string } }).error.message).toMatch(
      /^Missing or insufficient permissions\./,
    );
  });

  it('raises permission-denied in the Lite SDK', async () => {
    const { db, close } = liteClient(emulator);
    const error: unknown = await getDoc(doc(db, 'notes/n1')).catch((e: unknown) => e);
    await close();
    expect(error).toMatchObject({ code: 'permission-denied' });
  });

  it('is allowed once the ID token carries what the rule asks for', async () => {
    const token = unsignedToken({ sub: 'u1', user_id: 'u1', email: 'ada@store.test' });
    expect((await commitNote({ Authorization: `Bearer ${token}` })).status).toBe(200);
    const stranger = unsignedToken({ sub: 'u2', user_id: 'u2', email: 'eve@store.test' });
    expect((await commitNote({ Authorization: `Bearer ${stranger}` })).status).toBe(403);
  });

  // The uid is sub; a user_id claim that names someone else is a forged token, refused as the API
  // (firebase-admin, which reads sub) would refuse it, never taken as the user_id's account.
  it('judges the sub of a token, and refuses one whose user_id names someone else', async () => {
    const spoof = unsignedToken({ sub: 'eve', user_id: 'ada', email: 'ada@store.test' });
    const answer = await commitNote({ Authorization: `Bearer ${spoof}` });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
    const bySub = unsignedToken({ sub: 'ada', email: 'ada@store.test' });
    expect((await commitNote({ Authorization: `Bearer ${bySub}` })).status).toBe(200);
  });

  it('answers 401 UNAUTHENTICATED to a token it cannot read', async () => {
    const answer = await commitNote({ Authorization: 'Bearer not-a-token' });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED' } });
  });
});

describe('firebase-admin (the owner token)', () => {
  it('bypasses the rules, as on the official emulator', async () => {
    const admin = adminClient(emulator);
    await admin.doc('notes/by-admin').set({ text: 'seeded' });
    expect((await admin.doc('notes/by-admin').get()).get('text')).toBe('seeded');
    expect((await rest(emulator, 'POST', `/v1/${DATABASE}/documents:listCollectionIds`, {})).status).toBe(403);
  });
});

describe('without a rules file', () => {
  it('allows everything, like open rules', async () => {
    const open = await startFirestoreEmulator({ port: 0 });
    const { db, close } = liteClient(open);
    await setDoc(doc(db, 'notes/n1'), { text: 'open' });
    expect((await getDoc(doc(db, 'notes/n1'))).get('text')).toBe('open');
    await close();
    await open.close();
  });
});

describe('loading the rules', () => {
  it('refuses to start on a construct it does not implement, naming the file, line and construct', async () => {
    const bad = join(dir, 'bad.rules');
    await writeFile(bad, rulesWith('request.auth.token.email.startsWith("ada")'));
    const error: unknown = await startFirestoreEmulator({ port: 0, rulesFile: bad }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FirestoreRulesError);
    expect((error as Error).message).toBe(`Firestore rules: ${bad}:5:53: unsupported method '.startsWith()'`);
  });

  it('refuses to start when the file is missing', async () => {
    const error: unknown = await startFirestoreEmulator({ port: 0, rulesFile: join(dir, 'missing.rules') }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(FirestoreRulesError);
    expect((error as Error).message).toMatch(/^Firestore rules: cannot read .*missing\.rules/);
  });

  it('reloads the file when it changes, and denies everything while it does not parse', async () => {
    const file = join(dir, 'changing.rules');
    await writeFile(file, rulesWith('false'));
    const lines: string[] = [];
    const changing = await startFirestoreEmulator({ port: 0, rulesFile: file, log: (line) => lines.push(line) });
    const status = async () => (await rest(changing, 'GET', `/v1/${DATABASE}/documents/notes/none`)).status;
    const eventually = async (wanted: number) => {
      for (let i = 0; i < 100 && (await status()) !== wanted; i++) await new Promise((r) => setTimeout(r, 50));
      return status();
    };
    expect(await status()).toBe(403);
    await writeFile(file, rulesWith('true'));
    expect(await eventually(404)).toBe(404);
    await writeFile(file, rulesWith('true &&'));
    expect(await eventually(403)).toBe(403);
    expect(lines.some((line) => line.includes('every request is denied until the file is fixed'))).toBe(true);
    await changing.close();
  });
});

describe('list requests, judged on the query the SDK sends', () => {
  it('sees request.query.limit and the fields a query pins with ==', async () => {
    const file = join(dir, 'queries.rules');
    await writeFile(
      file,
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /capped/{id} { allow list: if request.query.limit <= 10; }
    match /mine/{id} { allow list: if request.auth != null && resource.data.owner == request.auth.uid; }
  }
}
`,
    );
    const emulatorWithQueries = await startFirestoreEmulator({ port: 0, rulesFile: file });
    const admin = adminClient(emulatorWithQueries);
    await admin.doc('mine/a').set({ owner: 'u1' });
    await admin.doc('mine/b').set({ owner: 'u2' });
    const app = initializeApp({ projectId: 'demo-digital-store', apiKey: 'demo' }, `rules-queries-${process.pid}`);
    const db = getFirestore(app);
    connectFirestoreEmulator(db, emulatorWithQueries.host, emulatorWithQueries.port, { mockUserToken: { sub: 'u1' } });
    const outcome = (action: Promise<unknown>) =>
      action.then(
        () => 'allowed',
        (error: unknown) => (error as { code?: string }).code ?? 'unknown error',
      );

    expect(await outcome(getDocs(query(collection(db, 'capped'), limit(10))))).toBe('allowed');
    expect(await outcome(getDocs(query(collection(db, 'capped'), limit(11))))).toBe('permission-denied');
    expect(await outcome(getDocs(collection(db, 'capped')))).toBe('permission-denied');
    expect(await outcome(getCount(query(collection(db, 'capped'), limit(3))))).toBe('allowed');

    const own = await getDocs(query(collection(db, 'mine'), where('owner', '==', 'u1')));
    expect(own.docs.map((d) => d.id)).toEqual(['a']);
    expect(await outcome(getDocs(query(collection(db, 'mine'), where('owner', '==', 'u2'))))).toBe('permission-denied');
    expect(await outcome(getDocs(collection(db, 'mine')))).toBe('permission-denied');
    // A REST list is a query whose limit is its pageSize; 0 or an empty pageSize is no limit at all
    // (https://google.aip.dev/158), so the cap refuses it instead of serving every document.
    const list = (pageSize: string) =>
      rest(emulatorWithQueries, 'GET', `/v1/${DATABASE}/documents/capped?pageSize=${pageSize}`);
    for (let i = 0; i < 12; i++) await admin.doc(`capped/c${String(i).padStart(2, '0')}`).set({ i });
    expect((await list('10')).status).toBe(200);
    expect(((await list('10')).body as { documents: unknown[] }).documents).toHaveLength(10);
    expect((await list('11')).status).toBe(403);
    expect((await list('0')).status).toBe(403);
    expect((await list('')).status).toBe(403);
    expect((await list('-1')).status).toBe(400);
    // firebase-admin sends its limit as {value: n} and bypasses the rules anyway.
    expect((await admin.collection('capped').limit(50).get()).size).toBe(12);

    await deleteApp(app);
    await emulatorWithQueries.close();
  });
});
