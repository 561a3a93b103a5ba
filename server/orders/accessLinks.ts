// Access links (docs/payments.md): /api/access/{token}, the token 32 bytes base64url, stored only as its
// SHA-256 in accessGrants.
//
// Why the token is derived (HMAC-SHA256 of the transaction id under ACCESS_LINK_SECRET) rather than
// drawn at random and kept: a replayed order call, the /purchases resend and an admin resend must all
// hand out the link again, and only its hash is stored. Keeping the raw token in the transaction
// document would put a working link in every database export and in every admin's reads, which is
// exactly what storing the hash avoids. Derived, the token is as unguessable as a random one (HMAC
// output under a 256-bit-class secret) and a database export alone unlocks nothing. Rotating the
// secret changes every token; the API then writes the new token's grant the next time the link is
// sent, and revocation works on the transaction (accessRevoked), whatever grant points at it.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export interface AccessLinks {
  tokenFor(transactionId: string): string;
  urlFor(token: string): string;
  /** Signs the download page's device cookie (server/downloads/deviceCookie.ts); derived from the same secret. */
  deviceCookieKey: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token has the shape of 32 bytes in base64url (43 characters); anything else is refused unread. */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export function createAccessLinks({
  secret,
  publicStoreUrl,
}: {
  /** Without one (tests, a local run without the variable), a per-process secret: links then change on restart. */
  secret: string | undefined;
  publicStoreUrl: string;
}): AccessLinks {
  const key = secret ?? randomBytes(32).toString('hex');
  const origin = publicStoreUrl.replace(/\/+$/, '');
  return {
    tokenFor: (transactionId) => createHmac('sha256', key).update(`access-link:${transactionId}`).digest('base64url'),
    urlFor: (token) => `${origin}/api/access/${token}`,
    deviceCookieKey: createHmac('sha256', key).update('device-cookie-key').digest('hex'),
  };
}
