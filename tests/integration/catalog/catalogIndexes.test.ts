// The storefront's queries need the composite indexes firestore.indexes.json declares
// (docs/catalog-and-search.md): run
// them with the real SPA code against an emulator enforcing a copy of that file, then remove a
// declared index and watch the query that needs it fail as it would in production.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setLogLevel } from 'firebase/firestore/lite';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

type Queries = typeof import('../../../src/features/catalog/api/catalogQueries');

const projectIndexes = resolve(import.meta.dirname, '../../../firestore.indexes.json');
let dir: string;
let indexesFile: string;
let emulator: FirestoreEmulator;
let queries: Queries;

interface IndexesJson {
  indexes: Array<{ collectionGroup: string; fields: Array<{ fieldPath: string }> }>;
  fieldOverrides?: unknown[];
}

async function declareWithout(collectionGroup: string): Promise<void> {
  const declared = JSON.parse(await readFile(projectIndexes, 'utf8')) as IndexesJson;
  const kept = declared.indexes.filter((index) => index.collectionGroup !== collectionGroup);
  expect(kept.length).toBeLessThan(declared.indexes.length);
  await writeFile(indexesFile, JSON.stringify({ ...declared, indexes: kept }, null, 2));
}

const refused = {
  code: 'failed-precondition',
  message: expect.stringContaining(
    'The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/demo-digital-store/firestore/indexes?create_composite=',
  ),
};

beforeAll(async () => {
  setLogLevel('silent');
  dir = await mkdtemp(join(tmpdir(), 'catalog-indexes-'));
  indexesFile = join(dir, 'firestore.indexes.json');
  await copyFile(projectIndexes, indexesFile);
  emulator = await startFirestoreEmulator({ port: 0, indexesFile });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulator.port}`;
  queries = await import('../../../src/features/catalog/api/catalogQueries');

  const admin = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: `127.0.0.1:${emulator.port}` });
  const batch = admin.batch();
  for (const [id, categoryId, minute] of [
    ['p1', 1, 1],
    ['p2', 2, 2],
    ['p3', 1, 3],
  ] as const) {
    batch.set(admin.doc(`products/${id}`), {
      title: `Product ${id}`,
      description: 'About it',
      priceInNgn: 5000,
      priceInUsd: 5,
      categoryId,
      coverImageUrl: `https://images.test/${id}.png`,
      author: 'Content Team',
      createdAt: Timestamp.fromMillis(Date.UTC(2026, 0, 1, 0, minute)),
    });
  }
  for (const [order, outline] of [
    [2, 'Second'],
    [1, 'First'],
  ] as const) {
    batch.set(admin.doc(`outlines/p1-o${order}`), {
      productId: 'p1',
      outline,
      outlineOrder: order,
      createdAt: Timestamp.fromMillis(Date.UTC(2026, 0, 1)),
    });
  }
  await batch.commit();
});

afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the storefront's queries under index enforcement", () => {
  it('are all answered with the project firestore.indexes.json', async () => {
    expect((await queries.fetchLatestProducts(2)).map((p) => p.id)).toEqual(['p3', 'p2']);
    expect((await queries.fetchAllProductsPage(24, null)).products.map((p) => p.id)).toEqual(['p3', 'p2', 'p1']);
    expect((await queries.fetchCategoryProductsPage(1, 24, null)).products.map((p) => p.id)).toEqual(['p3', 'p1']);
    expect((await queries.fetchOutlines('p1')).map((o) => o.outline)).toEqual(['First', 'Second']);
  });

  it("without the outlines index, the product page's outlines query is refused; the others still work", async () => {
    await declareWithout('outlines');
    await expect(queries.fetchOutlines('p1')).rejects.toMatchObject(refused);
    await expect(queries.fetchOutlines('p1')).rejects.toMatchObject({
      message: expect.stringContaining(
        '{"collectionGroup":"outlines","queryScope":"COLLECTION","fields":[{"fieldPath":"productId","order":"ASCENDING"},{"fieldPath":"outlineOrder","order":"ASCENDING"}]}',
      ),
    });
    expect((await queries.fetchCategoryProductsPage(2, 24, null)).products.map((p) => p.id)).toEqual(['p2']);
  });

  it('without the products index, the category page query is refused', async () => {
    await declareWithout('products');
    await expect(queries.fetchCategoryProductsPage(1, 24, null)).rejects.toMatchObject(refused);
    // Single-field indexes still serve the home page and all products.
    expect((await queries.fetchLatestProducts(1)).map((p) => p.id)).toEqual(['p3']);
    expect(await queries.fetchOutlines('p1')).toHaveLength(2);
  });

  it('answers again once the index is declared again', async () => {
    await copyFile(projectIndexes, indexesFile);
    expect((await queries.fetchCategoryProductsPage(1, 24, null)).products.map((p) => p.id)).toEqual(['p3', 'p1']);
    expect((await queries.fetchOutlines('p1')).map((o) => o.outlineOrder)).toEqual([1, 2]);
  });
});
