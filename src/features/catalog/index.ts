// The catalog feature's public surface.
export { HomePage } from './components/HomePage';
export { AllProductsPage } from './components/AllProductsPage';
export { CategoryPage } from './components/CategoryPage';
export { ProductDetailPage } from './components/ProductDetailPage';
