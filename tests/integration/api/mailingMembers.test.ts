// E-mails to members whose membership is active (docs/emails.md, 'The audience'): the count and the
// recipients fixed when sending starts read the memberships as the memberships service stores them,
// judged by the domain's access rule. Against the local cloud, in a Firestore project of this file's
// own, real SMTP into the mail catcher.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMembership, type Membership } from '../../../domain/membership';
import { membershipToData } from '../../../server/memberships/membershipPeriods';
import { call, draft, type MailingApi, mailingHarness } from '../../support/mailingHarness';
import { mailsMatching, mailsNow, uniqueTag } from '../../support/purchaseHarness';

const { db, freshStore, mailingRun, seedSales, startMailingApi } = mailingHarness('demo-store-mailing-members');

let api: MailingApi;
let token = '';
let tag = '';
const address = (name: string) => `${name}-${tag}@members.test`;
const dayMs = 86_400_000;

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

/** A monthly membership of `email` started 10 days ago, as the memberships service stores it, then changed. */
async function seedMembership(name: string, change: (plan: Membership) => Partial<Membership> = () => ({})) {
  const email = address(name);
  const started = startMembership({
    id: `plan-${name}-${tag}`,
    productId: 'signals',
    kind: 'membership',
    interval: 'monthly',
    instalmentCount: null,
    currency: 'NGN',
    amountMinor: 500_000,
    customer: { name: 'A member', email },
    emailKey: email,
    renewal: 'card',
    firstTransactionId: `paystack_${name}-${tag}`,
    paidAt: new Date(Date.now() - 10 * dayMs),
  });
  const plan = { ...started, ...change(started) };
  await db.doc(`memberships/${plan.id}`).set(membershipToData(plan));
}

const iso = (ms: number) => new Date(ms).toISOString();

async function seedMembers() {
  await seedSales(
    ['active', 'cancelled', 'ended', 'lapsed', 'buyer'].map((name) => ({
      email: address(name),
      productId: name === 'buyer' ? 'ebook' : 'signals',
    })),
  );
  await seedMembership('active');
  // Cancelled, but the period paid for runs for another 20 days: still a member until then.
  await seedMembership('cancelled', () => ({
    status: 'cancelled',
    cancelledAt: iso(Date.now() - dayMs),
    nextPaymentAt: null,
  }));
  await seedMembership('ended', () => ({
    status: 'ended',
    endedAt: iso(Date.now() - dayMs),
    paidThrough: iso(Date.now() - 2 * dayMs),
    nextPaymentAt: null,
  }));
  // Cancelled, and its paid period ended yesterday (the sweep has not ended it yet): not a member.
  await seedMembership('lapsed', () => ({
    status: 'cancelled',
    cancelledAt: iso(Date.now() - 5 * dayMs),
    paidThrough: iso(Date.now() - dayMs),
    nextPaymentAt: null,
  }));
}

describe('members whose membership is active', () => {
  it('counts only the buyers whose membership is open', async () => {
    await seedMembers();
    expect(await call(api, token, 'POST', '/count', { audience: { activeMembers: true } })).toEqual({
      status: 200,
      json: { recipients: 2 },
    });
    expect(await call(api, token, 'POST', '/count', { audience: {} })).toEqual({
      status: 200,
      json: { recipients: 5 },
    });
    expect(await call(api, token, 'POST', '/count', { audience: { activeMembers: 'yes' } })).toEqual({
      status: 400,
      json: { message: 'Say whether only active members get it.' },
    });
  });

  it('sends to exactly the active and the cancelled-but-paid-through members, each once', async () => {
    await seedMembers();
    const subject = `Members' call ${tag}`;
    const id = await draft(api, token, { subject, body: 'The call is on Friday.', audience: { activeMembers: true } });
    expect((await db.doc(`mailings/${id}`).get()).get('audience')).toEqual({
      boughtAny: [],
      notBought: [],
      from: null,
      to: null,
      currency: null,
      activeMembers: true,
    });
    expect((await call(api, token, 'POST', `/${id}/send`, {})).status).toBe(200);
    const { run } = mailingRun({ now: new Date() });
    const outcomes = await Promise.all([run(), run()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(2);
    await run();
    const mails = await mailsMatching((mail) => mail.subject === subject, 2);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual([address('active'), address('cancelled')]);
    expect((await mailsNow((mail) => mail.subject === subject)).length).toBe(2);
    const listed = await call(api, token, 'GET', '');
    expect(listed.json.mailings).toEqual([
      expect.objectContaining({
        id,
        status: 'sent',
        counts: { recipients: 2, sent: 2, failed: 0, skipped: 0, unsubscribed: 0 },
      }),
    ]);
  });
});
