import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Paystack signs each webhook with x-paystack-signature: the hex HMAC SHA-512 of the raw body under
 * the secret key. Compared in constant time; the length is checked first because timingSafeEqual
 * throws on buffers of different lengths.
 */
export function isValidPaystackSignature(rawBody: Buffer, signature: unknown, secretKey: string): boolean {
  if (typeof signature !== 'string' || !secretKey) return false;
  if (!/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  const expected = createHmac('sha512', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
