// The e-mails to buyers in the library (docs/emails.md, 'In the library') against the local cloud: a
// buyer signed in with the code from the mail catcher reads the sent mailings about products they own,
// and the ones that went to them, newest first; not drafts, not another product's, not after a refund.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addressKey } from '../../../server/lib/addressKey';
import { call, draft, mailingHarness, type MailingApi } from '../../support/mailingHarness';
import { signIn } from '../../support/libraryHarness';
import { uniqueTag } from '../../support/purchaseHarness';

const { db, freshStore, mailingRun, seedSales, startMailingApi } = mailingHarness('demo-store-mailing-library');

let api: MailingApi;
let token = '';
let tag = '';

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

async function sendNow(subject: string, body: string, audience: Record<string, unknown>, at: Date): Promise<string> {
  const id = await draft(api, token, { subject, body, audience });
  await call(api, token, 'POST', `/${id}/send`, {});
  await mailingRun({ now: at }).run();
  return id;
}

it("lists the sent e-mails about the buyer's products, newest first, rendered safely", async () => {
  const buyer = `reader-${tag}@buyers.test`;
  await seedSales([
    { email: buyer, productId: 'ebook' },
    { email: buyer, productId: 'course', refunded: true },
    { email: `other-${tag}@buyers.test`, productId: 'template' },
  ]);
  const first = await sendNow(
    'Chapter 11',
    '# Chapter 11\n\n<img src=x onerror=alert(1)>',
    { boughtAny: ['ebook'] },
    new Date('2099-04-01T10:00:00Z'),
  );
  await sendNow('For template buyers', 'Hi.', { boughtAny: ['template'] }, new Date('2099-04-02T10:00:00Z'));
  await sendNow('Course news', 'Hi.', { boughtAny: ['course'] }, new Date('2099-04-03T10:00:00Z'));
  const everyone = await sendNow('To everyone', 'Hello all.', {}, new Date('2099-04-04T10:00:00Z'));
  await draft(api, token, { subject: 'Not sent yet', body: 'x', audience: { boughtAny: ['ebook'] } });

  const cookie = await signIn(api.url, buyer);
  const res = await fetch(`${api.url}/api/library/mailings`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    subscribed: true,
    mailings: [
      { id: everyone, subject: 'To everyone', sentAt: '2099-04-04T10:00:00.000Z', html: '<p>Hello all.</p>\n' },
      {
        id: first,
        subject: 'Chapter 11',
        sentAt: '2099-04-01T10:00:00.000Z',
        // Raw HTML is shown as its text, never as an element.
        html: '<h3>Chapter 11</h3>\n&lt;img src=x onerror=alert(1)&gt;',
      },
    ],
  });
  expect((await db.collection('mailings').where('status', '==', 'sent').get()).size).toBe(4);
});

it('refuses a visitor without a library session', async () => {
  const res = await fetch(`${api.url}/api/library/mailings`);
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ message: 'Please sign in to see your library.' });
});

it('subscribes again after an unsubscribe, from here or from a reminder', async () => {
  const buyer = `back-${tag}@buyers.test`;
  await seedSales([{ email: buyer, productId: 'ebook' }]);
  await db.doc(`mailSuppressions/${addressKey(buyer)}`).set({ reason: 'unsubscribed', source: 'test' });
  await db.doc(`reminderOptOuts/${addressKey(buyer)}`).set({ createdAt: new Date() });
  const cookie = await signIn(api.url, buyer);
  const before = await fetch(`${api.url}/api/library/mailings`, { headers: { cookie } });
  expect(await before.json()).toEqual({ mailings: [], subscribed: false });

  const again = await fetch(`${api.url}/api/library/mailings/subscribe`, { method: 'POST', headers: { cookie } });
  expect(again.status).toBe(200);
  expect(await again.json()).toEqual({ subscribed: true, message: 'You will get the seller’s e-mails again.' });
  expect((await db.doc(`mailSuppressions/${addressKey(buyer)}`).get()).exists).toBe(false);
  expect((await db.doc(`reminderOptOuts/${addressKey(buyer)}`).get()).exists).toBe(false);
  const after = await fetch(`${api.url}/api/library/mailings`, { headers: { cookie } });
  expect(await after.json()).toEqual({ mailings: [], subscribed: true });
});

it('does not undo a bounce', async () => {
  const buyer = `bounced-${tag}@buyers.test`;
  await seedSales([{ email: buyer, productId: 'ebook' }]);
  await db.doc(`mailSuppressions/${addressKey(buyer)}`).set({ reason: 'bounced', source: 'mailgun' });
  const cookie = await signIn(api.url, buyer);
  const again = await fetch(`${api.url}/api/library/mailings/subscribe`, { method: 'POST', headers: { cookie } });
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({
    message:
      'E-mails to this address could not be delivered, so the store cannot send them again. Please contact the seller.',
  });
  expect((await db.doc(`mailSuppressions/${addressKey(buyer)}`).get()).get('reason')).toBe('bounced');
});

it('refuses to subscribe a visitor without a library session', async () => {
  const res = await fetch(`${api.url}/api/library/mailings/subscribe`, { method: 'POST' });
  expect(res.status).toBe(401);
});
