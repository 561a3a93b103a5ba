// Signing up as an affiliate proves the address (docs/affiliates.md, 'Joining and approval'), replayed
// against the local cloud with real SMTP into the mail catcher and Paystack's stand-in: an application
// and an account check from a stranger, an application under someone else's address, names with line
// breaks or direction characters, and what the affiliate's own page shows of the payout account.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { AffiliatePageAnswer } from '../../../domain/affiliates';
import { signIn } from '../../support/libraryHarness';
import { db, mailsMatching, postJson, toAddress, uniqueTag } from '../../support/purchaseHarness';
import { application, bearer, newAccountNumber, useAffiliateApi } from '../../support/affiliateHarness';

const harness = useAffiliateApi();
const { admin, applyAs, approvedAffiliate, resolveCalls } = harness;

const signInFirst = { message: 'Please sign in with your e-mail address first: we e-mail you a code.' };
const applyUrl = () => `${harness.api().url}/api/affiliates/apply`;
const storedUnder = async (email: string) =>
  (await db.collection('affiliates').where('email', '==', email).get()).docs.map((doc) => doc.data());

describe('applying needs the mailed-code sign-in', () => {
  it('refuses an application and an account check from a visitor who has not signed in', async () => {
    const victim = application(uniqueTag(), { kind: 'paypal', paypalEmail: `thief.${uniqueTag()}@example.com` });
    const applied = await postJson(applyUrl(), victim);
    expect(applied.status).toBe(401);
    expect(await applied.json()).toEqual(signInFirst);
    const forged = await postJson(applyUrl(), victim, { cookie: '__session=1.forged.forged.forged' });
    expect(forged.status).toBe(401);
    expect(await storedUnder(victim.email)).toEqual([]);
    expect(await mailsMatching(toAddress(victim.email))).toEqual([]);

    const before = resolveCalls.length;
    const resolve = await postJson(`${harness.api().url}/api/affiliates/resolve-account`, {
      bankCode: '058',
      accountNumber: '0123456789',
    });
    expect(resolve.status).toBe(401);
    expect(await resolve.json()).toEqual(signInFirst);
    expect(resolveCalls.length).toBe(before);
    expect((await fetch(`${harness.api().url}/api/affiliates/applicant`)).status).toBe(401);
  });

  it('makes the application under the signed-in address, never the one the body names', async () => {
    const attacker = `mallory.${uniqueTag()}@example.com`;
    const victim = application(uniqueTag(), { kind: 'paypal', paypalEmail: `mallory.pay.${uniqueTag()}@example.com` });
    const { answer, cookie } = await applyAs(victim, attacker);
    expect(answer.status).toBe(201);
    expect(await storedUnder(victim.email)).toEqual([]);
    expect(await storedUnder(attacker)).toMatchObject([{ email: attacker, name: victim.name, status: 'pending' }]);
    expect((await mailsMatching(toAddress(attacker))).map((mail) => mail.subject)).toContain(
      'We received your affiliate application — Digital Store',
    );
    expect(
      await mailsMatching((mail) => toAddress(victim.email)(mail) && !mail.subject.startsWith('Your sign-in')),
    ).toEqual([]);
    const applicant = await fetch(`${harness.api().url}/api/affiliates/applicant`, { headers: { cookie } });
    expect(await applicant.json()).toEqual({ email: attacker, applied: true });

    // The real owner of the address can still apply, once signed in as themselves.
    const { answer: own, cookie: ownCookie } = await applyAs(victim);
    expect(own.status).toBe(201);
    expect(await storedUnder(victim.email)).toMatchObject([{ email: victim.email, status: 'pending' }]);
    const ownApplicant = await fetch(`${harness.api().url}/api/affiliates/applicant`, {
      headers: { cookie: ownCookie },
    });
    expect(await ownApplicant.json()).toEqual({ email: victim.email, applied: true });
  });
});

