// The product panels' server data (docs/architecture.md). Every mutation invalidates the storefront's tags
// ('Product', 'Outline' in lib/api.ts) only when its write succeeded, so the admin's list and the
// shop's cached pages change after the server has the change, never before (docs/admin.md).
import type { ProductPricing } from '../../../../domain/productPricing';
import { api, runQuery } from '../../../lib/api';
import type { AppError } from '../../../lib/errors';
import type { Outline, Product } from '../../../../domain/product';
import type { PageCursor } from '../../../../domain/paging';
import {
  createOutline,
  createProduct,
  deleteOutline,
  deleteProduct,
  fetchCategoryProducts,
  fetchDeliverableUrl,
  fetchProductsByIds,
  fetchProductsPage,
  type AdminProductPage,
  fetchOutlines,
  updateCoverImage,
  updateOutline,
  updateProduct,
  type OutlineFields,
  type ProductDraft,
} from './productAdminQueries';

const productList = { type: 'Product' as const, id: 'LIST' };

/**
 * Whether the product on the server differs from the cached one after a save: it succeeded, or it
 * was refused because another admin changed the product, so the list reloads what is stored now.
 */
function changedOnServer(error: AppError | undefined): boolean {
  return error === undefined || error.code === 'product-changed';
}

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminCategoryProducts: build.query<Product[], number>({
      queryFn: (categoryId) => runQuery(() => fetchCategoryProducts(categoryId)),
      providesTags: [productList],
    }),
    /** Manage Products' pages: every category (null) or one, 'Load more' asking for the next. */
    getAdminProducts: build.infiniteQuery<AdminProductPage, number | null, PageCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage: AdminProductPage) => lastPage.next,
      },
      queryFn: ({ queryArg, pageParam }) => runQuery(() => fetchProductsPage(queryArg, pageParam)),
      providesTags: [productList],
    }),
    /** A title search's matches, as full products for their cards. */
    getAdminProductsByIds: build.query<Product[], readonly string[]>({
      queryFn: (ids) => runQuery(() => fetchProductsByIds(ids)),
      providesTags: [productList],
    }),
    getDeliverableUrl: build.query<string, string>({
      queryFn: (productId) => runQuery(() => fetchDeliverableUrl(productId)),
      providesTags: (_result, _error, productId) => [{ type: 'Product', id: productId }],
    }),
    /** A product priced as a membership or in instalments carries its `pricing` (docs/memberships.md). */
    postProduct: build.mutation<string, ProductDraft & { pricing?: ProductPricing }>({
      queryFn: ({ pricing, ...draft }) =>
        runQuery(() => (pricing && pricing.kind !== 'once' ? createProduct(draft, pricing) : createProduct(draft))),
      invalidatesTags: (_result, error) => (error ? [] : [productList]),
    }),
    updateProduct: build.mutation<null, { id: string; opened: ProductDraft; changes: Partial<ProductDraft> }>({
      queryFn: ({ id, opened, changes }) => runQuery<null>(() => updateProduct(id, opened, changes).then(() => null)),
      invalidatesTags: (_result, error, { id }) =>
        changedOnServer(error) ? [productList, { type: 'Product', id }] : [],
    }),
    changeCoverImage: build.mutation<null, { id: string; openedUrl: string; coverImageUrl: string }>({
      queryFn: ({ id, openedUrl, coverImageUrl }) =>
        runQuery<null>(() => updateCoverImage(id, openedUrl, coverImageUrl).then(() => null)),
      invalidatesTags: (_result, error, { id }) =>
        changedOnServer(error) ? [productList, { type: 'Product', id }] : [],
    }),
    deleteProduct: build.mutation<{ keptFiles: number }, string>({
      queryFn: (id) => runQuery(() => deleteProduct(id)),
      invalidatesTags: (_result, error, id) =>
        error ? [] : [productList, { type: 'Product', id }, { type: 'Outline', id }],
    }),
    getAdminOutlines: build.query<Outline[], string>({
      queryFn: (productId) => runQuery(() => fetchOutlines(productId)),
      providesTags: (_result, _error, productId) => [{ type: 'Outline', id: productId }],
    }),
    postOutline: build.mutation<string, { productId: string; fields: OutlineFields }>({
      queryFn: ({ productId, fields }) => runQuery(() => createOutline(productId, fields)),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Outline', id: productId }]),
    }),
    updateOutline: build.mutation<null, { id: string; productId: string; fields: OutlineFields }>({
      queryFn: ({ id, fields }) => runQuery<null>(() => updateOutline(id, fields).then(() => null)),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Outline', id: productId }]),
    }),
    deleteOutline: build.mutation<null, { id: string; productId: string }>({
      queryFn: ({ id }) => runQuery<null>(() => deleteOutline(id).then(() => null)),
      invalidatesTags: (_result, error, { productId }) => (error ? [] : [{ type: 'Outline', id: productId }]),
    }),
  }),
});

export const {
  useGetAdminCategoryProductsQuery,
  useGetAdminProductsInfiniteQuery,
  useGetAdminProductsByIdsQuery,
  useGetDeliverableUrlQuery,
  usePostProductMutation,
  useUpdateProductMutation,
  useChangeCoverImageMutation,
  useDeleteProductMutation,
  useGetAdminOutlinesQuery,
  usePostOutlineMutation,
  useUpdateOutlineMutation,
  useDeleteOutlineMutation,
} = productsApi;
