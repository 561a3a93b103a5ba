// A product's after-purchase sequence (docs/emails.md, 'After-purchase sequence') against the local
// cloud: steps saved through the admin's route, sent N days after each purchase by the run the
// scheduled function makes (the clock the test's), each once, skipped for a refunded sale or an
// unsubscribed address, with the same one-click unsubscribe as a mailing.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createSequenceRun } from '../../../server/app';
import { addressKey } from '../../../server/lib/addressKey';
import { createMailer } from '../../../server/mailer';
import { bearer, mailingHarness, storeUrl, type MailingApi } from '../../support/mailingHarness';
import { mailsMatching, mailsNow, uniqueTag } from '../../support/purchaseHarness';

const { db, freshStore, mailingConfig, seedSales, startMailingApi } = mailingHarness('demo-store-mailing-sequences');

let api: MailingApi;
let token = '';
let tag = '';
const address = (name: string) => `${name}-${tag}@buyers.test`;
const day = 86_400_000;
const clock = { now: new Date('2099-03-10T12:00:00Z') };
const daysBefore = (days: number, hours = 0) => new Date(clock.now.getTime() - days * day - hours * 3_600_000);

function sequenceRun(env: Record<string, string> = {}) {
  const config = mailingConfig(env);
  return createSequenceRun({ config, db, mailer: createMailer(config), now: () => clock.now, logError: () => {} });
}

async function saveSteps(
  productId: string,
  steps: unknown[],
): Promise<{ status: number; json: { steps?: unknown[]; message?: string } }> {
  const res = await fetch(`${api.url}/api/admin/sequences/${productId}`, {
    method: 'PUT',
    headers: bearer(token),
    body: JSON.stringify({ steps }),
  });
  return { status: res.status, json: (await res.json()) as { steps?: unknown[]; message?: string } };
}

beforeAll(async () => {
  api = await startMailingApi();
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  ({ token } = await freshStore());
  tag = uniqueTag();
  clock.now = new Date('2099-03-10T12:00:00Z');
});

it('answers 404 in words for an id Firestore reserves', async () => {
  const res = await fetch(`${api.url}/api/admin/sequences/__x__`, { headers: bearer(token) });
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ message: 'This product could not be found.' });
  expect((await saveSteps('__x__', [])).status).toBe(404);
});

it('refuses a sixth step and a step sooner than a day, in words', async () => {
  const step = { afterDays: 1, subject: 'Welcome', body: 'Hi' };
  expect(
    await saveSteps(
      'ebook',
      Array.from({ length: 6 }, () => step),
    ),
  ).toEqual({
    status: 400,
    json: { message: 'A sequence has at most 5 e-mails.' },
  });
  expect(await saveSteps('ebook', [{ ...step, afterDays: 0 }])).toEqual({
    status: 400,
    json: { message: 'Each e-mail goes at least 1 day after the purchase.' },
  });
});

it('sends each step N days after the purchase, once, and skips refunded sales and unsubscribed buyers', async () => {
  const productId = `ebook-${tag}`;
  const saved = await saveSteps(productId, [
    { id: 'welcome', afterDays: 1, subject: `Welcome ${tag}`, body: 'Start with chapter 1.' },
    { id: 'tips', afterDays: 3, subject: `Tips ${tag}`, body: 'Try the exercises.' },
  ]);
  expect(saved.status).toBe(200);
  await seedSales([
    { email: address('new'), productId, at: daysBefore(0, 12) },
    { email: address('day1'), productId, at: daysBefore(1, 1) },
    { email: address('day3'), productId, at: daysBefore(3, 1) },
    { email: address('refunded'), productId, at: daysBefore(1, 2), refunded: true },
    { email: address('optout'), productId, at: daysBefore(1, 3) },
    { email: address('other'), productId: 'other-product', at: daysBefore(3, 1) },
    { email: address('long-ago'), productId, at: daysBefore(30) },
  ]);
  await db.doc(`mailSuppressions/${addressKey(address('optout'))}`).set({ reason: 'unsubscribed', source: 'test' });
  // Sales as the API records them: createdAt is when the sale was made (seedSales writes it from `at`).
  const run = sequenceRun();
  expect(await run()).toEqual({ sent: 3, failed: 0, skipped: 2 });
  expect(await run()).toEqual({ sent: 0, failed: 0, skipped: 0 });

  const welcome = await mailsMatching((mail) => mail.subject === `Welcome ${tag}`, 2);
  expect(welcome.map((mail) => mail.to[0]).sort()).toEqual([address('day1'), address('day3')]);
  const tips = await mailsMatching((mail) => mail.subject === `Tips ${tag}`, 1);
  expect(tips.map((mail) => mail.to[0])).toEqual([address('day3')]);
  expect(tips[0]?.text).toMatch(
    /To get no more e-mails like this: https:\/\/shop\.example\.com\/api\/unsubscribe\/sequence\//,
  );

  // A day later the newest buyer's welcome is due, and nobody else gets anything again.
  clock.now = new Date(clock.now.getTime() + day);
  expect(await run()).toEqual({ sent: 1, failed: 0, skipped: 0 });
  expect((await mailsNow((mail) => mail.subject === `Welcome ${tag}`)).map((mail) => mail.to[0]).sort()).toEqual([
    address('day1'),
    address('day3'),
    address('new'),
  ]);
});

it('keeps to the rate per minute it shares with the mailings', async () => {
  const productId = `rate-${tag}`;
  await saveSteps(productId, [{ id: 'welcome', afterDays: 1, subject: `Rate ${tag}`, body: 'Hi.' }]);
  await seedSales(['a', 'b', 'c'].map((name) => ({ email: address(name), productId, at: daysBefore(1, 1) })));
  // A mailing already took one of this minute's 3.
  await db.doc('mailingMinutes/2099-03-10T12:00').set({ sent: 1 });
  const run = sequenceRun({ MAILING_RATE_PER_MINUTE: '3' });
  expect(await run()).toEqual({ sent: 2, failed: 0, skipped: 0 });
  expect(await run()).toEqual({ sent: 0, failed: 0, skipped: 0 });
  clock.now = new Date('2099-03-10T12:01:00Z');
  expect(await run()).toEqual({ sent: 1, failed: 0, skipped: 0 });
  expect((await mailsMatching((mail) => mail.subject === `Rate ${tag}`, 3)).map((mail) => mail.to[0]).sort()).toEqual([
    address('a'),
    address('b'),
    address('c'),
  ]);
});

it("unsubscribes from the sequence's one-click link", async () => {
  const productId = `course-${tag}`;
  await saveSteps(productId, [{ id: 'welcome', afterDays: 1, subject: `Hello ${tag}`, body: 'Hi.' }]);
  const [sale] = await seedSales([{ email: address('ada'), productId, at: daysBefore(1, 1) }]);
  await sequenceRun()();
  const [mail] = await mailsMatching((caught) => caught.subject === `Hello ${tag}`);
  const link = /To get no more e-mails like this: (\S+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
  expect(link.startsWith(`${storeUrl}/api/unsubscribe/sequence/${String(sale)}_welcome/`)).toBe(true);
  const posted = await fetch(link.replace(storeUrl, api.url), { method: 'POST', body: 'List-Unsubscribe=One-Click' });
  expect(posted.status).toBe(200);
  expect((await db.doc(`mailSuppressions/${addressKey(address('ada'))}`).get()).get('source')).toBe(
    `sequence ${String(sale)}_welcome`,
  );
  expect((await db.doc(`sequenceSends/${String(sale)}_welcome`).get()).get('unsubscribed')).toBe(true);
});
