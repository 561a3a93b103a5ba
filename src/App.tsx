import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout';
import { NotFoundPage } from './components/NotFoundPage';
import { AllProductsPage } from './features/catalog/components/AllProductsPage';
import { CategoryPage } from './features/catalog/components/CategoryPage';
import { HomePage } from './features/catalog/components/HomePage';
import { ProductDetailPage } from './features/catalog/components/ProductDetailPage';
import { PurchasesPage } from './features/checkout/components/PurchasesPage';
import { ContactPage } from './features/contact/components/ContactPage';
import { CurrencySwitch } from './features/currency/components/CurrencySwitch';
import { SearchBox } from './features/search/components/SearchBox';
import { SearchResultsPage } from './features/search/components/SearchResultsPage';

// The app layer composes the features (STYLE §1): the currency switch goes into the shared shell,
// the search box into the catalog's home page.
export function App() {
  return (
    <Routes>
      <Route element={<Layout currencySwitch={<CurrencySwitch />} />}>
        <Route index element={<HomePage searchBox={<SearchBox tone="dark" />} />} />
        <Route path="allproducts" element={<AllProductsPage />} />
        <Route path="category/:id" element={<CategoryPage />} />
        <Route path="productdetail/:id" element={<ProductDetailPage />} />
        <Route path="searchresults" element={<SearchResultsPage />} />
        <Route path="contactus" element={<ContactPage />} />
        <Route path="purchases" element={<PurchasesPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
