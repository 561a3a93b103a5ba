import { useEffect, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import type { AppStore } from './store';

/**
 * Runs `restore` once the first render is committed: on a prerendered page, once the markup is
 * hydrated, so the first render matches the HTML and the saved state (a chosen currency) applies just
 * after (main.tsx, ./persistence.ts).
 */
function AfterFirstCommit({ restore }: { restore: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    restore();
  }, [restore]);
  return null;
}

export function AppProviders({
  store,
  restore,
  location,
  children,
}: {
  store: AppStore;
  /** Restores the saved state after the first commit (see AfterFirstCommit); none at build time. */
  restore?: () => void;
  /** Set when rendering at build time (prerender): the route to render, with no browser. */
  location?: string;
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
      {restore ? <AfterFirstCommit restore={restore} /> : null}
      {routed}
    </Provider>
  );
}
