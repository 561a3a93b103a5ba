// Cloudinary's request signature (cloudinary.com/documentation/authentication_signatures): the
// parameters sent, except file, cloud_name, resource_type, api_key and the signature itself, sorted
// by name and joined as `a=1&b=2`, followed directly by the API secret, hashed with SHA-1 (hex).
// The API signs with it and the local image host checks with it, so both speak Cloudinary's scheme.
import { createHash, timingSafeEqual } from 'node:crypto';

const unsigned = new Set(['file', 'cloud_name', 'resource_type', 'api_key', 'signature']);

export type SignableParams = Record<string, string | number | undefined>;

/** The string Cloudinary hashes, without the secret: sorted `name=value` pairs joined by `&`. */
export function stringToSign(params: SignableParams): string {
  return Object.entries(params)
    .filter(([name, value]) => !unsigned.has(name) && value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('&');
}

export function signParams(params: SignableParams, apiSecret: string): string {
  return createHash('sha1')
    .update(stringToSign(params) + apiSecret)
    .digest('hex');
}

/** Constant-time check of a signature sent with `params`. */
export function isValidSignature(params: SignableParams, signature: string, apiSecret: string): boolean {
  const expected = Buffer.from(signParams(params, apiSecret), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// Cloudinary refuses a signed request whose timestamp is more than an hour old ('Stale request').
export const signatureLifetimeSeconds = 3600;
