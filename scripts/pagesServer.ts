// Vite plugin for the local servers: answers page requests the way Firebase Hosting does with
// firebase.json's rewrites (docs/performance.md). In `vite preview` (e2e, the bench) each prerendered route
// gets its own HTML, /productdetail/{id} goes through the API (product meta for crawlers) and
// everything else gets the client-rendered shell; robots.txt and the sitemap go to the API too. The
// dev server (npm start) has no build, so only the rewrites to the API apply there.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Connect, Plugin } from 'vite';
import firebaseJson from '../firebase.json';
import { localHostingHeadersFor } from '../server/lib/hostingHeaders';
import { templateFetchHeader } from '../server/sharing/pageMeta';
import { htmlFileFor } from '../domain/prerenderedRoutes';

function pagePath(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  // Files (assets, images, early-query.js, the templates themselves) are served as they are.
  if (/\.[a-z0-9]+$/i.test(path) || path.startsWith('/api/') || path.startsWith('/@')) return null;
  return (req.headers.accept ?? '').includes('text/html') ? path : null;
}

type Send = (req: IncomingMessage, res: ServerResponse, body: Buffer, cacheKey?: string) => void;

const sendAsIs: Send = (_req, res, body) => res.end(body);

/**
 * Text sent brotli- or gzip-compressed as the browser asks, as Hosting serves it (Vite's preview
 * only gzips). A body under `cacheKey` is compressed once: the build does not change while served.
 */
function compressingSend(): Send {
  const packed = new Map<string, Buffer>();
  return (req, res, body, cacheKey) => {
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
    if (!encoding) {
      res.end(body);
      return;
    }
    const key = cacheKey === undefined ? undefined : `${encoding}:${cacheKey}`;
    let out = key === undefined ? undefined : packed.get(key);
    if (!out) {
      out = encoding === 'br' ? brotliCompressSync(body) : gzipSync(body, { level: 9 });
      if (key !== undefined) packed.set(key, out);
    }
    res.setHeader('content-encoding', encoding);
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('content-length', out.length);
    res.end(out);
  };
}

const textTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** A text file of the build, through `send`; false (the static server takes it) for anything else. */
function serveTextFile(outDir: string, send: Send) {
  return (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction): boolean => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const type = textTypes[extname(path)];
    const file = join(outDir, path);
    if (req.method !== 'GET' || !type || !file.startsWith(outDir + sep)) return false;
    readFile(file)
      .then((body) => {
        res.setHeader('content-type', type);
        send(req, res, body, file);
      })
      .catch(() => next());
    return true;
  };
}

/** The API's answer to this request, as Hosting's rewrite to the function passes it on. */
function answerFromApi(
  req: IncomingMessage,
  res: ServerResponse,
  next: Connect.NextFunction,
  send: Send,
  accept: string,
): void {
  const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:5001';
  void fetch(`${apiTarget}${req.url ?? '/'}`, { headers: { accept } })
    .then(async (answer) => {
      res.statusCode = answer.status;
      for (const name of ['content-type', 'cache-control', 'x-robots-tag']) {
        const value = answer.headers.get(name);
        if (value) res.setHeader(name, value);
      }
      send(req, res, Buffer.from(await answer.arrayBuffer()));
    })
    .catch(next);
}

/**
 * Hosting's /productdetail/** rewrite to the API function; false when the request is not one. Like
 * Hosting it applies whatever the Accept header says (link-preview bots and curl send any type or none).
 */
function proxyProductPage(req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction, send: Send): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  // Files (the templates themselves) are served as they are, and the API's own fetch of the shell must
  // reach the file, or it would loop through this rewrite.
  if (!path.startsWith('/productdetail/') || /\.[a-z0-9]+$/i.test(path) || req.headers[templateFetchHeader]) {
    return false;
  }
  answerFromApi(req, res, next, send, 'text/html');
  return true;
}

