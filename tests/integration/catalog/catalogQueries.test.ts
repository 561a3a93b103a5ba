// The storefront's data access, run with the real Firestore Lite SDK against the local emulator.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

type Queries = typeof import('../../../src/features/catalog/api/catalogQueries');

const cloud = inject('cloud');
const admin = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: cloud.firestoreHost });
const base = Date.UTC(2026, 0, 1);
const ids = Array.from({ length: 9 }, (_, i) => `catalog-test-${i + 1}`);
let queries: Queries;

beforeAll(async () => {
  // The SPA reads its configuration from the environment once; point it at this run's emulator.
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = cloud.firestoreHost;
  queries = await import('../../../src/features/catalog/api/catalogQueries');

  const batch = admin.batch();
  ids.forEach((id, i) => {
    batch.set(admin.doc(`products/${id}`), {
      title: `Catalog Test Product ${i + 1}`,
      description: `Description ${i + 1}`,
      priceInNgn: 1000 * (i + 1),
      priceInUsd: i + 1,
      categoryId: i % 2 === 0 ? 1 : 2,
      coverImageUrl: `https://images.test/${id}.png`,
      author: 'Content Team',
      // Product 9 is the newest.
      createdAt: Timestamp.fromMillis(base + i * 60_000),
    });
  });
  // Written out of order on purpose: the query must order them.
  for (const [order, text] of [
    [3, 'Third'],
    [1, 'First'],
    [2, 'Second'],
  ] as const) {
    batch.set(admin.doc(`outlines/catalog-test-1-o${order}`), {
      productId: 'catalog-test-1',
      outline: text,
      outlineOrder: order,
      createdAt: Timestamp.fromMillis(base),
    });
  }
  batch.set(admin.doc('outlines/other-product-o1'), {
    productId: 'catalog-test-2',
    outline: 'Not mine',
    outlineOrder: 1,
  });
  await batch.commit();
});

afterAll(async () => {
  const batch = admin.batch();
  for (const id of ids) batch.delete(admin.doc(`products/${id}`));
  for (const order of [1, 2, 3]) batch.delete(admin.doc(`outlines/catalog-test-1-o${order}`));
  batch.delete(admin.doc('outlines/other-product-o1'));
  await batch.commit();
});

describe('catalog queries against the Firestore emulator', () => {
  it('reads only the 6 newest products for the home page, newest first', async () => {
    const latest = await queries.fetchLatestProducts(6);
    expect(latest.map((p) => p.id)).toEqual([
      'catalog-test-9',
      'catalog-test-8',
      'catalog-test-7',
      'catalog-test-6',
      'catalog-test-5',
      'catalog-test-4',
    ]);
  });

  it('returns plain products: string id, numeric prices, ISO createdAt', async () => {
    const product = await queries.fetchProduct('catalog-test-3');
    expect(product).toEqual({
      id: 'catalog-test-3',
      title: 'Catalog Test Product 3',
      description: 'Description 3',
      priceInNgn: 3000,
      priceInUsd: 3,
      categoryId: 1,
      coverImageUrl: 'https://images.test/catalog-test-3.png',
      author: 'Content Team',
      createdAt: new Date(base + 2 * 60_000).toISOString(),
    });
  });

  it('answers null for an id that does not exist', async () => {
    expect(await queries.fetchProduct('no-such-product')).toBeNull();
  });

  it('reads every product for all-products and search', async () => {
    const all = await queries.fetchAllProducts();
    expect(all.filter((p) => p.id.startsWith('catalog-test-'))).toHaveLength(9);
  });

  it("reads a product's outlines in outlineOrder, and only that product's", async () => {
    const outlines = await queries.fetchOutlines('catalog-test-1');
    expect(outlines.map((o) => [o.outlineOrder, o.outline])).toEqual([
      [1, 'First'],
      [2, 'Second'],
      [3, 'Third'],
    ]);
  });

  it('reads the products of one category, newest first', async () => {
    const courses = (await queries.fetchCategoryProducts(2)).filter((p) => p.id.startsWith('catalog-test-'));
    expect(courses.map((p) => p.id)).toEqual(['catalog-test-8', 'catalog-test-6', 'catalog-test-4', 'catalog-test-2']);
    expect(courses.every((p) => p.categoryId === 2)).toBe(true);
  });
});
