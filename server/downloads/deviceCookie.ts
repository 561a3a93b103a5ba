// The cookie that lets a browser skip the e-mail confirmation on its next visit (docs/files.md, 'New
// devices'). It holds a random device id and an HMAC of it, so it cannot be forged or edited; which
// purchases a device confirmed is kept on the server (the grant's hashed device list), not in the cookie.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Firebase Hosting forwards no other cookie to the function behind a rewrite.
export const deviceCookieName = '__session';
/** Only the access pages ever receive it. */
export const deviceCookiePath = '/api/access';
const maxAgeSeconds = 400 * 24 * 60 * 60;

export interface DeviceCookies {
  /** The device id of a valid cookie in a Cookie header, else null. */
  read(cookieHeader: string | undefined): string | null;
  /** A new device id and the Set-Cookie value that stores it. */
  issue(secure: boolean): { deviceId: string; setCookie: string };
}

/** What the grant stores for a device: never the id itself, which is as good as the cookie. */
export function hashDevice(deviceId: string): string {
  return createHash('sha256').update(`device:${deviceId}`).digest('hex');
}

export function createDeviceCookies(secret: string): DeviceCookies {
  const mac = (deviceId: string) =>
    createHmac('sha256', secret).update(`device-cookie:${deviceId}`).digest('base64url');
  return {
    read(header) {
      if (!header) return null;
      for (const part of header.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name !== deviceCookieName) continue;
        const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(rest.join('='));
        if (!match?.[1] || !match[2]) continue;
        const expected = Buffer.from(mac(match[1]));
        const given = Buffer.from(match[2]);
        if (expected.length === given.length && timingSafeEqual(expected, given)) return match[1];
      }
      return null;
    },
    issue(secure) {
      const deviceId = randomBytes(16).toString('base64url');
      const attributes = [
        `${deviceCookieName}=${deviceId}.${mac(deviceId)}`,
        `Path=${deviceCookiePath}`,
        `Max-Age=${maxAgeSeconds}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ];
      return { deviceId, setCookie: attributes.join('; ') };
    },
  };
}
