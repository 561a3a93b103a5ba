// E-mails to buyers at the tested size (docs/emails.md, 'Sending'): 10,000 buyers, a run that dies in the
// middle of a batch (its mail server connection hangs after a mail went out), and the runs after it
// resume. Every address gets the e-mail exactly once and no minute sends more than the rate. Real SMTP
// into a mail catcher of this file's own (10,000 mails would crowd the shared inbox other files read);
// the queue's clock is the test's.
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../../../local/mail/mailCatcher';
import { mailTransportOptions } from '../../../server/mailer';
import { call, draft, type MailingApi, mailingHarness } from '../../support/mailingHarness';

const { db, freshStore, mailingConfig, mailingRun, seedSales, startMailingApi } =
  mailingHarness('demo-store-mailings-at-scale');

const buyers = 10_000;
const rate = 2_000;
let catcher: MailCatcher;
let api: MailingApi;
let smtp: Transporter;

beforeAll(async () => {
  catcher = await startMailCatcher();
  const config = mailingConfig({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(catcher.smtpPort),
    MAILING_RATE_PER_MINUTE: String(rate),
  });
  // One kept connection: what a long send to a real provider does too.
  smtp = nodemailer.createTransport({ ...mailTransportOptions(config), pool: true, maxConnections: 1 });
  api = await startMailingApi(config);
}, 60_000);
afterAll(async () => {
  smtp?.close();
  await api?.close();
  await catcher?.close();
});

it('sends to 10,000 buyers once each across a crash, at the rate', { timeout: 900_000 }, async () => {
  const { token } = await freshStore();
  const address = (index: number) => `buyer${String(index).padStart(5, '0')}@scale.test`;
  await seedSales(Array.from({ length: buyers }, (_, index) => ({ email: address(index), productId: 'ebook' })));
  const subject = 'The 10,000 letter';
  const id = await draft(api, token, { subject, body: 'Hello, reader.' });
  expect((await call(api, token, 'POST', '/count', {})).json).toEqual({ recipients: buyers });
  expect((await call(api, token, 'POST', `/${id}/send`, {})).status).toBe(200);

  const config = mailingConfig({ MAILING_RATE_PER_MINUTE: String(rate) });
  const clock = { now: new Date() };
  // The first run dies after its 700th mail went out: the connection hangs, the run never returns.
  let delivered = 0;
  const dying: Pick<Transporter, 'sendMail'> = {
    sendMail: async (mail: Parameters<Transporter['sendMail']>[0]) => {
      const info: unknown = await smtp.sendMail(mail);
      delivered += 1;
      if (delivered === 700) await new Promise(() => {});
      return info;
    },
  } as Pick<Transporter, 'sendMail'>;
  void mailingRun(clock, { config, mailer: dying }).run();
  for (let wait = 0; wait < 600 && delivered < 700; wait += 1) await new Promise((resolve) => setTimeout(resolve, 500));
  expect(delivered).toBe(700);

  // A deploy later: new runs, a minute apart, on the real connection.
  const { run } = mailingRun(clock, { config, mailer: smtp });
  clock.now = new Date(clock.now.getTime() + 11 * 60_000);
  let minutes = 0;
  while ((await db.doc(`mailings/${id}`).get()).get('status') !== 'sent' && minutes < 10) {
    const outcome = await run();
    expect(outcome.sent + outcome.failed + outcome.skipped).toBeLessThanOrEqual(rate);
    clock.now = new Date(clock.now.getTime() + 60_000);
    minutes += 1;
  }
  // 9,300 left after the crash, at 2,000 a minute.
  expect(minutes).toBe(5);

  const received = catcher.messages().filter((mail) => mail.subject === subject);
  const perAddress = new Map<string, number>();
  for (const mail of received) for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  expect(received).toHaveLength(buyers);
  expect(perAddress.size).toBe(buyers);
  expect([...perAddress.values()].every((count) => count === 1)).toBe(true);

  const perMinute = (await db.collection('mailingMinutes').get()).docs.map((doc) => doc.get('sent') as number);
  expect(Math.max(...perMinute)).toBeLessThanOrEqual(rate);
  // The one mail the dead run sent but could not record is failed ('interrupted'), never sent again.
  const listed = await call(api, token, 'GET', '');
  expect((listed.json.mailings as { counts: unknown }[])[0]?.counts).toEqual({
    recipients: 10_000,
    sent: 9_999,
    failed: 1,
    skipped: 0,
    unsubscribed: 0,
  });
});
