// One-click unsubscribe from e-mails to buyers (docs/emails.md, 'Unsubscribing', RFC 8058) against the
// local cloud: the link read from the e-mail in the mail catcher, opened as a mail scanner would (GET
// changes nothing), posted as a mail client's one-click; the next mailing and the checkout reminder
// then leave the address out.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addressKey } from '../../../server/lib/addressKey';
import { call, draft, type MailingApi, mailingHarness, storeUrl } from '../../support/mailingHarness';
import { mailsMatching, uniqueTag } from '../../support/purchaseHarness';

const { db, freshStore, mailingRun, seedSales, startMailingApi } = mailingHarness('demo-store-mailing-unsubscribe');

let api: MailingApi;
let token = '';
let tag = '';
const address = (name: string) => `${name}-${tag}@buyers.test`;

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

/** Sends a mailing to every buyer now; the link in the text of the e-mail to `email`, on the test's API. */
async function sendAndReadLink(subject: string, email: string): Promise<{ id: string; link: string }> {
  const id = await draft(api, token, { subject, body: 'Hello.' });
  await call(api, token, 'POST', `/${id}/send`, {});
  await mailingRun({ now: new Date() }).run();
  const [mail] = await mailsMatching((caught) => caught.subject === subject && caught.to.includes(email));
  const link = /To get no more e-mails like this: (\S+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
  expect(link.startsWith(`${storeUrl}/api/unsubscribe/${id}/${addressKey(email)}/`)).toBe(true);
  return { id, link: link.replace(storeUrl, api.url) };
}

it('shows a page with one button on GET and unsubscribes nothing', async () => {
  await seedSales([{ email: address('ada'), productId: 'ebook' }]);
  const { link } = await sendAndReadLink(`Scanned ${tag}`, address('ada'));
  const page = await fetch(link);
  expect(page.status).toBe(200);
  // Not 'no-referrer': under it the browser posts the button's form with `Origin: null`.
  expect(page.headers.get('referrer-policy')).toBe('same-origin');
  const html = await page.text();
  expect(html).toContain('<form method="post"><button type="submit">Unsubscribe</button></form>');
  expect(html.match(/<button/g)).toHaveLength(1);
  expect((await db.doc(`mailSuppressions/${addressKey(address('ada'))}`).get()).exists).toBe(false);
});

it('unsubscribes on a one-click POST, from the next mailing and from checkout reminders', async () => {
  await seedSales([
    { email: address('ada'), productId: 'ebook' },
    { email: address('bo'), productId: 'ebook' },
  ]);
  const { id, link } = await sendAndReadLink(`First ${tag}`, address('ada'));
  const posted = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(posted.status).toBe(200);
  expect(await posted.text()).toContain('<h1>You are unsubscribed</h1>');
  const suppression = await db.doc(`mailSuppressions/${addressKey(address('ada'))}`).get();
  expect(suppression.get('reason')).toBe('unsubscribed');
  expect(suppression.get('source')).toBe(`mailing ${id}`);
  expect((await db.doc(`reminderOptOuts/${addressKey(address('ada'))}`).get()).exists).toBe(true);
  // Posting again changes nothing and still answers the page.
  expect((await fetch(link, { method: 'POST' })).status).toBe(200);

  const listed = await call(api, token, 'GET', '');
  expect((listed.json.mailings as { counts: unknown }[])[0]?.counts).toEqual({
    recipients: 2,
    sent: 2,
    failed: 0,
    skipped: 0,
    unsubscribed: 1,
  });
  expect(await call(api, token, 'POST', '/count', {})).toEqual({ status: 200, json: { recipients: 1 } });

  const second = `Second ${tag}`;
  const next = await draft(api, token, { subject: second, body: 'Again.' });
  await call(api, token, 'POST', `/${next}/send`, {});
  await mailingRun({ now: new Date() }).run();
  const mails = await mailsMatching((caught) => caught.subject === second, 1);
  expect(mails.map((mail) => mail.to[0])).toEqual([address('bo')]);
});

it('answers a page saying the link is not valid for a wrong token, and unsubscribes nobody', async () => {
  await seedSales([{ email: address('ada'), productId: 'ebook' }]);
  const { link } = await sendAndReadLink(`Wrong ${tag}`, address('ada'));
  const wrong = link.replace(/[^/]+$/, 'x'.repeat(32));
  for (const method of ['GET', 'POST']) {
    const answer = await fetch(wrong, { method });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('<h1>This link is not valid</h1>');
  }
  expect((await db.doc(`mailSuppressions/${addressKey(address('ada'))}`).get()).exists).toBe(false);
});
