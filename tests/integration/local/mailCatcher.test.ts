import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../local/mail/mailCatcher';

describe('local mail catcher', () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    catcher = await startMailCatcher();
  });
  afterAll(() => catcher.close());

  it('receives real SMTP and shows it in its JSON inbox and web page', async () => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: catcher.smtpPort, ignoreTLS: true });
    await transport.sendMail({
      from: 'Store <orders@store.test>',
      to: 'buyer@example.com',
      replyTo: 'seller@store.test',
      subject: 'Your ebook — ₦7,500',
      text: 'Thank you for your purchase.\nYour access link is below.',
    });
    const res = await fetch(`${catcher.webUrl}/api/messages`);
    const mails = (await res.json()) as Array<{
      to: string[];
      replyTo: string;
      subject: string;
      text: string;
      from: string;
    }>;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: 'orders@store.test',
      to: ['buyer@example.com'],
      replyTo: 'seller@store.test',
      subject: 'Your ebook — ₦7,500',
    });
    expect(mails[0]?.text).toContain('Your access link is below.');
    const page = await (await fetch(catcher.webUrl)).text();
    expect(page).toContain('Your ebook — ₦7,500');

    await fetch(`${catcher.webUrl}/api/messages`, { method: 'DELETE' });
    expect(await (await fetch(`${catcher.webUrl}/api/messages`)).json()).toEqual([]);
  });
});
