// The admin account e-mails through HTTP on the local cloud (docs/admin.md): the API makes the reset
// and verification links with the Admin SDK against the real Auth emulator, mails them over SMTP into
// the mail catcher, and each link's code, on the store's own page, does what it says. Nothing faked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminAuth } from '../../../server/admin/adminAuth';
import { signInWithPassword, signUpStranger } from '../../support/authEmulatorUsers';
import {
  cloud,
  mailsMatching,
  postJson,
  startPurchaseApi,
  toAddress,
  uniqueTag,
  type PurchaseApi,
} from '../../support/purchaseHarness';

const auth = createAdminAuth({ projectId: cloud.projectId, emulatorHost: cloud.apiEnv.FIREBASE_AUTH_EMULATOR_HOST });
let api: PurchaseApi;
beforeAll(async () => {
  api = await startPurchaseApi({ ACCOUNT_MAIL_RATE_LIMIT: '1000', ACCOUNT_MAIL_ADDRESS_RATE_LIMIT: '1000' }, { auth });
});
afterAll(() => api.close());

const resetAnswer = {
  success: true,
  message: 'If an account exists for this address, a link to reset its password is on its way to it.',
};

const askReset = (email: string, url = api.url) => postJson(`${url}/api/admin-account/password-reset`, { email });
const askVerification = (idToken: string | null, url = api.url) =>
  fetch(`${url}/api/admin-account/verification-email`, {
    method: 'POST',
    headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
  });

/** What the browser's Firebase SDK calls with a code from a link (the Auth emulator's REST API). */
async function identityToolkit(method: string, body: Record<string, unknown>) {
  const res = await fetch(`${cloud.authUrl}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The link of the only mail to `email` whose subject starts with `subject`. */
async function mailedLink(email: string, subject: string): Promise<string> {
  const mails = await mailsMatching((mail) => toAddress(email)(mail) && mail.subject.startsWith(subject));
  expect(mails).toHaveLength(1);
  const link = /^(http\S+oobCode=\S+)$/m.exec(mails[0]?.text ?? '')?.[1];
  if (!link) throw new Error(`no link in the mail to ${email}`);
  expect(mails[0]?.html).toContain('href="');
  return link;
}

describe('the password reset e-mail', () => {
  it("mails the account a link to the store's reset page whose code sets the new password", async () => {
    const account = await signUpStranger(cloud.authUrl);
    const started = Date.now();
    const asked = await askReset(account.email);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual(resetAnswer);

    const mails = await mailsMatching(toAddress(account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Reset your password — Digital Store']);
    expect(mails[0]?.from).toContain('orders@digitalstore.test');
    const link = await mailedLink(account.email, 'Reset your password');
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.url}/adminresetpassword`);
    expect([...url.searchParams.keys()]).toEqual(['oobCode']);

    const code = url.searchParams.get('oobCode') ?? '';
    const checked = await identityToolkit('resetPassword', { oobCode: code });
    expect(checked.body).toMatchObject({ email: account.email, requestType: 'PASSWORD_RESET' });
    const reset = await identityToolkit('resetPassword', { oobCode: code, newPassword: 'a-new-pass-2027' });
    expect(reset.status).toBe(200);
    await expect(signInWithPassword(cloud.authUrl, account.email, 'a-new-pass-2027')).resolves.toMatchObject({
      uid: account.uid,
    });
    await expect(signInWithPassword(cloud.authUrl, account.email, 'stranger-pass-2026')).rejects.toThrow(
      'INVALID_PASSWORD',
    );
    // The code works once.
    expect((await identityToolkit('resetPassword', { oobCode: code, newPassword: 'third-pass-2028' })).status).toBe(
      400,
    );
  });

  it('answers an address without an account with the same bytes, no sooner, and mails nothing', async () => {
    const known = await signUpStranger(cloud.authUrl);
    const unknown = `nobody.${uniqueTag()}@digitalstore.test`;
    const timed = async (email: string) => {
      const started = Date.now();
      const response = await askReset(email);
      return { ms: Date.now() - started, status: response.status, body: await response.text() };
    };
    const forKnown = await timed(known.email);
    const forUnknown = await timed(unknown);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(JSON.parse(forUnknown.body)).toEqual(resetAnswer);
    expect(forKnown.ms).toBeGreaterThanOrEqual(1500);
    expect(forUnknown.ms).toBeGreaterThanOrEqual(1500);
    expect(await mailsMatching(toAddress(known.email))).toHaveLength(1);
    expect(await mailsMatching(toAddress(unknown))).toEqual([]);
  });

  it('mails a disabled account nothing, with the same answer', async () => {
    const account = await signUpStranger(cloud.authUrl);
    // As the Admin SDK's updateUser({disabled: true}) does: the emulator takes 'owner' as an admin's token.
    const disabled = await fetch(
      `${cloud.authUrl}/identitytoolkit.googleapis.com/v1/projects/${cloud.projectId}/accounts:update`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: account.uid, disableUser: true }),
      },
    );
    expect(disabled.status).toBe(200);
    expect((await auth.getUser(account.uid)).disabled).toBe(true);
    const asked = await askReset(account.email);
    expect(await asked.json()).toEqual(resetAnswer);
    expect(await mailsMatching(toAddress(account.email))).toEqual([]);
  });

  it('refuses a body without a valid address in words', async () => {
    const refused = await askReset('not-an-address');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Please enter a valid email address.' });
  });
});

