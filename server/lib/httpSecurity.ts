// What every API response and request goes through before a route sees it (docs/security.md): the proxy
// hop count for req.ip, helmet's headers, JSON-only bodies and the body size limit. Kept out of
// app.ts so routes added later (checkout, admin) are covered without touching it.
import { isUtf8 } from 'node:buffer';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { hostingHeadersFor } from './hostingHeaders';

/** The largest request body the API accepts; every form and order fits in a fraction of it. */
export const maxBodyBytes = 32 * 1024;
/**
 * Routes whose bodies may be larger: a course's lessons are saved together (docs/courses.md), up to
 * 50,000 characters each. Admin routes only; the limit is still checked before the body is read.
 */
export const largeBodyRoutes: readonly { prefix: string; maxBytes: number }[] = [
  { prefix: '/api/admin/courses', maxBytes: 3 * 1024 * 1024 },
];

function bodyLimitOf(path: string, fallback: number): number {
  return (
    largeBodyRoutes.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`))?.maxBytes ?? fallback
  );
}

export const bodyTooLarge = 'The request is too large.';
export const jsonRequired = 'Send the request as JSON (Content-Type: application/json).';
export const notJson = 'The request body is not valid JSON.';
export const notAnObject = 'The request body must be a JSON object.';
export const notUtf8 = 'The request body is not valid UTF-8 text.';
export const notValid = 'The request is not valid.';
export const serverFailure = 'Something went wrong. Please try again.';

const notUtf8Type = 'body.not.utf8';

/**
 * Routes that read their own raw body and are exempt from the JSON-only rule (the body size
 * limit still applies). Paystack signs the exact bytes it posts (as application/json anyway).
 */
export const rawBodyRoutes: readonly string[] = ['/api/webhooks/paystack'];

/**
 * Routes that take a plain HTML form POST from a small page the API serves itself (no JavaScript
 * needed): the secret is in the URL, the body is ignored, and the page allows posting to its own
 * origin only (formPageCsp).
 */
export const formPostRoutes: readonly string[] = ['/api/reminders', '/api/access', '/api/unsubscribe'];

/** The API's own policy for a page with a form: apiHelmet's, with form-action 'self'. */
export const formPageCsp =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * formPageCsp for a page whose forms answer with a redirect elsewhere (the download page: 303 to a
 * signed Cloud Storage URL, or to the seller's outside link). Browsers apply form-action to where the
 * redirect goes too, so those origins (and only those) are named.
 */
export function formPageCspAllowing(origins: readonly string[]): string {
  const extra = [...new Set(origins)].filter((origin) => /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(origin));
  return formPageCsp.replace("form-action 'self'", ["form-action 'self'", ...extra].join(' '));
}

const bodyExemptRoutes = [...rawBodyRoutes, ...formPostRoutes];

const methodsWithBodies = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function underAny(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * 415 for a body that is not declared application/json. An HTML form can only post
 * urlencoded, multipart or text/plain bodies, so a cross-site form cannot reach a JSON endpoint,
 * and a cross-site fetch with application/json needs a CORS preflight the API never grants.
 */
export function requireJsonBodies(except: readonly string[] = bodyExemptRoutes): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    // A request with neither a body nor a declared type carries nothing to misread (a form post
    // always declares one); its route answers it as it would an empty JSON body.
    const carriesBody =
      req.headers['content-type'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0;
    if (!methodsWithBodies.has(req.method) || !carriesBody || underAny(path, except)) {
      next();
      return;
    }
    // JSON is UTF-8 (RFC 8259): a body declared in another charset would be decoded into other text.
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
    if (
      req.is('application/json') !== 'application/json' ||
      (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    ) {
      res.status(415).json({ message: jsonRequired });
      return;
    }
    // Under the Functions Framework the body was decoded before the app ran, bytes that are not UTF-8
    // turned into U+FFFD; the bytes it keeps in rawBody still tell.
    const raw: unknown = (req as { rawBody?: unknown }).rawBody;
    if (Buffer.isBuffer(raw) && !isUtf8(raw)) {
      res.status(400).json({ message: notUtf8 });
      return;
    }
    next();
  };
}

/**
 * 413 past maxBodyBytes. Under Cloud Functions the Functions Framework has already read and
 * parsed the body (with a 1 GB limit) before the app runs, leaving the bytes in req.rawBody, so
 * express.json's own limit never sees them; the size is checked here from rawBody, or from
 * Content-Length when the app reads the body itself.
 */
export function limitBodySize(maxBytes = maxBodyBytes): RequestHandler {
  return (req, res, next) => {
    const raw: unknown = (req as { rawBody?: unknown }).rawBody;
    const declared = Number(req.headers['content-length'] ?? 0);
    const size = Buffer.isBuffer(raw) ? Math.max(raw.length, declared) : declared;
    if (Number.isFinite(size) && size > bodyLimitOf(req.originalUrl.split('?')[0] ?? '', maxBytes)) {
      res.status(413).json({ message: bodyTooLarge });
      return;
    }
    next();
  };
}

/**
 * express.json with the size limit, skipping the raw-body routes so they can read the untouched
 * stream themselves (locally) or req.rawBody (under the Functions Framework).
 */
export function jsonBodies(except: readonly string[] = bodyExemptRoutes): RequestHandler {
  const parser = (limit: number) =>
    express.json({
      limit,
      // Bytes that are not UTF-8 would be decoded to U+FFFD and stored as such: refused instead,
      // before decoding (an overlong '<' is one of them).
      verify: (_req, _res, bytes) => {
        if (!isUtf8(bytes)) throw Object.assign(new Error(notUtf8), { status: 400, type: notUtf8Type });
      },
    });
  const parse = parser(maxBodyBytes);
  const large = new Map(largeBodyRoutes.map((route) => [route.maxBytes, parser(route.maxBytes)]));
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    if (underAny(path, except)) next();
    else (large.get(bodyLimitOf(path, maxBodyBytes)) ?? parse)(req, res, next);
  };
}

export const apiHelmet = helmet({
  // JSON answers and the small HTML pages of the access links: nothing to load, nothing to frame.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
});

/**
 * The Content-Security-Policy of the store's pages, as Firebase Hosting sends it (firebase.json). The
 * function serves product pages too (the sharing rewrite): they need the store's policy, not the
 * API's `default-src 'none'`, which would block the SPA's own scripts and images.
 */
export const storePageCsp: string =
  hostingHeadersFor('/productdetail/').get('content-security-policy') ?? "default-src 'self'";

const pageHelmet = helmet({
  contentSecurityPolicy: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
});

/** Applies the settings and middleware above to a new app, before any route. */
export function applyHttpSecurity(app: Express, { trustProxyHops }: { trustProxyHops: number }): void {
  app.disable('x-powered-by');
  // A hop count, never `true`: see clientAddress.ts.
  app.set('trust proxy', trustProxyHops);
  app.use('/api', apiHelmet);
  app.use((req, res, next) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) {
      next();
      return;
    }
    res.setHeader('Content-Security-Policy', storePageCsp);
    pageHelmet(req, res, next);
  });
  app.use('/api', limitBodySize(), requireJsonBodies());
}

/**
 * The sentence for an error that reached the app's error handler (body parsing, a path that does not
 * decode): the client learns what to fix, never the parser's own words or a stack trace.
 */
export function errorMessage(status: number, error: unknown): string {
  if (status >= 500) return serverFailure;
  if (status === 413) return bodyTooLarge;
  // An unsupported charset or content encoding: JSON in UTF-8 is what is asked for.
  if (status === 415) return jsonRequired;
  const details = typeof error === 'object' && error !== null ? (error as { type?: unknown; body?: unknown }) : {};
  if (details.type === notUtf8Type) return notUtf8;
  if (details.type === 'entity.parse.failed') {
    // The parser takes objects (and arrays, which the routes refuse): null, a number or a string is
    // JSON, only not the kind asked for.
    return typeof details.body === 'string' && isJson(details.body) ? notAnObject : notJson;
  }
  return notValid;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
