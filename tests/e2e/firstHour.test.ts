// The first hour of a new seller and a new buyer in a real Chromium at phone (390 px) and laptop
// (1280 px) widths, against the production build and the local cloud: Sales fits the screen with its
// actions reachable, Needs attention shows its empty state, Manage Products opens on every category,
// a product is posted with its file in one step, the payment dialog pays in naira after starting in
// dollars, and the currency switch stays out of the admin area and off every storefront control.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { removeProductsTitled, signInAsDemoAdmin } from '../support/adminE2e';
import { buildBuyer, fillPaymentForm, paymentComplete, product, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser } from '../support/e2ePage';
import { pngBytes } from '../support/images';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const postedTitle = `Budget Planner ${Date.now().toString(36)}`;
let browser: Browser;
// The accessibility engine Lighthouse's accessibility category runs, from Lighthouse's own dependencies.
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What the accessibility engine finds wrong in the Sales panel: rule ids with the elements, or none. */
async function salesAccessibilityProblems(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Element,
          ) => Promise<{ passes: unknown[]; violations: { id: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const section = document.querySelector('section[aria-labelledby="sales-heading"]');
    if (!section) return ['no Sales panel'];
    const { passes, violations } = await axe.run(section);
    // A run that checked nothing proves nothing.
    if (passes.length === 0) return ['no rule was checked'];
    return violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
}

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
  await removeProductsTitled(db, postedTitle);
});

/** A page of the given width whose geo-IP lookup answers `country`. */
async function pageAt(width: number, country = 'US'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 } });
  const page = await context.newPage();
  await page.route('https://geoip.e2e.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ country_code: country }) }),
  );
  return page;
}

async function adminAt(width: number): Promise<Page> {
  const page = await pageAt(width);
  await signInAsDemoAdmin(page, baseUrl);
  return page;
}

/** The page scrolls sideways: its content is wider than the window. */
const overflows = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

