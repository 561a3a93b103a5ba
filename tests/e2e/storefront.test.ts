// The visitor side in a real Chromium: production build, local cloud, seeded demo catalog.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedProducts } from '../../local/seed/catalog';
import { categories } from '../../domain/categories';
import { formatPrice } from '../../domain/money';
import { cardTitle } from '../../domain/text';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

function productCards(page: Page) {
  return page.getByRole('list', { name: 'Products' }).getByRole('listitem');
}

async function cardCount(page: Page, expected: number) {
  await expect.poll(() => productCards(page).count(), { timeout: 15_000 }).toBe(expected);
}

describe('browsing', () => {
  it('lists every product on All Products, with prices in dollars by default', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/allproducts`);
    await page.getByRole('heading', { name: 'All Digital Products' }).waitFor();
    await cardCount(page, seedProducts.length);
    const text = await page.getByRole('list', { name: 'Products' }).innerText();
    for (const product of seedProducts) {
      expect(text).toContain(cardTitle(product.title));
      expect(text).toContain(formatPrice(product.priceInUsd, 'USD'));
    }
    await page.context().close();
  });

  it('goes from home to All Products with the View All button', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await cardCount(page, 6);
    await page.getByRole('link', { name: 'View All Digital Products' }).click();
    await page.waitForURL(`${baseUrl}/allproducts`);
    await cardCount(page, seedProducts.length);
    await page.context().close();
  });

  it("shows a category's hero and only that category's products", async () => {
    const courses = categories.find((c) => c.id === 2);
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/category/2`);
    await page.getByRole('heading', { name: courses?.name.toUpperCase() }).waitFor();
    const expected = seedProducts.filter((p) => p.categoryId === 2);
    await cardCount(page, expected.length);
    // Polled: a 'Please wait...' dialog that was open while the list loaded hides the page from
    // role queries until its closing animation ends.
    await expect
      .poll(async () => (await productCards(page).getByRole('heading').allTextContents()).sort())
      .toEqual(expected.map((p) => cardTitle(p.title)).sort());
    await page.context().close();
  });

  it("reaches the Tools category from the menu and lists the seed's templates there, and not among the ebooks", async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('link', { name: '🧰 Tools' }).click();
    await page.waitForURL(`${baseUrl}/category/3`);
    await page.getByRole('heading', { level: 1, name: '🧰 TOOLS' }).waitFor();
    await cardCount(page, 1);
    await expect
      .poll(async () => productCards(page).getByRole('heading').allTextContents())
      .toEqual(['SMALL BUSINESS PLAN TEMPLATES']);
    await page.goto(`${baseUrl}/category/1`);
    await page.getByRole('heading', { level: 1, name: '📚 EBOOKS' }).waitFor();
    await cardCount(page, 6);
    expect(await page.getByRole('list', { name: 'Products' }).innerText()).not.toContain('Small Business Plan');
    await page.context().close();
  });

  it('shows a product with its price, description and outline in order, and goes back', async () => {
    const product = seedProducts.find((p) => p.id === 'demo-react-bootcamp');
    if (!product) throw new Error('seed changed');
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/allproducts`);
    await cardCount(page, seedProducts.length);
    await page.getByRole('link', { name: `View ${product.title}` }).click();
    await page.waitForURL(`${baseUrl}/productdetail/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title.toUpperCase() }).waitFor();
    await expect.poll(() => page.getByText(formatPrice(product.priceInUsd, 'USD')).first().isVisible()).toBe(true);
    expect(await page.getByText(product.description).isVisible()).toBe(true);
    const outline = page.getByRole('list', { name: 'Outline' }).getByRole('listitem');
    await expect.poll(() => outline.count()).toBe(product.outline.length);
    const items = (await outline.allInnerTexts()).map((t) => t.trim());
    product.outline.forEach((text, i) => expect(items[i]).toContain(text));
    expect(await page.title()).toContain(product.title);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${baseUrl}/allproducts`);
    await page.context().close();
  });

  it("says 'Product not found' for an id that does not exist", async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/productdetail/no-such-product`);
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await page.context().close();
  });
});

describe('currency', () => {
  it('switches every price to naira with a real click, and keeps the choice after a reload', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/allproducts`);
    await cardCount(page, seedProducts.length);
    await page.getByRole('switch').click();
    const list = page.getByRole('list', { name: 'Products' });
    await expect.poll(() => list.innerText()).toContain(formatPrice(seedProducts[0]?.priceInNgn ?? 0, 'NGN'));
    const text = await list.innerText();
    for (const product of seedProducts) expect(text).toContain(formatPrice(product.priceInNgn, 'NGN'));
    expect(text).not.toContain('$');

    await page.reload();
    await cardCount(page, seedProducts.length);
    await expect.poll(() => list.innerText()).toContain(formatPrice(seedProducts[0]?.priceInNgn ?? 0, 'NGN'));
    expect(await list.innerText()).not.toContain('$');
    await page.context().close();
  });

  it('defaults to naira on a product page for a shopper in Nigeria who has not chosen', async () => {
    const product = seedProducts[2];
    if (!product) throw new Error('seed changed');
    const page = await openPage(browser, 'NG');
    await page.goto(`${baseUrl}/productdetail/${product.id}`);
    await expect
      .poll(() => page.getByText(formatPrice(product.priceInNgn, 'NGN')).first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.context().close();
  });

  it('keeps dollars when the geo-IP lookup fails', async () => {
    const product = seedProducts[2];
    if (!product) throw new Error('seed changed');
    const page = await openPage(browser, null);
    await page.goto(`${baseUrl}/productdetail/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title.toUpperCase() }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText(formatPrice(product.priceInUsd, 'USD')).first().isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('search', () => {
  it('finds products by a mid-title substring regardless of case and shows the count', async () => {
    const expected = seedProducts.filter((p) => p.title.toLowerCase().includes('master'));
    expect(expected.length).toBeGreaterThan(1);
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await cardCount(page, 6);
    const box = page.getByRole('searchbox', { name: 'Search products' }).first();
    await box.fill('  mAsTeR ');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/searchresults`);
    await page.getByRole('heading', { name: `Search Result: Found (${expected.length}) Products` }).waitFor();
    await cardCount(page, expected.length);
    // Polled: a 'Please wait...' dialog that was open while the list loaded hides the page from
    // role queries until its closing animation ends.
    await expect
      .poll(async () => (await productCards(page).getByRole('heading').allTextContents()).sort())
      .toEqual(expected.map((p) => cardTitle(p.title)).sort());
    await page.context().close();
  });

  it('does nothing for an empty or blank search', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl);
    await cardCount(page, 6);
    const box = page.getByRole('searchbox', { name: 'Search products' }).first();
    await box.fill('   ');
    await box.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${baseUrl}/`);
    expect(await page.getByText('Searching products...').count()).toBe(0);
    await page.context().close();
  });
});
