// The catalog feature's public surface.
export { HomePage } from './components/HomePage';
export { AllProductsPage } from './components/AllProductsPage';
export { CategoryPage } from './components/CategoryPage';
// The product page is a chunk of its own: home and the list pages paint and start without it
// (docs/performance.md, 'What the entry leaves out').
export const loadProductDetailPage = () =>
  import('./components/ProductDetailPage').then((module) => module.ProductDetailPage);
// The search answers from the catalog index, through one shared RTK Query cache entry.
export { catalogIndexQuery, useCatalogIndex } from './catalogIndexQuery';
export { PagedProductList, type ListPage } from './components/PagedProductList';
// A product page that arrives with its product in the HTML starts with it in the cache.
export { productPrimed } from './api/catalogApi';
export { whatYouGetPrimed } from './api/whatYouGetApi';
// ... and reads it again once hydrated: the page may come from the CDN's cache.
export { revalidateProduct } from './api/productRevalidation';
