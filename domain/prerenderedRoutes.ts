// The storefront routes prerendered at build time (docs/performance.md), shared by the build step, main.tsx
// (hydrate or not) and the local servers (which file answers which path).

export interface PrerenderedRoute {
  /** What the prerendered root is marked with: a path, or a path prefix ending in '/*'. */
  route: string;
  /** The location rendered at build time. */
  renderAt: string;
  /** The file written under dist/. */
  file: string;
  /**
   * The markup is a shell the app renders over from scratch rather than hydrates: the course player's
   * page, which /early-learn.js may have filled with the opening lesson before the app runs.
   */
  rendersFresh?: boolean;
}

export const prerenderedRoutes: readonly PrerenderedRoute[] = [
  { route: '/', renderAt: '/', file: 'index.html' },
  { route: '/allproducts', renderAt: '/allproducts', file: 'allproducts/index.html' },
  { route: '/category/1', renderAt: '/category/1', file: 'category/1/index.html' },
  { route: '/category/2', renderAt: '/category/2', file: 'category/2/index.html' },
  { route: '/category/3', renderAt: '/category/3', file: 'category/3/index.html' },
  { route: '/contactus', renderAt: '/contactus', file: 'contactus/index.html' },
  { route: '/purchases', renderAt: '/purchases', file: 'purchases/index.html' },
  // One shell for every product: the page renders its loading state until the product arrives.
  { route: '/productdetail/*', renderAt: '/productdetail/_', file: 'productdetail/index.html' },
  // The course player's frame (navigation, footer); /early-learn.js paints the opening lesson into it.
  { route: '/learn/*', renderAt: '/learn/_', file: 'learn/index.html', rendersFresh: true },
];

/** Every other path (admin, search results, unknown) gets the empty shell, rendered in the browser. */
export const spaShellFile = 'app.html';

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Whether a prerendered route's markup is the one for this path. */
export function routeMatches(route: string, pathname: string): boolean {
  const path = normalise(pathname);
  if (route.endsWith('/*')) {
    const prefix = route.slice(0, -1);
    return path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/');
  }
  return route === path;
}

/**
 * The dist file that answers a page request for this path. A page the app renders fresh answers every
 * path under its prefix, as Hosting's '/prefix/**' rewrite does (nothing there is hydrated).
 */
export function htmlFileFor(pathname: string): string {
  const path = normalise(pathname);
  const under = (route: PrerenderedRoute) => route.rendersFresh === true && path.startsWith(route.route.slice(0, -1));
  return prerenderedRoutes.find((r) => routeMatches(r.route, path) || under(r))?.file ?? spaShellFile;
}
