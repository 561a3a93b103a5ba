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

  it('pages all products newest first: each page at most the page size, the cursor continuing exactly', async () => {
    const seen: string[] = [];
    let cursor: Parameters<Queries['fetchAllProductsPage']>[1] = null;
    let pages = 0;
    do {
      const page = await queries.fetchAllProductsPage(4, cursor);
      expect(page.products.length).toBeLessThanOrEqual(4);
      seen.push(...page.products.map((p) => p.id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 1000);
    const mine = seen.filter((id) => id.startsWith('catalog-test-'));
    expect(mine).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `catalog-test-${n}`));
    // Every product once: no page repeats or skips one.
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps products with the same createdAt apart by id across page boundaries', async () => {
    const tied = Timestamp.fromMillis(base - 86_400_000);
    const tieIds = ['catalog-tie-a', 'catalog-tie-b', 'catalog-tie-c'];
    const batch = admin.batch();
    for (const id of tieIds) {
      batch.set(admin.doc(`products/${id}`), {
        title: id,
        description: 'Tied',
        priceInNgn: 100,
        priceInUsd: 1,
        categoryId: 1,
        coverImageUrl: `https://images.test/${id}.png`,
        author: 'Content Team',
        createdAt: tied,
      });
    }
    await batch.commit();
    try {
      const seen: string[] = [];
      let cursor: Parameters<Queries['fetchCategoryProductsPage']>[2] = null;
      let pages = 0;
      do {
        const page = await queries.fetchCategoryProductsPage(1, 2, cursor);
        seen.push(...page.products.map((p) => p.id));
        cursor = page.next;
        pages += 1;
      } while (cursor && pages < 1000);
      expect(seen.filter((id) => id.startsWith('catalog-tie-'))).toEqual([
        'catalog-tie-c',
        'catalog-tie-b',
        'catalog-tie-a',
      ]);
    } finally {
      const cleanup = admin.batch();
      for (const id of tieIds) cleanup.delete(admin.doc(`products/${id}`));
      await cleanup.commit();
    }
  });

  it('ends the paging with a short page: its next cursor is null', async () => {
    const first = await queries.fetchCategoryProductsPage(2, 100, null);
    expect(first.products.length).toBeLessThan(100);
    expect(first.next).toBeNull();
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
    const courses = (await queries.fetchCategoryProductsPage(2, 24, null)).products.filter((p) =>
      p.id.startsWith('catalog-test-'),
    );
    expect(courses.map((p) => p.id)).toEqual(['catalog-test-8', 'catalog-test-6', 'catalog-test-4', 'catalog-test-2']);
    expect(courses.every((p) => p.categoryId === 2)).toBe(true);
  });
});
