// E-mails to buyers end to end in Chromium (docs/emails.md): the seller writes an e-mail in the
// dashboard's E-mails view on a 360 px phone (accessibility rules checked) and sends it to the buyers of
// one product; the local cloud's timer runs the send queue as the deployed scheduled function does, so
// the buyer of that product finds it in the mail catcher's inbox and the buyer of another does not;
// the buyer reads it in the library, unsubscribes with the unsubscribe page's one button, and the
// library then offers 'Subscribe again'.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CaughtMail } from '../../local/mail/mailCatcher';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import { seedE2eCourse, signInAsDemoAdmin } from '../support/adminE2e';
import { accessibilityViolations } from '../support/axeE2e';
import { buildBuyer, mailsTo, uniqueTag, type Buyer } from '../support/checkoutE2e';
import { connectE2eBrowser, openPage, phoneViewport } from '../support/e2ePage';

const { baseUrl, firestoreHost, projectId, mailUrl } = inject('e2e');
const db = createAdminFirestore({ projectId, emulatorHost: firestoreHost });
const tag = uniqueTag();
const product = { productId: `e2e-mail-${tag}`, title: `Soap Making ${tag}` };
const other = { productId: `e2e-mail-other-${tag}`, title: `Candle Making ${tag}` };
const subject = `Batch 2 recipes ${tag}`;
let browser: Browser;
const seeded: Array<{ remove: () => Promise<void> }> = [];

beforeAll(async () => {
  browser = await connectE2eBrowser();
  for (const { productId, title } of [product, other]) {
    seeded.push(
      await seedE2eCourse(db, {
        productId,
        title,
        description: 'Cold-process soap and candles at home, step by step.',
        priceInNgn: 6000,
        priceInUsd: 8,
        url: `https://drive.example.com/${productId}`,
      }),
    );
  }
});
afterAll(async () => {
  await browser.close();
  for (const one of seeded) await one.remove();
  await db.terminate();
});

/** A demo purchase through the store's API, as the checkout makes one. */
async function demoSale(productId: string, buyer: Buyer): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const checkout = await post('/api/checkouts', { productId, currency: 'NGN', customer: buyer, provider: 'demo' });
  expect(checkout.status).toBe(201);
  const { reference } = (await checkout.json()) as { reference: string };
  const order = await post('/api/orders', { provider: 'demo', reference, productId, currency: 'NGN', customer: buyer });
  expect(order.status).toBe(200);
}

/** The e-mail `subject` to `email` in the inbox, once it came. */
async function mailingTo(email: string): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(email, 1)).find((mail) => mail.subject === subject);
        return found !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no '${subject}' to ${email}`);
  return found;
}

async function signInToLibrary(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/library`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByText('a 6-digit code and a sign-in link are on their way').waitFor();
  let code = '';
  await expect
    .poll(
      async () => {
        const codeMail = (await mailsTo(email, 1)).find((mail) => mail.subject.startsWith('Your sign-in code'));
        code = /: (\d{6})$/m.exec(codeMail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 20_000 },
    )
    .toMatch(/^\d{6}$/);
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('list', { name: 'Your purchases' }).waitFor({ timeout: 20_000 });
}

describe('e-mails to buyers', () => {
  it('the seller sends to the buyers of one product; its buyer reads it in the inbox and the library, unsubscribes in one click and may subscribe again', async () => {
    const buyer = buildBuyer(`${tag}-soap`);
    const stranger = buildBuyer(`${tag}-candle`);
    await demoSale(product.productId, buyer);
    await demoSale(other.productId, stranger);

    const seller = await openPage(browser, 'NG', { width: 360, height: 740 });
    await signInAsDemoAdmin(seller, baseUrl);
    await seller.getByRole('button', { name: 'Dashboard menu' }).click();
    await seller.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'E-mails' }).click();
    await seller.getByRole('heading', { level: 2, name: 'E-mails' }).waitFor({ timeout: 20_000 });
    await seller.getByLabel('Subject').fill(subject);
    await seller.getByLabel('E-mail (Markdown)').fill('## New recipes\n\nLavender and **shea butter** bars.');
    await seller.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'New recipes' }).waitFor();
    const bought = seller.getByRole('group', { name: 'Bought any of these products' });
    await bought.getByRole('checkbox', { name: product.title }).check({ timeout: 20_000 });
    await seller.getByText('This e-mail would go to 1 buyer.').waitFor({ timeout: 20_000 });
    expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await accessibilityViolations(seller)).toEqual([]);

    await seller.getByRole('button', { name: 'Send now' }).click();
    const confirm = seller.locator('.swal2-popup');
    await confirm.getByRole('heading', { name: 'Send to 1 buyer now?' }).waitFor({ timeout: 20_000 });
    await confirm.getByRole('button', { name: 'Yes, send it' }).click();
    await seller.getByText(`“${subject}” is being sent to 1 buyer.`).waitFor({ timeout: 20_000 });

    // The local cloud's timer sends it: the buyer of the product gets it, the other buyer does not.
    const mail = await mailingTo(buyer.email);
    expect(mail.text).toContain('Lavender and **shea butter** bars.');
    expect(mail.text).toContain('You are getting this e-mail because you bought from');
    await expect
      .poll(
        async () => {
          await seller.getByRole('button', { name: 'Refresh the counts' }).click();
          return seller.getByText('1 recipient · 1 sent · 0 failed · 0 skipped · 0 unsubscribed since').count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const inbox = (await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[];
    expect(inbox.filter((caught) => caught.subject === subject).map((caught) => caught.to)).toEqual([[buyer.email]]);
    await seller.context().close();

    // The buyer reads the e-mail as the inbox shows it, and the same e-mail in the library.
    const reader = await openPage(browser, 'NG', phoneViewport);
    await reader.setContent(mail.html);
    expect(await reader.getByRole('heading', { name: 'New recipes' }).isVisible()).toBe(true);
    const unsubscribeUrl = await reader.getByRole('link', { name: 'Unsubscribe' }).getAttribute('href');
    expect(unsubscribeUrl?.startsWith(`${baseUrl}/api/unsubscribe/`)).toBe(true);

    await signInToLibrary(reader, buyer.email);
    const emails = reader.getByRole('region', { name: 'E-mails from the seller' });
    await emails.getByText(subject).waitFor({ timeout: 20_000 });
    expect(await emails.getByRole('heading', { name: 'New recipes' }).isVisible()).toBe(true);
    expect(await emails.getByText('shea butter').isVisible()).toBe(true);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(reader)).toEqual([]);

    // The footer's link: a page with one button, which unsubscribes.
    await reader.goto(unsubscribeUrl ?? '');
    await reader.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor({ timeout: 20_000 });
    expect(await reader.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);

    await reader.goto(`${baseUrl}/library`);
    await emails.getByText('You unsubscribed from the seller’s e-mails, so none are sent to you.').waitFor({
      timeout: 20_000,
    });
    await emails.getByRole('button', { name: 'Subscribe again' }).click();
    await emails.getByText('You will get the seller’s e-mails again.').waitFor({ timeout: 20_000 });
    expect(await emails.getByRole('button', { name: 'Subscribe again' }).count()).toBe(0);
    await reader.context().close();
  }, 180_000);
});
