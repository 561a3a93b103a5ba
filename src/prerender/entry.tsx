// Build-time entry (scripts/prerender.ts): the storefront's HTML for one route, without a browser.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from '../App';
import { AppProviders } from '../app/AppProviders';
import { makeStore } from '../app/store';
import { getConfig } from '../lib/config';
import { runQueryUrl } from '../lib/earlyQuery';

export { prerenderedRoutes, spaShellFile } from './routes';

export function renderRoute(location: string): string {
  const { store } = makeStore();
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