// Hosting's glob: '**' any path, '*' any part of one segment.
function globPattern(source: string): RegExp {
  const pattern = source
    .split('**')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

// firebase.json's other rewrites to the API function (robots.txt, the sitemap): /api/** has the
// servers' own proxy, and product pages their HTML-only rule above.
const apiFileRewrites = firebaseJson.hosting.rewrites
  .filter((rewrite) => 'function' in rewrite && !['/api/**', '/productdetail/**'].includes(rewrite.source))
  .map((rewrite) => globPattern(rewrite.source));

/** Hosting's rewrites of files (robots.txt, sitemap.xml) to the API function; false when not one. */
function proxyApiFile(req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction, send: Send): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (!apiFileRewrites.some((pattern) => pattern.test(path))) return false;
  answerFromApi(req, res, next, send, req.headers.accept ?? '*/*');
  return true;
}

/** Where a store served with hostingHeaders collects the browser's CSP violation reports (e2e). */
export const violationsPath = '/__csp-violations';

/**
 * The CSP violations browsers reported to this server: POST (the browser's report), GET (the list,
 * as JSON), DELETE (empties it). True when the request was one of these.
 */
function violationsRoute(violations: unknown[]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.url ?? '').split('?')[0] !== violationsPath) return false;
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          violations.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          violations.push({ unreadable: Buffer.concat(chunks).toString('utf8').slice(0, 500) });
        }
        res.statusCode = 204;
        res.end();
      });
      return true;
    }
    if (req.method === 'DELETE') violations.splice(0);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(violations));
    return true;
  };
}

export function pagesServer({
  productPagesThroughApi = true,
  hostingHeaders,
  compress = false,
}: {
  /**
   * false: /productdetail/{id} gets the built generic product shell instead of the API's filled page.
   * For a second build served beside the first (e2e): the API fills its pages from PUBLIC_STORE_URL's
   * shell, whose asset names belong to the first build.
   */
  productPagesThroughApi?: boolean;
  /**
   * Send Firebase Hosting's headers from firebase.json with every response (e2e): the production CSP,
   * with each production origin's local stand-in allowed beside it (server/lib/hostingHeaders.ts),
   * and a report-uri that collects violations at violationsPath, so a test can prove there were none.
   */
  hostingHeaders?: { standIns: Readonly<Record<string, readonly string[]>> };
  /**
   * Preview only: the build's text files and the API's product pages brotli- or gzip-compressed as
   * the browser asks, as Hosting sends them (the bench measures the bytes a shopper downloads).
   */
  compress?: boolean;
} = {}): Plugin {
  const send = compress ? compressingSend() : sendAsIs;
  const throughApi = (req: IncomingMessage, res: ServerResponse, next: Connect.NextFunction) =>
    proxyApiFile(req, res, next, send) || (productPagesThroughApi && proxyProductPage(req, res, next, send));
  const answerViolations = violationsRoute([]);
  return {
    name: 'store-pages',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!throughApi(req, res, next)) next();
      });
    },
    configurePreviewServer(server) {
      const textFile = compress
        ? serveTextFile(resolve(server.config.root, server.config.build.outDir), send)
        : () => false;
      server.middlewares.use((req, res, next) => {
        if (hostingHeaders) {
          if (answerViolations(req, res)) return;
          const path = (req.url ?? '/').split('?')[0] ?? '/';
          for (const [name, value] of localHostingHeadersFor(path, hostingHeaders.standIns)) {
            res.setHeader(name, name === 'content-security-policy' ? `${value}; report-uri ${violationsPath}` : value);
          }
        }
        if (throughApi(req, res, next)) return;
        const path = pagePath(req);
        if (path !== null) {
          const query = (req.url ?? '').split('?')[1];
          req.url = `/${htmlFileFor(path)}${query ? `?${query}` : ''}`;
        }
        if (!textFile(req, res, next)) next();
      });
    },
  };
}
