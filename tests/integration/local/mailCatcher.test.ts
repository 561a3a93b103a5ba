import nodemailer from 'nodemailer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type CaughtMail, type MailCatcher } from '../../../local/mail/mailCatcher';
import { launchBrowser } from '../../support/browser';

function orderHtml(link: string) {
  return (
    '<!doctype html><html><body><h1 style="color:#1d4ed8">Thank you for your purchase</h1>' +
    `<p><a href="${link}">Open your product</a></p></body></html>`
  );
}

function send(catcher: MailCatcher, subject: string, link = 'https://store.test/api/access/abc_DEF') {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, ignoreTLS: true });
  return transport.sendMail({
    from: 'Store <orders@store.test>',
    to: 'buyer@example.com',
    replyTo: 'seller@store.test',
    subject,
    text: 'Thank you for your purchase.\nYour access link is below.',
    html: orderHtml(link),
  });
}

describe('local mail catcher (maildev)', () => {
  let catcher: MailCatcher;
  let browser: Browser | undefined;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(async () => {
    await browser?.close();
    await catcher.close();
  });

  it('receives real SMTP and serves it at once as JSON, then clears it', async () => {
    await send(catcher, 'Your ebook — ₦7,500');
    // No waiting: the SMTP answer comes only once the message is filed.
    const mails = (await (await fetch(`${catcher.webUrl}/api/messages`)).json()) as CaughtMail[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: 'orders@store.test',
      to: ['buyer@example.com'],
      replyTo: 'seller@store.test',
      subject: 'Your ebook — ₦7,500',
    });
    expect(mails[0]?.text).toContain('Your access link is below.');
    expect(mails[0]?.html).toContain('href="https://store.test/api/access/abc_DEF"');
    expect(catcher.messages()).toEqual(mails);

    await fetch(`${catcher.webUrl}/api/messages`, { method: 'DELETE' });
    expect(await (await fetch(`${catcher.webUrl}/api/messages`)).json()).toEqual([]);
    await send(catcher, 'Second');
    catcher.clear();
    expect(catcher.messages()).toEqual([]);
  });

  it('answers only the mails after a given one, and every mail once that one is gone', async () => {
    catcher.clear();
    const read = async (query: string) => {
      const response = await fetch(`${catcher.webUrl}/api/messages${query}`);
      return {
        kind: response.headers.get('x-inbox'),
        subjects: ((await response.json()) as CaughtMail[]).map((m) => m.subject),
      };
    };
    await send(catcher, 'One');
    await send(catcher, 'Two');
    const [one, two] = catcher.messages();
    expect(await read('')).toEqual({ kind: 'all', subjects: ['One', 'Two'] });
    expect(await read(`?after=${one?.id ?? ''}`)).toEqual({ kind: 'after', subjects: ['Two'] });
    expect(await read(`?after=${two?.id ?? ''}`)).toEqual({ kind: 'after', subjects: [] });
    await send(catcher, 'Three');
    expect(await read(`?after=${one?.id ?? ''}`)).toEqual({ kind: 'after', subjects: ['Two', 'Three'] });
    catcher.clear();
    await send(catcher, 'After the clear');
    expect(await read(`?after=${two?.id ?? ''}`)).toEqual({ kind: 'all', subjects: ['After the clear'] });
    catcher.clear();
  });

  it("shows the HTML mail in maildev's web inbox as a reader sees it, with its link working", async () => {
    // A link to a page that exists here, so following it can be seen to work.
    const target = `${catcher.webUrl}/api/messages?from=mail`;
    await send(catcher, 'Your ebook is ready', target);
    browser = await launchBrowser();
    const page = await browser.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(catcher.webUrl);
    await page.getByText('Your ebook is ready').first().click();
    const frame = page.frameLocator('iframe').first();
    await expect.poll(() => frame.getByRole('heading', { name: 'Thank you for your purchase' }).count()).toBe(1);
    const link = frame.getByRole('link', { name: 'Open your product' });
    expect(await link.getAttribute('href')).toBe(target);
    // maildev makes the mail's links open in a new window once the frame has loaded.
    await expect.poll(() => frame.locator('base[target="_blank"]').count(), { timeout: 20_000 }).toBe(1);
    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await opened.waitForLoadState();
    expect(opened.url()).toBe(target);
  }, 90_000);

  it('keeps two inboxes in one process apart', async () => {
    const other = await startMailCatcher();
    try {
      await send(other, 'Only in the other inbox');
      expect(other.messages().map((mail) => mail.subject)).toEqual(['Only in the other inbox']);
      expect(catcher.messages().map((mail) => mail.subject)).not.toContain('Only in the other inbox');
    } finally {
      await other.close();
    }
    // The first one still works after the second closed.
    await send(catcher, 'Still here');
    expect(catcher.messages().map((mail) => mail.subject)).toContain('Still here');
  });

  it('refuses to start on a busy port with the error, instead of crashing', async () => {
    await expect(startMailCatcher({ smtpPort: catcher.smtpPort })).rejects.toThrow(/EADDRINUSE/);
    const webPort = Number(new URL(catcher.webUrl).port);
    await expect(startMailCatcher({ webPort })).rejects.toThrow(/EADDRINUSE/);
  });
});
