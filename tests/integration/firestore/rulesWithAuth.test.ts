// The local cloud under firestore.rules with a real Auth emulator session: the ID token the Auth
// emulator issues on sign-in is who the Firestore emulator judges, as the SPA's admin area will use it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloud, type Cloud } from '../../../local/cloud';
import { demoAdmin } from '../../../local/seed/seed';

let cloud: Cloud;
let dataDir: string;
let app: FirebaseApp;

beforeAll(async () => {
  setLogLevel('silent');
  dataDir = await mkdtemp(join(tmpdir(), 'store-rules-auth-'));
  cloud = await startCloud({ dataDir, seed: true, withAuth: true });
  app = initializeApp({ projectId: cloud.projectId, apiKey: 'demo-api-key' }, `rules-auth-${process.pid}`);
  connectAuthEmulator(getAuth(app), cloud.auth?.url ?? '', { disableWarnings: true });
  connectFirestoreEmulator(getFirestore(app), '127.0.0.1', cloud.firestore.port);
});

afterAll(async () => {
  await deleteApp(app);
  await cloud.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const denied = (action: Promise<unknown>) =>
  action.then(
    () => 'allowed',
    (error: unknown) => {
      if ((error as { code?: string }).code === 'permission-denied') return 'denied';
      throw error;
    },
  );

describe('the local cloud enforces firestore.rules on Auth emulator sessions', () => {
  it('treats the signed-in demo admin as an admin, and the same browser signed out as a visitor', async () => {
    const db = getFirestore(app);
    const deliverable = doc(db, 'productDeliverables/demo-freelance-writing');
    const newProduct = {
      title: 'Posted by the demo admin',
      description: 'Written through the Lite SDK with the Auth emulator token.',
      priceInNgn: 2500,
      priceInUsd: 3,
      categoryId: 1,
      coverImageUrl: `${cloud.images.url}/digital_products/posted.png`,
      author: 'Demo Admin',
      createdAt: serverTimestamp(),
    };

    const { user } = await signInWithEmailAndPassword(getAuth(app), demoAdmin.email, demoAdmin.password);
    expect((await getDoc(doc(db, `admins/${user.uid}`))).get('email')).toBe(demoAdmin.email);
    expect((await getDoc(deliverable)).get('url')).toBe(
      'https://drive.example.com/demo/freelance-writing-playbook.pdf',
    );
    expect(await denied(setDoc(doc(db, 'products/posted-by-admin'), newProduct))).toBe('allowed');

    await signOut(getAuth(app));
    expect(await denied(getDoc(deliverable))).toBe('denied');
    expect(await denied(setDoc(doc(db, 'products/posted-by-visitor'), newProduct))).toBe('denied');
    expect((await getDoc(doc(db, 'products/posted-by-admin'))).get('title')).toBe('Posted by the demo admin');
  });
});
