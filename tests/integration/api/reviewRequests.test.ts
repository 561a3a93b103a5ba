// The review request (docs/reviews.md, 'The review request') against the local cloud and the mail
// catcher: 5 days after purchase, once per purchase, with the library's address to rate it there and a working
// one-click unsubscribe (the sequences' own); not for a refunded sale, a purchase already reviewed or a
// suppressed address; for a course only once its last lesson is complete. The clock is the test's.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createReviewRequestRun } from '../../../server/app';
import { addressKey } from '../../../server/lib/addressKey';
import { createMailer } from '../../../server/mailer';
import { hashToken } from '../../../server/orders/accessLinks';
import { storeUrl } from '../../support/mailingHarness';
import { mailsMatching, mailsNow, uniqueTag } from '../../support/purchaseHarness';
import { reviewHarness, type ReviewApi } from '../../support/reviewHarness';

const { db, freshStore, reviewConfig, seedProduct, seedSale, startReviewApi } =
  reviewHarness('demo-store-review-requests');

const day = 86_400_000;
const clock = { now: new Date('2026-06-20T12:00:00Z') };
let api: ReviewApi;
let tag = '';

beforeAll(async () => {
  api = await startReviewApi(clock.now);
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  await freshStore();
  clock.now = new Date('2026-06-20T12:00:00Z');
  tag = uniqueTag();
  await seedProduct('excel', 'Excel Mastery');
});

const run = createReviewRequestRun({
  config: reviewConfig,
  db,
  mailer: createMailer(reviewConfig),
  now: () => clock.now,
  logError: () => {},
});
const address = (name: string) => `${name}-${tag}@buyers.test`;
const daysAgo = (days: number) => new Date(clock.now.getTime() - days * day);
const requestsTo = (email: string) => (mail: { to: string[]; subject: string }) =>
  mail.to.includes(email) && mail.subject.startsWith('How was');

it('asks each buyer once, 5 days after purchase, with the library to rate it from and a one-click unsubscribe', async () => {
  const due = await seedSale({
    id: `paystack_due${tag}`,
    productId: 'excel',
    email: address('due'),
    name: 'Ada Obi',
    at: daysAgo(5),
  });
  await seedSale({ id: `paystack_new${tag}`, productId: 'excel', email: address('new'), name: 'Bo', at: daysAgo(4) });

  expect(await run()).toEqual({ sent: 1, failed: 0, skipped: 0 });
  expect(await run()).toEqual({ sent: 0, failed: 0, skipped: 0 });
  const [mail, ...more] = await mailsMatching(requestsTo(address('due')));
  expect(more).toEqual([]);
  expect(mail?.subject).toBe('How was Excel Mastery?');
  expect(mail?.text).toContain('Hello Ada,');
  expect(mail?.text).toContain(
    'Rate it from your library (sign in with this e-mail address): https://shop.example.com/library',
  );
  expect(await mailsNow(requestsTo(address('new')))).toEqual([]);

  // The one-click link is the sequences' own.
  const link = /To get no more e-mails like this: (\S+)$/m.exec(mail?.text ?? '')?.[1] ?? '';
  expect(link.startsWith(`${storeUrl}/api/unsubscribe/sequence/${due.id}_review/`)).toBe(true);
  const posted = await fetch(link.replace(storeUrl, api.url), { method: 'POST', body: 'List-Unsubscribe=One-Click' });
  expect(posted.status).toBe(200);
  expect((await db.doc(`mailSuppressions/${addressKey(address('due'))}`).get()).get('reason')).toBe('unsubscribed');

  // A day later the newer purchase is due, and nobody is asked twice.
  clock.now = new Date(clock.now.getTime() + day);
  expect(await run()).toEqual({ sent: 1, failed: 0, skipped: 0 });
  expect(await mailsMatching(requestsTo(address('new')))).toHaveLength(1);
  expect(await mailsNow(requestsTo(address('due')))).toHaveLength(1);
});

