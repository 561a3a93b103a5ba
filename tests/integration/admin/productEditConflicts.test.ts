// Two admins on one product, on an emulator that enforces the project's rules: the edit dialog's
// save (src/features/admin/api/productAdminQueries.ts, real Firestore Lite and Auth SDKs, the demo
// admin) writes only what changed and is refused when the product or its deliverable link changed
// since the dialog opened. The other admin is a second browser client: its own Firebase app,
// signed in as another admin account, writing through the same rules.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import {
  connectFirestoreEmulator,
  doc,
  getFirestore,
  updateDoc,
  setDoc,
  type Firestore as LiteFirestore,
} from 'firebase/firestore/lite';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogShardId } from '../../../domain/catalogIndex';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { signUpStranger } from '../../support/authEmulatorUsers';

type Queries = typeof import('../../../src/features/admin/api/productAdminQueries');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
const root = resolve(import.meta.dirname, '../../..');
let emulator: FirestoreEmulator;
let db: Firestore;
let queries: Queries;
let auth: AuthApi;
let otherApp: FirebaseApp;
let other: LiteFirestore;

const cover = (name: string) => `${cloud.imagesUrl}/demo-cloud/image/upload/v1/digital_products/${name}.png`;
const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Data Analysis with Excel',
  description: 'From raw sales records to a dashboard.',
  priceInNgn: 15000,
  priceInUsd: 19,
  categoryId: 2,
  coverImageUrl: cover('excel'),
  author: 'Digital Store Content Team',
  url: 'https://drive.example.com/data-analysis',
  ...overrides,
});
const refusedAsChanged = { code: 'product-changed' };

beforeAll(async () => {
  emulator = await startFirestoreEmulator({
    rulesFile: projectRulesFile,
    indexesFile: resolve(root, 'firestore.indexes.json'),
  });
  const firestoreHost = `127.0.0.1:${emulator.port}`;
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: firestoreHost });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  await seedDemoAdmin(db, cloud.authUrl);
  queries = await import('../../../src/features/admin/api/productAdminQueries');
  auth = await import('../../../src/features/admin/api/auth');
  await auth.signIn(demoAdmin.email, demoAdmin.password);

  // The second admin: a separate account with its own admins record, in a client of its own.
  const { getConfig } = await import('../../../src/lib/config');
  const account = await signUpStranger(cloud.authUrl);
  await db.doc(`admins/${account.uid}`).set({
    uid: account.uid,
    name: 'Second Admin',
    email: account.email,
    phone: '',
    createdAt: Timestamp.now(),
  });
  otherApp = initializeApp(getConfig().firebase, 'second-admin');
  const otherAuth = getAuth(otherApp);
  connectAuthEmulator(otherAuth, cloud.authUrl, { disableWarnings: true });
  await signInWithEmailAndPassword(otherAuth, account.email, 'stranger-pass-2026');
  other = getFirestore(otherApp);
  connectFirestoreEmulator(other, '127.0.0.1', emulator.port);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await signOut(getAuth(otherApp));
  await emulator.close();
});

async function stored(id: string): Promise<Record<string, unknown>> {
  const product: Record<string, unknown> = (await db.doc(`products/${id}`).get()).data() ?? {};
  const url: unknown = (await db.doc(`productDeliverables/${id}`).get()).get('url');
  return { ...product, url };
}

async function indexEntry(id: string) {
  const shard = await db.doc(`catalogIndex/${catalogShardId(id)}`).get();
  return (shard.get('entries') as Record<string, Record<string, unknown>> | undefined)?.[id];
}

