// The fixed logo, currency switch and floating menu cover nothing a visitor reads or presses, on every
// storefront page and the admin dashboard's menu, on two phones and a laptop, in a real Chromium. The
// menu's 30-second reminder is brought on with the page's clock, never a real wait (docs/storefront.md).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsDemoAdmin } from '../support/adminE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { coveredByFixedControls, screens } from '../support/screenOverlap';

const { baseUrl } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface StorePage {
  name: string;
  /** Opens the page and waits until what it shows has arrived; `clocked` when the page's clock is installed. */
  open: (page: Page, clocked: boolean) => Promise<void>;
}

async function productCardsShown(page: Page) {
  await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().waitFor({ timeout: 15_000 });
}

const storePages: StorePage[] = [
  {
    name: 'home',
    open: async (page) => {
      await page.goto(baseUrl);
      await productCardsShown(page);
    },
  },
  {
    name: 'all products',
    open: async (page) => {
      await page.goto(`${baseUrl}/allproducts`);
      await productCardsShown(page);
    },
  },
  {
    name: 'a category',
    open: async (page) => {
      await page.goto(`${baseUrl}/category/2`);
      await productCardsShown(page);
    },
  },
  {
    name: 'a product',
    open: async (page) => {
      await page.goto(`${baseUrl}/productdetail/demo-freelance-writing`);
      await page.getByRole('heading', { name: 'FREELANCE WRITING PLAYBOOK' }).waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Buy Now' }).waitFor();
    },
  },
  {
    name: 'the search results',
    open: async (page, clocked) => {
      await page.goto(baseUrl);
      // Sent before the app runs, the box is a plain form and the results open at their top, unscrolled.
      await appRunning(page);
      await page.getByLabel('Search products').fill('Guide');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const heading = page.getByRole('heading', { name: 'Search Result: Found (2) Products' });
      await heading.waitFor({ timeout: 15_000 });
      await productCardsShown(page);
      // The scroll to the results waits 300 ms (docs/storefront.md): on the page's clock when it has one.
      if (clocked) await page.clock.runFor(300);
      // Arriving from a search, the page scrolls to the results and focuses their heading.
      await expect.poll(() => heading.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
      await scrollSettled(page);
    },
  },
  {
    name: 'contact',
    open: async (page) => {
      await page.goto(`${baseUrl}/contactus`);
      await page.getByRole('button', { name: 'Send Message' }).waitFor();
    },
  },
  {
    name: 'your purchases',
    open: async (page) => {
      await page.goto(`${baseUrl}/purchases`);
      await page.getByRole('button', { name: 'Send my purchases' }).waitFor();
    },
  },
  {
    name: 'the library sign-in',
    open: async (page) => {
      await page.goto(`${baseUrl}/library`);
      await page.getByRole('button', { name: 'Send me a code' }).waitFor({ timeout: 15_000 });
    },
  },
  {
    name: 'the payment waiting page (a link no longer valid)',
    open: async (page) => {
      await page.goto(`${baseUrl}/checkout/no-such-checkout?t=no-such-token`);
      await page.getByRole('alert').waitFor({ timeout: 15_000 });
    },
  },
];

/** Waits until a smooth scroll has ended and the currency switch has finished fading out. */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { interval: 200, timeout: 5_000 },
    )
    .toBe(true);
  await expect
    .poll(() => page.locator('[data-scrolled="true"]').evaluate((el) => getComputedStyle(el).opacity), {
      timeout: 5_000,
    })
    .toBe('0');
}

const peek = (page: Page) => page.getByRole('button', { name: 'Browse categories' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const menuExpanded = (page: Page) => menuButton(page).getAttribute('aria-expanded');

/**
 * Waits until the app runs (a prerendered page shows its content before): the menu button opens and
 * closes the menu. A press made before the app ran is pressed again once it runs (docs/performance.md).
 */
async function appRunning(page: Page) {
  await menuButton(page).click();
  await expect.poll(() => menuExpanded(page), { timeout: 15_000 }).toBe('true');
  await menuButton(page).click();
  await expect.poll(() => menuExpanded(page)).toBe('false');
}

/**
 * Lets the app render what the timers just fired changed: React renders in a task of its own (a
 * MessageChannel message, which the page's clock does not hold back), queued before this one.
 */
async function renderedAfterTimers(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Stops the page's clock (installed before the page opened) where it is now: only the test moves it on. */
async function stopClock(page: Page) {
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 5_000);
}

describe.each(screens)('at $width px', (screen) => {
  it.each(storePages)('covers nothing on $name', async ({ open }) => {
    const page = await openPage(browser, 'US', screen);
    await open(page, false);
    expect(await coveredByFixedControls(page)).toEqual([]);
    await page.context().close();
  });

  it.each(storePages)("covers nothing on $name when the menu's 30-second reminder comes", async ({ open }) => {
    const page = await openPage(browser, 'US', screen);
    await page.clock.install();
    await open(page, true);
    await appRunning(page);
    await stopClock(page);
    // The reminder comes every 30 s: once in any 30 s the clock moves on.
    await page.clock.fastForward(30_000);
    if (screen.width >= 640) {
      // A laptop gets the whole menu (docs/storefront.md), which closes on Escape.
      await expect.poll(() => menuExpanded(page)).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => menuExpanded(page)).toBe('false');
    } else if (await page.evaluate(() => window.scrollY > 8)) {
      // A phone down the page (the search results scroll to the results) gets nothing that round.
      await renderedAfterTimers(page);
      expect(await peek(page).count()).toBe(0);
      expect(await menuExpanded(page)).toBe('false');
    } else {
      // A phone at the page's top gets a peek under the menu button, not the open menu; it goes by itself.
      await peek(page).waitFor();
      expect(await menuExpanded(page)).toBe('false');
      expect(await coveredByFixedControls(page)).toEqual([]);
      await page.clock.runFor(4_000);
      await peek(page).waitFor({ state: 'detached' });
    }
    expect(await coveredByFixedControls(page)).toEqual([]);
    await page.context().close();
  });

  it("covers none of the admin dashboard menu's entries", async () => {
    const page = await openPage(browser, 'US', screen);
    await signInAsDemoAdmin(page, baseUrl);
    const dashboardMenu = page.getByRole('navigation', { name: 'Dashboard' });
    if (screen.width < 768) await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await dashboardMenu.getByRole('link', { name: 'Hi, Admin' }).waitFor({ timeout: 15_000 });
    await dashboardMenu.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await coveredByFixedControls(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the category page on a phone', () => {
  it('shows its first product within the first screen at 390 px', async () => {
    const page = await openPage(browser, 'US', { width: 390, height: 844 });
    await page.goto(`${baseUrl}/category/2`);
    await productCardsShown(page);
    const card = await page.getByRole('list', { name: 'Products' }).getByRole('listitem').first().boundingBox();
    expect(card).not.toBeNull();
    expect(card!.y).toBeGreaterThan(0);
    expect(card!.y).toBeLessThan(844);
    await page.context().close();
  });
});
