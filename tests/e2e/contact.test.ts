// The contact form in a real Chromium, through the API, into the local mail catcher.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CaughtMail } from '../../local/mail/mailCatcher';
import { connectE2eBrowser, holdAppEntry, openPage } from '../support/e2ePage';

const { baseUrl, mailUrl, apiEnv } = inject('e2e');
let browser: Browser;

beforeAll(async () => {
  browser = await connectE2eBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('contact form', () => {
  it('will not send until every field is filled with a valid e-mail', async () => {
    const page = await openPage(browser);
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await page.goto(`${baseUrl}/contactus`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Your Name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(
      true,
    );

    await page.getByLabel('Your Name').fill('Ada Obi');
    await page.getByLabel('Your Email').fill('not-an-email');
    await page.getByLabel('Your Phone Number').fill('+234 801 234 5678');
    await page.getByLabel('Your Message').fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByLabel('Your Email').evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(
      true,
    );
    await page.waitForTimeout(300);
    expect(posted).toBe(false);
    await page.context().close();
  });

  it('sends a message that arrives in the seller’s inbox with reply-to the visitor', async () => {
    const unique = `e2e-${Date.now()}`;
    const page = await openPage(browser);
    await page.goto(`${baseUrl}/contactus`);
    await page.getByLabel('Your Name').fill('Chidi Okeke');
    await page.getByLabel('Your Email').fill(`chidi+${unique}@example.com`);
    await page.getByLabel('Your Phone Number').fill('+234 802 000 1111');
    await page.getByLabel('Your Message').fill(`I did not receive my ebook. Ref ${unique}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page
      .getByText(/message (has been|was) sent/i)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Your Name').inputValue()).toBe('');

    let mail: CaughtMail | undefined;
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[];
          mail = mails.find((m) => m.text.includes(unique));
          return Boolean(mail);
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(mail?.to).toEqual([apiEnv.SELLER_EMAIL]);
    expect(mail?.replyTo).toBe(`chidi+${unique}@example.com`);
    expect(mail?.subject).toContain('Chidi Okeke');
    await page.context().close();
  });

  it('sends a message typed and sent before the app has started, once it starts, and loses nothing', async () => {
    const unique = `early-${Date.now()}`;
    const page = await openPage(browser);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posts.push(request.postData() ?? '');
    });
    // The app's entry is held back: the prerendered form is all there is, as on a slow phone.
    const release = await holdAppEntry(page);
    await page.goto(`${baseUrl}/contactus`, { waitUntil: 'commit' });
    await page.getByLabel('Your Name').fill('Ngozi Eze');
    await page.getByLabel('Your Email').fill(`ngozi+${unique}@example.com`);
    await page.getByLabel('Your Phone Number').fill('+234 803 555 0101');
    await page.getByLabel('Your Message').fill(`Typed before the page was ready. Ref ${unique}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForTimeout(300);
    // Not sent natively (no reload to /contactus?name=...), and nothing typed is gone.
    expect(page.url()).toBe(`${baseUrl}/contactus`);
    expect(await page.getByLabel('Your Message').inputValue()).toBe(`Typed before the page was ready. Ref ${unique}`);
    expect(posts).toEqual([]);

    release();
    await page
      .getByText(/message (has been|was) sent/i)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0] ?? '{}')).toEqual({
      name: 'Ngozi Eze',
      email: `ngozi+${unique}@example.com`,
      phone: '+234 803 555 0101',
      message: `Typed before the page was ready. Ref ${unique}`,
    });
    await expect
      .poll(
        async () => {
          const mails = (await (await fetch(`${mailUrl}/api/messages`)).json()) as CaughtMail[];
          return mails.filter((m) => m.text.includes(unique)).length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await page.context().close();
  });
});
