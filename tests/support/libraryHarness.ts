// What the library tests share: signing in as a buyer does (ask for a code, read it from the mail
// catcher, send it back) and the cookie the API answers, on the purchase API of purchaseHarness.
import { Timestamp } from 'firebase-admin/firestore';
import { expect } from 'vitest';
import { addressKey } from '../../server/lib/addressKey';
import { db, mailsMatching, postJson, toAddress } from './purchaseHarness';

/** The 6-digit code and the one-click link of the newest sign-in mail to the address. */
export async function signInMailTo(email: string, count = 1): Promise<{ code: string; link: string }> {
  const mails = await mailsMatching(
    (mail) => toAddress(email)(mail) && mail.subject.startsWith('Your sign-in code'),
    count,
  );
  const mail = mails.at(-1);
  const code = /sign in to your library at .+: (\d{6})/.exec(mail?.text ?? '')?.[1];
  const link = /^(http\S+\/library\?signin=\S+)$/m.exec(mail?.text ?? '')?.[1];
  if (!code || !link) throw new Error(`no sign-in mail to ${email}`);
  return { code, link };
}

/**
 * The newest link-only sign-in mail to the address (sent once its wrong codes of the day are spent):
 * its subject, its one-click link, and its text with the link written as `{link}`.
 */
export async function signInLinkMailTo(
  email: string,
  count = 1,
): Promise<{ subject: string; link: string; text: string }> {
  const mails = await mailsMatching(
    (mail) => toAddress(email)(mail) && mail.subject.startsWith('Your sign-in link'),
    count,
  );
  const mail = mails.at(-1);
  const link = /^(http\S+\/library\?signin=\S+)$/m.exec(mail?.text ?? '')?.[1];
  if (!mail || !link) throw new Error(`no link-only sign-in mail to ${email}`);
  return { subject: mail.subject, link, text: mail.text.replace(link, '{link}') };
}

/** Moves every stored time of the address's sign-in back, as if `ms` had passed. */
export async function letSignInTimePass(email: string, ms: number): Promise<void> {
  const ref = db.doc(`buyerSignIns/${addressKey(email)}`);
  const record = (await ref.get()).data() ?? {};
  const back = (times: unknown) =>
    Array.isArray(times) ? times.map((time: Timestamp) => Timestamp.fromMillis(time.toMillis() - ms)) : [];
  await ref.update({ sends: back(record.sends), wrongCodes: back(record.wrongCodes) });
}

/**
 * A stranger's attack on an address: asks for a code and types 5 wrong ones, twice, spending the
 * address's 10 wrong codes of the day; answers the 10 answers as `{status} {message}`.
 */
export async function spendWrongCodes(apiUrl: string, email: string, mailsBefore = 0): Promise<string[]> {
  const answers: string[] = [];
  for (let round = 1; round <= 2; round += 1) {
    expect((await postJson(`${apiUrl}/api/library/sign-in`, { email })).status).toBe(200);
    const { code } = await signInMailTo(email, mailsBefore + round);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const answer = await postJson(`${apiUrl}/api/library/sign-in/code`, { email, code: wrong });
      answers.push(`${answer.status} ${((await answer.json()) as { message: string }).message}`);
    }
  }
  return answers;
}

/** The `__session=...` pair of a Set-Cookie header. */
export function cookieOf(response: Response): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/^__session=1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{43}; Path=\/api; /);
  return setCookie.split(';')[0] ?? '';
}

/** Asks for a code, reads it from the inbox and signs in with it: the session cookie. */
export async function signIn(apiUrl: string, email: string, { mailCount = 1, cookie = '' } = {}): Promise<string> {
  const asked = await postJson(`${apiUrl}/api/library/sign-in`, { email });
  expect(asked.status).toBe(200);
  const { code } = await signInMailTo(email, mailCount);
  const signedIn = await postJson(`${apiUrl}/api/library/sign-in/code`, { email, code }, cookie ? { cookie } : {});
  expect(signedIn.status).toBe(200);
  return cookieOf(signedIn);
}

export const libraryGet = (apiUrl: string, path: string, cookie: string) =>
  fetch(`${apiUrl}/api/library${path}`, { headers: cookie ? { cookie } : {} });

export const libraryPost = (apiUrl: string, path: string, cookie: string) =>
  fetch(`${apiUrl}/api/library${path}`, { method: 'POST', headers: cookie ? { cookie } : {} });