describe('the applicant’s name follows the store’s name rules', () => {
  it('refuses a name with a line break, a direction override or over 100 characters, and stores nothing', async () => {
    const cases = [
      ['Chioma\r\nBcc: everyone@example.com', 'Your name must be on a single line.'],
      [
        'Chioma \u202eamoihC',
        'Full name contains invisible or control characters that are not allowed. Please retype it.',
      ],
      [
        'Chioma\u200bNwosu',
        'Full name contains invisible or control characters that are not allowed. Please retype it.',
      ],
      ['C'.repeat(101), 'Your name must be at most 100 characters.'],
    ] as const;
    const email = `named.${uniqueTag()}@example.com`;
    const cookie = await signIn(harness.api().url, email);
    for (const [name, message] of cases) {
      const body = {
        ...application(uniqueTag(), { kind: 'paypal', paypalEmail: `pp.${uniqueTag()}@example.com` }),
        name,
      };
      const answer = await postJson(applyUrl(), body, { cookie });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message });
    }
    const promotion = await postJson(
      applyUrl(),
      {
        ...application(uniqueTag(), { kind: 'paypal', paypalEmail: `pp.${uniqueTag()}@example.com` }),
        promotion: 'My newsletter \u202eredael ym',
      },
      { cookie },
    );
    expect(await promotion.json()).toEqual({
      message: 'Your description contains invisible or control characters that are not allowed. Please retype it.',
    });
    expect(await storedUnder(email)).toEqual([]);
  });

  it('mails and shows a name stored before the rules without its line breaks and direction characters', async () => {
    const email = `eve.${uniqueTag()}@example.com`;
    const code = `EVE${Math.floor(Math.random() * 900_000 + 100_000)}`;
    await db.doc(`affiliates/${code}`).set({
      name: 'Eve\r\nBcc: everyone@example.com\u202e',
      email,
      emailKey: email,
      phone: '+234 803 555 0101',
      promotion: 'A weekly newsletter for Lagos freelancers.',
      status: 'pending',
      commissionPercent: null,
      bank: null,
      subaccountCode: null,
      paypalEmail: `pp.${uniqueTag()}@example.com`,
      createdAt: Timestamp.now(),
    });
    expect((await admin(`/${code}/approve`)).status).toBe(200);
    const [approval] = await mailsMatching(
      (mail) => toAddress(email)(mail) && mail.subject.startsWith('You are approved'),
    );
    expect(approval?.text.split('\n')[0]).toBe('Hello Eve Bcc: everyone@example.com,');
    expect(approval?.to).not.toContain('everyone@example.com');

    const listed = await fetch(`${harness.api().url}/api/admin/affiliates`, { headers: bearer(harness.adminToken()) });
    const { affiliates } = (await listed.json()) as { affiliates: Array<{ code: string; name: string }> };
    expect(affiliates.find((each) => each.code === code)?.name).toBe('Eve Bcc: everyone@example.com');

    const cookie = await signIn(harness.api().url, email);
    const page = (await (
      await fetch(`${harness.api().url}/api/affiliates/me`, { headers: { cookie } })
    ).json()) as AffiliatePageAnswer;
    expect(page.name).toBe('Eve Bcc: everyone@example.com');
  });
});

describe('the affiliate’s page shows where they are paid', () => {
  it('names the bank and the last four digits of the account, never the whole number', async () => {
    const accountNumber = newAccountNumber();
    const affiliate = await approvedAffiliate('bank', 30, { accountNumber });
    const response = await fetch(`${harness.api().url}/api/affiliates/me`, { headers: { cookie: affiliate.cookie } });
    const raw = await response.text();
    expect((JSON.parse(raw) as AffiliatePageAnswer).payout).toEqual({
      kind: 'bank',
      bankName: 'Guaranty Trust Bank',
      last4: accountNumber.slice(-4),
    });
    expect(raw).not.toContain(accountNumber);

    const byPaypal = await approvedAffiliate('paypal');
    const paypalPage = (await (
      await fetch(`${harness.api().url}/api/affiliates/me`, { headers: { cookie: byPaypal.cookie } })
    ).json()) as AffiliatePageAnswer;
    expect(paypalPage.payout).toEqual({ kind: 'paypal', paypalEmail: `pp.${byPaypal.tag}@example.com` });
  });
});
