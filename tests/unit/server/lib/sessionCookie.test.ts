import { describe, expect, it } from 'vitest';
import { createSessionCookies } from '../../../../server/lib/sessionCookie';

const oldKey = 'old-key-0123456789-0123456789-0123456789';
const newKey = 'new-key-0123456789-0123456789-0123456789';
const deviceId = 'AAAAAAAAAAAAAAAAAAAAAA';
const session = 'S'.repeat(43);

const pairOf = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('the one __session cookie', () => {
  it('carries the device id and the library session, HttpOnly, SameSite=Lax, Path=/api, Secure on https', () => {
    const cookies = createSessionCookies([newKey]);
    const signedIn = cookies.write({ deviceId, librarySession: session }, true);
    expect(signedIn).toMatch(
      /^__session=1\.A{22}\.S{43}\.[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(cookies.read(`theme=dark; ${pairOf(signedIn)}`)).toEqual({ deviceId, librarySession: session });
    const device = cookies.write({ deviceId, librarySession: null }, false);
    expect(device).toMatch(
      /^__session=1\.A{22}\.\.[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=34560000; HttpOnly; SameSite=Lax$/,
    );
    expect(cookies.read(pairOf(device))).toEqual({ deviceId, librarySession: null });
  });

  it('keeps a cookie of a rotated-out key valid while that key is listed after the new one, and no longer', () => {
    const before = pairOf(createSessionCookies([oldKey]).write({ deviceId, librarySession: session }, false));
    expect(createSessionCookies([newKey, oldKey]).read(before)).toEqual({ deviceId, librarySession: session });
    expect(createSessionCookies([newKey]).read(before)).toBeNull();
  });

  it('treats an altered cookie, a moved session and the old device-only format as absent', () => {
    const cookies = createSessionCookies([newKey]);
    const valid = pairOf(cookies.write({ deviceId, librarySession: session }, false));
    const otherSession = valid.replace(`.${session}.`, `.${'T'.repeat(43)}.`);
    const droppedSession = valid.replace(`.${session}.`, '..');
    const oldFormat = `__session=${deviceId}.${'m'.repeat(43)}`;
    for (const header of [otherSession, droppedSession, oldFormat, '__session=', undefined]) {
      expect(cookies.read(header)).toBeNull();
    }
  });
});
