// Clicks on affiliate links counted once per visitor and Lagos day (docs/affiliates.md, 'Links and
// attribution'), against the local cloud: our API on a clock the test sets, our Firestore emulator. A
// visitor is the client's address and browser, so these requests (all from this machine) are told
// apart by their User-Agent.
import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db, postJson, type PurchaseApi } from '../../support/purchaseHarness';
import { startAffiliateApi, useAffiliateApi } from '../../support/affiliateHarness';

const { approvedAffiliate, admin } = useAffiliateApi();

// 23:30 UTC on 22 November is 00:30 on 23 November in Lagos (UTC+1): the store's day.
let clock = new Date('2026-11-22T23:30:00.000Z');
let api: PurchaseApi;
beforeAll(async () => {
  api = await startAffiliateApi(() => clock);
});
afterAll(async () => {
  await api.close();
});

const click = async (code: string, browser: string) => {
  const response = await postJson(`${api.url}/api/affiliates/${code}/click`, {}, { 'user-agent': browser });
  expect(response.status).toBe(200);
  return (await response.json()) as { accepted: boolean; windowDays: number };
};
const dayCount = async (code: string, day: string) => (await db.doc(`affiliateClicks/${code}_${day}`).get()).data();
const visitsOf = async (code: string) =>
  (await db.collection('affiliateClickVisits').where('code', '==', code).get()).docs;

describe('affiliate clicks: once per visitor and Lagos day', () => {
  it('counts two clicks from one visitor that day once, and another visitor’s click', async () => {
    clock = new Date('2026-11-22T23:30:00.000Z');
    const { code } = await approvedAffiliate('paypal');
    expect(await click(code, 'Mozilla/5.0 Chrome/131')).toEqual({ accepted: true, windowDays: 30 });
    clock = new Date('2026-11-23T08:15:00.000Z');
    expect(await click(code.toLowerCase(), 'Mozilla/5.0 Chrome/131')).toEqual({ accepted: true, windowDays: 30 });
    expect(await dayCount(code, '2026-11-23')).toEqual({ code, day: '2026-11-23', count: 1 });
    expect((await db.doc(`affiliateClicks/${code}_2026-11-22`).get()).exists).toBe(false);

    expect(await click(code, 'Mozilla/5.0 Firefox/133')).toEqual({ accepted: true, windowDays: 30 });
    expect(await dayCount(code, '2026-11-23')).toEqual({ code, day: '2026-11-23', count: 2 });
  });

  it('counts the same visitor again on the next Lagos day', async () => {
    clock = new Date('2026-11-22T23:30:00.000Z');
    const { code } = await approvedAffiliate('paypal');
    await click(code, 'Mozilla/5.0 Safari/17');
    // 23:00 UTC on 23 November is midnight in Lagos: 24 November there.
    clock = new Date('2026-11-23T23:00:00.000Z');
    await click(code, 'Mozilla/5.0 Safari/17');
    expect(await dayCount(code, '2026-11-23')).toEqual({ code, day: '2026-11-23', count: 1 });
    expect(await dayCount(code, '2026-11-24')).toEqual({ code, day: '2026-11-24', count: 1 });
  });

  it('counts one when a page posts the same click several times at once (a double effect, two tabs)', async () => {
    clock = new Date('2026-11-22T23:30:00.000Z');
    const { code } = await approvedAffiliate('paypal');
    const answers = await Promise.all(Array.from({ length: 5 }, () => click(code, 'Mozilla/5.0 Edge/131')));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ accepted: true, windowDays: 30 })));
    expect(await dayCount(code, '2026-11-23')).toEqual({ code, day: '2026-11-23', count: 1 });
  });

  it('keeps no address or browser: a visit is a keyed hash with the code, the day and when it may go', async () => {
    clock = new Date('2026-11-22T23:30:00.000Z');
    const { code } = await approvedAffiliate('paypal');
    await click(code, 'Mozilla/5.0 Chrome/131');
    const visits = await visitsOf(code);
    expect(visits).toHaveLength(1);
    const [visit] = visits;
    expect(visit?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(visit?.data()).toEqual({ code, day: '2026-11-23', expiresAt: expect.anything() });
    expect((visit?.get('expiresAt') as Timestamp).toDate().toISOString()).toBe('2026-11-24T23:30:00.000Z');
    expect(JSON.stringify(visit?.data())).not.toMatch(/Chrome|127\.0\.0\.1/);
  });

  it('counts nothing and keeps no visit for a paused affiliate or an unknown code', async () => {
    clock = new Date('2026-11-22T23:30:00.000Z');
    const { code } = await approvedAffiliate('paypal');
    expect((await admin(`/${code}/pause`)).status).toBe(200);
    expect(await click(code, 'Mozilla/5.0 Chrome/131')).toEqual({ accepted: false, windowDays: 30 });
    expect((await db.doc(`affiliateClicks/${code}_2026-11-23`).get()).exists).toBe(false);
    expect(await visitsOf(code)).toHaveLength(0);
  });
});
