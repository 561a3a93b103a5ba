// All products in pages of 24 with 'Load more' (docs/catalog-and-search.md), in a real Chromium against the
// production build and the local cloud. The demo seed has 14 products, fewer than a page, so this
// file adds 20 generated ones (older than the demo catalog, so home is unchanged) for its own run
// and removes them afterwards: e2e files run one after another, and the others count the seed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedProducts } from '../../local/seed/catalog';
import { removeLargeCatalog, seedLargeCatalog } from '../../local/seed/largeCatalog';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const extra = 20;
let browser: Browser;
let ids: string[] = [];

beforeAll(async () => {
  browser = await connectE2eBrowser();
  // The generated products reuse a seeded cover: the image host already serves it.
  const cover = (await db.doc(`products/${seedProducts[0]?.id ?? ''}`).get()).get('coverImageUrl') as string;
  ids = await seedLargeCatalog(db, () => Promise.resolve(cover), extra, {
    newest: new Date(Date.now() - 365 * 86_400_000),
    idPrefix: 'e2e-paging-',
  });
});
afterAll(async () => {
  await browser.close();
  await removeLargeCatalog(db, ids);
});

function cards(page: Page) {
  return page.getByRole('list', { name: 'Products' }).getByRole('listitem');
}

describe("all products: pages of 24 with 'Load more'", () => {
  it('shows 24, then the rest of the catalog after Load more, and the button goes', async () => {
    const total = seedProducts.length + extra;
    expect(total).toBe(34);
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/allproducts`);
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(24);
    // Newest first: the demo products lead, the generated ones follow.
    expect(await cards(page).first().innerText()).toContain(seedProducts[0]?.title.toUpperCase().slice(0, 20));

    const button = page.getByRole('button', { name: 'Load more' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cards(page).count(), { timeout: 15_000 }).toBe(total);
    expect(await button.count()).toBe(0);
    // Focus went to the first new card's link, and the arrival was announced politely.
    // The 25th product is the 11th generated one (e2e-paging-0010).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), { timeout: 5_000 })
      .toBe('View Photography Guide 0010');
    expect(await page.getByRole('status').filter({ hasText: 'more products loaded' }).innerText()).toBe(
      '10 more products loaded. That is every product.',
    );
    // Every product once.
    const links = await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(links).size).toBe(total);
    for (const id of ids) expect(links).toContain(`/productdetail/${id}`);
    await page.context().close();
  });
});
