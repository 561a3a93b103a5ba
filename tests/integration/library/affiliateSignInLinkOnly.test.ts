// The affiliate page's sign-in after a stranger spends the address's wrong codes of the day
// (docs/library.md, docs/affiliates.md): the affiliate page asks for the library's mailed code, so the
// same attack must not lock an affiliate out of it. Replayed on the local cloud with real SMTP into the
// mail catcher; only Paystack is faked (by the affiliate harness).
import { describe, expect, it } from 'vitest';
import type { AffiliatePageAnswer } from '../../../domain/affiliates';
import { useAffiliateApi } from '../../support/affiliateHarness';
import {
  cookieOf,
  letSignInTimePass,
  signInLinkMailTo,
  signInMailTo,
  spendWrongCodes,
} from '../../support/libraryHarness';
import { mailsMatching, postJson, toAddress } from '../../support/purchaseHarness';

const harness = useAffiliateApi();

describe('an affiliate whose wrong codes of the day a stranger spent', () => {
  it('gets a link with no code, which opens their affiliate page; a typed code stays refused', async () => {
    const affiliate = await harness.approvedAffiliate('paypal');
    // The affiliate signed in to apply an hour ago.
    await letSignInTimePass(affiliate.email, 61 * 60 * 1000);
    const url = harness.api().url;

    const attack = await spendWrongCodes(url, affiliate.email, 1);
    expect(attack.slice(-2)).toEqual([
      '400 That code is not right. 1 try left.',
      '429 Too many attempts today; try again tomorrow.',
    ]);
    const { code: lastCode } = await signInMailTo(affiliate.email, 3);

    // The affiliate page asks the library's sign-in for a code, as AffiliateSignIn does.
    const asked = await postJson(`${url}/api/library/sign-in`, { email: affiliate.email });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({
      message:
        'Too many wrong codes were typed for this address today, so there is no code this time. If this address is right, a sign-in link is on its way to it instead: open it within 10 minutes to sign in.',
      linkOnly: true,
    });
    const mail = await signInLinkMailTo(affiliate.email);
    expect(mail.subject).toBe('Your sign-in link — Digital Store');
    expect(mail.text).toContain('There is no code this time');

    const typed = await postJson(`${url}/api/library/sign-in/code`, { email: affiliate.email, code: lastCode });
    expect(typed.status).toBe(429);
    expect(await typed.json()).toEqual({ message: 'Too many attempts today; try again tomorrow.' });
    expect(typed.headers.get('set-cookie')).toBeNull();

    const opened = await postJson(`${url}/api/library/sign-in/link`, {
      link: new URL(mail.link).searchParams.get('signin') ?? '',
    });
    expect(opened.status).toBe(200);
    const cookie = cookieOf(opened);
    const page = await fetch(`${url}/api/affiliates/me`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const answer = (await page.json()) as AffiliatePageAnswer;
    expect({ code: answer.code, status: answer.status, name: answer.name }).toEqual({
      code: affiliate.code,
      status: 'approved',
      name: `Chioma Nwosu ${affiliate.tag}`,
    });
    const applicant = await fetch(`${url}/api/affiliates/applicant`, { headers: { cookie } });
    expect(await applicant.json()).toEqual({ email: affiliate.email, applied: true });

    // The hour's mails are spent (two by the stranger, one by the affiliate): a fourth is refused.
    const fourth = await postJson(`${url}/api/library/sign-in`, { email: affiliate.email });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      message: 'Too many codes for this address. Please wait an hour and try again.',
    });
    expect(
      await mailsMatching((m) => toAddress(affiliate.email)(m) && m.subject.startsWith('Your sign-in'), 5),
    ).toHaveLength(4);
  });
});
