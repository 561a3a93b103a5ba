// E-mails to buyers (docs/emails.md) through the admin's routes and the queue the scheduled function runs,
// against the local cloud: the Firestore emulator with the project's rules (in a project of this file's
// own, since an audience reads every sale), the Auth emulator's ID tokens, real SMTP into the mail
// catcher. The queue's clock is the test's.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressKey } from '../../../server/lib/addressKey';
import { signUpStranger } from '../../support/authEmulatorUsers';
import { call, draft, type MailingApi, mailingHarness } from '../../support/mailingHarness';
import { cloud, mailsMatching, mailsNow, uniqueTag } from '../../support/purchaseHarness';

const { db, freshStore, mailingConfig, mailingRun, seedSales, startMailingApi } = mailingHarness('demo-store-mailings');

let api: MailingApi;
let token = '';
let tag = '';
const address = (name: string) => `${name}-${tag}@buyers.test`;
const toSubject = (subject: string) => (mail: { subject: string }) => mail.subject === subject;

beforeAll(async () => {
  api = await startMailingApi();
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  ({ token } = await freshStore());
  tag = uniqueTag();
});

describe('the admin routes', () => {
  it('refuses a visitor and a signed-in stranger', async () => {
    const anonymous = await fetch(`${api.url}/api/admin/mailings`);
    expect(anonymous.status).toBe(401);
    const stranger = await signUpStranger(cloud.authUrl);
    const refused = await call(api, stranger.idToken, 'GET', '');
    expect(refused.status).toBe(403);
    expect(await db.collection('mailings').get()).toHaveProperty('size', 0);
  });

  it('refuses a draft without a subject or with a backwards date range, in words', async () => {
    expect(await call(api, token, 'POST', '', { subject: ' ', body: 'Hi' })).toEqual({
      status: 400,
      json: { message: 'Write a subject.' },
    });
    const backwards = await call(api, token, 'POST', '', {
      subject: 'News',
      body: 'Hi',
      audience: { from: '2026-11-30', to: '2026-11-01' },
    });
    expect(backwards).toEqual({ status: 400, json: { message: 'The first date must not be after the last one.' } });
  });

  it('counts the filtered audience before sending: once per mailbox, less the suppressed', async () => {
    await seedSales([
      { email: address('ada'), productId: 'ebook' },
      { email: address('ada').replace('@', '+x@'), productId: 'ebook' },
      { email: address('bo'), productId: 'ebook', currency: 'USD' },
      { email: address('cy'), productId: 'course' },
      { email: address('di'), productId: 'ebook' },
      { email: address('ed'), productId: 'ebook', refunded: true },
    ]);
    await db.doc(`mailSuppressions/${addressKey(address('di'))}`).set({ reason: 'bounced', source: 'test' });
    expect(await call(api, token, 'POST', '/count', { audience: { boughtAny: ['ebook'] } })).toEqual({
      status: 200,
      json: { recipients: 2 },
    });
    expect(await call(api, token, 'POST', '/count', { audience: { boughtAny: ['ebook'], currency: 'USD' } })).toEqual({
      status: 200,
      json: { recipients: 1 },
    });
    expect(await call(api, token, 'POST', '/count', {})).toEqual({ status: 200, json: { recipients: 3 } });
  });

  it('reopens a draft with its body for admins only, and refuses an unknown one in words', async () => {
    const id = await draft(api, token, {
      subject: 'Chapter 13',
      body: '# Chapter 13\n\nIt is *long*.',
      audience: { boughtAny: ['ebook'], currency: 'USD' },
    });
    expect(await call(api, token, 'GET', `/${id}`)).toEqual({
      status: 200,
      json: {
        mailing: {
          id,
          subject: 'Chapter 13',
          body: '# Chapter 13\n\nIt is *long*.',
          audience: {
            boughtAny: ['ebook'],
            notBought: [],
            from: null,
            to: null,
            currency: 'USD',
            activeMembers: false,
          },
          status: 'draft',
          scheduledAt: null,
          startedAt: null,
          finishedAt: null,
          counts: { recipients: 0, sent: 0, failed: 0, skipped: 0, unsubscribed: 0 },
        },
      },
    });
    expect((await fetch(`${api.url}/api/admin/mailings/${id}`)).status).toBe(401);
    const stranger = await signUpStranger(cloud.authUrl);
    expect((await call(api, stranger.idToken, 'GET', `/${id}`)).status).toBe(403);
    const notFound = { status: 404, json: { message: 'This e-mail could not be found.' } };
    expect(await call(api, token, 'GET', `/${'z'.repeat(20)}`)).toEqual(notFound);
    expect(await call(api, token, 'GET', '/not-an-id')).toEqual(notFound);
  });

  it('reopens a scheduled e-mail; edited, it is a draft again until it is sent again', async () => {
    const id = await draft(api, token, { subject: 'Sale on Friday', body: 'Half price.' });
    expect((await call(api, token, 'POST', `/${id}/send`, { at: '2099-12-04T09:00' })).status).toBe(200);
    const scheduled = await call(api, token, 'GET', `/${id}`);
    expect(scheduled.json.mailing).toEqual(
      expect.objectContaining({ status: 'scheduled', scheduledAt: '2099-12-04T08:00:00.000Z', body: 'Half price.' }),
    );
    expect(
      await call(api, token, 'PUT', `/${id}`, { subject: 'Sale on Saturday', body: 'Half price, a day later.' }),
    ).toEqual({ status: 200, json: { id } });
    const edited = await call(api, token, 'GET', `/${id}`);
    expect(edited.json.mailing).toEqual(
      expect.objectContaining({
        subject: 'Sale on Saturday',
        body: 'Half price, a day later.',
        status: 'draft',
        scheduledAt: null,
      }),
    );
    // A draft is never started by the queue, at the old time or after.
    const { run } = mailingRun({ now: new Date('2099-12-04T08:01:00Z') });
    expect(await run()).toEqual({ started: 0, sent: 0, failed: 0, skipped: 0 });
  });

  it("sends a test copy to the admin's own address, marked as a test", async () => {
    const subject = `Chapter 12 is out ${tag}`;
    const id = await draft(api, token, { subject, body: '# New chapter\n\nRead it **today**.' });
    expect(await call(api, token, 'POST', `/${id}/test`)).toEqual({
      status: 200,
      json: { message: 'A test copy was sent to your e-mail address.' },
    });
    const [mail] = await mailsMatching(toSubject(`[Test] ${subject}`));
    expect(mail?.to).toEqual(['admin@demo.store']);
    expect(mail?.html).toContain('<h3>New chapter</h3>\n<p>Read it <strong>today</strong>.</p>');
    // A test sends nothing to any buyer and starts nothing.
    expect((await db.doc(`mailings/${id}`).get()).get('status')).toBe('draft');
  });
});

