// Discount codes in a real Chromium against the production build and the local cloud (the API, our
// Firestore emulator, the mail catcher): a demo purchase with a code in NGN and in USD whose e-mails
// show the discount, a product link with ?code= that opens the dialog with the code applied, and the
// Discounts panel end to end (the seller creates a code, a buyer uses it, the seller sees the use).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { signInAsDemoAdmin } from '../support/adminE2e';
import {
  acknowledge,
  buildBuyer,
  fillPaymentForm,
  mailsTo,
  openProductDialog,
  product,
  paymentComplete,
  saleNoticesFor,
  serveDeliverables,
  uniqueTag,
} from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';
import { buildDiscountCodeRecord } from '../support/records';

const { baseUrl, firestoreHost, projectId } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
  // The admin client keeps connections open; the run would not exit with it.
  await db.terminate();
});

/** A live 15% code for every product, as the Discounts panel stores one. */
async function seedCode(): Promise<string> {
  const code = `E2E${uniqueTag().toUpperCase()}`;
  await db
    .doc(`discountCodes/${code}`)
    .set(buildDiscountCodeRecord({ code, createdAt: new Date().toISOString(), createdBy: 'e2e' }));
  return code;
}

describe('a demo purchase with a discount code', () => {
  it.each([
    // ₦7,500 at 15%: ₦1,125 off, ₦6,375 to pay. $9 at 15%: $1.35 off, $7.65 to pay.
    { currency: 'NGN', country: 'NG', list: '₦7,500', off: '₦1,125', price: '₦6,375' },
    { currency: 'USD', country: 'US', list: '$9', off: '$1.35', price: '$7.65' },
  ])(
    'in $currency: the list price struck through, the new price paid, the discount in both e-mails',
    async ({ country, list, off, price }) => {
      const code = await seedCode();
      const page = await openPage(browser, country);
      await serveDeliverables(page.context());
      const buyer = buildBuyer(uniqueTag());
      await page.goto(`${baseUrl}/productdetail/${product.id}`);
      await page.getByText(list, { exact: true }).first().waitFor();
      const dialog = await openProductDialog(page, baseUrl);

      await dialog.getByLabel('Discount code').fill(code.toLowerCase());
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByText(`Code ${code} applied: ${off} off.`).waitFor();
      expect(await dialog.getByRole('deletion').textContent()).toBe(`List price ${list}`);
      await fillPaymentForm(dialog, buyer);
      await dialog.getByRole('button', { name: `Complete demo payment of ${price}` }).click();
      await paymentComplete(page, buyer.email);

      const [mail] = await mailsTo(buyer.email, 1);
      expect(mail?.text).toContain(`List price: ${list}`);
      expect(mail?.text).toContain(`Discount (${code}): -${off}`);
      expect(mail?.text).toContain(`Amount paid: ${price}`);
      await expect.poll(async () => (await saleNoticesFor(buyer.email)).length, { timeout: 10_000 }).toBe(1);
      const [notice] = await saleNoticesFor(buyer.email);
      expect(notice?.text).toContain(`Discount (${code}): -${off}`);
      expect(notice?.text).toContain(`Amount: ${price}`);
      await page.context().close();
    },
  );

  it('opens the dialog with the code applied from a product link with ?code=', async () => {
    const code = await seedCode();
    const page = await openPage(browser, 'NG');
    await page.goto(`${baseUrl}/productdetail/${product.id}?code=${code.toLowerCase()}`);
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await dialog.getByText(`Code ${code} applied: ₦1,125 off.`).waitFor();
    expect(await dialog.getByLabel('Discount code').inputValue()).toBe(code.toLowerCase());
    expect(await dialog.getByRole('button', { name: 'Complete demo payment of ₦6,375' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('the Discounts panel end to end', () => {
  it('creates a code in the dashboard, a buyer uses it, and the panel shows the use and its revenue', async () => {
    const code = `PANEL${uniqueTag().toUpperCase()}`.slice(0, 32);
    const admin = await openPage(browser);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=discounts`);
    const form = admin.getByRole('region', { name: 'New code' });
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Percent off (1-100)').fill('20');
    await form.getByRole('button', { name: 'Create code' }).click();
    await acknowledge(admin, `Code ${code} created.`);
    await admin.getByRole('article', { name: code }).waitFor();

    // ₦7,500 at 20%: ₦6,000.
    const shopper = await openPage(browser, 'NG');
    await serveDeliverables(shopper.context());
    const buyer = buildBuyer(uniqueTag());
    const dialog = await openProductDialog(shopper, baseUrl);
    await dialog.getByLabel('Discount code').fill(code);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText(`Code ${code} applied: ₦1,500 off.`).waitFor();
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦6,000' }).click();
    await paymentComplete(shopper, buyer.email);
    await shopper.context().close();

    await admin.reload();
    const card = admin.getByRole('article', { name: code });
    await card.getByText('1 (no limit)').waitFor({ timeout: 15_000 });
    expect(await card.getByText('₦6,000 and $0').isVisible()).toBe(true);
    await admin.context().close();
  });
});
