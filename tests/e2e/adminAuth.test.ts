// The admin's way in, in a real Chromium against the built SPA, the Auth emulator and our Firestore
// emulator: sign up, verify the e-mail with the link the API mailed (pending, kept out), approval by
// the seeded admin, sign-in, logout, and a password reset with the link the API mailed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAdmin } from '../../local/seed/seed';
import { answerDialog, mailedLinkTo } from '../support/adminE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, authUrl, projectId, mailUrl } = inject('e2e');
let browser: Browser;

const run = Date.now().toString(36);
const newcomer = {
  name: 'Ngozi Okafor',
  email: `ngozi+${run}@digitalstore.test`,
  phone: '+234 806 111 2222',
  password: 'ngozi-pass-2026',
};

let usedCode = '';

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

async function path(page: Page) {
  return new URL(page.url()).pathname;
}

interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: string;
}

/** The latest code of a kind the Auth emulator would have e-mailed (its documented out-of-band endpoint). */
async function codeFor(email: string, requestType: 'PASSWORD_RESET' | 'VERIFY_EMAIL'): Promise<OobCode> {
  const res = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  const mine = oobCodes.filter((code) => code.email === email && code.requestType === requestType);
  const latest = mine.at(-1);
  if (!latest) throw new Error(`No ${requestType} code for ${email}`);
  return latest;
}

const resetCodeFor = (email: string) => codeFor(email, 'PASSWORD_RESET');

