// Build-time entry (scripts/prerender.ts): the storefront's HTML for one route, without a browser,
// and the rest the build needs of the app. The build reaches the app only through this bundle (and
// the boot scripts through scripts/bootScripts.ts), never by importing src/; what both sides must
// agree on (file names, routes, the token product) is in domain/pageContracts.ts,
// domain/prerenderedRoutes.ts and domain/productTemplate.ts.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { tokenProduct, tokenWhatYouGet } from '../../domain/productTemplate';
import { paths } from '../../domain/routes';
import { App } from '../App';
import { AppProviders } from '../app/AppProviders';
import { makeStore } from '../app/store';
import { productPrimed, whatYouGetPrimed } from '../features/catalog';
import { api } from '../lib/api';
import { getConfig } from '../lib/config';
import { runQueryUrl } from '../lib/earlyQuery';

export { earlyQueryBodies } from '../lib/earlyQuery';
export { startAfterPaint } from './startScript';
// The pages in chunks of their own (src/app/RoutePages.tsx), loaded before any route renders.
export { preloadRoutePages } from '../app/RoutePages';

export function renderRoute(location: string): string {
  const { store } = makeStore();
  return render(store, location);
}

/** The product page with the token product in it, for the API to fill (docs/performance.md). */
export function renderProductTemplate(): string {
  const { store } = makeStore();
  store.dispatch(productPrimed(tokenProduct));
  store.dispatch(whatYouGetPrimed(tokenProduct.id, tokenWhatYouGet));
  const html = render(store, paths.product(tokenProduct.id));
  // Primed entries no component subscribed to hold a removal timer (keepUnusedDataFor); a reset
  // clears them, so the process that built the store (Vite, a test run) is not kept alive by them.
  store.dispatch(api.util.resetApiState());
  return html;
}

function render(store: ReturnType<typeof makeStore>['store'], location: string): string {
  return renderToString(
    <StrictMode>
      <AppProviders store={store} location={location}>
        <App />
      </AppProviders>
    </StrictMode>,
  );
}

/** The store identity the build writes into each page's meta. */
export function storeIdentity() {
  return getConfig().store;
}

/** Where the HTML's early script sends the newest-products query. */
export function earlyQueryTarget(): { url: string } {
  const { firebase, emulators } = getConfig();
  return { url: runQueryUrl(firebase.projectId, emulators?.firestoreHost ?? null) };
}
