// The mail provider's event webhook (docs/emails.md, 'Bounces and complaints') in Mailgun's documented,
// signed shape, against the local cloud: hard bounces and complaints suppress the address, anything
// else changes nothing; a wrong or stale signature is refused, a token is applied once.
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressKey } from '../../../server/lib/addressKey';
import { mailingHarness, type MailingApi } from '../../support/mailingHarness';
import { uniqueTag } from '../../support/purchaseHarness';

const { db, freshStore, mailingConfig, seedSales, startMailingApi } = mailingHarness('demo-store-mail-events');

const signingKey = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
let api: MailingApi;
let tag = '';
const address = (name: string) => `${name}-${tag}@buyers.test`;

beforeAll(async () => {
  api = await startMailingApi(mailingConfig({ MAILGUN_WEBHOOK_SIGNING_KEY: signingKey }));
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  await freshStore();
  tag = uniqueTag();
});

/** An event as Mailgun posts it, signed with `key` at `at`. */
function event(eventData: Record<string, unknown>, { key = signingKey, at = new Date(), token = '' } = {}) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signedToken = token || randomBytes(25).toString('hex');
  const signature = createHmac('sha256', key)
    .update(timestamp + signedToken)
    .digest('hex');
  return { signature: { timestamp, token: signedToken, signature }, 'event-data': eventData };
}

async function post(body: unknown, url = api.url): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${url}/api/webhooks/mailgun`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

const suppressionOf = async (email: string) =>
  (await db.doc(`mailSuppressions/${addressKey(email)}`).get()).data() ?? null;

describe('signed events', () => {
  it('suppresses a hard bounce and a complaint, once each', async () => {
    const bounce = event({ event: 'failed', severity: 'permanent', reason: 'bounce', recipient: address('gone') });
    expect(await post(bounce)).toEqual({ status: 200, json: { received: true } });
    expect(await suppressionOf(address('gone'))).toMatchObject({ reason: 'bounced', source: 'mailgun' });

    expect((await post(event({ event: 'complained', recipient: address('angry') }))).status).toBe(200);
    expect(await suppressionOf(address('angry'))).toMatchObject({ reason: 'complained', source: 'mailgun' });
  });

  it('changes nothing for a temporary failure or a delivery', async () => {
    await post(event({ event: 'failed', severity: 'temporary', recipient: address('full') }));
    await post(event({ event: 'delivered', recipient: address('fine') }));
    expect(await suppressionOf(address('full'))).toBeNull();
    expect(await suppressionOf(address('fine'))).toBeNull();
  });

  it('applies a token once: a replay carrying another event changes nothing', async () => {
    const token = randomBytes(25).toString('hex');
    expect((await post(event({ event: 'delivered', recipient: address('ada') }, { token }))).status).toBe(200);
    const replay = event({ event: 'complained', recipient: address('ada') }, { token });
    expect(await post(replay)).toEqual({ status: 200, json: { received: true } });
    expect(await suppressionOf(address('ada'))).toBeNull();
  });
});

describe('a bounced receipt', () => {
  it("puts a recent buyer's sale in Needs attention, once", async () => {
    const [sale] = await seedSales([
      { email: address('typo'), productId: 'ebook', at: new Date(Date.now() - 3_600_000) },
      { email: address('old'), productId: 'ebook', at: new Date(Date.now() - 30 * 86_400_000) },
    ]);
    const bounce = (email: string) => event({ event: 'failed', severity: 'permanent', recipient: email });
    expect((await post(bounce(address('typo')))).status).toBe(200);
    expect((await post(bounce(address('typo')))).status).toBe(200);
    expect((await post(bounce(address('old')))).status).toBe(200);
    expect((await post(event({ event: 'complained', recipient: address('typo') }))).status).toBe(200);
    const issues = await db.collection('paymentIssues').get();
    expect(issues.docs.map((doc) => doc.id)).toEqual([`mailbounce_${String(sale)}`]);
    expect(issues.docs[0]?.data()).toMatchObject({
      reason: 'This buyer’s e-mail bounced',
      provider: 'paystack',
      productId: 'ebook',
      productName: 'Excel Mastery',
      customer: { name: 'Ada Obi', email: address('typo'), phone: '+234 803 000 0000' },
      event: null,
      resolved: false,
    });
  });
});

describe('refusals', () => {
  it('refuses a signature made with another key', async () => {
    const forged = event({ event: 'complained', recipient: address('victim') }, { key: 'key-not-the-stores' });
    expect(await post(forged)).toEqual({ status: 401, json: { message: 'The signature does not match.' } });
    expect(await suppressionOf(address('victim'))).toBeNull();
  });

  it('refuses an edited timestamp and a signature older than 15 minutes', async () => {
    const edited = event({ event: 'complained', recipient: address('victim') });
    edited.signature.timestamp = String(Number(edited.signature.timestamp) + 1);
    expect((await post(edited)).status).toBe(401);
    const stale = event(
      { event: 'failed', severity: 'permanent', recipient: address('victim') },
      { at: new Date(Date.now() - 16 * 60_000) },
    );
    expect((await post(stale)).status).toBe(401);
    expect(await suppressionOf(address('victim'))).toBeNull();
  });

  it('refuses a body without a signature', async () => {
    expect((await post({ 'event-data': { event: 'complained', recipient: address('victim') } })).status).toBe(401);
  });

  it('answers 503 when the store has no signing key', async () => {
    const unset = await startMailingApi();
    try {
      expect(await post(event({ event: 'complained', recipient: address('x') }), unset.url)).toEqual({
        status: 503,
        json: { message: 'Mail events are not set up on this store.' },
      });
    } finally {
      await unset.close();
    }
  });
});
