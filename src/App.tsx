import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout';
import { NotFoundPage } from './components/NotFoundPage';
import { AllProductsPage, CategoryPage, HomePage, ProductDetailPage } from './features/catalog';
import { ContactPage } from './features/contact';
import { CurrencySwitch } from './features/currency';
import { SearchBox, SearchResultsPage } from './features/search';

// The admin area is one lazy chunk, with Firebase Auth behind it: shoppers never download either
// (DESIGN §8). Each page names its export of the feature's public surface.
const loadAdmin = () => import('./features/admin');
const AdminLoginPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminLoginPage })));
const AdminSignupPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminSignupPage })));
const AdminForgotPasswordPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminForgotPasswordPage })));
const AdminResetPasswordPage = lazy(() => loadAdmin().then((m) => ({ default: m.AdminResetPasswordPage })));
const AdminDashboard = lazy(() => loadAdmin().then((m) => ({ default: m.AdminDashboard })));

function AdminChunk({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="px-4 pb-16 pt-24 text-center text-lg text-slate-700">
          Loading...
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

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
        <Route
          path="adminlogin"
          element={
            <AdminChunk>
              <AdminLoginPage />
            </AdminChunk>
          }
        />
        <Route
          path="adminsignup"
          element={
            <AdminChunk>
              <AdminSignupPage />
            </AdminChunk>
          }
        />
        <Route
          path="adminforgotpassword"
          element={
            <AdminChunk>
              <AdminForgotPasswordPage />
            </AdminChunk>
          }
        />
        <Route
          path="adminresetpassword"
          element={
            <AdminChunk>
              <AdminResetPasswordPage />
            </AdminChunk>
          }
        />
        <Route
          path="admindashboard"
          element={
            <AdminChunk>
              <AdminDashboard />
            </AdminChunk>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
