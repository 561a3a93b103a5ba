// A refund from the Sales panel in a real Chromium against the production build and the local cloud: a
// demo sale (made through the API, as the demo payment makes it), refunded in full by the seeded admin
// through the Refund dialog; the sale then shows 'Refunded', its access link answers as a revoked
// one, and the buyer's refund e-mail is in the mail catcher.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsDemoAdmin } from '../support/adminE2e';
import { buildBuyer, mailsTo, product, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;
let admin: Page;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('refunds from Sales', () => {
  it('refunds a demo sale in full: Refunded in the list, the link refused, the buyer told by e-mail', async () => {
    const buyer = buildBuyer(uniqueTag());
    // As the dialog does: a checkout first (the server sets the price and the reference), then the order.
    const checkout = await fetch(`${baseUrl}/api/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: product.id, currency: 'NGN', customer: buyer, provider: 'demo' }),
    });
    expect(checkout.status).toBe(201);
    const { reference } = (await checkout.json()) as { reference: string };
    const order = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        provider: 'demo',
        reference,
        productId: product.id,
        currency: 'NGN',
        customer: buyer,
      }),
    });
    expect(order.status).toBe(200);
    const { accessUrl } = (await order.json()) as { accessUrl: string };
    // The link opens the download page while access lasts.
    expect((await fetch(accessUrl, { redirect: 'manual' })).status).toBe(200);

    admin = await openPage(browser);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=sales&email=${encodeURIComponent(buyer.email)}`);
    const list = admin.getByRole('region', { name: 'Sales list' });
    await list.waitFor({ timeout: 20_000 });
    const row = list.getByRole('row').nth(1);
    await row.waitFor({ timeout: 20_000 });
    await row.getByText('Paid', { exact: true }).waitFor();

    await row.getByRole('button', { name: /^Actions for / }).click();
    await admin.getByRole('menuitem', { name: 'Refund', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund sale' });
    await dialog.waitFor();
    expect(await dialog.getByRole('radio', { name: 'Full refund (₦7,500)' }).isChecked()).toBe(true);
    await dialog.getByLabel('Reason').fill('Bought the wrong course');
    await dialog.getByRole('button', { name: 'Refund ₦7,500' }).click();
    await admin.getByText('Refund made.').waitFor({ timeout: 20_000 });

    // The list reads the sale again: Refunded, with amount and who; access revoked; no Refund left.
    const refundedRow = list.getByRole('row').nth(1);
    await refundedRow.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 });
    await refundedRow.getByText(/^₦7,500 on .* by /).waitFor();
    await refundedRow.getByText('Access revoked').waitFor();
    await refundedRow.getByRole('button', { name: /^Actions for / }).click();
    await admin.getByRole('menuitem', { name: 'Resend access e-mail' }).waitFor();
    expect(await admin.getByRole('menuitem', { name: 'Refund', exact: true }).count()).toBe(0);
    await admin.keyboard.press('Escape');
    const totals = admin.getByRole('region', { name: 'Totals' });
    await totals.getByText('₦0 net').waitFor({ timeout: 20_000 });
    await totals.getByText('Refunds ₦7,500').waitFor();

    const refused = await fetch(accessUrl, { redirect: 'manual' });
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain('Your access to this product has ended');

    const mails = await mailsTo(buyer.email, 2);
    const refundMails = mails.filter((mail) => mail.subject.startsWith('Refund:'));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.subject).toBe(`Refund: ${product.title} — ₦7,500 — Digital Store`);
    expect(refundMails[0]?.text).toContain('Your access to this product has ended, and its link no longer opens it.');
  }, 120_000);
});
