// A purchase end to end on the local stack without provider keys (docs/payments.md, 'Demo mode'): the
// clearly labelled demo payment in NGN and in USD, through the real API, into the mail catcher.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buildBuyer,
  expectOrderMail,
  fillPaymentForm,
  openProductDialog,
  openProductThroughAccessLink,
  product,
  paymentComplete,
  serveDeliverables,
  uniqueTag,
  watchPaymentRequests,
} from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('demo payment (no provider keys)', () => {
  it.each([
    // A shopper abroad who turns the switch to NGN, and one in Nigeria who turns it to USD.
    { currency: 'NGN', country: 'US', button: 'Complete demo payment of ₦7,500', amount: '₦7,500' },
    { currency: 'USD', country: 'NG', button: 'Complete demo payment of $9', amount: '$9' },
  ])(
    'buys in $currency: success message, access button opens the product, the order e-mail link leads to it',
    async ({ country, button, amount }) => {
      const page = await openPage(browser, country);
      await serveDeliverables(page.context());
      const providerRequests = watchPaymentRequests(page);
      const buyer = buildBuyer(uniqueTag());

      await page.goto(`${baseUrl}/productdetail/${product.id}`);
      // The geo-IP default shows first; the shopper then chooses the other currency.
      await page
        .getByText(amount === '$9' ? '₦7,500' : '$9', { exact: true })
        .first()
        .waitFor();
      await page.getByRole('switch').click();
      await page.getByText(amount, { exact: true }).first().waitFor();
      const dialog = await openProductDialog(page, baseUrl);
      await dialog.getByText(amount, { exact: true }).waitFor();
      expect(await dialog.getByText('Demo payment: no money is taken').isVisible()).toBe(true);
      await fillPaymentForm(dialog, buyer);
      await dialog.getByRole('button', { name: button }).click();

      const done = await paymentComplete(page, buyer.email);
      const accessUrl = await openProductThroughAccessLink(page, done);
      expect(accessUrl).toMatch(new RegExp(`^${baseUrl}/api/access/[A-Za-z0-9_-]{20,}$`));

      const notice = await expectOrderMail(buyer, accessUrl);
      expect(notice.text).toContain(`Amount: ${amount}`);
      expect(notice.text).toContain('Paid with: Demo');
      // Only the dialog's own chunk was fetched: no provider library, no provider host.
      expect(providerRequests.filter((url) => !/PaymentDialog/.test(url))).toEqual([]);
      await page.context().close();
    },
  );
});

describe('/purchases', () => {
  it('is linked from the footer and the product notes, and mails a buyer their purchases again', async () => {
    const page = await openPage(browser, 'NG');
    await serveDeliverables(page.context());
    const buyer = buildBuyer(uniqueTag());
    const dialog = await openProductDialog(page, baseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    const done = await paymentComplete(page, buyer.email);
    const accessUrl = (await done.getByRole('link', { name: 'Open your product' }).getAttribute('href')) ?? '';
    await done.getByRole('button', { name: 'Close' }).click();

    expect(
      await page
        .getByRole('list', { name: 'Notes' })
        .getByRole('link', { name: 'your purchases page' })
        .getAttribute('href'),
    ).toBe('/purchases');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Get my purchases again' }).click();
    await page.waitForURL(`${baseUrl}/purchases`);
    await page.getByLabel('Email').fill(buyer.email);
    await page.getByRole('button', { name: 'Send my purchases' }).click();
    const confirmation = await page.getByRole('status').innerText();
    expect(confirmation).toMatch(/purchases/i);

    // The same answer for an address that bought nothing.
    await page.getByLabel('Email').fill(`nobody.${uniqueTag()}@example.com`);
    await page.getByRole('button', { name: 'Send my purchases' }).click();
    await page.getByRole('status').waitFor();
    expect(await page.getByRole('status').innerText()).toBe(confirmation);

    const { mailUrl } = inject('e2e');
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as Array<{
            to: string[];
            subject: string;
            text: string;
          }>;
          return mails.filter((mail) => mail.to.includes(buyer.email) && mail.subject.startsWith('Your purchases'))
            .length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as Array<{
      to: string[];
      subject: string;
      text: string;
    }>;
    const resent = mails.find((mail) => mail.to.includes(buyer.email) && mail.subject.startsWith('Your purchases'));
    expect(resent?.text).toContain('Freelance Writing Playbook');
    expect(resent?.text).toContain(accessUrl);
    await page.context().close();
  });
});
