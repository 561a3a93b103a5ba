// The browser that paid is trusted (docs/files.md, 'New devices'): the success answer of an order
// remembers the paying browser's device on the purchase's grant, so the buyer downloads right after
// paying without typing the e-mail again; a transfer completes later, so the browser that reported it
// is bound to its checkout and trusted when it is paid. Another browser still confirms the e-mail once.
import type { OrderAnswer } from '../../domain/apiContracts';
import { hashToken, isTokenShaped } from '../orders/accessLinks';
import { newDeviceId, type SessionCookies } from '../lib/sessionCookie';
import { hashDevice } from './deviceCookie';
import type { Downloads } from './downloads';

/** The device a browser's request comes from, and the cookie to set when it had none (or a forged one). */
export type StartingBrowser = (cookieHeader: string | undefined) => { deviceHash: string; setCookie: string | null };

/**
 * The device of the browser that reports a transfer: its cookie's, or a new one with the cookie that
 * names it. An altered or forged cookie reads as none, so it binds a fresh device, never the one it imitates.
 */
export function createStartingBrowser({
  cookies,
  secureCookies,
}: {
  cookies: SessionCookies;
  secureCookies: boolean;
}): StartingBrowser {
  return (cookieHeader) => {
    const state = cookies.read(cookieHeader);
    if (state) return { deviceHash: hashDevice(state.deviceId), setCookie: null };
    const deviceId = newDeviceId();
    return {
      deviceHash: hashDevice(deviceId),
      setCookie: cookies.write({ deviceId, librarySession: null }, secureCookies),
    };
  };
}

/** Answers the Set-Cookie to send (null: the browser's cookie already names its device). */
export type TrustPayingBrowser = (cookieHeader: string | undefined, answer: OrderAnswer) => Promise<string | null>;

export function createPayingBrowserTrust({
  cookies,
  downloads,
  secureCookies,
}: {
  cookies: SessionCookies;
  downloads: Pick<Downloads, 'rememberDeviceOn'>;
  secureCookies: boolean;
}): TrustPayingBrowser {
  return async (cookieHeader, answer) => {
    const token = answer.accessUrl.slice(answer.accessUrl.lastIndexOf('/') + 1);
    if (!isTokenShaped(token)) return null;
    const state = cookies.read(cookieHeader);
    const deviceId = state?.deviceId ?? newDeviceId();
    await downloads.rememberDeviceOn(hashToken(token), answer.transactionId, deviceId);
    return state ? null : cookies.write({ deviceId, librarySession: null }, secureCookies);
  };
}
