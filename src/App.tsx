import { lazy, useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './components/Layout';
import { NotFoundPage } from './components/NotFoundPage';
import { useEarlyClick } from './components/useEarlyClick';
import { useAffiliateRef } from './lib/affiliateRef';
import { AllProductsPage, CategoryPage, HomePage } from './features/catalog';
import { CurrencySwitch } from './features/currency';
import type { AdminPageName } from './features/admin';
import { SearchBox } from './features/search';
import { contactPage, LazyScreen, productPage, purchasesPage, searchResultsPage, waitingPage } from './app/RoutePages';

// The admin area is one lazy chunk, with Firebase Auth behind it: shoppers never download either
// (docs/performance.md).
const LazyAdminPage = lazy(() => import('./features/admin').then((m) => ({ default: m.AdminPage })));
// The buyer's library is its own chunk too: only buyers who open it download it.
const LazyLibraryPage = lazy(() => import('./features/library').then((m) => ({ default: m.LibraryPage })));
// The affiliate program's pages (join, the affiliate's own page): only affiliates download them.
const LazyAffiliatesPage = lazy(() => import('./features/affiliates').then((m) => ({ default: m.AffiliatesPage })));

// The course player and the certificate check are one chunk of their own: only buyers who open a
// course, or someone checking a certificate, download it.
type LearnModule = typeof import('./features/learn');
let learnModule: LearnModule | null = null;

/**
 * The course player's chunk. Once loaded, the player renders without suspending: main.tsx loads it
 * before rendering over a lesson /early-learn.js painted, so React's first commit is the player, never
 * 'Loading...' (docs/performance.md, 'The course player').
 */
export function loadLearnModule(): Promise<LearnModule> {
  return import('./features/learn').then((m) => (learnModule = m));
}

const LazyLearnPage = lazy(() => loadLearnModule().then((m) => ({ default: m.LearnPage })));
const LazyCertificatePage = lazy(() => loadLearnModule().then((m) => ({ default: m.CertificatePage })));

function Learn() {
  // Chosen once per visit: switching from the lazy path to the loaded one would remount the player.
  const [LoadedLearnPage] = useState(() => learnModule?.LearnPage);
  return LoadedLearnPage ? (
    <LoadedLearnPage />
  ) : (
    <LazyScreen>
      <LazyLearnPage />
    </LazyScreen>
  );
}

function Library() {
  return (
    <LazyScreen>
      <LazyLibraryPage />
    </LazyScreen>
  );
}

function Affiliates({ page }: { page: 'join' | 'me' }) {
  return (
    <LazyScreen>
      <LazyAffiliatesPage page={page} />
    </LazyScreen>
  );
}

function Admin({ page }: { page: AdminPageName }) {
  return (
    <LazyScreen>
      <LazyAdminPage page={page} />
    </LazyScreen>
  );
}

// The app layer composes the features (docs/architecture.md, 'Conventions'): the currency switch goes
// into the shared shell, the search box into the catalog's home page.
export function App() {
  useEarlyClick();
  useAffiliateRef();
  return (
    <Routes>
      <Route element={<Layout currencySwitch={<CurrencySwitch />} />}>
        <Route index element={<HomePage searchBox={<SearchBox tone="dark" />} />} />
        <Route path="allproducts" element={<AllProductsPage />} />
        <Route path="category/:id" element={<CategoryPage />} />
        <Route path="productdetail/:id" element={<productPage.Page />} />
        <Route path="searchresults" element={<searchResultsPage.Page />} />
        <Route path="contactus" element={<contactPage.Page />} />
        <Route path="purchases" element={<purchasesPage.Page />} />
        <Route path="library" element={<Library />} />
        <Route path="learn/:token" element={<Learn />} />
        <Route
          path="certificates/:code"
          element={
            <LazyScreen>
              <LazyCertificatePage />
            </LazyScreen>
          }
        />
        <Route path="checkout/:checkoutId" element={<waitingPage.Page />} />
        <Route path="affiliates" element={<Affiliates page="join" />} />
        <Route path="affiliates/me" element={<Affiliates page="me" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {/* The admin area has no currency switch: it would float over the seller's controls. */}
      <Route element={<Layout />}>
        <Route path="adminlogin" element={<Admin page="login" />} />
        <Route path="adminsignup" element={<Admin page="signup" />} />
        <Route path="adminforgotpassword" element={<Admin page="forgotPassword" />} />
        <Route path="adminresetpassword" element={<Admin page="resetPassword" />} />
        <Route path="adminverify" element={<Admin page="verifyEmail" />} />
        <Route path="admindashboard" element={<Admin page="dashboard" />} />
        <Route path="admindashboard/products/:id" element={<Admin page="dashboard" />} />
      </Route>
    </Routes>
  );
}
