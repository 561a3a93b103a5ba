// Third parties only (geo-IP, Paystack, PayPal, Cloudinary): our own code is never mocked.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

export const geoIpUrl = 'https://geoip.test/json';

export const handlers = [http.get(geoIpUrl, () => HttpResponse.json({ country_code: 'US' }))];

export const server = setupServer(...handlers);

/** Requests to this machine (our emulators and API) pass; anything else unhandled is an error. */
export function isLocal(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}
