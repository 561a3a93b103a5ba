// Small helpers shared by the local cloud's HTTP servers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { admitLocalRequest, originPolicy } from './guard';

export type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  // CORS headers, when the caller's origin is allowed, were set by admitLocalRequest.
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export async function readBody(req: IncomingMessage, maxBytes = 20 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > maxBytes) throw new Error('Request body too large');
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** How long the stand-ins keep an idle connection: past the 5 s after which Node's client agents drop it. */
export const localKeepAliveMs = 30_000;

/**
 * Listens on host:port (0 = any free port) and resolves with the bound port. Requests pass the
 * Host and Origin checks of guard.ts first; `origins` are the browser origins that may call it
 * (undefined = any loopback origin, [] = none).
 */
export function listen(
  handler: Handler,
  port: number,
  host: string,
  origins?: readonly string[],
): Promise<{ server: Server; port: number }> {
  let boundPort = port;
  const access = { port: () => boundPort, allowsOrigin: originPolicy(origins) };
  const server = createServer((req, res) => {
    if (!admitLocalRequest(req, res, access)) return;
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { message: error instanceof Error ? error.message : 'Internal error' } });
      else res.end();
    });
  });
  // Node's client agents drop an idle connection after 5 s, and Node's server closed it after 5 s too:
  // a request sent on a connection just as the server closed it failed with EPIPE (the API's
  // certificate upload to the storage stand-in did, once). A longer server side means the client
  // always lets go first, as with Google's own front ends (docs/local-cloud.md).
  server.keepAliveTimeout = localKeepAliveMs;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      boundPort = (server.address() as AddressInfo).port;
      resolve({ server, port: boundPort });
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
