// Vite plugin for `vite preview` (the e2e store and npm start's preview): answers page requests the
// way Firebase Hosting does with firebase.json's rewrites (DESIGN §8): each prerendered route its
// own HTML, /productdetail/{id} through the API (product meta for crawlers), everything else the
// client-rendered shell.
import type { IncomingMessage } from 'node:http';
import type { Plugin } from 'vite';
import { htmlFileFor } from '../src/prerender/routes';

function wantsPage(req: IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  // Files (assets, images, early-home.js, the templates themselves) are served as they are.
  if (/\.[a-z0-9]+$/i.test(path) || path.startsWith('/api/') || path.startsWith('/@')) return false;
  return (req.headers.accept ?? '').includes('text/html');
}

export function pagesServer(): Plugin {
  return {
    name: 'store-pages',
    configurePreviewServer(server) {
      const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001';
      server.middlewares.use((req, res, next) => {
        if (!wantsPage(req)) return next();
        const [path = '/', query] = (req.url ?? '/').split('?');
        if (path.startsWith('/productdetail/') && apiTarget) {
          // Hosting's /productdetail/** rewrite to the API function.
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
          return;
        }
        req.url = `/${htmlFileFor(path)}${query ? `?${query}` : ''}`;
        next();
      });
    },
  };
}
