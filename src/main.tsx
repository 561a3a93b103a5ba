import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, loadLearnModule } from './App';
import { AppProviders } from './app/AppProviders';
import { preloadRoutePage, productPage, searchResultsPage } from './app/RoutePages';
import { makeStore, rootReducer, type AppStore } from './app/store';
import { productPrimed, revalidateProduct, whatYouGetPrimed } from './features/catalog';
import { migrateSearchState } from './features/search';
import { takeEmbeddedProduct, takeEmbeddedWhatYouGet } from './lib/pageData';
import { markSavedStateRestored } from './lib/savedState';
import { paths } from '../domain/routes';
import { prerenderedRouteAttribute } from '../domain/pageContracts';
import { productIdAttribute } from '../domain/productTemplate';
import { prerenderedRoutes, routeMatches } from '../domain/prerenderedRoutes';
import type { Product } from '../domain/product';
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

const found = document.getElementById('root');
if (!found) throw new Error('index.html has no #root element');
const container: HTMLElement = found;

// A prerendered page (docs/performance.md) is hydrated when its markup is for this path; any other page
// (or a prerendered file served for another path) is rendered from scratch. When hydrating, the
// saved state (a chosen currency) is restored only after hydration: the first render must match
// the HTML, which shows the defaults.
const prerendered = container.getAttribute(prerenderedRouteAttribute);
// A product page the API filled with its product (docs/performance.md) is hydrated with that product in the
// cache; without it (it could not be read) the filled markup cannot be matched: render afresh.
const filledProductId = container.getAttribute(productIdAttribute);
const embeddedProduct = filledProductId === null ? null : takeEmbeddedProduct(filledProductId);
const freshRoute = prerenderedRoutes.some((route) => route.route === prerendered && route.rendersFresh);
const hydrate =
  prerendered !== null &&
  !freshRoute &&
  routeMatches(prerendered, window.location.pathname) &&
  (filledProductId === null ||
    (embeddedProduct !== null && isProductPath(window.location.pathname, embeddedProduct.id)));

/** Puts what the page brought with it into the store before the first render. */
type Prime = (store: AppStore) => Promise<void>;

// The saved state comes from a chunk of its own (src/app/persistence.ts, docs/performance.md): asked
// for at once, put in the store once.
let persistence: Promise<typeof import('./app/persistence')> | undefined;
const loadPersistence = () => (persistence ??= import('./app/persistence'));

/** Restores the saved state into `store`; settles (and marks it, lib/savedState) whatever happens. */
function restoreSavedState(store: AppStore): Promise<void> {
  return loadPersistence()
    .then((module) => module.startPersistence(store, { rootReducer, migrateSearchState }).restored)
    .catch(() => undefined)
    .finally(markSavedStateRestored);
}

function startApp(prime: Prime | null) {
  // Hydrating, or rendering over a lesson the early script painted: the first render must not wait
  // for the saved state, which applies just after it. Elsewhere the saved state is back first.
  const { store } = makeStore();
  const afterFirstRender = hydrate || prime !== null;
  void loadPersistence().catch(() => undefined);
  if (hydrate && embeddedProduct) {
    store.dispatch(productPrimed(embeddedProduct));
    // The 'What you get' list the API filled in, so the first render finds it (or finds it absent).
    const whatYouGet = takeEmbeddedWhatYouGet();
    if (whatYouGet) store.dispatch(whatYouGetPrimed(embeddedProduct.id, whatYouGet));
  }
  const tree = (
    <StrictMode>
      <AppProviders store={store} restore={afterFirstRender ? () => void restoreSavedState(store) : undefined}>
        <App />
      </AppProviders>
    </StrictMode>
  );
  if (hydrate) {
    hydrateRoot(container, tree);
    if (embeddedProduct) revalidateWhenIdle(store, embeddedProduct);
    return;
  }
  if (!prime) {
    void restoreSavedState(store).then(() => {
      container.replaceChildren();
      createRoot(container).render(tree);
    });
    return;
  }
  // The painted lesson stays on screen until React's first commit replaces it (React clears the
  // container as it commits): emptied earlier, a frame could show the page without it. Rendered as a
  // transition, so the whole player's first render yields to the browser in slices instead of
  // blocking it in one long task: the lesson is already on screen, nothing is waiting for it.
  const render = () => {
    const root = createRoot(container);
    startTransition(() => root.render(tree));
  };
  void prime(store).then(render, render);
}

/** Runs `run` once the page has loaded and the browser is idle (Safari has no requestIdleCallback). */
function whenIdle(run: () => void) {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
    else window.setTimeout(run, 1);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

// The embedded product may be up to a minute old (the CDN's cache): read it again once the page is
// idle, so a changed price or title, or a deleted product, shows (docs/performance.md).
function revalidateWhenIdle(store: AppStore, product: Product) {
  whenIdle(() => void revalidateProduct(store.dispatch, product));
}

// The page at this address has its chunk before the first render (src/app/RoutePages.tsx). Another
// page's chunk is fetched when the shopper shows the intent to open it: a finger or pointer on a product
// link, or the search box focused, so the tap or the search that follows rarely waits for code, and a
// visit that opens nothing downloads nothing more.
function preloadOnIntent(event: Event) {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(`a[href^="${paths.product('')}"]`)) void productPage.preload().catch(() => undefined);
  else if (target?.closest('form[role="search"]')) void searchResultsPage.preload().catch(() => undefined);
}

function startPage() {
  void preloadRoutePage(window.location.pathname).then(() => startApp(null));
  for (const type of ['pointerover', 'pointerdown', 'focusin']) {
    document.addEventListener(type, preloadOnIntent, { passive: true, capture: true });
  }
}

// The course player's page (docs/performance.md, 'The course player') asked for its course from the
// HTML and may have painted the opening lesson: the app renders once the player's chunk is here, with
// that answer in the cache, so its first frame is the player (no second request for the course).
if (freshRoute && !hydrate) {
  loadLearnModule().then(
    (learn) =>
      void Promise.resolve(learn.takeEarlyCourse(window.location.pathname)).then((early) =>
        startApp(early && ((store) => learn.primeLearnCourse(store.dispatch, early.token, early.course))),
      ),
    () => startApp(null),
  );
} else startPage();
