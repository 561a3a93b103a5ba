// Build-time entry (scripts/prerender.ts): the storefront's HTML for one route, without a browser.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../App';
import { AppProviders } from '../app/AppProviders';
import { makeStore } from '../app/store';
import { getConfig } from '../lib/config';
import { runQueryUrl } from '../lib/earlyQuery';
import { paths } from '../../domain/routes';
import { productPrimed } from '../features/catalog';
import { tokenProduct } from '../../domain/pageContracts';

export { prerenderedRoutes, spaShellFile } from '../../domain/prerenderedRoutes';
export { productIdAttribute, productTemplateFile, tokenProduct } from '../../domain/pageContracts';

export function renderRoute(location: string): string {
  const { store } = makeStore();
  return render(store, location);
}

/** The product page with the token product in it, for the API to fill (docs/performance.md). */
export function renderProductTemplate(): string {
  const { store } = makeStore();
  store.dispatch(productPrimed(tokenProduct));
  return render(store, paths.product(tokenProduct.id));
}

function render(store: ReturnType<typeof makeStore>['store'], location: string): string {
  return renderToString(
    <StrictMode>
      <AppProviders store={store} persistor={null} location={location}>
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
