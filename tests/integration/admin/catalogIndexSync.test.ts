// The catalog index (docs/catalog-and-search.md) kept in step with every product write: the admin screens'
// own data access (real Firestore Lite and Auth SDKs, signed in as the demo admin) against an emulator that
// enforces the project's rules and indexes, read back by firebase-admin and by the storefront's
// own index query; then `npm run catalog:reindex` rebuilding an index that drifted.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { catalogShardId } from '../../../domain/catalogIndex';

type AdminQueries = typeof import('../../../src/features/admin/api/productAdminQueries');
type CatalogQueries = typeof import('../../../src/features/catalog/api/catalogQueries');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
const root = resolve(import.meta.dirname, '../../..');
let emulator: FirestoreEmulator;
let db: Firestore;
let admin: AdminQueries;
let storefront: CatalogQueries;
let auth: AuthApi;

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

async function shardEntries(productId: string): Promise<Record<string, Record<string, unknown>>> {
  const shard = await db.doc(`catalogIndex/${catalogShardId(productId)}`).get();
  return (shard.get('entries') as Record<string, Record<string, unknown>> | undefined) ?? {};
}

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
  admin = await import('../../../src/features/admin/api/productAdminQueries');
  storefront = await import('../../../src/features/catalog/api/catalogQueries');
  auth = await import('../../../src/features/admin/api/auth');
  await auth.signIn(demoAdmin.email, demoAdmin.password);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await emulator.close();
});

describe('the catalog index follows every admin product write, in the same batch', () => {
  let id = '';
  // Another product's entry in the same shard, as another admin might have written it: no write of
  // ours may disturb it.
  const neighbour = { title: 'Neighbour', priceInNgn: 1, priceInUsd: 1, coverImageUrl: cover('n'), categoryId: 1 };

  it('create: the entry holds the card fields and the product’s own server createdAt', async () => {
    id = await admin.createProduct(draft());
    await db
      .doc(`catalogIndex/${catalogShardId(id)}`)
      .set({ entries: { 'zz-neighbour': { ...neighbour, createdAt: Timestamp.now() } } }, { merge: true });
    const entries = await shardEntries(id);
    const product = await db.doc(`products/${id}`).get();
    expect(entries[id]).toEqual({
      title: 'Data Analysis with Excel',
      priceInNgn: 15000,
      priceInUsd: 19,
      coverImageUrl: cover('excel'),
      categoryId: 2,
      createdAt: product.get('createdAt') as Timestamp,
    });
    // The storefront's search reads it from the index.
    const index = await storefront.fetchCatalogIndex();
    expect(index.find((e) => e.id === id)).toMatchObject({ title: 'Data Analysis with Excel', priceInNgn: 15000 });
  });

  it('edit: a price change reaches the entry, createdAt stays, the neighbour is untouched', async () => {
    const before = (await shardEntries(id))[id]?.createdAt;
    await admin.updateProduct(id, draft(), { title: 'Data Analysis with Excel 2nd ed.', priceInNgn: 18000 });
    const entries = await shardEntries(id);
    expect(entries[id]).toMatchObject({ title: 'Data Analysis with Excel 2nd ed.', priceInNgn: 18000, priceInUsd: 19 });
    expect(entries[id]?.createdAt).toEqual(before);
    expect(entries['zz-neighbour']).toMatchObject({ title: 'Neighbour' });
    const index = await storefront.fetchCatalogIndex();
    expect(index.find((e) => e.id === id)?.priceInNgn).toBe(18000);
  });

  it('cover change: only the cover of the entry changes', async () => {
    await admin.updateCoverImage(id, cover('excel'), cover('excel-v2'));
    expect((await shardEntries(id))[id]).toMatchObject({ coverImageUrl: cover('excel-v2'), priceInNgn: 18000 });
  });

  it('delete: the entry goes with the product; the neighbour stays', async () => {
    await admin.deleteProduct(id);
    const entries = await shardEntries(id);
    expect(entries[id]).toBeUndefined();
    expect(entries['zz-neighbour']).toMatchObject({ title: 'Neighbour' });
    expect((await db.doc(`products/${id}`).get()).exists).toBe(false);
  });

  it('two admins saving different products at once both land in the index', async () => {
    const [a, b] = await Promise.all([
      admin.createProduct(draft({ title: 'Parallel A' })),
      admin.createProduct(draft({ title: 'Parallel B' })),
    ]);
    const index = await storefront.fetchCatalogIndex();
    expect(
      index
        .filter((e) => e.id === a || e.id === b)
        .map((e) => e.title)
        .sort(),
    ).toEqual(['Parallel A', 'Parallel B']);
  });
});

describe('npm run catalog:reindex', () => {
  it('rebuilds the index from the products: stale entries gone, missing ones back, fields as stored', async () => {
    const products = await db.collection('products').get();
    const ids = products.docs.map((d) => d.id).sort();
    expect(ids.length).toBeGreaterThan(0);
    // Drift: a stale entry of a product that no longer exists, a wrong price, a deleted shard.
    const first = ids[0] ?? '';
    await db
      .doc(`catalogIndex/${catalogShardId('ghost-product')}`)
      .set({ entries: { 'ghost-product': { ...draftEntry(), title: 'Ghost' } } }, { merge: true });
    await db
      .doc(`catalogIndex/${catalogShardId(first)}`)
      .set({ entries: { [first]: { priceInNgn: 1 } } }, { merge: true });
    await db.doc('catalogIndex/shard-99').set({ entries: {} });

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/catalogReindex.ts'], {
      cwd: root,
      env: {
        ...process.env,
        FIREBASE_PROJECT_ID: cloud.projectId,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}`,
      },
    });
    expect(stdout).toBe(`Catalog index rebuilt: ${ids.length} products.\n`);

    const shards = await db.collection('catalogIndex').get();
    expect(shards.docs.map((d) => d.id).sort()).toEqual([
      'shard-0',
      'shard-1',
      'shard-2',
      'shard-3',
      'shard-4',
      'shard-5',
      'shard-6',
      'shard-7',
      'shard-8',
      'shard-9',
    ]);
    const indexed = shards.docs.flatMap((d) => Object.keys((d.get('entries') as object | undefined) ?? {}));
    expect(indexed.sort()).toEqual(ids);
    const product = products.docs.find((d) => d.id === first);
    expect((await shardEntries(first))[first]).toEqual({
      title: product?.get('title'),
      priceInNgn: product?.get('priceInNgn'),
      priceInUsd: product?.get('priceInUsd'),
      coverImageUrl: product?.get('coverImageUrl'),
      categoryId: product?.get('categoryId'),
      createdAt: product?.get('createdAt'),
    });
  });

  it("carries a membership's pricing into its entry, so search results say '/ month'", async () => {
    const [first] = (await db.collection('products').get()).docs;
    const id = first?.id ?? '';
    await db.doc(`products/${id}`).update({ pricing: { kind: 'membership', interval: 'monthly' } });
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'local/catalogReindex.ts'], {
      cwd: root,
      env: {
        ...process.env,
        FIREBASE_PROJECT_ID: cloud.projectId,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulator.port}`,
      },
    });
    expect((await shardEntries(id))[id]).toMatchObject({ pricing: { kind: 'membership', interval: 'monthly' } });
  });
});

function draftEntry() {
  return {
    title: 'x',
    priceInNgn: 1,
    priceInUsd: 1,
    coverImageUrl: cover('x'),
    categoryId: 1,
    createdAt: Timestamp.now(),
  };
}