describe('sending', () => {
  it('sends to exactly the filtered audience, each address once, and lists the counts', async () => {
    await seedSales([
      { email: address('ada'), productId: 'ebook', at: new Date('2026-11-05T10:00:00Z') },
      { email: address('bo'), productId: 'ebook', at: new Date('2026-11-20T10:00:00Z') },
      { email: address('cy'), productId: 'course', at: new Date('2026-11-05T10:00:00Z') },
      { email: address('di'), productId: 'ebook', at: new Date('2026-11-05T10:00:00Z') },
      { email: address('di'), productId: 'bundle', at: new Date('2026-11-06T10:00:00Z') },
      { email: address('ed'), productId: 'ebook', at: new Date('2026-10-31T22:59:00Z') },
    ]);
    const subject = `November readers ${tag}`;
    const id = await draft(api, token, {
      subject,
      body: 'Thank you for reading.',
      audience: { boughtAny: ['ebook'], notBought: ['bundle'], from: '2026-11-01', to: '2026-11-30' },
    });
    expect(await call(api, token, 'POST', `/${id}/send`, {})).toEqual({
      status: 200,
      json: { id, status: 'scheduled' },
    });
    const clock = { now: new Date() };
    const { run } = mailingRun(clock);
    // Two instances at once: the claims are transactions, so nobody gets it twice.
    const outcomes = await Promise.all([run(), run()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(2);
    await run();
    const mails = await mailsMatching(toSubject(subject), 2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([address('ada'), address('bo')]);
    expect(mails[0]?.text).toContain(`You are getting this e-mail because you bought from Ada Stores.`);
    expect(mails[0]?.text).toMatch(
      /To get no more e-mails like this: https:\/\/shop\.example\.com\/api\/unsubscribe\//,
    );

    const listed = await call(api, token, 'GET', '');
    expect(listed.json.mailings).toEqual([
      expect.objectContaining({
        id,
        subject,
        status: 'sent',
        counts: { recipients: 2, sent: 2, failed: 0, skipped: 0, unsubscribed: 0 },
      }),
    ]);
    // Started: no longer changed or sent again.
    expect(await call(api, token, 'PUT', `/${id}`, { subject: 'Other', body: 'x' })).toEqual({
      status: 409,
      json: { message: 'This e-mail is already being sent and can no longer be changed.' },
    });
    expect((await call(api, token, 'POST', `/${id}/send`, {})).status).toBe(409);
  });

  it('sends at the Lagos time chosen, not before', async () => {
    await seedSales([{ email: address('ada'), productId: 'ebook' }]);
    const subject = `Friday news ${tag}`;
    const id = await draft(api, token, { subject, body: 'See you Friday.' });
    // 2099-12-04 09:00 in Lagos is 08:00 UTC.
    expect((await call(api, token, 'POST', `/${id}/send`, { at: '2099-12-04T09:00' })).status).toBe(200);
    expect(((await db.doc(`mailings/${id}`).get()).get('scheduledAt') as Timestamp).toDate().toISOString()).toBe(
      '2099-12-04T08:00:00.000Z',
    );
    const clock = { now: new Date('2099-12-04T07:59:00Z') };
    const { run } = mailingRun(clock);
    expect(await run()).toEqual({ started: 0, sent: 0, failed: 0, skipped: 0 });
    clock.now = new Date('2099-12-04T08:00:00Z');
    expect(await run()).toEqual({ started: 1, sent: 1, failed: 0, skipped: 0 });
    expect((await mailsMatching(toSubject(subject))).map((mail) => mail.to[0])).toEqual([address('ada')]);
  });

  it('refuses a time that has passed', async () => {
    const id = await draft(api, token, { subject: 'Late', body: 'x' });
    expect(await call(api, token, 'POST', `/${id}/send`, { at: '2020-01-01T09:00' })).toEqual({
      status: 400,
      json: { message: 'Choose a time that has not passed yet.' },
    });
  });

  it('skips the unsubscribed, the bounced, the complained and those refunded for everything since it started', async () => {
    const [, , , , refundedSale] = await seedSales([
      { email: address('kept'), productId: 'ebook' },
      { email: address('optout'), productId: 'ebook' },
      { email: address('bounced'), productId: 'ebook' },
      { email: address('complained'), productId: 'ebook' },
      { email: address('refunded'), productId: 'ebook' },
    ]);
    await db.doc(`reminderOptOuts/${addressKey(address('optout'))}`).set({ createdAt: Timestamp.now() });
    await db.doc(`mailSuppressions/${addressKey(address('bounced'))}`).set({ reason: 'bounced', source: 'test' });
    await db.doc(`mailSuppressions/${addressKey(address('complained'))}`).set({ reason: 'complained', source: 'test' });
    const subject = `Skips ${tag}`;
    const id = await draft(api, token, { subject, body: 'Hello.' });
    await call(api, token, 'POST', `/${id}/send`, {});
    // The first run starts it (fixing the audience) in a minute whose budget is spent; the buyer is
    // refunded before the next minute's run claims anyone.
    const clock = { now: new Date('2099-02-01T10:00:00Z') };
    await db.doc(`mailings/${id}`).update({ scheduledAt: Timestamp.fromDate(clock.now) });
    await db.doc('mailingMinutes/2099-02-01T10:00').set({ sent: 5 });
    const { run } = mailingRun(clock, { config: mailingConfig({ MAILING_RATE_PER_MINUTE: '5' }) });
    expect(await run()).toEqual({ started: 1, sent: 0, failed: 0, skipped: 0 });
    expect((await db.collection(`mailings/${id}/recipients`).get()).size).toBe(5);
    await db.doc(`transactions/${String(refundedSale)}`).update({ refund: { status: 'refunded', full: true } });
    clock.now = new Date('2099-02-01T10:01:00Z');
    expect(await run()).toEqual({ started: 0, sent: 1, failed: 0, skipped: 4 });
    const mails = await mailsMatching(toSubject(subject), 1);
    expect(mails.map((mail) => mail.to[0])).toEqual([address('kept')]);
    const recipients = await db.collection(`mailings/${id}/recipients`).get();
    const states = Object.fromEntries(
      recipients.docs.map((doc) => [
        String(doc.get('email')).split('-')[0],
        `${doc.get('status')} ${doc.get('reason') ?? ''}`.trim(),
      ]),
    );
    expect(states).toEqual({
      kept: 'sent',
      optout: 'skipped unsubscribed',
      bounced: 'skipped bounced',
      complained: 'skipped complained',
      refunded: 'skipped refunded',
    });
    const listed = await call(api, token, 'GET', '');
    expect((listed.json.mailings as { counts: unknown }[])[0]?.counts).toEqual({
      recipients: 5,
      sent: 1,
      failed: 0,
      skipped: 4,
      unsubscribed: 0,
    });
  });

  it('holds the rate per minute however many runs there are', async () => {
    await seedSales(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => ({ email: address(name), productId: 'ebook' })));
    const subject = `Rate ${tag}`;
    const id = await draft(api, token, { subject, body: 'Hello.' });
    await call(api, token, 'POST', `/${id}/send`, {});
    const clock = { now: new Date('2099-01-01T10:00:10Z') };
    await db.doc(`mailings/${id}`).update({ scheduledAt: Timestamp.fromDate(clock.now) });
    const { run } = mailingRun(clock, { config: mailingConfig({ MAILING_RATE_PER_MINUTE: '3' }) });
    const sentAt = async () => (await Promise.all([run(), run()])).reduce((sum, outcome) => sum + outcome.sent, 0);
    expect(await sentAt()).toBe(3);
    clock.now = new Date('2099-01-01T10:00:50Z');
    expect(await sentAt()).toBe(0);
    clock.now = new Date('2099-01-01T10:01:00Z');
    expect(await sentAt()).toBe(3);
    clock.now = new Date('2099-01-01T10:02:00Z');
    expect(await sentAt()).toBe(1);
    expect((await db.doc(`mailings/${id}`).get()).get('status')).toBe('sent');
    expect((await mailsNow(toSubject(subject))).length).toBe(7);
  });
});