describe('two admins editing one product', () => {
  it('writes only the changed fields: another admin’s change to a field this dialog did not touch is kept', async () => {
    const id = await queries.createProduct(draft());
    const createdAt = (await db.doc(`products/${id}`).get()).get('createdAt') as Timestamp;
    await queries.updateProduct(id, draft(), { priceInNgn: 9500 });
    expect(await stored(id)).toMatchObject({ ...draft(), priceInNgn: 9500 });
    expect(((await db.doc(`products/${id}`).get()).get('createdAt') as Timestamp).isEqual(createdAt)).toBe(true);
    expect(await indexEntry(id)).toMatchObject({ priceInNgn: 9500, title: 'Data Analysis with Excel' });
  });

  it('refuses a stale save after the other admin changed the deliverable link, and keeps their link', async () => {
    const id = await queries.createProduct(draft());
    // Both dialogs open on the same version; the other admin corrects the link and saves first.
    const opened = draft();
    await setDoc(doc(other, 'productDeliverables', id), { url: 'https://drive.example.com/corrected' });
    await expect(queries.updateProduct(id, opened, { priceInNgn: 9000 })).rejects.toMatchObject(refusedAsChanged);
    expect(await stored(id)).toMatchObject({ priceInNgn: 15000, url: 'https://drive.example.com/corrected' });
    // Reloaded, the same change goes through and the corrected link stays.
    await queries.updateProduct(id, draft({ url: 'https://drive.example.com/corrected' }), { priceInNgn: 9000 });
    expect(await stored(id)).toMatchObject({ priceInNgn: 9000, url: 'https://drive.example.com/corrected' });
  });

  it('refuses a stale save after the other admin changed the product, even one that would change another field', async () => {
    const id = await queries.createProduct(draft());
    const opened = draft();
    await updateDoc(doc(other, 'products', id), { coverImageUrl: cover('replaced') });
    // The stale dialog still shows the old cover; saving its title must not put that cover back.
    await expect(
      queries.updateProduct(id, opened, { title: 'Data Analysis with Excel, 2nd ed.' }),
    ).rejects.toMatchObject(refusedAsChanged);
    expect(await stored(id)).toMatchObject({ title: 'Data Analysis with Excel', coverImageUrl: cover('replaced') });
  });

  it('of two saves racing from the same version, exactly one lands', async () => {
    const id = await queries.createProduct(draft());
    const results = await Promise.allSettled([
      queries.updateProduct(id, draft(), { priceInNgn: 11000 }),
      queries.updateProduct(id, draft(), { url: 'https://drive.example.com/race' }),
    ]);
    const landed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(landed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.status === 'rejected' ? refused[0].reason : null).toMatchObject(refusedAsChanged);
    const now = await stored(id);
    const firstWon = results[0]?.status === 'fulfilled';
    expect(now).toMatchObject(
      firstWon
        ? { priceInNgn: 11000, url: 'https://drive.example.com/data-analysis' }
        : { priceInNgn: 15000, url: 'https://drive.example.com/race' },
    );
  });

  it('refuses a save on a product the other admin deleted, and creates nothing', async () => {
    const id = await queries.createProduct(draft());
    await queries.deleteProduct(id);
    await expect(queries.updateProduct(id, draft(), { priceInNgn: 9000 })).rejects.toMatchObject(refusedAsChanged);
    expect((await db.doc(`products/${id}`).get()).exists).toBe(false);
    expect((await db.doc(`productDeliverables/${id}`).get()).exists).toBe(false);
  });

  it('refuses an image change when the other admin changed the cover since, and keeps theirs', async () => {
    const id = await queries.createProduct(draft());
    await updateDoc(doc(other, 'products', id), { coverImageUrl: cover('theirs') });
    await expect(queries.updateCoverImage(id, cover('excel'), cover('mine'))).rejects.toMatchObject(refusedAsChanged);
    expect((await stored(id)).coverImageUrl).toBe(cover('theirs'));
    await queries.updateCoverImage(id, cover('theirs'), cover('mine'));
    expect((await stored(id)).coverImageUrl).toBe(cover('mine'));
    expect(await indexEntry(id)).toMatchObject({ coverImageUrl: cover('mine') });
  });
});

describe('whether a cover is still in use', () => {
  it('is true while any product has the image, false once none has', async () => {
    const shared = cover(`shared-${Date.now().toString(36)}`);
    const first = await queries.createProduct(draft({ coverImageUrl: shared }));
    const second = await queries.createProduct(draft({ coverImageUrl: shared }));
    await queries.deleteProduct(first);
    expect(await queries.isCoverInUse(shared)).toBe(true);
    await queries.deleteProduct(second);
    expect(await queries.isCoverInUse(shared)).toBe(false);
  });
});

describe('the outside link is optional (a product may deliver only its files)', () => {
  it('posts a product without a link: its deliverable document exists and holds no link', async () => {
    const id = await queries.createProduct(draft({ url: '' }));
    const deliverable = await db.doc(`productDeliverables/${id}`).get();
    expect(deliverable.exists).toBe(true);
    expect(deliverable.data()).toEqual({});
    expect(await stored(id)).toMatchObject({ title: 'Data Analysis with Excel', url: undefined });
  });

  it('removes the link in the edit dialog and keeps the files and delivery settings beside it', async () => {
    const id = await queries.createProduct(draft());
    const files = [
      {
        id: 'f1',
        name: 'Workbook.pdf',
        path: `deliverables/${id}/f1`,
        size: 1024,
        type: 'application/pdf',
        position: 0,
      },
    ];
    // The API attaches files (the rules refuse admins' writes to them); the admin's switches sit beside them.
    await db.doc(`productDeliverables/${id}`).set({ files, stampPdf: true, downloadLimit: 5 }, { merge: true });
    await queries.updateProduct(id, draft(), { url: '' });
    expect((await db.doc(`productDeliverables/${id}`).get()).data()).toEqual({
      files,
      stampPdf: true,
      downloadLimit: 5,
    });
    // The dialog reopened reads no link, and a link typed again is stored again.
    await queries.updateProduct(id, draft({ url: '' }), { url: 'https://drive.example.com/again' });
    expect(await stored(id)).toMatchObject({ url: 'https://drive.example.com/again' });
  });
});

describe('two admins changing the delivery switches', () => {
  const defaults = { stampPdf: true, downloadLimit: null, expiryDays: null };

  it('refuses a stale save after the other admin changed a switch, and keeps their change', async () => {
    const id = await queries.createProduct(draft());
    // Both forms open on the defaults; the other admin sets a download limit and saves first.
    await setDoc(doc(other, 'productDeliverables', id), { downloadLimit: 5 }, { merge: true });
    await expect(queries.saveDeliverySettings(id, defaults, { ...defaults, expiryDays: 30 })).rejects.toMatchObject(
      refusedAsChanged,
    );
    expect((await db.doc(`productDeliverables/${id}`).get()).data()).toEqual({
      url: 'https://drive.example.com/data-analysis',
      downloadLimit: 5,
    });
    // Reloaded, the same change goes through, writing only the switch that changed.
    await queries.saveDeliverySettings(
      id,
      { ...defaults, downloadLimit: 5 },
      { ...defaults, downloadLimit: 5, expiryDays: 30 },
    );
    expect((await db.doc(`productDeliverables/${id}`).get()).data()).toEqual({
      url: 'https://drive.example.com/data-analysis',
      downloadLimit: 5,
      expiryDays: 30,
    });
  });
});