it('skips a refunded sale, a purchase already reviewed and an address that unsubscribed', async () => {
  const refunded = await seedSale({
    id: `paystack_ref${tag}`,
    productId: 'excel',
    email: address('ref'),
    name: 'R',
    at: daysAgo(5),
  });
  await db.doc(`transactions/${refunded.id}`).update({ refund: { status: 'refunded', refunded: 7500, full: true } });
  const reviewed = await seedSale({
    id: `paystack_rev${tag}`,
    productId: 'excel',
    email: address('rev'),
    name: 'V',
    at: daysAgo(5),
  });
  await db.doc(`reviews/${reviewed.id}`).set({ productId: 'excel', rating: 5, status: 'shown' });
  await seedSale({ id: `paystack_uns${tag}`, productId: 'excel', email: address('uns'), name: 'U', at: daysAgo(5) });
  await db.doc(`mailSuppressions/${addressKey(address('uns'))}`).set({ reason: 'unsubscribed', source: 'test' });

  expect(await run()).toEqual({ sent: 0, failed: 0, skipped: 3 });
  const reasons = await db.collection('sequenceSends').where('stepId', '==', 'review').get();
  expect(reasons.docs.map((doc) => `${doc.id} ${String(doc.get('reason'))}`).sort()).toEqual(
    [
      `${refunded.id}_review refunded`,
      `${reviewed.id}_review reviewed`,
      `paystack_uns${tag}_review unsubscribed`,
    ].sort(),
  );
  for (const name of ['ref', 'rev', 'uns']) expect(await mailsNow(requestsTo(address(name)))).toEqual([]);
});

it("asks a member once for the plan: a renewal's sale, as the plan's contribution records it, asks nothing", async () => {
  const first = await seedSale({
    id: `paystack_plan${tag}`,
    productId: 'excel',
    email: address('plan'),
    name: 'Ada Obi',
    at: daysAgo(35),
  });
  const renewal = await seedSale({
    id: `paystack_renew${tag}`,
    productId: 'excel',
    email: address('plan'),
    name: 'Ada Obi',
    at: daysAgo(5),
  });
  await db.doc(`transactions/${renewal.id}`).update({
    renewalOf: first.id,
    membershipId: first.id,
    membershipPayment: 2,
    membershipLabel: 'Renewal 1 of ∞',
  });

  expect(await run()).toEqual({ sent: 0, failed: 0, skipped: 0 });
  expect((await db.doc(`sequenceSends/${renewal.id}_review`).get()).exists).toBe(false);
  expect(await mailsNow(requestsTo(address('plan')))).toEqual([]);
});

it('asks a course buyer only once the last lesson is complete', async () => {
  await seedProduct('course', 'Excel Course');
  await db.doc('courseContent/course').set({
    sections: [
      {
        id: 's1',
        title: 'Start',
        lessons: [
          { id: 'l1', title: 'One', body: 'Hi', video: null, attachmentFileIds: [], preview: false, dripDays: null },
        ],
      },
      {
        id: 's2',
        title: 'End',
        lessons: [
          { id: 'l2', title: 'Two', body: 'Bye', video: null, attachmentFileIds: [], preview: false, dripDays: null },
        ],
      },
    ],
  });
  const sale = await seedSale({
    id: `paystack_crs${tag}`,
    productId: 'course',
    email: address('crs'),
    name: 'Chi',
    at: daysAgo(20),
  });
  const progress = db.doc(`lessonProgress/${hashToken(sale.token)}`);
  await progress.set({ lessons: { l1: { completedAt: daysAgo(10).toISOString() } } });
  expect(await run({ everyCourse: true })).toEqual({ sent: 0, failed: 0, skipped: 0 });

  await progress.set({ lessons: { l2: { completedAt: daysAgo(1).toISOString() } } }, { merge: true });
  // Courses are looked at once an hour, at the minute :00.
  clock.now = new Date('2026-06-20T12:30:00Z');
  expect(await run()).toEqual({ sent: 0, failed: 0, skipped: 0 });
  clock.now = new Date('2026-06-20T13:00:00Z');
  expect(await run()).toEqual({ sent: 1, failed: 0, skipped: 0 });
  expect((await mailsMatching(requestsTo(address('crs'))))[0]?.subject).toBe('How was Excel Mastery?');
});
