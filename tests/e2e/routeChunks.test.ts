// The pages that left the storefront's entry (docs/performance.md, 'What the entry leaves out'): a visit
// to home downloads none of their code; pointing at a product link fetches the product page's, focusing
// the search box the search results', and a product page opened at its own address has its code and
// hydrates into the page the HTML showed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appReadyName } from '../../domain/pageContracts';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The script files the page has requested so far, by name without their hash. */
function recordScripts(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    const match = /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(request.url());
    if (match?.[1]) names.push(match[1]);
  });
  return names;
}

async function appReady(page: Page) {
  await expect
    .poll(
      () => page.evaluate((ready) => (window as unknown as Record<string, unknown>)[ready] === true, appReadyName),
      {
        timeout: 15_000,
      },
    )
    .toBe(true);
}

describe('pages in chunks of their own', () => {
  it('home loads none; a product link pointed at fetches the product page, the search box the results', async () => {
    const page = await openPage(browser);
    const scripts = recordScripts(page);
    await page.goto(baseUrl);
    await appReady(page);
    await page.waitForLoadState('networkidle');
    expect(scripts).toContain('index');
    for (const moved of ['ProductDetailPage', 'SearchResultsPage', 'ContactPage', 'PurchasesPage', 'WaitingPage']) {
      expect(scripts).not.toContain(moved);
    }

    const view = page.getByRole('link', { name: /^View / }).first();
    await view.hover();
    await expect.poll(() => scripts.includes('ProductDetailPage')).toBe(true);
    expect(scripts).not.toContain('SearchResultsPage');
    await view.click();
    await page.getByRole('button', { name: 'Buy Now' }).first().waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toMatch(/^\/productdetail\//);

    await page.goto(baseUrl);
    await appReady(page);
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await expect.poll(() => scripts.includes('SearchResultsPage')).toBe(true);
    await page.context().close();
  });

  it('a product page opened at its address has its code before the app starts, and never says Loading...', async () => {
    const page = await openPage(browser);
    const scripts = recordScripts(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Every state the root passes through: a 'Loading...' screen would be recorded here.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seenLoading: string[] }).seenLoading = seen;
      new MutationObserver(() => {
        if (document.getElementById('root')?.textContent?.includes('Loading...')) seen.push('Loading...');
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto(`${baseUrl}/productdetail/demo-react-bootcamp`);
    await appReady(page);
    expect(scripts).toContain('ProductDetailPage');
    await page.getByRole('heading', { level: 1, name: 'REACT WEB DEVELOPMENT BOOTCAMP' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { seenLoading: string[] }).seenLoading)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