/** A demo sale made through the API, as the demo payment makes it. */
async function demoSale(): Promise<string> {
  const buyer = buildBuyer(uniqueTag());
  const checkout = await fetch(`${baseUrl}/api/checkouts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: product.id, currency: 'NGN', customer: buyer, provider: 'demo' }),
  });
  const { reference } = (await checkout.json()) as { reference: string };
  const order = await fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'demo', reference, productId: product.id, currency: 'NGN', customer: buyer }),
  });
  expect(order.status).toBe(200);
  return buyer.email;
}

describe('Sales at 390 and 1280 px', () => {
  it.each([1280, 390])(
    'fits %i px without sideways scrolling, with the actions reachable and Needs attention saying it is empty',
    async (width) => {
      const email = await demoSale();
      // Other files may have left payments that need attention: set aside while this test looks.
      const open = (await db.collection('paymentIssues').where('resolved', '==', false).get()).docs;
      await Promise.all(open.map((issue) => issue.ref.update({ resolved: true })));
      try {
        const admin = await adminAt(width);
        await admin.goto(`${baseUrl}/admindashboard?panel=sales`);
        const list = admin.getByRole('region', { name: 'Sales list' });
        const actions = list.getByRole('button', { name: /^Actions for / }).first();
        await actions.waitFor({ timeout: 20_000 });
        expect(await overflows(admin)).toBe(false);
        // The first sale (the one just made): product, buyer, amount, status and its actions in the window.
        const within = async (text: string) => {
          const box = await list.getByText(text, { exact: true }).first().boundingBox();
          return box !== null && box.x >= 0 && box.x + box.width <= width;
        };
        for (const text of [product.title, email, '₦7,500', 'Paid'])
          expect({ text, fits: await within(text) }).toEqual({ text, fits: true });
        const actionsBox = await actions.boundingBox();
        expect(actionsBox !== null && actionsBox.x + actionsBox.width <= width).toBe(true);
        if (width < 768) {
          // On the phone the filters fold away and the first sale is on the first screen.
          expect(await admin.getByRole('form', { name: 'Sales filters' }).isVisible()).toBe(false);
          expect(await admin.getByRole('button', { name: 'Filters' }).getAttribute('aria-expanded')).toBe('false');
          expect((actionsBox?.y ?? 9999) + (actionsBox?.height ?? 0)).toBeLessThanOrEqual(844);
        } else {
          expect(await admin.getByRole('form', { name: 'Sales filters' }).isVisible()).toBe(true);
        }
        await actions.click();
        const menu = admin.getByRole('menu');
        expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
          'Resend access e-mail',
          'Revoke access',
          'Reset downloads',
          'Refund',
          'View product (opens in a new tab)',
        ]);
        const menuBox = await menu.boundingBox();
        expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= width).toBe(true);
        await admin.keyboard.press('Escape');
        expect(await actions.evaluate((el) => el === document.activeElement)).toBe(true);

        // The panel passes the checks behind Lighthouse's accessibility score, its menu open and closed.
        expect(await salesAccessibilityProblems(admin)).toEqual([]);
        await actions.click();
        expect(await salesAccessibilityProblems(admin)).toEqual([]);
        await admin.keyboard.press('Escape');

        const attention = admin.getByRole('region', { name: 'Needs attention' });
        await attention.waitFor({ timeout: 20_000 });
        expect(await attention.innerText()).toContain('Nothing needs attention.');
        await admin.context().close();
      } finally {
        await Promise.all(open.map((issue) => issue.ref.update({ resolved: false })));
      }
    },
    90_000,
  );
});

describe('the currency switch', () => {
  it.each([1280, 390])('is not in the admin area (%i px)', async (width) => {
    const admin = await adminAt(width);
    await admin.goto(`${baseUrl}/admindashboard?panel=manage`);
    await admin.getByRole('heading', { name: 'Manage Products' }).waitFor({ timeout: 20_000 });
    expect(await admin.getByRole('switch', { name: 'Currency: NGN' }).count()).toBe(0);
    await admin.context().close();
  });

  it.each([360, 390, 1280])(
    'covers no control on any storefront page (%i px)',
    async (width) => {
      const shopper = await pageAt(width);
      const pages = [
        '/',
        '/allproducts',
        '/category/1',
        `/productdetail/${product.id}`,
        '/searchresults',
        '/contactus',
        '/purchases',
        '/library',
      ];
      for (const path of pages) {
        await shopper.goto(`${baseUrl}${path}`);
        const toggle = shopper.getByRole('switch', { name: 'Currency: NGN' });
        await toggle.waitFor({ timeout: 20_000 });
        await shopper.waitForLoadState('networkidle');
        const covered = await toggle.evaluate((button) => {
          const pill = button.parentElement as HTMLElement;
          const p = pill.getBoundingClientRect();
          const controls = [...document.querySelectorAll<HTMLElement>('a, button, input, select, textarea')];
          return controls
            .filter((control) => !pill.contains(control))
            .filter((control) => {
              const r = control.getBoundingClientRect();
              if (r.width === 0 || r.height === 0) return false;
              return r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top;
            })
            .map(
              (control) => `${control.tagName} ${control.getAttribute('aria-label') ?? control.textContent?.trim()}`,
            );
        });
        expect({ path, covered }).toEqual({ path, covered: [] });
        // Scrolled down, it fades out and takes no clicks, so the content passing under it stays usable.
        const scrolled = await shopper.evaluate(() => {
          window.scrollTo(0, 400);
          return window.scrollY > 8;
        });
        await expect
          .poll(() => toggle.evaluate((button) => getComputedStyle(button.parentElement as HTMLElement).pointerEvents))
          .toBe(scrolled ? 'none' : 'auto');
      }
      await shopper.context().close();
    },
    120_000,
  );
});

describe('Manage Products and Post A Product', () => {
  it.each([1280, 390])(
    "opens on 'All categories' with every category's products and searches them all (%i px)",
    async (width) => {
      const admin = await adminAt(width);
      await admin.goto(`${baseUrl}/admindashboard?panel=manage`);
      const category = admin.getByLabel('Category');
      await category.waitFor({ timeout: 20_000 });
      expect(await category.evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe(
        'All categories',
      );
      const list = admin.getByRole('list', { name: 'All categories products' });
      await list.getByRole('article', { name: 'FREELANCE WRITING PLAYBOOK' }).waitFor({ timeout: 20_000 });
      await list.getByRole('article', { name: 'REACT WEB DEVELOPMENT BOOTCAMP' }).waitFor({ timeout: 20_000 });
      await admin.getByLabel('Search by title').fill('react');
      await list.getByRole('article', { name: 'REACT WEB DEVELOPMENT BOOTCAMP' }).waitFor({ timeout: 20_000 });
      expect(await list.getByRole('article', { name: 'FREELANCE WRITING PLAYBOOK' }).count()).toBe(0);
      expect(await admin.getByRole('button', { name: 'Get Products' }).isVisible()).toBe(true);
      expect(await overflows(admin)).toBe(false);
      await admin.context().close();
    },
  );

  it('posts a product with its file in one step (390 px)', async () => {
    const admin = await adminAt(390);
    await admin.goto(`${baseUrl}/admindashboard?panel=post`);
    await admin.getByRole('heading', { name: 'Post A Product' }).waitFor({ timeout: 20_000 });
    await admin.getByLabel('Product Title').fill(postedTitle);
    await admin.getByLabel('Description').fill('A monthly budget planner.');
    await admin.getByLabel('Price in NGN').fill('3000');
    await admin.getByLabel('Price in USD').fill('4');
    await admin.getByLabel('Cover Image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: pngBytes });
    await admin.getByLabel('Category').selectOption({ label: '📚 Ebooks' });
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(4000, 7)]);
    await admin
      .getByLabel('Files buyers download (optional)')
      .setInputFiles({ name: 'Planner.zip', mimeType: 'application/zip', buffer: zip });
    await admin.getByRole('button', { name: 'Post Course' }).click();
    const alert = admin.locator('.swal2-popup');
    await alert.getByRole('heading', { name: 'Product Posted!' }).waitFor({ timeout: 30_000 });
    await alert.getByRole('button', { name: 'OK' }).click();
    const attached = admin.getByRole('list', { name: 'Attached files' });
    await attached.waitFor({ timeout: 30_000 });
    await expect.poll(() => attached.getByRole('listitem').count(), { timeout: 30_000 }).toBe(1);
    const [posted] = (await db.collection('products').where('title', '==', postedTitle).get()).docs;
    const files = (await db.doc(`productDeliverables/${posted?.id ?? ''}`).get()).get('files') as Array<{
      name: string;
    }>;
    expect(files.map((file) => file.name)).toEqual(['Planner.zip']);
    await admin.context().close();
  }, 90_000);
});

describe('the payment dialog', () => {
  it('pays in naira after starting in dollars, through its own switch (390 px)', async () => {
    const shopper = await pageAt(390, 'US');
    await shopper.goto(`${baseUrl}/productdetail/${product.id}`);
    await shopper.getByRole('heading', { level: 1, name: product.title.toUpperCase() }).waitFor({ timeout: 20_000 });
    await shopper.getByRole('button', { name: 'Buy Now' }).click();
    let dialog = shopper.getByRole('dialog', { name: 'Complete Payment' });
    await dialog.getByText('Price: ₦7,500 or $9').waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Complete demo payment of $9' }).waitFor();
    await dialog.getByRole('button', { name: 'Pay in naira (Paystack)' }).click();
    dialog = shopper.getByRole('dialog', { name: 'Complete Payment' });
    await dialog.getByRole('button', { name: 'Pay in dollars (PayPal)' }).waitFor({ timeout: 20_000 });
    // The store's currency changed as with the top switch: the page behind shows naira too.
    expect(await shopper.getByRole('switch', { name: 'Currency: NGN' }).getAttribute('aria-checked')).toBe('true');
    const buyer = buildBuyer(uniqueTag());
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    await paymentComplete(shopper, buyer.email);
    const [sale] = (await db.collection('transactions').where('customerEmail', '==', buyer.email).get()).docs;
    expect(sale?.get('currency')).toBe('NGN');
    expect(sale?.get('amountPaid')).toBe(7500);
    await shopper.context().close();
  }, 90_000);
});
