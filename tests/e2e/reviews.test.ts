// Reviews end to end in Chromium (docs/reviews.md): two buyers of a product of this file's own sign in to
// their library with the mailed code and rate it; the product page shows the average beside the price and
// the reviews, and its card on All Products the stars; the seller replies to one review and hides the
// other, and a new visitor sees the reply and the average of the one left. The sales are written as the
// API records them; everything else goes through the store's screens.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { seedE2eCourse, signInAsDemoAdmin } from '../support/adminE2e';
import { mailsTo, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { buildSaleRecord } from '../support/records';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const tag = uniqueTag();
const productId = `reviews-e2e-${tag}`;
const title = `Reviewed Guide ${tag}`;
const adaBuyer = { name: 'Ada Obi', email: `ada-${tag}@buyers.test`, sale: `demo_reviewa${tag}` };
const bolaBuyer = { name: 'Bola Ade', email: `bola-${tag}@buyers.test`, sale: `demo_reviewb${tag}` };
const buyers = [adaBuyer, bolaBuyer];
let browser: Browser;
let removeProduct: () => Promise<void> = () => Promise.resolve();

beforeAll(async () => {
  browser = await connectE2eBrowser();
  ({ remove: removeProduct } = await seedE2eCourse(db, {
    productId,
    title,
    description: 'A guide its buyers rate.',
    priceInNgn: 5000,
    priceInUsd: 6,
    url: 'https://drive.example.com/reviewed-guide',
  }));
  for (const buyer of buyers) {
    await db
      .doc(`transactions/${buyer.sale}`)
      .set(
        buildSaleRecord(
          { reference: buyer.sale.slice(5), at: new Date(), productId, productName: title, customerEmail: buyer.email },
          { customerName: buyer.name },
        ),
      );
  }
});
afterAll(async () => {
  await browser?.close();
  await removeProduct();
  const batch = db.batch();
  for (const buyer of buyers) {
    batch.delete(db.doc(`transactions/${buyer.sale}`));
    batch.delete(db.doc(`reviews/${buyer.sale}`));
  }
  batch.delete(db.doc(`productRatings/${productId}`));
  await batch.commit();
  await db.terminate();
});

/** The buyer signs in to the library with the mailed code and rates the product. */
async function reviewFromLibrary(buyer: typeof adaBuyer, stars: string, reviewTitle: string): Promise<void> {
  const page = await openPage(browser, 'NG');
  await page.goto(`${baseUrl}/library`);
  await page.getByLabel('Email', { exact: true }).fill(buyer.email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByText('a 6-digit code and a sign-in link are on their way').waitFor();
  const codeMail = (await mailsTo(buyer.email, 1)).find((mail) => mail.subject.startsWith('Your sign-in code'));
  const code = /: (\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? '';
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: `Rate ${title}` }).click({ timeout: 20_000 });
  const form = page.getByRole('form', { name: `Your review of ${title}` });
  await form.getByRole('radio', { name: stars }).check();
  await form.getByLabel('Title (optional)').fill(reviewTitle);
  await form.getByLabel('Your review (optional)').fill('Clear steps, <b>no</b> fluff: https://example.com');
  await form.getByRole('button', { name: 'Save review' }).click();
  await form.getByRole('status').getByText('Thank you! Your review is saved.').waitFor();
  await page.context().close();
}

/** A visitor's fresh browser on the product page, once its reviews have loaded. */
async function productPage(rating: string): Promise<Page> {
  const page = await openPage(browser, 'NG');
  await page.goto(`${baseUrl}/productdetail/${productId}`);
  await page.getByRole('region', { name: 'Reviews' }).waitFor({ timeout: 20_000 });
  expect(await page.getByRole('img', { name: rating }).count()).toBe(2);
  return page;
}

describe('reviews', () => {
  it('buyers rate from the library; the page and the card show it; the seller replies and hides one', async () => {
    await reviewFromLibrary(adaBuyer, '5 stars', 'Loved it');
    await reviewFromLibrary(bolaBuyer, '2 stars', 'Not for me');

    const page = await productPage('Rated 3.5 out of 5 from 2 reviews');
    const reviews = page.getByRole('list', { name: 'Reviews by verified buyers' }).getByRole('listitem');
    expect(await reviews.count()).toBe(2);
    expect(await reviews.first().innerText()).toContain('Verified purchase');
    // The buyer's text is text: no link, the tag shown as typed.
    expect(await page.getByRole('region', { name: 'Reviews' }).getByRole('link').count()).toBe(0);
    expect(await reviews.first().innerText()).toContain('Clear steps, <b>no</b> fluff: https://example.com');
    await page.goto(`${baseUrl}/allproducts`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: `View ${title}` }) });
    await card.getByRole('img', { name: 'Rated 3.5 out of 5 from 2 reviews' }).waitFor({ timeout: 20_000 });
    await page.context().close();

    const seller = await openPage(browser);
    await signInAsDemoAdmin(seller, baseUrl);
    await seller.goto(`${baseUrl}/admindashboard?panel=reviews`);
    const ada = seller.getByRole('listitem', { name: `Ada’s review of ${title}` });
    await ada.getByLabel('Public reply').fill('Thank you, Ada!');
    await ada.getByRole('button', { name: 'Save reply' }).click();
    await ada.getByRole('status').getByText('Your reply is saved.').waitFor();
    const bola = seller.getByRole('listitem', { name: `Bola’s review of ${title}` });
    await bola.getByLabel('Reason for hiding').fill('Reviews another product');
    await bola.getByRole('button', { name: 'Hide' }).click();
    await bola.getByRole('status').getByText('The review is hidden.').waitFor();
    expect(await bola.innerText()).toContain('Hidden: Reviews another product');
    await seller.context().close();

    const after = await productPage('Rated 5.0 out of 5 from 1 review');
    const left = after.getByRole('list', { name: 'Reviews by verified buyers' }).getByRole('listitem');
    expect(await left.count()).toBe(1);
    expect(await left.first().innerText()).toContain('The seller replied');
    expect(await left.first().innerText()).toContain('Thank you, Ada!');
    await after.context().close();
  }, 180_000);
});
