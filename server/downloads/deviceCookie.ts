// What a grant remembers of a device that confirmed the purchase e-mail (docs/files.md, 'New devices'):
// the device id lives in the one signed session cookie (server/lib/sessionCookie.ts); which purchases
// a device confirmed is kept on the server (the grant's hashed device list), not in the cookie.
import { createHash } from 'node:crypto';

/** What the grant stores for a device: never the id itself, which is as good as the cookie. */
export function hashDevice(deviceId: string): string {
  return createHash('sha256').update(`device:${deviceId}`).digest('hex');
}
