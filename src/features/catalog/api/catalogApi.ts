import { api, runQuery } from '../../../lib/api';
import type { CatalogEntry } from '../../../../domain/catalogIndex';
import { takeEarlyLatestProducts, takeEarlyProductPage } from '../../../lib/earlyQuery';
import { takeEmbeddedOutlines, takeEmbeddedProduct } from '../../../lib/pageData';
import { latestProductsCount, productPageSize } from '../../../../domain/pageContracts';
import type { PageCursor } from '../../../../domain/paging';
import type { Outline, Product } from '../../../../domain/product';
import { paths } from '../../../../domain/routes';
import type { ProductPage } from './productPages';

// One import promise shared by every endpoint: the first query starts the download of the Firestore
// chunk and the others wait on it. Importing once also keeps tests honest: vitest 4 hands the real
// module, not the mock, to every dynamic import that overlaps the first (vitest-dev/vitest#7040).
let queriesModule: Promise<typeof import('./catalogQueries')> | undefined;
const queries = () =>
  (queriesModule ??= import('./catalogQueries').catch((error: unknown) => {
    // A chunk that failed to download (flaky network) is retried by the next query.
    queriesModule = undefined;
    throw error;
  }));

// Pages of 24 (docs/catalog-and-search.md): the first page is the cursor null, each next one starts after
// the last product shown; a short page ends the list.
const pagingOptions = {
  initialPageParam: null as PageCursor | null,
  getNextPageParam: (lastPage: ProductPage) => lastPage.next,
};

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLatestProducts: build.query<Product[], void>({
      // The prerendered home started this query from its HTML (docs/performance.md); use that answer when
      // it came.
      queryFn: () =>
        runQuery(
          async () => (await takeEarlyLatestProducts()) ?? (await queries()).fetchLatestProducts(latestProductsCount),
        ),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getAllProducts: build.infiniteQuery<ProductPage, void, PageCursor | null>({
      infiniteQueryOptions: pagingOptions,
      // The prerendered page started its first page from the HTML (docs/performance.md); later pages query.
      queryFn: ({ pageParam }) =>
        runQuery(
          async () =>
            (pageParam === null ? await takeEarlyProductPage(paths.allProducts, productPageSize) : null) ??
            (await queries()).fetchAllProductsPage(productPageSize, pageParam),
        ),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    getCategoryProducts: build.infiniteQuery<ProductPage, number, PageCursor | null>({
      infiniteQueryOptions: pagingOptions,
      queryFn: ({ queryArg, pageParam }) =>
        runQuery(
          async () =>
            (pageParam === null ? await takeEarlyProductPage(paths.category(queryArg), productPageSize) : null) ??
            (await queries()).fetchCategoryProductsPage(queryArg, productPageSize, pageParam),
        ),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** The catalog index (docs/catalog-and-search.md): loaded once a visit, searches match in the browser. */
    getCatalogIndex: build.query<CatalogEntry[], void>({
      queryFn: () => runQuery(async () => (await queries()).fetchCatalogIndex()),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
    /** null when the product does not exist. */
    getProduct: build.query<Product | null, string>({
      // The API's product page carries the product (docs/performance.md): no SDK download or read for the
      // first render.
      queryFn: (id) => runQuery(async () => takeEmbeddedProduct(id) ?? (await queries()).fetchProduct(id)),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    getOutlines: build.query<Outline[], string>({
      // Embedded with the product in the API's product page: that page never loads the SDK.
      queryFn: (productId) =>
        runQuery(async () => takeEmbeddedOutlines(productId) ?? (await queries()).fetchOutlines(productId)),
      providesTags: (_result, _error, productId) => [{ type: 'Outline', id: productId }],
    }),
  }),
});

export const {
  useGetLatestProductsQuery,
  useGetAllProductsInfiniteQuery,
  useGetCategoryProductsInfiniteQuery,
  useGetCatalogIndexQuery,
  useGetProductQuery,
  useGetOutlinesQuery,
} = catalogApi;

/**
 * Puts a product the page already has (the API's filled product page, or the build's template
 * product) in the cache, so the product page's first render shows it: hydration then finds the
 * markup it renders.
 */
export function productPrimed(product: Product) {
  return catalogApi.util.upsertQueryEntries([{ endpointName: 'getProduct', arg: product.id, value: product }]);
}
