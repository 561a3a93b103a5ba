// The production build served with Firebase Hosting's headers from firebase.json (docs/security.md). Every
// e2e file runs under this policy and fails on a reported violation (tests/support/setupE2e.ts), so
// the storefront, checkout (demo, the Paystack popup and the PayPal buttons with their stub scripts)
// and admin files prove they work under it. This file proves the headers are really sent and the
// policy really enforced, so that "no violation" means something, and walks every admin panel.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { violationsPath } from '../../scripts/pagesServer';
import { cspDirectives } from '../../server/lib/hostingHeaders';
import { signInAsDemoAdmin } from '../support/adminE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { reportedViolations } from '../support/setupE2e';

const { baseUrl, firestoreHost } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('hosting headers on the served build', () => {
  it.each(['/', '/allproducts', '/category/1', '/contactus', '/adminlogin'])(
    'sends the security headers with %s',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      const csp = cspDirectives(response.headers.get('content-security-policy') ?? '');
      expect(csp.get('script-src')).toEqual([
        "'self'",
        'https://js.paystack.co',
        'https://www.paypal.com',
        'https://www.paypalobjects.com',
      ]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // The local emulator is allowed where Firestore is, and only there.
      expect(csp.get('connect-src')).toEqual(
        expect.arrayContaining(['https://firestore.googleapis.com', `http://${firestoreHost}`]),
      );
      expect(csp.get('script-src')).not.toContain(`http://${firestoreHost}`);
    },
  );

  it('sends them with the hashed assets too', async () => {
    const html = await (await fetch(baseUrl, { headers: { accept: 'text/html' } })).text();
    // The app's entry, which /start.js adds after the first paint.
    const script = /data-entry="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/index-/);
    const response = await fetch(`${baseUrl}${script ?? ''}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
  });
});

describe('the policy in a real Chromium', () => {
  it('blocks an inline script and reports it, so a clean run means the policy held', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'window.__inlineRan = true;';
      document.body.append(inline);
      document.body.insertAdjacentHTML('beforeend', '<img alt="" src="data:," onerror="window.__handlerRan = true">');
    });
    await expect.poll(async () => (await reportedViolations(baseUrl)).length, { timeout: 10_000 }).toBe(2);
    expect(await page.evaluate(() => '__inlineRan' in window)).toBe(false);
    expect(await page.evaluate(() => '__handlerRan' in window)).toBe(false);
    const reports = (await reportedViolations(baseUrl)) as Array<{ 'csp-report': { 'violated-directive': string } }>;
    expect(reports.map((report) => report['csp-report']['violated-directive']).sort()).toEqual([
      'script-src-attr',
      'script-src-elem',
    ]);
    // Expected here: emptied, so the check at the end of the file sees only what the store caused.
    await fetch(`${baseUrl}${violationsPath}`, { method: 'DELETE' });
    await page.context().close();
  });

  it('lets the admin sign in and open every dashboard panel without a violation', async () => {
    const page = await openPage(browser);
    await signInAsDemoAdmin(page, baseUrl);
    for (const [panel, heading] of [
      ['profile', 'Profile'],
      ['post', 'Post A Product'],
      ['manage', 'Manage Products'],
      ['register', 'Register Admin'],
      ['sales', 'Sales'],
      ['messages', 'Messages'],
    ] as const) {
      await page.goto(`${baseUrl}/admindashboard?panel=${panel}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor({ timeout: 20_000 });
    }
    await page.getByRole('heading', { name: 'Messages', exact: true }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await reportedViolations(baseUrl)).toEqual([]);
    await page.context().close();
  });
});
