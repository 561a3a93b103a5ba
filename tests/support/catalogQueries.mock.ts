// Stand-in for src/features/catalog/api/catalogQueries.ts, the module boundary behind which all
// Firestore code lives (docs/testing.md). Typed against the real module, so a changed signature or
// a new export breaks the build here instead of letting the mock drift. Use it with
//   vi.mock('<path to>/src/features/catalog/api/catalogQueries', () => import('<path to>/catalogQueries.mock'));
// and program it per test through vi.mocked(...) on the real module's exports.
import { vi } from 'vitest';
import type { PageCursor } from '../../domain/paging';
import type { Product } from '../../domain/product';
import type { ProductPage } from '../../src/features/catalog/api/productPages';

type CatalogQueries = typeof import('../../src/features/catalog/api/catalogQueries');

export const fetchLatestProducts = vi.fn<CatalogQueries['fetchLatestProducts']>();
export const fetchAllProductsPage = vi.fn<CatalogQueries['fetchAllProductsPage']>();
export const fetchProduct = vi.fn<CatalogQueries['fetchProduct']>();
export const fetchOutlines = vi.fn<CatalogQueries['fetchOutlines']>();
export const fetchCategoryProductsPage = vi.fn<CatalogQueries['fetchCategoryProductsPage']>();
export const fetchCatalogIndex = vi.fn<CatalogQueries['fetchCatalogIndex']>();

const mock = {
  fetchLatestProducts,
  fetchAllProductsPage,
  fetchProduct,
  fetchOutlines,
  fetchCategoryProductsPage,
  fetchCatalogIndex,
} satisfies CatalogQueries;

/** One page as the real module answers it: `next` set when the page is full (more may follow). */
export function productPage(products: Product[], next: PageCursor | null = null): ProductPage {
  return { products, next };
}

/** A cursor after the given product (what the real module builds from its stored timestamp). */
export function cursorAfter(product: Product): PageCursor {
  return { seconds: Math.floor(Date.parse(product.createdAt) / 1000), nanoseconds: 0, id: product.id };
}

/** Forgets calls and answers an empty catalog; call in beforeEach. */
export function resetCatalogQueries() {
  Object.values(mock).forEach((fn) => fn.mockReset());
  fetchLatestProducts.mockResolvedValue([]);
  fetchAllProductsPage.mockResolvedValue(productPage([]));
  fetchProduct.mockResolvedValue(null);
  fetchOutlines.mockResolvedValue([]);
  fetchCategoryProductsPage.mockResolvedValue(productPage([]));
  fetchCatalogIndex.mockResolvedValue([]);
}

/** A promise the test settles itself, to look at a screen while its data is still loading. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
