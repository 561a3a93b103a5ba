// Firebase Auth and the admin code load only on admin routes (docs/performance.md); the storefront's
// critical path (the entry script and what index.html preloads) carries neither.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, distDir } = inject('e2e');
// Strings only Firebase Auth's SDK and the admin screens contain.
const authMarker = 'identitytoolkit.googleapis.com';
const adminMarker = 'Awaiting approval';
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('admin code stays off the storefront', () => {
  it('is not in the scripts index.html loads or preloads', () => {
    const html = readFileSync(join(distDir, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const text = readFileSync(join(distDir, script), 'utf8');
      expect(text.includes(authMarker), `${script} carries Firebase Auth`).toBe(false);
      expect(text.includes(adminMarker), `${script} carries admin screens`).toBe(false);
    }
  });

  it('is not downloaded by a visit to the home page, and is on /adminlogin', async () => {
    const page = await openPage(browser);
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
    });
    await page.goto(baseUrl);
    await page.getByRole('heading', { name: 'Latest Digital Products' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((text) => text.includes(authMarker))).toBe(false);
    expect(scripts.some((text) => text.includes(adminMarker))).toBe(false);

    await page.goto(`${baseUrl}/adminlogin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.some((text) => text.includes(adminMarker))).toBe(true);
    await page.context().close();
  });
});
