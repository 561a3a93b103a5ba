// License keys end to end (docs/licenses.md) in Chromium on the local stack: a demo purchase of the
// seeded tool (Excel Mastery issues generated keys, limit 3) shows the key in the order e-mail and on the
// download page; an activation a tool makes with a plain fetch appears there, and Deactivate frees it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildBuyer, fillPaymentForm, mailsTo, paymentComplete, uniqueTag } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('license keys', () => {
  it('shows the key of a purchased tool in the e-mail and on the download page, with its machines', async () => {
    const page = await openPage(browser, 'NG');
    const buyer = buildBuyer(uniqueTag());
    await page.goto(`${baseUrl}/productdetail/demo-excel-mastery`);
    await page.getByRole('heading', { level: 1, name: 'EXCEL MASTERY FOR BUSINESS' }).waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦12,000' }).click();
    const done = await paymentComplete(page, buyer.email);
    const accessUrl = (await done.getByRole('link', { name: 'Open your product' }).getAttribute('href')) ?? '';

    const [mail] = await mailsTo(buyer.email, 1);
    const key = /Your license key \(keep it private\):\n([0-9A-F]{8}(?:-[0-9A-F]{8}){3})/.exec(mail?.text ?? '')?.[1];
    expect(key).toMatch(/^[0-9A-F]{8}(-[0-9A-F]{8}){3}$/);

    await page.goto(accessUrl);
    await page.getByRole('heading', { name: 'Your license key' }).waitFor();
    expect(await page.locator('#license-key').innerText()).toBe(key);
    expect(await page.getByText('Machines using this key: 0 of 3').isVisible()).toBe(true);

    // A tool activates the key as the docs' curl example does, with a plain fetch from outside the browser.
    const response = await fetch(`${baseUrl}/api/licenses/activate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ license_key: key, product_id: 'demo-excel-mastery', instance_name: 'Office PC' }),
    });
    const activated = { status: response.status, body: (await response.json()) as { activated: boolean } };
    expect(activated).toMatchObject({ status: 200, body: { activated: true } });

    await page.reload();
    const machines = page.getByRole('list', { name: 'Machines using your license key' });
    expect(await machines.getByText('Office PC').isVisible()).toBe(true);
    expect(await page.getByText('Machines using this key: 1 of 3').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Deactivate Office PC' }).click();
    await page.getByText('Machines using this key: 0 of 3').waitFor();
    expect(await page.getByRole('button', { name: 'Deactivate Office PC' }).count()).toBe(0);
    await page.context().close();
  });
});
