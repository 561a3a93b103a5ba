// The Discounts panel's data access (src/features/admin/api/discountCodes.ts) with the real Firestore
// Lite and Auth SDKs, signed in as the demo admin, against our Firestore emulator (enforcing
// firestore.rules) and the Auth emulator: what the panel writes is what the rules accept and what the
// API reads, and the API's counters survive every admin write. On an emulator of its own, so its list
// holds only this file's codes.
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DiscountTerms } from '../../../domain/discounts';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

type Queries = typeof import('../../../src/features/admin/api/discountCodes');
type AuthApi = typeof import('../../../src/features/admin/api/auth');

const cloud = inject('cloud');
let emulator: FirestoreEmulator;
let db: Firestore;
let queries: Queries;
let auth: AuthApi;

const percentTerms: DiscountTerms = {
  kind: 'percent',
  percent: 15,
  amountOff: { NGN: 0, USD: 0 },
  productIds: [],
  startsAt: null,
  endsAt: null,
  maxUses: null,
  oncePerEmail: false,
  active: true,
};

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  const firestoreHost = `127.0.0.1:${emulator.port}`;
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: firestoreHost });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  await seedDemoAdmin(db, cloud.authUrl);
  queries = await import('../../../src/features/admin/api/discountCodes');
  auth = await import('../../../src/features/admin/api/auth');
  await auth.signIn(demoAdmin.email, demoAdmin.password);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await emulator.close();
});

describe('discount code data access against the emulators', () => {
  it('creates a percent code with every term, the server’s time and the admin’s uid', async () => {
    const before = Date.now();
    await queries.createDiscountCode('SPRING', percentTerms);
    const stored = (await db.doc('discountCodes/SPRING').get()).data() ?? {};
    expect(Object.keys(stored).sort()).toEqual([
      'active',
      'amountOff',
      'code',
      'createdAt',
      'createdBy',
      'endsAt',
      'kind',
      'maxUses',
      'oncePerEmail',
      'percent',
      'productIds',
      'startsAt',
    ]);
    expect(stored).toMatchObject({ code: 'SPRING', kind: 'percent', percent: 15, amountOff: null, active: true });
    expect((stored.createdAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5000);
    const uid = (await db.collection('admins').where('email', '==', demoAdmin.email).get()).docs[0]?.id;
    expect(stored.createdBy).toBe(uid);
  });

  it('creates a fixed code for chosen products with times, and reads it back as it was written', async () => {
    const terms: DiscountTerms = {
      kind: 'fixed',
      percent: 0,
      amountOff: { NGN: 500, USD: 2.5 },
      productIds: ['p1', 'p2'],
      startsAt: '2026-12-01T08:00:00.000Z',
      endsAt: '2026-12-31T23:00:00.000Z',
      maxUses: 100,
      oncePerEmail: true,
      active: true,
    };
    await queries.createDiscountCode('LAUNCH', terms);
    const stored = (await db.doc('discountCodes/LAUNCH').get()).data() ?? {};
    expect(stored).toMatchObject({ percent: null, amountOff: { NGN: 500, USD: 2.5 }, maxUses: 100 });
    expect(stored.startsAt).toBeInstanceOf(Timestamp);
    const listed = (await queries.fetchDiscountCodes()).find((code) => code.code === 'LAUNCH');
    expect(listed).toMatchObject({ code: 'LAUNCH', ...terms, uses: 0, reserved: 0, revenueMinor: { NGN: 0, USD: 0 } });
  });

  it('refuses a name that is taken, saying so, and leaves the first code as it was', async () => {
    await queries.createDiscountCode('TAKEN', percentTerms);
    await expect(queries.createDiscountCode('TAKEN', { ...percentTerms, percent: 90 })).rejects.toEqual({
      code: 'already-exists',
      message: 'The code TAKEN already exists. Choose another name, or edit that code.',
    });
    expect((await db.doc('discountCodes/TAKEN').get()).get('percent')).toBe(15);
  });

  it('edits, pauses and resumes a code without touching the counters the API keeps', async () => {
    await queries.createDiscountCode('COUNTED', percentTerms);
    // What fulfilment would have written meanwhile.
    await db.doc('discountCodes/COUNTED').update({ uses: 4, reserved: 1, revenueMinor: { NGN: 382_500, USD: 595 } });

    await queries.updateDiscountCode('COUNTED', {
      ...percentTerms,
      kind: 'fixed',
      amountOff: { NGN: 1000, USD: 1.5 },
      maxUses: 10,
    });
    await queries.setDiscountCodeActive('COUNTED', false);
    let listed = (await queries.fetchDiscountCodes()).find((code) => code.code === 'COUNTED');
    expect(listed).toMatchObject({
      kind: 'fixed',
      percent: 0,
      amountOff: { NGN: 1000, USD: 1.5 },
      maxUses: 10,
      active: false,
      uses: 4,
      reserved: 1,
      revenueMinor: { NGN: 382_500, USD: 595 },
    });
    await queries.setDiscountCodeActive('COUNTED', true);
    listed = (await queries.fetchDiscountCodes()).find((code) => code.code === 'COUNTED');
    expect(listed).toMatchObject({ active: true, uses: 4 });
  });

  it('deletes a code', async () => {
    await queries.createDiscountCode('DOOMED', percentTerms);
    await queries.deleteDiscountCode('DOOMED');
    expect((await db.doc('discountCodes/DOOMED').get()).exists).toBe(false);
  });
});
