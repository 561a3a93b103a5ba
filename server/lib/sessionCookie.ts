// The one cookie (docs/security.md, 'The session cookie'): Firebase Hosting forwards only `__session` to
// the function behind a rewrite and strips every other, so everything the API remembers about a browser
// lives in this one signed value: a random device id (the download page's device confirmation,
// docs/files.md) and a buyer's library session id (docs/library.md). Nothing in it is secret from its
// holder; the HMAC only stops it being forged or edited. Keys rotate: the first key signs, every listed
// key verifies, so an old key listed beside the new one keeps browsers signed in while cookies renew.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerConfig } from '../config';

export const sessionCookieName = '__session';
/** Every API route that reads it sits under /api: the access pages, orders and the library. */
export const sessionCookiePath = '/api';
const deviceMaxAgeSeconds = 400 * 24 * 60 * 60;
/** A library session's life; the server's session record ends it too (never trusted from the cookie). */
export const librarySessionDays = 30;

/** What a browser's cookie says. */
export interface BrowserState {
  deviceId: string;
  /** The library session id, or null when the browser is not signed in. */
  librarySession: string | null;
}

export interface SessionCookies {
  /** The state of a valid cookie in a Cookie header, else null (absent, altered, or of an old format). */
  read(cookieHeader: string | undefined): BrowserState | null;
  /** The Set-Cookie value that stores `state`. */
  write(state: BrowserState, secure: boolean): string;
}

/** A fresh random id, for a device or a session (the same shape for both). */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

const valuePattern = /^1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})?\.([A-Za-z0-9_-]{43})$/;

export function createSessionCookies(keys: readonly string[]): SessionCookies {
  const [signingKey] = keys;
  if (!signingKey) throw new Error('createSessionCookies needs at least one key');
  const mac = (key: string, body: string) => createHmac('sha256', key).update(`session-cookie:${body}`).digest();
  const verifies = (body: string, given: Buffer) =>
    // Every key is tried, so the time does not tell which one matched.
    keys.map((key) => timingSafeEqual(mac(key, body), given)).some(Boolean);
  return {
    read(header) {
      if (!header) return null;
      for (const part of header.split(';')) {
        const [name, ...rest] = part.trim().split('=');
        if (name !== sessionCookieName) continue;
        const value = rest.join('=');
        const match = valuePattern.exec(value);
        if (!match?.[1] || !match[3]) continue;
        const given = Buffer.from(match[3], 'base64url');
        if (given.length !== 32) continue;
        if (!verifies(value.slice(0, value.lastIndexOf('.')), given)) continue;
        return { deviceId: match[1], librarySession: match[2] ?? null };
      }
      return null;
    },
    write(state, secure) {
      const body = `1.${state.deviceId}.${state.librarySession ?? ''}`;
      const maxAge = state.librarySession ? librarySessionDays * 24 * 60 * 60 : deviceMaxAgeSeconds;
      return [
        `${sessionCookieName}=${body}.${mac(signingKey, body).toString('base64url')}`,
        `Path=${sessionCookiePath}`,
        `Max-Age=${maxAge}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ].join('; ');
    },
  };
}

/**
 * The app's cookie: signed with SESSION_COOKIE_KEYS, or with `fallbackKey` (derived from the access-link
 * secret) when none are set; Secure outside a plain-http local store. Also the key of the library's
 * stored code hashes, derived from the signing key (never the cookie key itself).
 */
export function sessionCookiesFor(
  config: Pick<ServerConfig, 'SESSION_COOKIE_KEYS' | 'PUBLIC_STORE_URL'>,
  fallbackKey: string,
) {
  const keys = config.SESSION_COOKIE_KEYS.length > 0 ? config.SESSION_COOKIE_KEYS : [fallbackKey];
  return {
    cookies: createSessionCookies(keys),
    secureCookies: config.PUBLIC_STORE_URL.startsWith('https://'),
    codeKey: createHmac('sha256', keys[0] ?? fallbackKey)
      .update('library-code-key')
      .digest('hex'),
  };
}
