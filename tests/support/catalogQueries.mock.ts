// Stand-in for src/features/catalog/api/catalogQueries.ts, the module boundary behind which all
// Firestore code lives (STYLE: excalidraw). Typed against the real module, so a changed signature or
// a new export breaks the build here instead of letting the mock drift. Use it with
//   vi.mock('<path to>/src/features/catalog/api/catalogQueries', () => import('<path to>/catalogQueries.mock'));
// and program it per test through vi.mocked(...) on the real module's exports.
import { vi } from 'vitest';

type CatalogQueries = typeof import('../../src/features/catalog/api/catalogQueries');

export const fetchLatestProducts = vi.fn<CatalogQueries['fetchLatestProducts']>();
export const fetchAllProducts = vi.fn<CatalogQueries['fetchAllProducts']>();
export const fetchProduct = vi.fn<CatalogQueries['fetchProduct']>();
export const fetchOutlines = vi.fn<CatalogQueries['fetchOutlines']>();
export const fetchCategoryProducts = vi.fn<CatalogQueries['fetchCategoryProducts']>();

const mock = {
  fetchLatestProducts,
  fetchAllProducts,
  fetchProduct,
  fetchOutlines,
  fetchCategoryProducts,
} satisfies CatalogQueries;

/** Forgets calls and answers an empty catalog; call in beforeEach. */
export function resetCatalogQueries() {
  Object.values(mock).forEach((fn) => fn.mockReset());
  fetchLatestProducts.mockResolvedValue([]);
  fetchAllProducts.mockResolvedValue([]);
  fetchProduct.mockResolvedValue(null);
  fetchOutlines.mockResolvedValue([]);
  fetchCategoryProducts.mockResolvedValue([]);
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
