// The browser that paid is trusted (docs/files.md, 'New devices'): the success answer of an order
// remembers the paying browser's device on the purchase's grant, so the buyer downloads right after
// paying without typing the e-mail again. Another browser still confirms the e-mail once.
import type { OrderAnswer } from '../../domain/apiContracts';
import { hashToken, isTokenShaped } from '../orders/accessLinks';
import { newDeviceId, type SessionCookies } from '../lib/sessionCookie';
import type { Downloads } from './downloads';

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
