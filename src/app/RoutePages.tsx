// The storefront's pages that the first paint of home and the list pages does not need, each a chunk
// of its own (docs/performance.md, 'What the entry leaves out'). A page opened at its own address
// (a prerendered product or contact page) has its chunk loaded before the app hydrates or renders,
// so its first render is the page itself, never 'Loading...'; the build's prerender loads them all.
// Reached by a link from another page, the page shows 'Loading...' until its chunk is here.
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { loadProductDetailPage } from '../features/catalog';
import { loadPurchasesPage, loadWaitingPage } from '../features/checkout';
import { loadContactPage } from '../features/contact';
import { loadSearchResultsPage } from '../features/search';
import { paths } from '../../domain/routes';

/** A lazy chunk's screen, with 'Loading...' while its code arrives. */
export function LazyScreen({ children }: { children: ReactNode }) {
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

interface RoutePage {
  /** The page: rendered at once when its chunk is loaded, else after 'Loading...'. */
  Page: ComponentType;
  /** Loads the chunk (once; a failed load may be tried again). */
  preload: () => Promise<void>;
  /** Whether this page is the one at `pathname`. */
  at: (pathname: string) => boolean;
}

function routePage(at: (pathname: string) => boolean, load: () => Promise<ComponentType>): RoutePage {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () => {
    loading ??= load().then(
      (page) => {
        loaded = page;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const LazyPage = lazy(() => preload().then(() => ({ default: loaded ?? (() => null) })));
  function Page() {
    // Chosen once per mount: switching from the lazy page to the loaded one would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? (
      <Loaded />
    ) : (
      <LazyScreen>
        <LazyPage />
      </LazyScreen>
    );
  }
  return { Page, preload, at };
}

const under = (prefix: string) => (pathname: string) => pathname.startsWith(prefix);
const exactly = (path: string) => (pathname: string) => pathname.replace(/(.)\/+$/, '$1') === path;

export const productPage = routePage(under(paths.product('')), loadProductDetailPage);
export const contactPage = routePage(exactly(paths.contact), loadContactPage);
export const purchasesPage = routePage(exactly(paths.purchases), loadPurchasesPage);
export const waitingPage = routePage(under('/checkout/'), loadWaitingPage);
export const searchResultsPage = routePage(exactly(paths.searchResults), loadSearchResultsPage);

const routePages = [productPage, contactPage, purchasesPage, waitingPage, searchResultsPage];

/** Loads the chunk of the page at `pathname`, if it is one of these; resolves either way. */
export function preloadRoutePage(pathname: string): Promise<void> {
  const page = routePages.find((candidate) => candidate.at(pathname));
  return page ? page.preload().catch(() => undefined) : Promise.resolve();
}

/** Loads every page's chunk: the build's prerender renders them all. */
export async function preloadRoutePages(): Promise<void> {
  await Promise.all(routePages.map((page) => page.preload()));
}
