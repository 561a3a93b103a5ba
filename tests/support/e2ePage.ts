import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';
import { connectBrowser } from './browser';

/** The run's one Chromium (tests/support/globalSetupE2e.ts), for one test file; close it in afterAll. */
export function connectE2eBrowser(): Promise<Browser> {
  return connectBrowser(inject('e2e').browserWsEndpoint);
}

/** A phone's screen: 390 px wide. */
export const phoneViewport = { width: 390, height: 844 };

/**
 * A fresh page (in a context of its own, 1280 px wide unless a viewport is given) whose third-party
 * geo-IP lookup answers with the given country (or fails).
 */
export async function openPage(
  browser: Browser,
  country: string | null = 'US',
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route('https://geoip.e2e.test/**', (route) =>
    country === null
      ? route.abort()
      : route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ country_code: country }),
        }),
  );
  return page;
}

/**
 * Holds back the app's entry module, as a slow phone would: the prerendered page is all there is
 * until the returned function lets it through. Our own code is delayed, never replaced.
 */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
