// The library sign-in's daily budget on the local cloud (docs/library.md): a stranger who knows an
// address guesses codes until its 10 wrong codes of the day are spent, then is refused in words; the
// owner's mailed link still signs in, and asking again mails the link alone (no code), so the stranger
// cannot lock the owner out; and the mails one address gets are capped at 3 an hour and 10 a day. Time passes by moving the stored times back, as a day would.
// Our own API, Firestore emulator and SMTP; nothing faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaughtMail } from '../../../local/mail/mailCatcher';
import { addressKey } from '../../../server/lib/addressKey';
import {
  db,
  mailsMatching,
  postJson,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';
import {
  cookieOf,
  letSignInTimePass,
  libraryGet,
  signInLinkMailTo,
  signInMailTo,
  spendWrongCodes,
} from '../../support/libraryHarness';

let api: PurchaseApi;
beforeAll(async () => {
  api = await startPurchaseApi({ SIGNIN_RATE_LIMIT: '1000' });
});
afterAll(() => api.close());

const address = () => `owner.${uniqueTag()}@example.com`;
const ask = (email: string) => postJson(`${api.url}/api/library/sign-in`, { email });
const tryCode = (email: string, code: string) => postJson(`${api.url}/api/library/sign-in/code`, { email, code });
const tryLink = (link: string) =>
  postJson(`${api.url}/api/library/sign-in/link`, { link: new URL(link).searchParams.get('signin') ?? '' });
const wrongCodeOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const messageOf = async (response: Response) =>
  `${response.status} ${((await response.json()) as { message: string }).message}`;
const signInMails = (email: string) => (mail: CaughtMail) =>
  toAddress(email)(mail) && mail.subject.startsWith('Your sign-in code');

describe("an address's daily budget of wrong codes", () => {
  it('refuses the 10th wrong code of the day and every code after it, and lets the owner in by link', async () => {
    const email = address();
    expect((await ask(email)).status).toBe(200);
    const first = await signInMailTo(email);

    // The stranger spends the first code's five tries, asks for another code, and goes on guessing.
    const answers: string[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await messageOf(await tryCode(email, wrongCodeOf(first.code))));
    expect((await ask(email)).status).toBe(200);
    const second = await signInMailTo(email, 2);
    for (let i = 0; i < 5; i += 1) answers.push(await messageOf(await tryCode(email, wrongCodeOf(second.code))));
    expect(answers).toEqual([
      '400 That code is not right. 4 tries left.',
      '400 That code is not right. 3 tries left.',
      '400 That code is not right. 2 tries left.',
      '400 That code is not right. 1 try left.',
      '400 This code has expired or has already been used. Please ask for a new one.',
      '400 That code is not right. 4 tries left.',
      '400 That code is not right. 3 tries left.',
      '400 That code is not right. 2 tries left.',
      '400 That code is not right. 1 try left.',
      '429 Too many attempts today; try again tomorrow.',
    ]);

    // The right code no longer signs in.
    const right = await tryCode(email, second.code);
    expect(await messageOf(right)).toBe('429 Too many attempts today; try again tomorrow.');
    expect(right.headers.get('set-cookie')).toBeNull();
    expect(await mailsMatching(signInMails(email), 3)).toHaveLength(2);
    const stored = (await db.doc(`buyerSignIns/${addressKey(email)}`).get()).data() ?? {};
    expect((stored.wrongCodes as unknown[]).length).toBe(10);

    // The owner's link from the newest mail still signs in, once.
    const owner = await tryLink(second.link);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual({ email });
    expect((await libraryGet(api.url, '/purchases', cookieOf(owner))).status).toBe(200);
    expect((await tryLink(second.link)).status).toBe(400);

    // A day later the budget is whole again.
    await letSignInTimePass(email, 24 * 60 * 60 * 1000 + 1000);
    expect((await ask(email)).status).toBe(200);
    const next = await signInMailTo(email, 3);
    const signedIn = await tryCode(email, next.code);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ email });
  });

  it("counts wrong links for nothing: a stranger's edited links neither end the owner's link nor spend the budget", async () => {
    const email = address();
    await ask(email);
    const { code, link } = await signInMailTo(email);
    const value = new URL(link).searchParams.get('signin') ?? '';
    for (let i = 0; i < 12; i += 1) {
      const forged = `${value.slice(0, 65)}${'A'.repeat(42)}${i % 2 === 0 ? 'B' : 'C'}`;
      expect((await postJson(`${api.url}/api/library/sign-in/link`, { link: forged })).status).toBe(400);
    }
    const stored = (await db.doc(`buyerSignIns/${addressKey(email)}`).get()).data() ?? {};
    expect(stored.attempts).toBe(0);
    expect(stored.wrongCodes).toEqual([]);
    const signedIn = await tryCode(email, code);
    expect(signedIn.status).toBe(200);
  });
});

