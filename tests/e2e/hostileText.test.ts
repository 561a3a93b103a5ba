// Markup typed into the store's forms is text wherever it is shown again (docs/security.md), in a real
// Chromium against the production build and the local cloud: the admin posts a product whose title
// and description carry an <img onerror> and a <script>; the home page, All Products, the product
// page and the search show them as text and none runs; the HTML a crawler fetches escapes them in
// its title and sharing tags; a contact message and a buyer's name with markup read as text in the
// admin's Messages and Sales panels.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { removeProductsTitled, signInAsDemoAdmin } from '../support/adminE2e';
import { fillPaymentForm, openProductDialog, paymentComplete, serveDeliverables } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { pngBytes } from '../support/images';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const run = Date.now().toString(36);

const imgMarkup = '<img src=x onerror="window.__pwned=1">';
const scriptMarkup = '<script>window.__pwned=1</script>';
const title = `${imgMarkup} ${run} Markup Proof ${scriptMarkup}`;
const upperTitle = title.toUpperCase();
// Cards cut titles to 50 characters: the <img> part and the run's tag are what a card shows.
const cardStart = `${imgMarkup} ${run}`.toUpperCase();
const description = `Read this: ${scriptMarkup} and ${imgMarkup} stay text.`;
const contactEmail = `markup.${run}@example.com`;
const buyerEmail = `markup.buyer.${run}@example.com`;

let browser: Browser;
let productId = '';

beforeAll(async () => {
  browser = await connectE2eBrowser();
});

afterAll(async () => {
  await browser.close();
  // Other e2e files count the seeded catalog, the messages and the sales: nothing of ours stays.
  await removeProductsTitled(db, title);
  for (const message of (await db.collection('contactMessages').where('email', '==', contactEmail).get()).docs) {
    await message.ref.delete();
  }
  for (const sale of (await db.collection('transactions').where('customerEmail', '==', buyerEmail).get()).docs) {
    for (const grant of (await db.collection('accessGrants').where('transactionId', '==', sale.id).get()).docs) {
      await grant.ref.delete();
    }
    await sale.ref.delete();
  }
});

/** A page that records any script the markup managed to run, and any alert it opened. */
async function watchedPage(country = 'US'): Promise<{ page: Page; ran: () => Promise<unknown[]> }> {
  const page = await openPage(browser, country);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const ran = async () => [await page.evaluate(() => (window as { __pwned?: unknown }).__pwned), ...dialogs];
  return { page, ran };
}

/** Nothing ran and no element came from the markup: no <img src="x">, no inline script with it. */
async function expectInert(page: Page, ran: () => Promise<unknown[]>) {
  expect(await ran()).toEqual([undefined]);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  const scripts = await page.locator('script:not([src])').allTextContents();
  expect(scripts.filter((text) => text.includes('window.__pwned=1') && !text.trim().startsWith('{'))).toEqual([]);
}