describe('the limits', () => {
  it('gives one address its limit of mails from any client, alike with or without an account', async () => {
    const strict = await startPurchaseApi(
      { ACCOUNT_MAIL_RATE_LIMIT: '1000', ACCOUNT_MAIL_ADDRESS_RATE_LIMIT: '2' },
      { auth },
    );
    try {
      const known = await signUpStranger(cloud.authUrl);
      const unknown = `nobody.${uniqueTag()}@digitalstore.test`;
      const statuses = async (email: string) =>
        (await Promise.all([askReset(email, strict.url), askReset(email, strict.url), askReset(email, strict.url)]))
          .map((response) => response.status)
          .sort();
      expect(await statuses(known.email)).toEqual([200, 200, 429]);
      expect(await statuses(unknown)).toEqual([200, 200, 429]);
      // Another spelling of the same mailbox counts with it.
      const [local, domain] = known.email.split('@');
      const refused = await askReset(`${local?.toUpperCase()}+again@${domain}`, strict.url);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        message: 'Too many e-mails asked for this address. Please wait an hour and try again.',
      });
      expect(await mailsMatching(toAddress(known.email), 2)).toHaveLength(2);
      // Another address is still served.
      expect((await askReset(`other.${uniqueTag()}@digitalstore.test`, strict.url)).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('gives one client its limit of requests, resets and verifications together', async () => {
    const strict = await startPurchaseApi(
      { ACCOUNT_MAIL_RATE_LIMIT: '2', ACCOUNT_MAIL_ADDRESS_RATE_LIMIT: '1000' },
      { auth },
    );
    try {
      const account = await signUpStranger(cloud.authUrl);
      expect((await askReset(`a.${uniqueTag()}@digitalstore.test`, strict.url)).status).toBe(200);
      expect((await askVerification(account.idToken, strict.url)).status).toBe(200);
      const third = await askReset(`b.${uniqueTag()}@digitalstore.test`, strict.url);
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({
        message: 'Too many requests for account e-mails from this connection. Please try again in 10 minutes.',
      });
      expect((await askVerification(account.idToken, strict.url)).status).toBe(429);
      expect(await mailsMatching(toAddress(account.email))).toHaveLength(1);
    } finally {
      await strict.close();
    }
  });
});

describe('the verification e-mail', () => {
  it("mails the signed-in account a link to the store's verification page whose code verifies the address", async () => {
    const account = await signUpStranger(cloud.authUrl);
    const asked = await askVerification(account.idToken);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({
      sent: true,
      message: `A verification link is on its way to ${account.email}.`,
    });
    const link = await mailedLink(account.email, 'Verify your e-mail address — Digital Store');
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.url}/adminverify`);
    expect((await auth.getUser(account.uid)).emailVerified).toBe(false);

    const applied = await identityToolkit('update', { oobCode: url.searchParams.get('oobCode') });
    expect(applied.status).toBe(200);
    expect((await auth.getUser(account.uid)).emailVerified).toBe(true);

    const again = await askVerification(account.idToken);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ sent: false, message: 'This e-mail address is already verified.' });
    expect(await mailsMatching(toAddress(account.email))).toHaveLength(1);
  });

  it('refuses a request without a valid ID token, and mails nothing', async () => {
    for (const token of [null, 'not-a-token']) {
      const refused = await askVerification(token);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Please sign in first.' });
    }
  });
});
