import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { seedProducts } from '../../local/seed/catalog';
import { cardTitle } from '../../src/lib/text';
import { launchBrowser } from '../support/browser';

describe('home page in a real browser', () => {
  let browser: Browser;
  const { baseUrl } = inject('e2e');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('lists the six newest seeded products, read through the Firestore emulator', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl);
    const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    // The prerendered page already holds six placeholder cards: wait for exactly the six newest titles.
    const newestSix = seedProducts.slice(0, 6).map((p) => cardTitle(p.title));
    await expect.poll(() => products.getByRole('heading').allTextContents(), { timeout: 15_000 }).toEqual(newestSix);
    await page.close();
  });
});
