import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { AppProviders } from './app/AppProviders';
import { makeStore } from './app/store';
import { routeMatches } from './prerender/routes';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A prerendered page (DESIGN §8) is hydrated when its markup is for this path; any other page
// (or a prerendered file served for another path) is rendered from scratch. When hydrating, the
// saved state (a chosen currency) is restored only after hydration: the first render must match
// the HTML, which shows the defaults.
const prerendered = container.dataset.route;
const hydrate = prerendered !== undefined && routeMatches(prerendered, window.location.pathname);
const { store, persistor } = makeStore({ persist: true, deferPersist: hydrate });

const tree = (
  <StrictMode>
    <AppProviders store={store} persistor={persistor} gate={!hydrate}>
      <App />
    </AppProviders>
  </StrictMode>
);

if (hydrate) {
  hydrateRoot(container, tree);
} else {
  container.replaceChildren();
  createRoot(container).render(tree);
}
