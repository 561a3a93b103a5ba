// Vite plugin for the local servers: answers page requests the way Firebase Hosting does with
// firebase.json's rewrites (DESIGN §8). In `vite preview` (e2e, the bench) each prerendered route
// gets its own HTML, /productdetail/{id} goes through the API (product meta for crawlers) and
// everything else gets the client-rendered shell. The dev server (npm start) has no build, so only
// the product page rewrite applies there.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { templateFetchHeader } from '../server/sharing/pageMeta';
import { htmlFileFor } from '../src/prerender/routes';

function pagePath(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  // Files (assets, images, early-home.js, the templates themselves) are served as they are.
  if (/\.[a-z0-9]+$/i.test(path) || path.startsWith('/api/') || path.startsWith('/@')) return null;
  return (req.headers.accept ?? '').includes('text/html') ? path : null;
}

/** Hosting's /productdetail/** rewrite to the API function; false when the request is not one. */
function proxyProductPage(req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction): boolean {
  const path = pagePath(req);
  // The API's own fetch of the shell must reach the file, or it would loop through this rewrite.
  if (!path?.startsWith('/productdetail/') || req.headers[templateFetchHeader]) return false;
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001';
  void fetch(`${apiTarget}${req.url ?? path}`, { headers: { accept: 'text/html' } })
    .then(async (answer) => {
      res.statusCode = answer.status;
      for (const name of ['content-type', 'cache-control']) {
        const value = answer.headers.get(name);
        if (value) res.setHeader(name, value);
      }
      res.end(Buffer.from(await answer.arrayBuffer()));
    })
    .catch(next);
  return true;
}

export function pagesServer({
  productPagesThroughApi = true,
}: {
  /**
   * false: /productdetail/{id} gets the built generic product shell instead of the API's filled page.
   * For a second build served beside the first (e2e): the API fills its pages from PUBLIC_STORE_URL's
   * shell, whose asset names belong to the first build.
   */
  productPagesThroughApi?: boolean;
} = {}): Plugin {
  const throughApi = (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) =>
    productPagesThroughApi && proxyProductPage(req, res, next);
  return {
    name: 'store-pages',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!throughApi(req, res, next)) next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (throughApi(req, res, next)) return;
        const path = pagePath(req);
        if (path !== null) {
          const query = (req.url ?? '').split('?')[1];
          req.url = `/${htmlFileFor(path)}${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
}
