// A payment that completes later, end to end on the local stack (docs/payments.md, 'Payments that complete
// later', 'Demo payments'): 'Pay by transfer (demo)' goes pending, the local cloud's demo bank confirms
// it a few seconds later through the API's demo webhook, and the buyer sees the waiting state turn into
// the success screen; the browser that started the transfer opens the files without confirming the
// e-mail (docs/files.md, 'New devices'). The waiting page from the e-mail works in a fresh browser at
// 360 px, which confirms the e-mail before the files.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buildBuyer,
  fillPaymentForm,
  mailsTo,
  openProductDialog,
  openProductThroughAccessLink,
  paymentComplete,
  product,
  saleNoticesFor,
  serveDeliverables,
  uniqueTag,
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

describe('Pay by transfer (demo)', () => {
  it('goes from Buy Now to the waiting screen to the success screen, without a reload', async () => {
    const page = await openPage(browser, 'NG');
    await serveDeliverables(page.context());
    const buyer = buildBuyer(uniqueTag());
    const dialog = await openProductDialog(page, baseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Pay by transfer (demo)' }).click();

    const waiting = page.getByRole('dialog', { name: "We're waiting for your transfer" });
    await waiting.waitFor({ timeout: 10_000 });
    const text = await waiting.innerText();
    expect(text).toContain(`Your transfer of ₦7,500 for ${product.title} is on its way.`);
    expect(text).toContain(
      `We'll e-mail the product to ${buyer.email} as soon as Paystack confirms the money (usually within minutes).`,
    );
    expect(text).not.toContain('Payment cancelled.');
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });

    const done = await paymentComplete(page, buyer.email, 30_000);
    expect(loads).toEqual([]);
    // The browser that started the transfer is trusted: no e-mail to confirm.
    const accessUrl = await openProductThroughAccessLink(page, done);
    // Two e-mails: the waiting page's, then the order's with the access link shown on screen.
    const mails = await mailsTo(buyer.email, 2);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `We're waiting for your transfer for ${product.title}`,
      `Your purchase: ${product.title} — Digital Store`,
    ]);
    expect(mails[1]?.text).toContain(accessUrl);
    await expect.poll(async () => (await saleNoticesFor(buyer.email)).length, { timeout: 10_000 }).toBe(1);
    expect((await saleNoticesFor(buyer.email))[0]?.text).toContain('Paid with: Demo');
    await page.context().close();
  });

  it('e-mails the waiting page, which a fresh browser opens at 360 px and sees turn paid', async () => {
    const page = await openPage(browser, 'NG');
    const buyer = buildBuyer(uniqueTag());
    const dialog = await openProductDialog(page, baseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Pay by transfer (demo)' }).click();
    await page.getByRole('dialog', { name: "We're waiting for your transfer" }).waitFor({ timeout: 10_000 });

    const [mail] = await mailsTo(buyer.email, 1);
    expect(mail?.subject).toBe(`We're waiting for your transfer for ${product.title}`);
    expect(mail?.text).toContain(`We're waiting for your transfer of ₦7,500 for ${product.title}.`);
    const link = new RegExp(`${baseUrl}/checkout/[0-9a-f]{20}\\?t=[A-Za-z0-9_-]{43}`).exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();

    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const fresh = await phone.newPage();
    await fresh.goto(link ?? '');
    await fresh.getByRole('heading', { level: 1, name: "We're waiting for your transfer" }).waitFor();
    expect(await fresh.getByText(`Your transfer of ₦7,500 for ${product.title} is on its way.`).isVisible()).toBe(true);
    expect(await fresh.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await fresh.getByRole('heading', { level: 1, name: 'Payment complete' }).waitFor({ timeout: 30_000 });
    const access = fresh.getByRole('link', { name: 'Open your product' });
    expect(await access.getAttribute('href')).toMatch(new RegExp(`^${baseUrl}/api/access/[A-Za-z0-9_-]{43}$`));
    expect(await fresh.getByText(`Your access link was sent to ${buyer.email}.`).isVisible()).toBe(true);
    // Keyboard reachable: Tab from the page's start reaches the access link.
    let reached = false;
    for (let press = 0; press < 40 && !reached; press += 1) {
      await fresh.keyboard.press('Tab');
      reached = await access.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);

    // Only the waiting link, not the browser that started the transfer: the e-mail is confirmed first.
    const files = await phone.newPage();
    await files.goto((await access.getAttribute('href')) ?? '');
    await files.getByLabel('E-mail address used for the purchase').fill(buyer.email);
    await files.getByRole('button', { name: 'Confirm' }).click();
    await files.getByRole('list', { name: 'Your files' }).waitFor();

    // Without its token the page reads nothing.
    const bare = await phone.newPage();
    await bare.goto(link?.replace(/\?t=.*$/, '') ?? '');
    expect(await bare.getByRole('alert').innerText()).toBe('This payment link is not valid.');
    await phone.close();
    await page.context().close();
  });
});