describe('markup in what sellers and shoppers type', () => {
  it('a product posted with markup in its title and description shows it as text everywhere, and it never runs', async () => {
    const { page: admin, ran: adminRan } = await watchedPage();
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=post`);
    await admin.getByRole('heading', { name: 'Post A Product' }).waitFor({ timeout: 20_000 });
    await admin.getByLabel('Product Title').fill(title);
    await admin.getByLabel('Description').fill(description);
    await admin.getByLabel('Price in NGN').fill('5000');
    await admin.getByLabel('Price in USD').fill('6');
    await admin.getByLabel('Product URL').fill('https://drive.example.com/markup-proof');
    await admin
      .getByLabel('Cover Image')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(pngBytes) });
    await admin.getByLabel('Category').selectOption({ label: '🎓 Courses' });
    await admin.getByRole('button', { name: 'Post Course' }).click();
    const posted = admin.locator('.swal2-popup');
    await posted.getByRole('heading', { name: 'Product Posted!' }).waitFor({ timeout: 30_000 });
    await posted.getByRole('button', { name: 'OK' }).click();
    const stored = await db.collection('products').where('title', '==', title).get();
    expect(stored.docs.map((doc): unknown => doc.data().description)).toEqual([description]);
    productId = stored.docs[0]?.id ?? '';

    // The admin's own list shows the title as typed.
    await admin.goto(`${baseUrl}/admindashboard?panel=manage`);
    await admin.getByLabel('Category').selectOption({ label: '🎓 Courses' });
    await admin.getByRole('button', { name: 'Get Products' }).click();
    await admin.getByRole('article', { name: upperTitle }).waitFor({ timeout: 20_000 });
    await expectInert(admin, adminRan);
    await admin.context().close();

    const { page, ran } = await watchedPage();
    // Home: the newest product first, its title as text.
    await page.goto(baseUrl);
    const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
    await expect.poll(() => cards.first().getByRole('heading').textContent(), { timeout: 20_000 }).toContain(cardStart);
    await expectInert(page, ran);

    await page.goto(`${baseUrl}/allproducts`);
    await page.getByRole('heading', { name: cardStart }).first().waitFor({ timeout: 20_000 });
    await expectInert(page, ran);

    await page.goto(`${baseUrl}/productdetail/${productId}`);
    await page.getByRole('heading', { level: 1, name: upperTitle }).waitFor({ timeout: 20_000 });
    await page.getByText(description).waitFor({ timeout: 20_000 });
    expect(await page.title()).toBe(`${title} | Digital Store`);
    await expectInert(page, ran);

    await page.goto(baseUrl);
    await cards.first().getByRole('heading').waitFor({ timeout: 20_000 });
    const box = page.getByRole('searchbox', { name: 'Search products' }).first();
    await box.fill(`${run} markup proof`);
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/searchresults`);
    await page.getByRole('heading', { name: 'Search Result: Found (1) Products' }).waitFor({ timeout: 20_000 });
    await page.getByRole('list', { name: 'Products' }).getByRole('heading', { name: cardStart }).waitFor();
    await expectInert(page, ran);
    await page.context().close();
  }, 120_000);

  it('the product page a crawler fetches without JavaScript has the markup escaped in its title and sharing tags', async () => {
    expect(productId).not.toBe('');
    const response = await fetch(`${baseUrl}/productdetail/${productId}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const escapedTitle = `&lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt; ${run} Markup Proof &lt;script&gt;window.__pwned=1&lt;/script&gt; | Digital Store`;
    const escapedDescription =
      'Read this: &lt;script&gt;window.__pwned=1&lt;/script&gt; and &lt;img src=x onerror=&quot;window.__pwned=1&quot;&gt; stay text.';
    expect(html).toContain(`<title>${escapedTitle}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${escapedTitle}" />`);
    expect(html).toContain(`<meta name="description" content="${escapedDescription}" />`);
    expect(html).toContain(`<meta property="og:description" content="${escapedDescription}" />`);
    expect(html).not.toContain(imgMarkup);
    expect(html).not.toContain(scriptMarkup);
  });

  it('a contact message with markup reads as text in the admin Messages panel', async () => {
    const name = `<b>Ifeoma</b> ${run}`;
    const message = `Hello ${scriptMarkup}\n${imgMarkup} ${run}`;
    const { page: visitor } = await watchedPage();
    await visitor.goto(`${baseUrl}/contactus`);
    await visitor.getByLabel('Your Name').fill(name);
    await visitor.getByLabel('Your Email').fill(contactEmail);
    await visitor.getByLabel('Your Phone Number').fill('+234 805 222 3333');
    await visitor.getByLabel('Your Message').fill(message);
    await visitor.getByRole('button', { name: 'Send Message' }).click();
    await visitor
      .getByText(/message (has been|was) sent/i)
      .first()
      .waitFor({ timeout: 15_000 });
    await visitor.context().close();

    const { page: admin, ran } = await watchedPage();
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=messages`);
    const card = admin.getByRole('article', { name });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getByText(`Hello ${scriptMarkup}`).count()).toBe(1);
    expect(await card.getByText(`${imgMarkup} ${run}`).count()).toBe(1);
    expect(await card.locator('b, img, script').count()).toBe(0);
    await expectInert(admin, ran);
    await admin.context().close();
  });

  it('a buyer name with markup reads as text in the admin Sales panel', async () => {
    const name = `<b>Ada</b> ${imgMarkup}`;
    const { page: shopper } = await watchedPage('NG');
    await serveDeliverables(shopper.context());
    const dialog = await openProductDialog(shopper, baseUrl);
    await fillPaymentForm(dialog, { name, email: buyerEmail, confirmEmail: buyerEmail, phone: '+234 803 123 4567' });
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    await paymentComplete(shopper, buyerEmail);
    await shopper.context().close();

    const { page: admin, ran } = await watchedPage();
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=sales&email=${encodeURIComponent(buyerEmail)}`);
    const list = admin.getByRole('region', { name: 'Sales list' });
    await list.waitFor({ timeout: 20_000 });
    const row = list.getByRole('row').nth(1);
    await row.waitFor({ timeout: 20_000 });
    expect((await row.getByRole('cell').nth(2).innerText()).split('\n')).toEqual([name, buyerEmail]);
    expect(await row.locator('b, img').count()).toBe(0);
    await expectInert(admin, ran);
    await admin.context().close();
  });
});
