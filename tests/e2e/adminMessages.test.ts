// The seller's Messages panel in a real Chromium against the production build and the local cloud:
// a visitor writes through /contactus (the API stores it), the seeded admin sees it in Messages with
// the unhandled count beside the menu entry, and marks it handled (the count goes down).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInAsDemoAdmin } from '../support/adminE2e';
import { connectE2eBrowser, openPage } from '../support/e2ePage';

const { baseUrl } = inject('e2e');
const run = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The number beside 'Messages' in the dashboard menu; 0 when none is shown. */
async function unhandledCount(page: Page): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Messages/ });
  const text = (await link.textContent()) ?? '';
  const match = /(\d+)\s*unhandled/.exec(text);
  return match ? Number(match[1]) : 0;
}

async function sendContactMessage(name: string, message: string) {
  const page = await openPage(browser);
  await page.goto(`${baseUrl}/contactus`);
  await page.getByLabel('Your Name').fill(name);
  await page.getByLabel('Your Email').fill(`ifeoma+${run}@example.com`);
  await page.getByLabel('Your Phone Number').fill('+234 805 222 3333');
  await page.getByLabel('Your Message').fill(message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await page
    .getByText(/message (has been|was) sent/i)
    .first()
    .waitFor({ timeout: 15_000 });
  await page.context().close();
}

describe('admin Messages panel', () => {
  it('shows a message sent from /contactus and marks it handled, and the count goes down', async () => {
    const admin = await openPage(browser);
    await signInAsDemoAdmin(admin, baseUrl);
    await admin.goto(`${baseUrl}/admindashboard?panel=messages`);
    await admin.getByRole('heading', { level: 2, name: 'Messages' }).waitFor({ timeout: 20_000 });
    // Settled: the list has loaded (or said it is empty), so the count has had its chance too.
    await admin
      .getByRole('list', { name: 'Contact messages' })
      .or(admin.getByText('No unhandled messages.'))
      .waitFor({ timeout: 20_000 });
    const before = await unhandledCount(admin);

    const name = `Ifeoma Nwosu ${run}`;
    await sendContactMessage(name, `I paid but the e-mail never came.\n<b>Ref</b> ${run}`);

    await admin.reload();
    const card = admin.getByRole('article', { name });
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => unhandledCount(admin), { timeout: 10_000 }).toBe(before + 1);
    expect(await card.getByText(`ifeoma+${run}@example.com`).count()).toBe(1);
    expect(await card.getByText('+234 805 222 3333').count()).toBe(1);
    // Shown as the visitor typed it: the markup is text, not an element.
    expect(await card.getByText(`<b>Ref</b> ${run}`).count()).toBe(1);
    expect(await card.locator('b').count()).toBe(0);
    expect(await card.getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(
      `mailto:ifeoma%2B${run}@example.com?subject=Re%3A%20your%20message%20to%20Digital%20Store`,
    );

    await card.getByRole('button', { name: 'Mark handled' }).click();
    await card.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => unhandledCount(admin), { timeout: 10_000 }).toBe(before);

    // Under 'All' it is still there, handled, and can be marked unhandled again.
    await admin.getByText('All', { exact: true }).click();
    expect(new URL(admin.url()).searchParams.get('filter')).toBe('all');
    const handled = admin.getByRole('article', { name });
    await handled.getByRole('button', { name: 'Mark unhandled' }).waitFor({ timeout: 20_000 });
    await handled.getByRole('button', { name: 'Mark unhandled' }).click();
    await handled.getByRole('button', { name: 'Mark handled' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => unhandledCount(admin), { timeout: 10_000 }).toBe(before + 1);
    await handled.getByRole('button', { name: 'Mark handled' }).click();
    await expect.poll(() => unhandledCount(admin), { timeout: 10_000 }).toBe(before);
    await admin.context().close();
  });
});
