// The catalog the admin product screens' component tests share: two ebooks behind the mocked Firestore
// queries. A file using it mocks catalogQueries and productAdminQueries with the support mocks (vi.mock
// stays in the test file, where it is hoisted), then calls useAdminCatalog() at its top level.
import { beforeEach, vi } from 'vitest';
import type { Product } from '../../domain/product';
import {
  fetchDeliverableUrl,
  fetchProductsByIds,
  fetchProductsPage,
} from '../../src/features/admin/api/productAdminQueries';
import { fetchCatalogIndex, resetCatalogQueries } from './catalogQueries.mock';
import { buildProduct } from './factories';
import { resetProductAdminQueries } from './productAdminQueries.mock';

export const coverUrl = 'https://res.cloudinary.test/demo/image/upload/v1690000000/digital_products/excel-cover.png';
export const excel = buildProduct({
  id: 'excel-mastery',
  title: 'Excel Mastery for Business',
  description: 'Formulas, pivot tables and dashboards that turn raw sales records into decisions.',
  priceInNgn: 12000,
  priceInUsd: 15,
  categoryId: 1,
  coverImageUrl: coverUrl,
  author: 'Digital Store Content Team',
});
export const python = buildProduct({
  id: 'python-basics',
  title: 'Python Basics',
  description: 'Short.',
  priceInNgn: 8000,
  priceInUsd: 10,
  categoryId: 1,
});

/** What the mocked queries answer from, [excel, python] before each test; a test may replace `products`. */
export function useAdminCatalog(): { products: Product[] } {
  const catalog = { products: [] as Product[] };
  beforeEach(() => {
    resetProductAdminQueries();
    resetCatalogQueries();
    catalog.products = [excel, python];
    vi.mocked(fetchProductsPage).mockImplementation(async (categoryId) => ({
      products: catalog.products.filter((product) => categoryId === null || product.categoryId === categoryId),
      next: null,
    }));
    vi.mocked(fetchDeliverableUrl).mockResolvedValue('https://drive.example.com/excel');
    // The title search's matches come from the catalog index, their cards from the products.
    vi.mocked(fetchCatalogIndex).mockImplementation(async () =>
      catalog.products.map(({ id, title, priceInNgn, priceInUsd, coverImageUrl, categoryId, createdAt }) => ({
        id,
        title,
        priceInNgn,
        priceInUsd,
        coverImageUrl,
        categoryId,
        createdAt,
      })),
    );
    vi.mocked(fetchProductsByIds).mockImplementation(async (ids) =>
      catalog.products.filter((product) => ids.includes(product.id)),
    );
  });
  return catalog;
}
