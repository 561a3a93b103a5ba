// The affiliate program end to end in Chromium at phone width on the demo stack (docs/affiliates.md,
// 'Offline'): the seeded affiliate ADA's link is followed, a demo purchase is made, Ada signs in to her
// page with the mailed code and sees the sale with its commission (paid by the demo split), and Sales
// shows it; an applicant signs in with a mailed code and joins (Paystack's banks, resolution and
// subaccounts answered by the e2e's fake provider) and the seller approves them.
import type { Browser } from 'playwright-core';
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
import { signInAsDemoAdmin } from '../support/adminE2e';
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

describe('affiliates', () => {
  it('a purchase through ?ref=ADA shows on Ada’s page with its 30% commission', async () => {
    const buyer = buildBuyer(uniqueTag());
    const paying = await nigerianPhone();
    const clicked = paying.waitForResponse((response) => response.url().includes('/api/affiliates/ADA/click'));
    await paying.goto(`${baseUrl}/productdetail/${product.id}?ref=ada`);
    expect(await (await clicked).json()).toEqual({ accepted: true, windowDays: 30 });
    expect(
      await paying
        .getByRole('navigation', { name: 'Footer' })
        .getByRole('link', { name: 'Become an affiliate' })
        .count(),
    ).toBe(1);
    const dialog = await openProductDialog(paying, `${baseUrl}`);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    await paymentComplete(paying, buyer.email);
    await paying.context().close();

    const page = await nigerianPhone();
    await page.goto(`${baseUrl}/affiliates/me`);
    await page.getByRole('heading', { level: 1, name: 'Your affiliate page' }).waitFor();
    await page.getByLabel('E-mail address').fill('ada@demo.store');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('6-digit code from the e-mail').waitFor();
    const codeMail = (await mailsTo('ada@demo.store', 1)).find((mail) => mail.subject.startsWith('Your sign-in code'));
    const code = /: (\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sales' }).waitFor();
    expect(await page.getByText('Code ADA · 30% commission', { exact: false }).count()).toBe(1);
    const sale = page.getByRole('listitem').filter({ hasText: product.title }).first();
    expect(await sale.innerText()).toContain('₦7,500 · commission ₦2,250 · Paid by Paystack split');
    expect(await page.getByRole('button', { name: `Copy the link to ${product.title}` }).count()).toBe(1);
    await page.context().close();

    // The seller's Sales shows the sale with its affiliate and commission, filtered by the affiliate.
    const admin = await (await browser.newContext()).newPage();
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=sales`);
    await admin.getByRole('heading', { level: 2, name: 'Sales' }).waitFor({ timeout: 20_000 });
    await admin.getByLabel('Buyer e-mail').fill(buyer.email);
    await admin.getByLabel('Affiliate code').fill('ada');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    const rows = admin.getByRole('region', { name: 'Sales list' }).getByRole('row');
    await rows.nth(1).waitFor({ timeout: 20_000 });
    expect(await rows.nth(1).innerText()).toContain('Affiliate ADA: ₦2,250 commission');
    await admin.context().close();
  });

  it('an applicant joins with a demo bank account and the seller approves them in the Affiliates panel', async () => {
    const tag = uniqueTag();
    const email = `chioma.${tag}@example.com`;
    const page = await nigerianPhone();
    await page.goto(`${baseUrl}/`);
    // Down to the footer once the page shows its products (the cards' heights settle then), as in the
    // library's test.
    // A card's link, in the products list: 'View All Digital Products' below it is in the HTML already.
    await page
      .getByRole('list', { name: 'Products' })
      .getByRole('link', { name: /^View / })
      .first()
      .waitFor();
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Become an affiliate' }).click();
    await page.getByRole('heading', { level: 1, name: 'Become an affiliate' }).waitFor();
    // Applying needs the mailed-code sign-in: the application is made under the address it proves.
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByLabel('6-digit code from the e-mail').waitFor();
    const codeMail = (await mailsTo(email, 1)).find((mail) => mail.subject.startsWith('Your sign-in code'));
    const code = /: (\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('6-digit code from the e-mail').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(`Applying as ${email}`).waitFor();
    await page.getByLabel('Full name').fill(`Chioma ${tag}`);
    await page.getByLabel('Phone number').fill('+234 803 555 0101');
    await page.getByLabel('How will you promote the products?').fill('A newsletter for Lagos freelancers.');
    await page.getByRole('option', { name: 'Guaranty Trust Bank' }).waitFor({ state: 'attached' });
    await page.getByLabel('Bank', { exact: true }).selectOption('058');
    await page.getByLabel('Account number').fill('2222224321');
    await page.getByRole('button', { name: 'Check account' }).click();
    await page.getByText('Account name: DEMO HOLDER 4321. Is this you?').waitFor();
    await page.getByRole('button', { name: 'Yes, apply' }).click();
    await page
      .getByText('Thank you. We have e-mailed you, and will again when the seller approves your application.')
      .waitFor();
    expect((await mailsTo(email, 2)).map((mail) => mail.subject)).toContain(
      'We received your affiliate application — Digital Store',
    );
    await page.context().close();

    const admin = await (await browser.newContext()).newPage();
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=affiliates`);
    await admin.getByRole('heading', { level: 2, name: 'Affiliates' }).waitFor({ timeout: 20_000 });
    await admin.getByRole('button', { name: `Approve Chioma ${tag}` }).click();
    await admin.getByText(/ · subaccount ACCT_e2e[0-9]+2222224321$/).waitFor({ timeout: 20_000 });
    expect((await mailsTo(email, 3)).map((mail) => mail.subject)).toContain(
      'You are approved as an affiliate — Digital Store',
    );
    await admin.context().close();
  });
});
