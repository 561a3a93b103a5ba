// The buyer's library end to end in Chromium at phone width (docs/library.md): a demo purchase, then on
// another browser /library, the code read from the mail catcher, the purchase listed, its file
// downloaded with no new-device step, its receipt downloaded, and signing out.
import type { Browser, Download } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buildBuyer,
  fillPaymentForm,
  mailsTo,
  openProductDialog,
  paymentComplete,
  product,
  uniqueTag,
} from '../support/checkoutE2e';
import { connectE2eBrowser, openPage, phoneViewport } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A phone in Nigeria: 390 px wide, the geo-IP lookup answering NG (prices in naira). */
const nigerianPhone = () => openPage(browser, 'NG', phoneViewport);

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the library', () => {
  it('a buyer signs in with the mailed code, downloads the file without the new-device step and the receipt, and signs out', async () => {
    const buyer = buildBuyer(uniqueTag());
    const paying = await nigerianPhone();
    const dialog = await openProductDialog(paying, baseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    const done = await paymentComplete(paying, buyer.email);
    expect(await done.getByRole('link', { name: 'Your library' }).getAttribute('href')).toBe('/library');
    await paying.context().close();

    // Another browser: never confirmed for this purchase.
    const page = await nigerianPhone();
    await page.goto(`${baseUrl}/`);
    // The shopper goes down to the footer once the page shows its products: until the cards replace
    // their placeholders (a long title wraps to more lines), the footer may still move under the finger.
    // A card's link, in the products list: 'View All Digital Products' below it is in the HTML already.
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: /^View / })
      .first()
      .waitFor();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Your library' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your library' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('a 6-digit code and a sign-in link are on their way').waitFor();
    const codeMail = (await mailsTo(buyer.email, 2)).find((mail) => mail.subject.startsWith('Your sign-in code'));
    const code = /: (\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Focus moved to the code field, so the buyer types straight away.
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const purchases = page.getByRole('list', { name: 'Your purchases' });
    await purchases.waitFor();
    const item = purchases.getByRole('listitem').first();
    expect(await item.getByRole('heading', { level: 2 }).innerText()).toBe(product.title);
    expect(await item.innerText()).toContain('₦7,500 (NGN)');
    expect(await item.innerText()).toContain('Active');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('link', { name: `Receipt (PDF) for ${product.title}` }).click(),
    ]);
    expect(receipt.suggestedFilename()).toMatch(/^receipt-[A-Za-z0-9_-]+\.pdf$/);
    expect((await bytesOf(receipt)).subarray(0, 5).toString()).toBe('%PDF-');

    await item.getByRole('button', { name: `Open ${product.title}` }).click();
    const files = page.getByRole('list', { name: 'Your files' });
    await files.waitFor();
    expect(await page.getByLabel('E-mail address used for the purchase').count()).toBe(0);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Freelance Writing.pdf' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('Freelance Writing.pdf');
    expect((await bytesOf(file)).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto(`${baseUrl}/library`);
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Send me a code' }).waitFor();
    await page.context().close();
  }, 120_000);
});
