// Admin writes invalidate the storefront's RTK Query tags, so a shop page cached in the same
// browser refetches after the write succeeded, and not after a failed one.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../../../src/app/store';
import { catalogApi } from '../../../../../src/features/catalog/api/catalogApi';
import {
  fetchLatestProducts,
  fetchOutlines,
  fetchProduct,
} from '../../../../../src/features/catalog/api/catalogQueries';
import { updateProduct } from '../../../../../src/features/admin/api/productAdminQueries';
import { productsApi } from '../../../../../src/features/admin/api/productsApi';
import { resetCatalogQueries } from '../../../../support/catalogQueries.mock';
import { buildProduct } from '../../../../support/factories';
import { resetProductAdminQueries } from '../../../../support/productAdminQueries.mock';

vi.mock(
  '../../../../../src/features/catalog/api/catalogQueries',
  () => import('../../../../support/catalogQueries.mock'),
);
vi.mock(
  '../../../../../src/features/admin/api/productAdminQueries',
  () => import('../../../../support/productAdminQueries.mock'),
);

const product = buildProduct({ id: 'excel-mastery' });
const draft = {
  title: product.title,
  description: product.description,
  priceInNgn: 9500,
  priceInUsd: product.priceInUsd,
  categoryId: product.categoryId,
  coverImageUrl: product.coverImageUrl,
  author: product.author,
  url: 'https://drive.example.com/x',
};

beforeEach(() => {
  resetCatalogQueries();
  resetProductAdminQueries();
  vi.mocked(fetchLatestProducts).mockResolvedValue([product]);
  vi.mocked(fetchProduct).mockResolvedValue(product);
});

async function storeWithShopPages() {
  const { store } = makeStore();
  const subscriptions = [
    store.dispatch(catalogApi.endpoints.getLatestProducts.initiate()),
    store.dispatch(catalogApi.endpoints.getProduct.initiate('excel-mastery')),
    store.dispatch(catalogApi.endpoints.getOutlines.initiate('excel-mastery')),
  ];
  await Promise.all(subscriptions);
  return store;
}

describe('storefront cache after admin writes', () => {
  it('refetches the home list and the product page after a product edit', async () => {
    const store = await storeWithShopPages();
    expect(fetchLatestProducts).toHaveBeenCalledTimes(1);
    await store.dispatch(
      productsApi.endpoints.updateProduct.initiate({
        id: 'excel-mastery',
        opened: draft,
        changes: { priceInNgn: 9500 },
      }),
    );
    await vi.waitFor(() => expect(fetchLatestProducts).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(fetchProduct).toHaveBeenCalledTimes(2));
  });

  it("refetches the product page's outline after an outline is posted", async () => {
    const store = await storeWithShopPages();
    await store.dispatch(
      productsApi.endpoints.postOutline.initiate({
        productId: 'excel-mastery',
        fields: { outline: 'Intro', outlineOrder: 1 },
      }),
    );
    await vi.waitFor(() => expect(fetchOutlines).toHaveBeenCalledTimes(2));
  });

  it('keeps the cache when the write failed', async () => {
    vi.mocked(updateProduct).mockRejectedValue(new Error('denied'));
    const store = await storeWithShopPages();
    await store.dispatch(
      productsApi.endpoints.updateProduct.initiate({
        id: 'excel-mastery',
        opened: draft,
        changes: { priceInNgn: 9500 },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchLatestProducts).toHaveBeenCalledTimes(1);
  });

  it('refetches when the save was refused because another admin changed the product', async () => {
    vi.mocked(updateProduct).mockRejectedValue(Object.assign(new Error('changed'), { code: 'product-changed' }));
    const store = await storeWithShopPages();
    const result = await store.dispatch(
      productsApi.endpoints.updateProduct.initiate({
        id: 'excel-mastery',
        opened: draft,
        changes: { priceInNgn: 9500 },
      }),
    );
    expect(result.error).toEqual({
      code: 'product-changed',
      message: 'This product was changed by someone else. Reload it and try again.',
    });
    await vi.waitFor(() => expect(fetchProduct).toHaveBeenCalledTimes(2));
  });
});