describe('the mails one address gets', () => {
  it('sends at most 3 an hour and 10 a day, then refuses in words and sends nothing', async () => {
    const email = address();
    const statuses: number[] = [];
    for (let hour = 0; hour < 4; hour += 1) {
      for (let i = 0; i < 3; i += 1) statuses.push((await ask(email)).status);
      if (hour < 3) await letSignInTimePass(email, 61 * 60 * 1000);
    }
    // 3 + 3 + 3 within three hours; the fourth hour's second ask is the 11th of the day.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    const refused = await ask(email);
    expect(await messageOf(refused)).toBe('429 Too many codes for this address today. Please try again tomorrow.');
    expect(await mailsMatching(signInMails(email), 11)).toHaveLength(10);

    const hourly = address();
    for (let i = 0; i < 3; i += 1) expect((await ask(hourly)).status).toBe(200);
    expect(await messageOf(await ask(hourly))).toBe(
      '429 Too many codes for this address. Please wait an hour and try again.',
    );

    // A day after the first mail the oldest ones no longer count.
    await letSignInTimePass(email, 21 * 60 * 60 * 1000 + 1000);
    expect((await ask(email)).status).toBe(200);
  });
});

describe('a request after the day’s wrong codes are spent', () => {
  const linkOnlyAnswer = {
    message:
      'Too many wrong codes were typed for this address today, so there is no code this time. If this address is right, a sign-in link is on its way to it instead: open it within 10 minutes to sign in.',
    linkOnly: true,
  };
  const linkOnlyMails = (email: string) => (mail: CaughtMail) =>
    toAddress(email)(mail) && mail.subject.startsWith('Your sign-in link');

  it('mails the owner a link with no code, which signs in; typed codes stay refused; the mail budgets hold', async () => {
    const email = address();
    const attack = await spendWrongCodes(api.url, email);
    expect(attack.at(-1)).toBe('429 Too many attempts today; try again tomorrow.');
    const { code: lastCode, link: lastLink } = await signInMailTo(email, 2);

    // The owner asks: the answer says there is no code this time, and the mail carries the link alone.
    const asked = await ask(email);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual(linkOnlyAnswer);
    const mail = await signInLinkMailTo(email);
    expect(mail.subject).toBe('Your sign-in link — Digital Store');
    expect(mail.text.trimEnd()).toBe(
      [
        'Sign in to your library at Digital Store with one click:',
        '{link}',
        '',
        'There is no code this time: too many wrong codes were typed for this address today, so codes are not taken until tomorrow. The link in this e-mail still signs you in.',
        '',
        'The link works once, for 10 minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.',
        '',
        'Digital Store',
      ].join('\n'),
    );
    const stored = (await db.doc(`buyerSignIns/${addressKey(email)}`).get()).data() ?? {};
    expect(stored.codeHash).toBeNull();
    expect(stored.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);

    // No code is taken, not even the last one mailed; the earlier link ended with the new mail.
    for (const typed of [lastCode, '000000']) {
      const refused = await tryCode(email, typed);
      expect(await messageOf(refused)).toBe('429 Too many attempts today; try again tomorrow.');
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    expect(await messageOf(await tryLink(lastLink))).toBe(
      '400 This code has expired or has already been used. Please ask for a new one.',
    );

    // The hour's three mails are spent (two by the stranger, one by the owner): a fourth is refused as before.
    expect(await messageOf(await ask(email))).toBe(
      '429 Too many codes for this address. Please wait an hour and try again.',
    );
    expect(await mailsMatching(toAddress(email), 4)).toHaveLength(3);

    // The link signs the owner in, once.
    const owner = await tryLink(mail.link);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toEqual({ email });
    const library = await libraryGet(api.url, '/purchases', cookieOf(owner));
    expect(library.status).toBe(200);
    expect(await library.json()).toEqual({ email, purchases: [] });
    expect((await tryLink(mail.link)).status).toBe(400);
  });

  it('still counts link-only mails in the 10 a day', async () => {
    const email = address();
    await spendWrongCodes(api.url, email);
    const statuses: number[] = [];
    for (let hour = 0; hour < 3; hour += 1) {
      const asks = hour === 0 ? 1 : 3;
      for (let i = 0; i < asks; i += 1) statuses.push((await ask(email)).status);
      await letSignInTimePass(email, 61 * 60 * 1000);
    }
    // 2 code mails and 7 link mails within three hours; the 10th goes, the 11th is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const tenth = await ask(email);
    expect(await tenth.json()).toEqual(linkOnlyAnswer);
    expect(await messageOf(await ask(email))).toBe(
      '429 Too many codes for this address today. Please try again tomorrow.',
    );
    expect(await mailsMatching(linkOnlyMails(email), 9)).toHaveLength(8);
    expect(await mailsMatching(signInMails(email), 3)).toHaveLength(2);
  });
});
