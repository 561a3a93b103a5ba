import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';

/** Restores the saved state once the prerendered markup is hydrated, so both renders match. */
function PersistAfterHydration({ persistor }: { persistor: Persistor }) {
  useEffect(() => {
    if (!persistor.getState().bootstrapped) persistor.persist();
  }, [persistor]);
  return null;
}

export function AppProviders({
  store,
  persistor,
  location,
  gate = true,
  children,
}: {
  store: AppStore;
  persistor: Persistor | null;
  /** Set when rendering at build time (prerender): the route to render, with no browser. */
  location?: string;
  /**
   * Whether to hold rendering until the saved state is restored. A prerendered page must not: its
   * first client render has to match the HTML (docs/performance.md), so the saved currency applies just
   * after.
   */
  gate?: boolean;
  children: ReactNode;
}) {
  const routed =
    location === undefined ? (
      <BrowserRouter>{children}</BrowserRouter>
    ) : (
      <StaticRouter location={location}>{children}</StaticRouter>
    );
  return (
    <Provider store={store}>
      {persistor && gate ? (
        <PersistGate loading={null} persistor={persistor}>
          {routed}
        </PersistGate>
      ) : (
        <>
          {persistor ? <PersistAfterHydration persistor={persistor} /> : null}
          {routed}
        </>
      )}
    </Provider>
  );
}
