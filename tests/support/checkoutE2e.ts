// Shared steps of the checkout e2e tests: a buyer fills the payment dialog, the mail catcher is read,
// the deliverable host is answered by the test (no internet), and payment-provider traffic is watched.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { CaughtMail } from '../../local/mail/mailCatcher';

/** The seeded product the tests buy (local/seed/catalog.ts) and its private deliverable. */
export const product = {
  id: 'demo-freelance-writing',
  title: 'Freelance Writing Playbook',
  priceInNgn: 7500,
  priceInUsd: 9,
  deliverable: 'https://drive.example.com/demo/freelance-writing-playbook.pdf',
} as const;

export const purchaseSuccessful =
  'Purchase successful! Details and access to the product have been sent to your email. Thanks for your patronage.';

export function buildBuyer(tag: string) {
  const email = `ada.${tag}@example.com`;
  return { name: 'Ada Chioma Obi', email, confirmEmail: email, phone: '+234 803 123 4567' };
}
export type Buyer = ReturnType<typeof buildBuyer>;

export function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** Answers the deliverable host, so following an access link ends on a page the test can see. */
export async function serveDeliverables(context: BrowserContext) {
  await context.route('https://drive.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'The deliverable' }),
  );
}

/** Every request the page makes to a Paystack or PayPal host, or for a payment chunk. */
export function watchPaymentRequests(page: Page): string[] {
  const seen: string[] = [];
  page.context().on('request', (request) => {
    const url = request.url();
    if (/paystack|paypal/i.test(new URL(url).hostname) || /Paystack|PayPal|PaymentDialog/.test(url)) seen.push(url);
  });
  return seen;
}

/** Opens the product page (unless the page is already on it) and presses Buy Now. */
export async function openProductDialog(page: Page, base: string): Promise<Locator> {
  const productUrl = `${base}/productdetail/${product.id}`;
  if (page.url() !== productUrl) await page.goto(productUrl);
  await page.getByRole('heading', { level: 1, name: product.title.toUpperCase() }).waitFor();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete Payment' });
  await dialog.waitFor();
  return dialog;
}

export async function fillPaymentForm(dialog: Locator, buyer: Buyer) {
  await dialog.getByLabel('Full Name').fill(buyer.name);
  await dialog.getByLabel('Email', { exact: true }).fill(buyer.email);
  await dialog.getByLabel('Confirm Email').fill(buyer.confirmEmail);
  await dialog.getByLabel('Phone Number').fill(buyer.phone);
}

/**
 * The one success screen (docs/storefront.md, 'Messages'): the payment dialog itself, now titled
 * 'Payment complete', with 'Payment successful' and the purchase sentence on it and the address named;
 * no alert on top of it. Returns the dialog.
 */
export async function paymentComplete(page: Page, email: string, timeout = 20_000): Promise<Locator> {
  const done = page.getByRole('dialog', { name: 'Payment complete' });
  await done.waitFor({ timeout });
  const status = await done.getByRole('status').innerText();
  expect(status).toContain('Payment successful');
  expect(status).toContain(purchaseSuccessful);
  expect(status).toContain(`Your access link was sent to ${email}.`);
  expect(await page.getByRole('dialog').count()).toBe(1);
  return done;
}

/** Waits for a sweetalert2 message by its title and dismisses it with OK. */
export async function acknowledge(page: Page, title: string, timeout = 20_000) {
  const alert = page.getByRole('dialog', { name: title });
  await alert.waitFor({ timeout });
  await alert.getByRole('button', { name: 'OK' }).click();
  await alert.waitFor({ state: 'detached' });
}

/**
 * The success screen's access button opens the download page in a new tab. The product has files
 * (the seed gives it a PDF), and the browser that paid is trusted for its purchase (the order's
 * answer set its cookie, docs/files.md 'New devices'), so the page lists the files at once, without
 * the e-mail confirmation; its 'Open link' button must end on the outside link. Returns the access link.
 */
export async function openProductThroughAccessLink(
  page: Page,
  dialog: Locator,
  /**
   * The address to confirm first, for a browser the purchase does not trust (neither the one that paid
   * nor the one that started its transfer): it confirms the purchase e-mail once, as any new device does.
   */
  confirmWith?: string,
): Promise<string> {
  const link = dialog.getByRole('link', { name: 'Open your product' });
  const accessUrl = (await link.getAttribute('href')) ?? '';
  const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await tab.waitForURL(accessUrl);
  if (confirmWith) {
    await tab.getByLabel('E-mail address used for the purchase').fill(confirmWith);
    await tab.getByRole('button', { name: 'Confirm' }).click();
  }
  await tab.getByRole('list', { name: 'Your files' }).waitFor();
  expect(await tab.getByLabel('E-mail address used for the purchase').count()).toBe(0);
  await tab.getByRole('button', { name: 'Open link' }).click();
  await tab.waitForURL(product.deliverable);
  expect(await tab.locator('body').innerText()).toBe('The deliverable');
  await tab.close();
  return accessUrl;
}

export async function mailsTo(address: string, count: number): Promise<CaughtMail[]> {
  const { mailUrl } = inject('e2e');
  let found: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[];
        found = mails.filter((mail) => mail.to.map((to) => to.toLowerCase()).includes(address.toLowerCase()));
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

export async function saleNoticesFor(buyerEmail: string): Promise<CaughtMail[]> {
  const { mailUrl, apiEnv } = inject('e2e');
  const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.includes(apiEnv.SELLER_EMAIL ?? '') && mail.text.includes(buyerEmail));
}

/**
 * The buyer's order e-mail names the product and carries the access link shown on screen, which
 * leads to the deliverable from the download page; the seller gets one sale notice, which is returned.
 */
export async function expectOrderMail(buyer: Buyer, accessUrl: string): Promise<CaughtMail> {
  const [mail] = await mailsTo(buyer.email, 1);
  expect(mail?.subject).toContain(product.title);
  expect(mail?.text).toContain(accessUrl);
  expect(mail?.html).toContain(`href="${accessUrl}"`);
  // The download page's 'Open link' button (a form POST) leads to the outside link.
  const answer = await fetch(`${accessUrl}/link`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
  expect(answer.headers.get('location')).toBe(product.deliverable);
  let notices: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        notices = await saleNoticesFor(buyer.email);
        return notices.length;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  return notices[0]!;
}
