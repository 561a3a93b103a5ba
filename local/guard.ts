// What every server of the local cloud checks before it answers (docs/security.md). They listen on
// 127.0.0.1 only, but a web page the developer visits can still reach them through the browser:
// by DNS rebinding (its own host name pointing at 127.0.0.1: caught by the Host check) or by
// plain cross-origin requests (caught by the Origin check; CORS is granted to the store only).
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface LocalAccess {
  /** The port this server listens on (read when a request arrives, so 0-then-bound works). */
  port: () => number;
  /** Whether a browser page of this origin may call the server (see originPolicy). */
  allowsOrigin: (origin: string) => boolean;
}

/**
 * The given origins; undefined = any loopback origin (a server started on its own in a test, where
 * no store origin is known); [] = no other page at all.
 */
export function originPolicy(origins: readonly string[] | undefined): (origin: string) => boolean {
  return origins === undefined ? isLoopbackOrigin : (origin) => origins.includes(origin);
}

/** Only 127.0.0.1 or localhost, with this server's port: anything else came by another name. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  return value === `127.0.0.1:${port}` || value === `localhost:${port}`;
}

/** Every local origin: for servers started on their own (tests), when no store origin is known. */
export function isLoopbackOrigin(origin: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/.test(origin);
}

/** The store's origin and its twin under the other loopback name (127.0.0.1 <-> localhost). */
export function storeOrigins(storeUrl: string): string[] {
  const url = new URL(storeUrl);
  const twin = new URL(storeUrl);
  if (url.hostname === '127.0.0.1') twin.hostname = 'localhost';
  else if (url.hostname === 'localhost') twin.hostname = '127.0.0.1';
  return [...new Set([url.origin, twin.origin])];
}

function refuse(res: ServerResponse, status: number, message: string): void {
  const text = JSON.stringify({ error: { code: status, message } });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Checks Host and Origin and sets the CORS answer headers for an allowed origin. Returns false
 * when it has already refused the request (421 for a foreign Host, 403 for a foreign Origin).
 * A request without Origin (same-origin navigation, Node clients, <img>) passes the Origin check.
 */
export function admitLocalRequest(req: IncomingMessage, res: ServerResponse, access: LocalAccess): boolean {
  if (!hostAllowed(req.headers.host, access.port())) {
    refuse(res, 421, 'This local server answers only to 127.0.0.1 or localhost on its own port.');
    return false;
  }
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (!access.allowsOrigin(origin)) {
    refuse(res, 403, `Origin ${origin} may not call this local server.`);
    return false;
  }
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  return true;
}
