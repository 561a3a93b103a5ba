// The seller's Sales panel in a real Chromium against the production build and the local cloud: a
// shopper buys with the demo payment and opens the product once; the seeded admin then finds that
// sale by the buyer's e-mail with the right totals and link uses, narrows and widens the filter
// through the URL, and exports the CSV, whose rows are read back from the downloaded file; then sends
// the access e-mail again to a corrected address, and revokes and restores the buyer's link.
import { text } from 'node:stream/consumers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsDemoAdmin } from '../support/adminE2e';
import {
  buildBuyer,
  fillPaymentForm,
  mailsTo,
  openProductDialog,
  openProductThroughAccessLink,
  product,
  paymentComplete,
  serveDeliverables,
  uniqueTag,
} from '../support/checkoutE2e';
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

describe('admin sales panel', () => {
  it('shows a demo purchase with its totals, filters it, and exports it as CSV', async () => {
    // A shopper in Nigeria buys in naira and opens the product once.
    const shopper = await openPage(browser, 'NG');
    await serveDeliverables(shopper.context());
    const buyer = buildBuyer(uniqueTag());
    const dialog = await openProductDialog(shopper, baseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    const done = await paymentComplete(shopper, buyer.email);
    const accessUrl = await openProductThroughAccessLink(shopper, done);
    await shopper.context().close();

    admin = await openPage(browser);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard`);
    await admin.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Sales' }).click();
    await admin.getByRole('heading', { level: 2, name: 'Sales' }).waitFor({ timeout: 20_000 });

    // The buyer's e-mail as the seller might type it: the search is case-insensitive.
    await admin.getByLabel('Buyer e-mail').fill(buyer.email.toUpperCase());
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.waitForURL(`${baseUrl}/admindashboard?panel=sales&email=${encodeURIComponent(buyer.email)}`);
    const list = admin.getByRole('region', { name: 'Sales list' });
    await list.waitFor({ timeout: 20_000 });
    const rows = list.getByRole('row');
    // The region shows while the page of sales loads; the sale's row follows.
    await rows.nth(1).waitFor({ timeout: 20_000 });
    // The header and the sale (its details row is hidden until opened).
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
    // The last cell holds the sale's actions, tried at the end, and its Details.
    expect(cells.slice(1, 5)).toEqual([
      'Freelance Writing Playbook',
      `Ada Chioma Obi\n${buyer.email}`,
      '₦7,500',
      'Paid',
    ]);
    expect(cells[0]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await rows
      .nth(1)
      .getByRole('button', { name: /^Details of / })
      .click();
    // The details row: provider, reference, e-mail status and link uses (one press of 'Open link', from
    // the device that confirmed the purchase e-mail on the download page).
    const detailsRow = rows.nth(2);
    const details = await detailsRow.getByRole('definition').allInnerTexts();
    expect(details).toEqual(['Demo', expect.stringMatching(/^[A-Za-z0-9_-]+$/), 'Sent', '1\n0 downloads · 1 device']);
    const reference = details[1] ?? '';
    await rows
      .nth(1)
      .getByRole('button', { name: /^Details of / })
      .click();

    const totals = admin.getByRole('region', { name: 'Totals' });
    await totals.getByText('₦7,500 net').waitFor({ timeout: 20_000 });
    expect(await totals.getByRole('definition').allInnerTexts()).toEqual([
      '₦7,500 net\nGross ₦7,500\nDiscounts ₦0\nRefunds ₦0\n1 sale',
      '$0 net\nGross $0\nDiscounts $0\nRefunds $0\n0 sales',
    ]);
    await admin
      .getByRole('img', { name: /^Revenue in NGN per day, .*: total ₦7,500, highest ₦7,500 on / })
      .waitFor({ timeout: 20_000 });

    // Narrowed to dollars there is nothing; the filter is in the URL, so reload keeps it and Back undoes it.
    await admin.getByLabel('Currency', { exact: true }).selectOption('USD');
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.getByText('No sales match these filters.').waitFor({ timeout: 20_000 });
    await admin.reload();
    await admin.getByText('No sales match these filters.').waitFor({ timeout: 20_000 });
    expect(await admin.getByLabel('Currency', { exact: true }).inputValue()).toBe('USD');
    await admin.goBack();
    await list.waitFor({ timeout: 20_000 });
    expect(await admin.getByLabel('Currency', { exact: true }).inputValue()).toBe('');

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    // Read through the connection: the file is on the shared browser's side (path() is not available).
    const csv = await text(await download.createReadStream());
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'Date (Africa/Lagos),Transaction ID,Reference,Product,Product ID,Buyer name,Buyer e-mail,Buyer phone,Amount,Currency,Provider,E-mail status,Link uses,Access revoked,Refund status,Refunded amount,Refund date (Africa/Lagos),Dispute,List price,Discount code,Discount amount,Affiliate,Affiliate commission',
    );
    expect(lines[1]?.split(',')).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      `demo_${reference}`,
      reference,
      'Freelance Writing Playbook',
      product.id,
      'Ada Chioma Obi',
      buyer.email,
      "'+234 803 123 4567",
      '7500',
      'NGN',
      'Demo',
      'sent',
      '1',
      'no',
      '',
      '0',
      '',
      '',
      '7500',
      '',
      '0',
      '',
      '0',
    ]);
    expect(lines[2]).toBe('');
    await admin.getByText('Exported 1 sale.').waitFor();

    // The buyer mistyped their address: the seller sends the access e-mail to the corrected one.
    const row = rows.nth(1);
    const actions = row.getByRole('button', { name: /^Actions for / });
    await actions.click();
    await admin.getByRole('menuitem', { name: 'Resend access e-mail' }).click();
    const resend = admin.getByRole('dialog', { name: 'Resend access e-mail' });
    await resend.waitFor();
    expect(await resend.getByLabel('Buyer e-mail').inputValue()).toBe(buyer.email);
    const corrected = `corrected.${buyer.email}`;
    await resend.getByLabel('Buyer e-mail').fill(corrected);
    await resend.getByRole('button', { name: 'Send' }).click();
    await admin.getByText('Access e-mail sent.').waitFor({ timeout: 20_000 });
    const [resent] = await mailsTo(corrected, 1);
    expect(resent?.subject).toContain('Freelance Writing Playbook');
    expect(resent?.text).toContain(accessUrl);

    // The row shows the corrected address at once; the sale is found under it from now on.
    await row.getByText(corrected).waitFor();
    await admin.getByLabel('Buyer e-mail').fill(corrected);
    await admin.getByRole('button', { name: 'Apply filters' }).click();
    await admin.waitForURL(`${baseUrl}/admindashboard?panel=sales&email=${encodeURIComponent(corrected)}`);
    await rows.nth(1).getByText(corrected).waitFor({ timeout: 20_000 });

    // Revoked, the link no longer opens the product; restored, it does again. Each change reads the
    // list again.
    await row.getByRole('button', { name: /^Actions for / }).click();
    await admin.getByRole('menuitem', { name: 'Revoke access' }).click();
    await admin.getByRole('dialog', { name: 'Revoke access?' }).getByRole('button', { name: 'Yes, revoke' }).click();
    await admin.getByText('Access revoked.').waitFor({ timeout: 20_000 });
    await row.getByText('Access revoked', { exact: true }).waitFor({ timeout: 20_000 });
    expect((await fetch(accessUrl, { redirect: 'manual' })).status).toBe(410);
    // By keyboard this time: Enter opens the menu on its first item, the arrow keys move.
    await row.getByRole('button', { name: /^Actions for / }).focus();
    await admin.keyboard.press('Enter');
    // The menu takes focus once it has rendered, as a person sees it open before pressing a key.
    await admin.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await admin.keyboard.press('ArrowDown');
    expect(
      await admin.getByRole('menuitem', { name: 'Restore access' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await admin.keyboard.press('Enter');
    await admin.getByText('Access restored.').waitFor({ timeout: 20_000 });
    const restored = await fetch(`${accessUrl}/link`, { method: 'POST', redirect: 'manual' });
    expect(restored.status).toBe(303);
    expect(restored.headers.get('location')).toBe(product.deliverable);
  }, 120_000);

  it('uses the width at 1280 px and never breaks an e-mail address inside a word', async () => {
    // A buyer with a long address, hyphens included (where a browser would otherwise break a line).
    const shopper = await openPage(browser, 'NG');
    const tag = uniqueTag();
    const email = `ngozi-adaeze.okafor-nwosu.${tag}@lagos-books.example.com`;
    const buyer = { ...buildBuyer(tag), name: 'Ngozi Adaeze Okafor-Nwosu', email, confirmEmail: email };
    const dialog = await openProductDialog(shopper, baseUrl);
    await fillPaymentForm(dialog, buyer);
    await dialog.getByRole('button', { name: 'Complete demo payment of ₦7,500' }).click();
    await paymentComplete(shopper, buyer.email);
    await shopper.context().close();

    const wide = await openPage(browser, 'US', { width: 1280, height: 900 });
    await signInAsDemoAdmin(wide, baseUrl);
    await wide.goto(`${baseUrl}/admindashboard?panel=sales`);
    const list = wide.getByRole('region', { name: 'Sales list' });
    await list.getByText(email).waitFor({ timeout: 20_000 });
    // The dashboard is not held to a narrower column than the screen: the list spans all but the menu.
    expect((await list.boundingBox())?.width).toBeGreaterThan(900);
    const size = await wide.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      client: document.scrollingElement?.clientWidth ?? 0,
    }));
    expect(size.scroll).toBeLessThanOrEqual(size.client);
    // Every address on the page, character by character: a new line may start only after '@' or a dot,
    // never inside a word ('ngozi-adaeze', 'okafor-nwosu', ...).
    const addresses = await list.evaluate((region) =>
      [...region.querySelectorAll('[data-customer-email]')].map((element) => {
        const tops: number[] = [];
        const chars: string[] = [];
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const value = node.textContent ?? '';
          for (let i = 0; i < value.length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.push(Math.round(range.getBoundingClientRect().top));
            chars.push(value[i] ?? '');
          }
        }
        const brokenAfter = tops.flatMap((top, i) => (i > 0 && top > (tops[i - 1] ?? top) ? [chars[i - 1]] : []));
        return { text: chars.join(''), brokenAfter };
      }),
    );
    expect(addresses.map((address) => address.text)).toContain(email);
    expect(addresses.filter((address) => address.brokenAfter.some((char) => char !== '@' && char !== '.'))).toEqual([]);
    // The address reads whole, as typed.
    expect(await list.getByText(email).innerText()).toBe(email);
    await wide.context().close();
  }, 120_000);

  it('fits a 360 px phone: no sideways scrolling, the filters behind Filters, the actions reachable', async () => {
    const phone = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await signInAsDemoAdmin(phone, baseUrl);
    await phone.goto(`${baseUrl}/admindashboard?panel=sales`);
    const list = phone.getByRole('region', { name: 'Sales list' });
    await list
      .getByRole('button', { name: /^Actions for / })
      .first()
      .waitFor({ timeout: 20_000 });
    const size = await phone.evaluate(() => ({
      scroll: document.scrollingElement?.scrollWidth ?? 0,
      client: document.scrollingElement?.clientWidth ?? 0,
    }));
    expect(size.scroll).toBeLessThanOrEqual(size.client);
    expect(await phone.getByRole('form', { name: 'Sales filters' }).isVisible()).toBe(false);
    await phone.getByRole('button', { name: 'Filters' }).click();
    await phone.getByRole('form', { name: 'Sales filters' }).waitFor();
    await list
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await phone.getByRole('menuitem', { name: 'Resend access e-mail' }).waitFor();
    await phone.keyboard.press('Escape');
    await phone.close();
  });
});