describe('admin sign-up and approval', () => {
  it('signs up, verifies the e-mail, and the pending account is kept out with the awaiting-approval message', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/adminsignup`);
    await page.getByLabel('Full Name').fill(newcomer.name);
    await page.getByLabel('Email', { exact: true }).fill(newcomer.email);
    await page.getByLabel('Confirm Email').fill(newcomer.email);
    await page.getByLabel('Phone Number').fill(newcomer.phone);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByLabel('Confirm Password').fill(newcomer.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const created = page.getByRole('dialog');
    await created.getByRole('heading', { name: 'Account created successfully' }).waitFor({ timeout: 15_000 });
    expect(await created.innerText()).toContain(
      'Check your inbox to verify your address; an admin will then review your request.',
    );
    await answerDialog(page, 'Account created successfully');
    await expect.poll(() => path(page)).toBe('/adminlogin');

    // Before the address is verified, no request is filed: the login says to verify it first.
    await logIn(page, newcomer.email, newcomer.password);
    await page.getByRole('dialog').getByRole('heading', { name: 'Verify your e-mail address' }).waitFor({
      timeout: 15_000,
    });
    await answerDialog(page, 'Verify your e-mail address');

    // The link the API mailed (the second: signing in unverified sent a new one) verifies the address
    // on the store's own page, which leads on to the login page; it carries the code the emulator made.
    const verification = await codeFor(newcomer.email, 'VERIFY_EMAIL');
    const link = await mailedLinkTo(mailUrl, newcomer.email, 'Verify your e-mail address', 2);
    expect(link).toBe(`${baseUrl}/adminverify?oobCode=${encodeURIComponent(verification.oobCode)}`);
    await page.goto(link);
    await page.getByText('Your e-mail address is verified.').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect.poll(() => path(page)).toBe('/adminlogin');

    await logIn(page, newcomer.email, newcomer.password);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Awaiting approval' }).waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('waiting for an admin to approve it');
    await answerDialog(page, 'Awaiting approval');

    await page.goto(`${baseUrl}/admindashboard`);
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/adminlogin');
    await page.context().close();
  });

  it('is approved by the seeded admin, who then logs out', async () => {
    const page = await openPage(browser);
    await logIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL('**/admindashboard', { timeout: 20_000 });
    await expect.poll(() => path(page)).toBe('/admindashboard');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await page.getByText(demoAdmin.email).count()).toBeGreaterThan(0);
    // The dashboard is the confirmation: no 'Logged in successfully' dialog over it.
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Register Admin' }).click();
    expect(new URL(page.url()).searchParams.get('panel')).toBe('register');
    const request = page.getByRole('list', { name: 'Pending requests' }).getByRole('listitem').filter({
      hasText: newcomer.email,
    });
    await request.waitFor({ timeout: 15_000 });
    await request.getByRole('button', { name: `Approve ${newcomer.name}` }).click();
    await answerDialog(page, 'Request approved');
    await expect.poll(() => request.count()).toBe(0);

    // Reload keeps the panel (it is in the URL).
    await page.reload();
    await page.getByRole('heading', { name: 'Pending Requests' }).waitFor({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: 'Log out?' }).waitFor();
    await confirm.getByRole('button', { name: 'Yes, log out' }).click();
    // The success message closes itself after 2 s, then the login page opens.
    await page.getByRole('dialog').getByRole('heading', { name: 'Logged out successfully' }).waitFor();
    const shownAt = Date.now();
    expect(await path(page)).toBe('/admindashboard');
    await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    await expect.poll(() => path(page), { timeout: 10_000 }).toBe('/adminlogin');
    await page.goto(`${baseUrl}/admindashboard`);
    await expect.poll(() => path(page), { timeout: 15_000 }).toBe('/adminlogin');
    await page.context().close();
  });

  it('lets the approved admin in, onto their profile', async () => {
    const page = await openPage(browser);
    await logIn(page, newcomer.email, newcomer.password);
    await page.waitForURL('**/admindashboard', { timeout: 20_000 });
    await expect.poll(() => path(page)).toBe('/admindashboard');
    await page.getByText(newcomer.name, { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByText(newcomer.phone).waitFor();
    await page.context().close();
  });
});

describe('dashboard on a phone', () => {
  it('keeps the menu behind a toggle at 360 px and opens panels from it', async () => {
    const page = await openPage(browser);
    await page.setViewportSize({ width: 360, height: 740 });
    await logIn(page, demoAdmin.email, demoAdmin.password);
    await page.waitForURL('**/admindashboard', { timeout: 20_000 });
    const toggle = page.getByRole('button', { name: 'Dashboard menu' });
    await toggle.waitFor({ timeout: 15_000 });
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await menu.isVisible()).toBe(false);

    await toggle.click();
    await menu.getByRole('link', { name: 'Hi, Admin' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await toggle.click();
    await menu.getByRole('link', { name: 'Register Admin' }).click();
    await page.getByRole('heading', { name: 'Pending Requests' }).waitFor();
    expect(await menu.isVisible()).toBe(false);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});

describe('password reset', () => {
  it('sends the reset link, resets with the e-mailed code, and the new password works', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/adminforgotpassword`);
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Reset link sent successfully' }).waitFor({ timeout: 15_000 });
    expect(await dialog.innerText()).toContain('Please check your email inbox or spam folder!');
    await answerDialog(page, 'Reset link sent successfully');
    await page.getByRole('button', { name: 'Resend Reset Link' }).waitFor();

    const code = await resetCodeFor(newcomer.email);
    usedCode = code.oobCode;
    // The e-mail's link opens our reset page with the code.
    const link = await mailedLinkTo(mailUrl, newcomer.email, 'Reset your password');
    expect(link).toBe(`${baseUrl}/adminresetpassword?oobCode=${encodeURIComponent(code.oobCode)}`);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('ngozi-new-pass-2027');
    await page.getByLabel('Confirm new password').fill('ngozi-new-pass-2027');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await answerDialog(page, 'Password reset successfully!');
    await expect.poll(() => path(page)).toBe('/adminlogin');

    await logIn(page, newcomer.email, newcomer.password);
    await page.getByRole('dialog').getByRole('heading', { name: 'Login Failed' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('dialog').innerText()).not.toContain('auth/');
    await answerDialog(page, 'Login Failed');

    await logIn(page, newcomer.email, 'ngozi-new-pass-2027');
    await page.waitForURL('**/admindashboard', { timeout: 20_000 });
    await expect.poll(() => path(page)).toBe('/admindashboard');
    await page.context().close();
  });

  it('says a used code is no good and offers a new link', async () => {
    const page = await openPage(browser);
    // The emulator forgets a code once used; this one was used by the test above.
    expect(usedCode).not.toBe('');
    await page.goto(`${baseUrl}/adminresetpassword?oobCode=${encodeURIComponent(usedCode)}`);
    await page.getByRole('alert').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('alert').innerText()).toMatch(/invalid|expired/);
    await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
    await expect.poll(() => path(page)).toBe('/adminforgotpassword');
    await page.context().close();
  });
});
