// Which address a request comes from, for rate limits that a client cannot dodge (docs/security.md).
//
// Express's req.ip with `trust proxy` set to a hop count N takes the N-th address from the right
// of X-Forwarded-For (the socket's peer counting as the first hop). Everything left of it was
// written by the client and is ignored, so a forged leftmost X-Forwarded-For changes nothing.
//
// The deployed path is browser -> Firebase Hosting (Fastly) -> Google Front End -> Cloud Run
// (the 2nd gen function). Fastly appends the address it was connected from, the Google Front End
// appends the address it was connected from (Fastly's) and its own, and the container's socket
// peer is Cloud Run's internal proxy. X-Forwarded-For therefore reaches the app as
//   [anything the client sent, ...] <client>, <Fastly node>, <Google Front End>
// and the client sits three hops from the socket. Sources (not a Google guarantee, so check the
// header once after deploying, docs/deploy.md 'After the first deploy'): Cloud Functions' header
// reference (the front end appends "client, proxy" entries), reports of Hosting-rewritten
// requests carrying Fastly's address after the client's, and reports of direct function calls
// arriving as "client, Google front end" from a 169.254.x peer.
//
// The local cloud sets 0: its API is reached directly or through Vite's proxy, which forwards
// X-Forwarded-For untouched, so only the socket's own address can be trusted there.
import { createHash } from 'node:crypto';
import { clientKey } from './rateLimits';

export const defaultTrustProxyHops = 3;

/**
 * How a client address is kept where one must be remembered (a discount code's holds, docs/payments.md
 * 'Discount codes'): its SHA-256 only, never the address itself, of the same grouping the rate limits
 * count by (rateLimits.ts `clientKey`): an IPv4 address as it is, an IPv6 one by its /56, since one
 * household or phone is handed a whole /56 (or more) and picks any address in it.
 */
export function clientAddressKey(address: string): string {
  const group = clientKey({ ip: address.trim().toLowerCase() });
  return createHash('sha256').update(`client-address:${group}`, 'utf8').digest('hex');
}
