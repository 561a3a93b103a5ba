// The read budget (docs/catalog-and-search.md): at 5,000 products a visit of home, all products (first
// page), one search and one product page reads at most 60 documents. The SPA's own data functions
// (Firestore Lite) run against an emulator enforcing the project's rules and indexes, seeded with the
// bench's large catalog generator; the emulator counts the documents it serves.
import { resolve } from 'node:path';
import { setLogLevel } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRulesFile } from '../../../local/cloud';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { seedLargeCatalog } from '../../../local/seed/largeCatalog';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { matchProducts } from '../../../src/lib/searchMatch';

type Queries = typeof import('../../../src/features/catalog/api/catalogQueries');

const root = resolve(import.meta.dirname, '../../..');
let emulator: FirestoreEmulator;
let queries: Queries;

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({
    rulesFile: projectRulesFile,
    indexesFile: resolve(root, 'firestore.indexes.json'),
  });
  const host = `127.0.0.1:${emulator.port}`;
  const db = createAdminFirestore({ projectId: 'demo-digital-store', emulatorHost: host });
  // Covers are never fetched here; the generator only needs their URLs.
  const putImage = (publicId: string, ext: string) => Promise.resolve(`http://127.0.0.1:9/${publicId}${ext}`);
  const ids = await seedLargeCatalog(db, putImage, 5000);
  expect(ids).toHaveLength(5000);
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = host;
  queries = await import('../../../src/features/catalog/api/catalogQueries');
}, 120_000);

afterAll(async () => {
  await emulator?.close();
});

/** The documents the emulator served while `view` ran. */
async function readsOf(view: () => Promise<unknown>): Promise<number> {
  emulator.resetReadCount();
  await view();
  return emulator.readCount();
}

describe('documents read at 5,000 products', () => {
  it('home 6, all products 24, one search 10 (the index shards), one product page 1 + its 2 outlines: 43 in all', async () => {
    const home = await readsOf(() => queries.fetchLatestProducts(6));
    const allProducts = await readsOf(async () => {
      const page = await queries.fetchAllProductsPage(24, null);
      expect(page.products).toHaveLength(24);
      expect(page.next).not.toBeNull();
    });
    let found: string[] = [];
    const search = await readsOf(async () => {
      // 'Excel Playbook': n ≡ 3 (mod 8) and n ≡ 1 (mod 5), i.e. n ≡ 11 (mod 40): 125 of the 5,000.
      found = matchProducts(await queries.fetchCatalogIndex(), 'excel PLAYBOOK').map((e) => e.id);
    });
    expect(found).toHaveLength(125);
    expect(found[0]).toBe('gen-0011');
    const productPage = await readsOf(async () => {
      const product = await queries.fetchProduct(found[0] ?? '');
      expect(product?.title).toBe('Excel Playbook 0011');
      expect((await queries.fetchOutlines(found[0] ?? '')).map((o) => o.outline)).toEqual(['Part 1', 'Part 2']);
    });
    expect({ home, allProducts, search, productPage }).toEqual({
      home: 6,
      allProducts: 24,
      search: 10,
      productPage: 3,
    });
    expect(home + allProducts + search + productPage).toBeLessThanOrEqual(60);
  });

  it('a second page reads 24 more, and the category page 24', async () => {
    const first = await queries.fetchAllProductsPage(24, null);
    expect(await readsOf(() => queries.fetchAllProductsPage(24, first.next))).toBe(24);
    expect(await readsOf(() => queries.fetchCategoryProductsPage(2, 24, null))).toBe(24);
  });

  it('serves the read count on /emulator/v1/reads, and resets it there', async () => {
    emulator.resetReadCount();
    await queries.fetchLatestProducts(6);
    const url = `${emulator.url}/emulator/v1/reads`;
    expect(await (await fetch(url)).json()).toEqual({ reads: 6 });
    expect(await (await fetch(url, { method: 'DELETE' })).json()).toEqual({ reads: 0 });
    expect(emulator.readCount()).toBe(0);
  });

  it('answers the first page of 5,000 products quickly enough not to distort the bench', async () => {
    // Warm once (the SDK's first request sets up its connection), then time the queries.
    await queries.fetchAllProductsPage(24, null);
    const timings: number[] = [];
    for (const run of [
      () => queries.fetchAllProductsPage(24, null),
      () => queries.fetchCategoryProductsPage(1, 24, null),
      () => queries.fetchLatestProducts(6),
      () => queries.fetchCatalogIndex(),
    ]) {
      const started = performance.now();
      await run();
      timings.push(performance.now() - started);
    }
    // Generous for a shared, busy test machine; on an idle one each is tens of milliseconds.
    for (const ms of timings) expect(ms).toBeLessThan(1500);
  });
});
