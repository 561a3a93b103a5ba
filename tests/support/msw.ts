// Third parties only (geo-IP, Paystack, PayPal, Cloudinary): our own code is never mocked.
import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const geoIpUrl = 'https://geoip.test/json';

export const handlers = [http.get(geoIpUrl, () => HttpResponse.json({ country_code: 'US' }))];

export const server = setupServer(...handlers);

/** Requests to this machine (our emulators and API) pass; anything else unhandled is an error. */
export function isLocal(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/**
 * The one msw lifecycle (docs/testing.md), for the file or `describe` it is called in: the server
 * listens before the first test (requests to this machine pass, any other unhandled request is an
 * error), a test's own `server.use` handlers are dropped after it, and the server closes after the
 * last test. Called before the caller's own hooks, it listens before they start an API and closes after
 * they stop it.
 */
export function useMsw(mswServer: SetupServer): SetupServer {
  beforeAll(() => {
    mswServer.listen({
      onUnhandledRequest(request, print) {
        if (!isLocal(request.url)) print.error();
      },
    });
  });
  afterEach(() => mswServer.resetHandlers());
  afterAll(() => mswServer.close());
  return mswServer;
}
