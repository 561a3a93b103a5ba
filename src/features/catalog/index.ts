// The catalog feature's public surface.
export { HomePage } from './components/HomePage';
export { AllProductsPage } from './components/AllProductsPage';
export { CategoryPage } from './components/CategoryPage';
export { ProductDetailPage } from './components/ProductDetailPage';
// The search reads every product through the same RTK Query cache entry as /allproducts.
export { allProductsQuery } from './allProductsQuery';
