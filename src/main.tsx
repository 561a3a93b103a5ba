import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AppProviders } from './app/AppProviders';
import { makeStore } from './app/store';
import { productPrimed, revalidateProduct } from './features/catalog';
import { takeEmbeddedProduct } from './lib/pageData';
import { paths } from '../domain/routes';
import { prerenderedRouteAttribute } from '../domain/pageContracts';
import { productIdAttribute } from '../domain/productTemplate';
import { routeMatches } from '../domain/prerenderedRoutes';
import './index.css';

function isProductPath(pathname: string, id: string): boolean {
  const prefix = paths.product('');
  const path = pathname.replace(/\/+$/, '');
  try {
    return path.startsWith(prefix) && decodeURIComponent(path.slice(prefix.length)) === id;
  } catch {
    return false;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A prerendered page (docs/performance.md) is hydrated when its markup is for this path; any other page
// (or a prerendered file served for another path) is rendered from scratch. When hydrating, the
// saved state (a chosen currency) is restored only after hydration: the first render must match
// the HTML, which shows the defaults.
const prerendered = container.getAttribute(prerenderedRouteAttribute);
// A product page the API filled with its product (docs/performance.md) is hydrated with that product in the
// cache; without it (it could not be read) the filled markup cannot be matched: render afresh.
const filledProductId = container.getAttribute(productIdAttribute);
const embeddedProduct = filledProductId === null ? null : takeEmbeddedProduct(filledProductId);
const hydrate =
  prerendered !== null &&
  routeMatches(prerendered, window.location.pathname) &&
  (filledProductId === null ||
    (embeddedProduct !== null && isProductPath(window.location.pathname, embeddedProduct.id)));
const { store, persistor } = makeStore({ persist: true, deferPersist: hydrate });
if (hydrate && embeddedProduct) store.dispatch(productPrimed(embeddedProduct));

const tree = (
  <StrictMode>
    <AppProviders store={store} persistor={persistor} gate={!hydrate}>
      <App />
    </AppProviders>
  </StrictMode>
);

if (hydrate) {
  hydrateRoot(container, tree);
  // The embedded product may be up to a minute old (the CDN's cache): read it again once the page is
  // idle, so a changed price or title, or a deleted product, shows (docs/performance.md).
  if (embeddedProduct) {
    const product = embeddedProduct;
    const run = () => void revalidateProduct(store.dispatch, product);
    const revalidate = () => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
      else window.setTimeout(run, 1);
    };
    if (document.readyState === 'complete') revalidate();
    else window.addEventListener('load', revalidate, { once: true });
  }
} else {
  container.replaceChildren();
  createRoot(container).render(tree);
}
