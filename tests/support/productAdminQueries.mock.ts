// Stand-in for src/features/admin/api/productAdminQueries.ts, the boundary behind which the product
// panels' Firestore and Auth code lives (docs/testing.md). Typed against the real module, so a
// changed signature breaks the build here. Use it with
//   vi.mock('<path to>/src/features/admin/api/productAdminQueries', () => import('<path to>/productAdminQueries.mock'));
import { vi } from 'vitest';

type Queries = typeof import('../../src/features/admin/api/productAdminQueries');

export const fetchCategoryProducts = vi.fn<Queries['fetchCategoryProducts']>();
export const fetchProductsPage = vi.fn<Queries['fetchProductsPage']>();
export const fetchProductsByIds = vi.fn<Queries['fetchProductsByIds']>();
export const fetchDeliverableUrl = vi.fn<Queries['fetchDeliverableUrl']>();
export const createProduct = vi.fn<Queries['createProduct']>();
export const updateProduct = vi.fn<Queries['updateProduct']>();
export const updateCoverImage = vi.fn<Queries['updateCoverImage']>();
export const deleteProduct = vi.fn<Queries['deleteProduct']>();
export const isCoverInUse = vi.fn<Queries['isCoverInUse']>();
export const fetchOutlines = vi.fn<Queries['fetchOutlines']>();
export const createOutline = vi.fn<Queries['createOutline']>();
export const updateOutline = vi.fn<Queries['updateOutline']>();
export const deleteOutline = vi.fn<Queries['deleteOutline']>();
export const currentIdToken = vi.fn<Queries['currentIdToken']>();
export const fetchDeliverables = vi.fn<Queries['fetchDeliverables']>();
export const saveDeliverySettings = vi.fn<Queries['saveDeliverySettings']>();

const mock = {
  fetchCategoryProducts,
  fetchProductsPage,
  fetchProductsByIds,
  fetchDeliverableUrl,
  createProduct,
  updateProduct,
  updateCoverImage,
  deleteProduct,
  isCoverInUse,
  fetchOutlines,
  createOutline,
  updateOutline,
  deleteOutline,
  currentIdToken,
  fetchDeliverables,
  saveDeliverySettings,
} satisfies Queries;

/** The ID token the mocked session hands to the admin API. */
export const adminToken = 'admin-id-token';

/** Forgets calls; every read answers empty (no product uses a cover), every write succeeds, the admin is signed in. */
export function resetProductAdminQueries() {
  Object.values(mock).forEach((fn) => fn.mockReset());
  fetchCategoryProducts.mockResolvedValue([]);
  fetchProductsPage.mockResolvedValue({ products: [], next: null });
  fetchProductsByIds.mockResolvedValue([]);
  fetchDeliverableUrl.mockResolvedValue('');
  createProduct.mockResolvedValue('new-product');
  updateProduct.mockResolvedValue();
  updateCoverImage.mockResolvedValue();
  deleteProduct.mockResolvedValue({ keptFiles: 0 });
  isCoverInUse.mockResolvedValue(false);
  fetchOutlines.mockResolvedValue([]);
  createOutline.mockResolvedValue('new-outline');
  updateOutline.mockResolvedValue();
  deleteOutline.mockResolvedValue();
  currentIdToken.mockResolvedValue(adminToken);
  fetchDeliverables.mockResolvedValue({ url: '', files: [], stampPdf: true, downloadLimit: null, expiryDays: null });
  saveDeliverySettings.mockResolvedValue();
}
