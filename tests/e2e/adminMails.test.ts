// The admin account e-mails in a real Chromium against the built SPA and the local cloud: the API mails
// them over SMTP into the local inbox, and each link, opened as the person would from the inbox,
// leads to the store's own page: the reset link sets a new password that signs in, and a new admin's
// verification link verifies the address so that the login files the request.
import { Timestamp } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { answerDialog, mailedLinkTo } from '../support/adminE2e';
import { signUpStranger } from '../support/authEmulatorUsers';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import type { CaughtMail } from '../../local/mail/mailCatcher';

const { baseUrl, mailUrl, authUrl, projectId, firestoreHost } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
let browser: Browser;
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/adminlogin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const path = (page: Page) => new URL(page.url()).pathname;

async function askForReset(page: Page, email: string) {
  await page.goto(`${baseUrl}/adminforgotpassword`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: 'Reset link sent successfully' }).waitFor({ timeout: 15_000 });
  expect(await dialog.innerText()).toContain('Please check your email inbox or spam folder!');
  await answerDialog(page, 'Reset link sent successfully');
  await page.getByRole('button', { name: 'Resend Reset Link' }).waitFor();
}

describe('the password reset e-mail', () => {
  it("opens the store's own reset page, and the new password signs in", async () => {
    const account = await signUpStranger(authUrl);
    await db.doc(`admins/${account.uid}`).set({
      uid: account.uid,
      name: 'Kemi Adebayo',
      email: account.email,
      phone: '',
      createdAt: Timestamp.now(),
    });
    const page = await openPage(browser);
    await askForReset(page, account.email);

    const link = await mailedLinkTo(mailUrl, account.email, 'Reset your password — Digital Store');
    expect(link.startsWith(`${baseUrl}/adminresetpassword?oobCode=`)).toBe(true);
    await page.goto(link);
    await page.getByText(`Choose a new password for ${account.email}.`).waitFor({ timeout: 15_000 });
    await page.getByLabel('New password', { exact: true }).fill('kemi-new-pass-2027');
    await page.getByLabel('Confirm new password').fill('kemi-new-pass-2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await answerDialog(page, 'Password reset successfully!');
    await expect.poll(() => path(page)).toBe('/adminlogin');

    await logIn(page, account.email, 'stranger-pass-2026');
    await page.getByRole('dialog').getByRole('heading', { name: 'Login Failed' }).waitFor({ timeout: 15_000 });
    await answerDialog(page, 'Login Failed');
    await logIn(page, account.email, 'kemi-new-pass-2027');
    await page.waitForURL('**/admindashboard', { timeout: 20_000 });
    await expect.poll(() => path(page)).toBe('/admindashboard');

    // The link worked once.
    const again = await openPage(browser);
    await again.goto(link);
    await again.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await again.getByRole('alert').innerText()).toMatch(/invalid|expired/);
    await page.context().close();
    await again.context().close();
  });

  it('says the same to an address without an account, and nothing is mailed to it', async () => {
    const nobody = `nobody.${run}@digitalstore.test`;
    const page = await openPage(browser);
    await askForReset(page, nobody);
    // The known address's mail of the test above arrived within a second; give this one three.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[];
    expect(mails.filter((mail) => mail.to.includes(nobody))).toEqual([]);
    await page.context().close();
  });
});

describe('the verification e-mail', () => {
  it("verifies a new admin's address on the store's page, and the login then files the request", async () => {
    const email = `tunde.${run}@digitalstore.test`;
    const password = 'tunde-pass-2026';
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/adminsignup`);
    await page.getByLabel('Full Name').fill('Tunde Bakare');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Confirm Email').fill(email);
    await page.getByLabel('Phone Number').fill('+234 807 333 4444');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await answerDialog(page, 'Account created successfully');

    const link = await mailedLinkTo(mailUrl, email, 'Verify your e-mail address — Digital Store');
    expect(link.startsWith(`${baseUrl}/adminverify?oobCode=`)).toBe(true);
    await page.goto(link);
    await page.getByText('Your e-mail address is verified.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('status').innerText()).toContain(
      'Log in to send your request to become an admin; an admin will then review it.',
    );
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect.poll(() => path(page)).toBe('/adminlogin');

    await logIn(page, email, password);
    await answerDialog(page, 'Awaiting approval');
    await expect
      .poll(async () => (await db.collection('adminRequests').where('email', '==', email).get()).size, {
        timeout: 10_000,
      })
      .toBe(1);

    // Opened again, the used link says so in words.
    const again = await openPage(browser);
    await again.goto(link);
    await again.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await again.getByRole('alert').innerText()).toBe(
      'This verification link is invalid or has already been used. If your address is not verified yet, log in to get a new link.',
    );
    await page.context().close();
    await again.context().close();
  });
});
