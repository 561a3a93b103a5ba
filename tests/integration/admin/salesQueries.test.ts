// The Sales panel's data access (src/features/admin/api/salesQueries.ts) with the real Firestore Lite
// and Auth SDKs against a Firestore emulator of its own that enforces the project's firestore.rules
// and firestore.indexes.json: every filter's query and aggregation is answered under index
// enforcement, signed in as the demo admin; a signed-in non-admin is refused.
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../../local/firestore/server';
import { demoAdmin, seedDemoAdmin } from '../../../local/seed/seed';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';
import { buildSalesCsv } from '../../../src/features/admin/sales/salesCsv';
import { signUpStranger } from '../../support/authEmulatorUsers';
import { buildSaleRecord } from '../../support/records';

type Queries = typeof import('../../../src/features/admin/api/salesQueries');
type AuthApi = typeof import('../../../src/features/admin/api/auth');
type Lite = typeof import('firebase/firestore/lite');
type Firebase = typeof import('../../../src/lib/firebase');

const root = resolve(import.meta.dirname, '../../..');
const projectIndexes = resolve(root, 'firestore.indexes.json');
// The emulator enforces a copy of the project's indexes, so one test can take an index away.
let indexesDir: string;
let indexesFile: string;
const cloud = inject('cloud');
let emulator: FirestoreEmulator;
let db: Firestore;
let queries: Queries;
let auth: AuthApi;
let lite: Lite;
let firebase: Firebase;

// 1-3 March 2026 in Lagos: midnight in Lagos is 23:00 UTC the day before.
const day1 = Date.parse('2026-03-01T00:00:00+01:00');
const hour = 3_600_000;
const march = { startMs: day1, endMs: day1 + 72 * hour };

interface Seeded {
  id: string;
  at: number;
  productId: string;
  currency: 'NGN' | 'USD';
  paymentMethod: 'Paystack' | 'PayPal' | 'Demo';
  email: string;
  amountPaid: number;
  /** Refunded so far (in the sale's currency); 0 when never refunded. */
  refunded: number;
  disputed: boolean;
  /** Five NGN sales were made with the code SPRING (₦675 off a list price of ₦8,175). */
  code: string;
}

// Refunds as the API stores them: sale 1 in full, 2 in part, 3 (USD) in part, 5 still pending at
// the provider (nothing back yet). Sales 1 and 4 were disputed.
const refunds: Record<number, { status: 'refunded' | 'pending'; refunded: number; full: boolean }> = {
  1: { status: 'refunded', refunded: 7500, full: true },
  2: { status: 'refunded', refunded: 2500, full: false },
  3: { status: 'refunded', refunded: 4.5, full: false },
  5: { status: 'pending', refunded: 0, full: false },
};
const disputed = new Set([1, 4]);
const affiliated = new Set([4, 14, 24]);

// 30 sales an hour apart from 01:00 on 1 March (Lagos): products, currencies, providers and buyers
// rotate so each filter picks a known set.
const seeded: Seeded[] = Array.from({ length: 30 }, (_, i) => {
  const currency = i % 3 === 0 ? 'USD' : 'NGN';
  return {
    id: `demo_sale-${String(i).padStart(2, '0')}`,
    at: day1 + (i + 1) * hour,
    productId: i % 2 === 0 ? 'excel-mastery' : 'python-basics',
    currency,
    paymentMethod: currency === 'USD' ? 'PayPal' : i % 4 === 1 ? 'Demo' : 'Paystack',
    email: i % 5 === 0 ? 'ada.obi@example.com' : `buyer${i}@example.com`,
    amountPaid: currency === 'USD' ? 9 : 7500,
    refunded: refunds[i]?.refunded ?? 0,
    disputed: disputed.has(i),
    code: i % 6 === 2 ? 'SPRING' : '',
  };
});

function refundFields(i: number): Record<string, unknown> {
  const refund = refunds[i];
  return {
    ...(refund
      ? {
          refund: {
            ...refund,
            amount: refund.status === 'pending' ? 1000 : refund.refunded,
            at: refund.status === 'pending' ? null : '2026-03-04T10:00:00.000Z',
            by: 'admin-uid',
            byName: 'Ada Admin',
            providerRef: `refund-${i}`,
            reason: 'Paid twice',
            failure: null,
            claim: null,
            entries: {},
          },
        }
      : {}),
    ...(disputed.has(i)
      ? {
          disputed: true,
          dispute: { id: `d${i}`, status: 'open', deadline: null, at: '2026-03-04T10:00:00.000Z', reason: '' },
        }
      : {}),
  };
}

beforeAll(async () => {
  indexesDir = await mkdtemp(join(tmpdir(), 'sales-indexes-'));
  indexesFile = join(indexesDir, 'firestore.indexes.json');
  await copyFile(projectIndexes, indexesFile);
  emulator = await startFirestoreEmulator({
    indexesFile,
    rulesFile: resolve(root, 'firestore.rules'),
  });
  const firestoreHost = `127.0.0.1:${emulator.port}`;
  db = createAdminFirestore({ projectId: cloud.projectId, emulatorHost: firestoreHost });
  process.env.VITE_USE_EMULATORS = '1';
  process.env.VITE_FIRESTORE_EMULATOR_HOST = firestoreHost;
  process.env.VITE_AUTH_EMULATOR_URL = cloud.authUrl;
  await seedDemoAdmin(db, cloud.authUrl);
  const batch = db.batch();
  for (const sale of seeded) {
    const fields = {
      reference: sale.id.replace('demo_', ''),
      at: new Date(sale.at),
      productId: sale.productId,
      productName: sale.productId === 'excel-mastery' ? 'Excel Mastery' : 'Python Basics',
      customerEmail: sale.email,
      amountPaid: sale.amountPaid,
      currency: sale.currency,
      paymentMethod: sale.paymentMethod,
    };
    batch.set(
      db.doc(`transactions/${sale.id}`),
      buildSaleRecord(fields, {
        ...(sale.id === 'demo_sale-29'
          ? { accessUses: 3, downloads: { count: 2, devices: 1, byFile: { f1: 2 } } }
          : {}),
        ...refundFields(Number(sale.id.slice(-2))),
        ...(sale.code
          ? { listPrice: sale.amountPaid + 675, discountCode: sale.code, discountAmount: 675, checkoutId: null }
          : {}),
        // Sales 4, 14 (NGN) and 24 (USD) came through the affiliate ADA, at 30% (docs/affiliates.md).
        ...(affiliated.has(Number(sale.id.slice(-2)))
          ? {
              affiliateCode: 'ADA',
              commissionMinor: sale.currency === 'NGN' ? 225_000 : 270,
              commissionPaidBy: 'ledger',
            }
          : {}),
      }),
    );
  }
  // A sale the day before the range, which no query of March may return.
  batch.set(db.doc('transactions/demo_before'), {
    productId: 'excel-mastery',
    currency: 'NGN',
    paymentMethod: 'Paystack',
    customerEmail: 'ada.obi@example.com',
    amountPaid: 100000,
    createdAt: Timestamp.fromMillis(day1 - hour),
  });
  await batch.commit();
  queries = await import('../../../src/features/admin/api/salesQueries');
  auth = await import('../../../src/features/admin/api/auth');
  lite = await import('firebase/firestore/lite');
  firebase = await import('../../../src/lib/firebase');
  // The refusals below are expected; the SDK would log each one.
  lite.setLogLevel('silent');
  await auth.signIn(demoAdmin.email, demoAdmin.password);
});
afterAll(async () => {
  await auth.signOutAdmin();
  await emulator.close();
  await rm(indexesDir, { recursive: true, force: true });
});

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
const expectedIds = (pick: (sale: Seeded) => boolean) =>
  seeded
    .filter(pick)
    .sort((a, b) => b.at - a.at)
    .map((sale) => sale.id);

describe('sales data access as the demo admin', () => {
  it('pages 25 newest first, then the rest after the cursor, as plain rows', async () => {
    const first = await queries.fetchSalesPage(march, null);
    expect(first.rows).toHaveLength(25);
    expect(first.hasNext).toBe(true);
    expect(first.rows[0]).toEqual({
      id: 'demo_sale-29',
      createdAt: '2026-03-02T05:00:00.000Z',
      productId: 'python-basics',
      productName: 'Python Basics',
      customerName: 'Ada Obi',
      customerEmail: 'buyer29@example.com',
      customerPhone: '+234 803 000 0000',
      amountPaid: 7500,
      currency: 'NGN',
      paymentMethod: 'Demo',
      listPrice: 7500,
      discountCode: '',
      discountAmount: 0,
      reference: 'sale-29',
      emailStatus: 'sent',
      accessUses: 3,
      downloads: { count: 2, devices: 1 },
      accessRevoked: false,
      refund: null,
      dispute: null,
      cursor: { seconds: 1772427600, nanoseconds: 0, id: 'demo_sale-29' },
    });
    const last = first.rows.at(-1);
    expect(last?.id).toBe('demo_sale-05');
    const second = await queries.fetchSalesPage(march, last?.cursor ?? null);
    expect(ids(second.rows)).toEqual(['demo_sale-04', 'demo_sale-03', 'demo_sale-02', 'demo_sale-01', 'demo_sale-00']);
    expect(second.hasNext).toBe(false);
  });

  it.each([
    ['product', { productId: 'excel-mastery' }, (s: Seeded) => s.productId === 'excel-mastery'],
    ['currency', { currency: 'USD' as const }, (s: Seeded) => s.currency === 'USD'],
    ['provider', { paymentMethod: 'Demo' as const }, (s: Seeded) => s.paymentMethod === 'Demo'],
    ['buyer e-mail', { customerEmail: 'Ada.Obi@Example.com' }, (s: Seeded) => s.email === 'ada.obi@example.com'],
    ['discount code', { discountCode: 'spring' }, (s: Seeded) => s.code === 'SPRING'],
    [
      'every filter at once',
      {
        productId: 'excel-mastery',
        currency: 'NGN' as const,
        paymentMethod: 'Paystack' as const,
        customerEmail: 'ada.obi@example.com',
      },
      (s: Seeded) =>
        s.productId === 'excel-mastery' &&
        s.currency === 'NGN' &&
        s.paymentMethod === 'Paystack' &&
        s.email === 'ada.obi@example.com',
    ],
  ])('filters by %s under index enforcement, with totals by aggregation', async (_name, filter, pick) => {
    const sales = { ...march, ...filter };
    const page = await queries.fetchSalesPage(sales, null);
    expect(ids(page.rows)).toEqual(expectedIds(pick).slice(0, 25));
    const totals = await queries.fetchSalesTotals(sales);
    for (const total of totals) {
      const matching = seeded.filter((s) => pick(s) && s.currency === total.currency);
      expect(total.count).toBe(matching.length);
      expect(total.revenue).toBe(matching.reduce((sum, s) => sum + s.amountPaid, 0));
      expect(total.refunds).toBe(matching.reduce((sum, s) => sum + s.refunded, 0));
      expect(total.discounts).toBe(matching.filter((s) => s.code).length * 675);
    }
  });

  it('totals every currency of the range: 20 NGN sales of ₦7,500 and 10 USD sales of $9, with their refunds', async () => {
    expect(await queries.fetchSalesTotals(march)).toEqual([
      { currency: 'NGN', count: 20, revenue: 150000, refunds: 10000, discounts: 3375, commissions: 4500 },
      { currency: 'USD', count: 10, revenue: 90, refunds: 4.5, discounts: 0, commissions: 2.7 },
    ]);
    expect(await queries.fetchSalesTotals({ ...march, currency: 'USD' })).toEqual([
      { currency: 'USD', count: 10, revenue: 90, refunds: 4.5, discounts: 0, commissions: 2.7 },
    ]);
  });

  it('filters by affiliate under index enforcement, each sale with its commission', async () => {
    const page = await queries.fetchSalesPage({ ...march, affiliateCode: 'ada' }, null);
    expect(page.rows.map((row) => [row.id, row.affiliateCode, row.commission])).toEqual([
      ['demo_sale-24', 'ADA', 2.7],
      ['demo_sale-14', 'ADA', 2250],
      ['demo_sale-04', 'ADA', 2250],
    ]);
    expect(await queries.fetchSalesTotals({ ...march, affiliateCode: 'ADA', currency: 'NGN' })).toEqual([
      { currency: 'NGN', count: 2, revenue: 15000, refunds: 0, discounts: 675, commissions: 4500 },
    ]);
  });

  it("filters 'Refunded' (money back, in part or in full) and 'Disputed' under index enforcement", async () => {
    const refunded = await queries.fetchSalesPage({ ...march, status: 'refunded' }, null);
    expect(ids(refunded.rows)).toEqual(['demo_sale-03', 'demo_sale-02', 'demo_sale-01']);
    expect(refunded.rows.at(-1)?.refund).toEqual({
      status: 'refunded',
      amount: 7500,
      refunded: 7500,
      full: true,
      at: '2026-03-04T10:00:00.000Z',
      by: 'Ada Admin',
      reason: 'Paid twice',
      failure: null,
    });
    expect(await queries.fetchSalesTotals({ ...march, status: 'refunded' })).toEqual([
      { currency: 'NGN', count: 2, revenue: 15000, refunds: 10000, discounts: 675, commissions: 0 },
      { currency: 'USD', count: 1, revenue: 9, refunds: 4.5, discounts: 0, commissions: 0 },
    ]);
    // The CSV of those sales carries the refund status, amount and date, and the dispute, then the
    // list price and the discount (sale-02 was made with SPRING).
    const csv = buildSalesCsv(await queries.fetchAllSales({ ...march, status: 'refunded' })).split('\r\n');
    expect(csv[0]).toMatch(
      /,Refund status,Refunded amount,Refund date \(Africa\/Lagos\),Dispute,List price,Discount code,Discount amount,Affiliate,Affiliate commission$/,
    );
    expect(csv.slice(1, 4).map((line) => line.split(',').slice(-9).join(','))).toEqual([
      'refunded,4.5,2026-03-04 11:00:00,,9,,0,,0',
      'refunded,2500,2026-03-04 11:00:00,,8175,SPRING,675,,0',
      'refunded,7500,2026-03-04 11:00:00,open,7500,,0,,0',
    ]);
    const disputedPage = await queries.fetchSalesPage({ ...march, status: 'disputed', currency: 'NGN' }, null);
    expect(ids(disputedPage.rows)).toEqual(['demo_sale-04', 'demo_sale-01']);
    expect(disputedPage.rows[0]?.dispute).toEqual({ status: 'open', deadline: null, reason: '' });
  });

  it('sums revenue per Lagos day for the chart', async () => {
    // Sales at 01:00..23:00 on 1 March (23 sales: i 0..22), then 00:00..06:00 on 2 March (i 23..29).
    const buckets = await queries.fetchDailyRevenue(march);
    const ngnDay1 = seeded.filter((s, i) => i < 23 && s.currency === 'NGN').length * 7500;
    const usdDay1 = seeded.filter((s, i) => i < 23 && s.currency === 'USD').length * 9;
    // Refunds count on the day of the sale they return: sales 1 to 3 were all on 1 March.
    expect(buckets).toEqual([
      { day: '2026-03-01', days: 1, revenue: { NGN: ngnDay1, USD: usdDay1 }, refunds: { NGN: 10000, USD: 4.5 } },
      {
        day: '2026-03-02',
        days: 1,
        revenue: { NGN: 150000 - ngnDay1, USD: 90 - usdDay1 },
        refunds: { NGN: 0, USD: 0 },
      },
      { day: '2026-03-03', days: 1, revenue: { NGN: 0, USD: 0 }, refunds: { NGN: 0, USD: 0 } },
    ]);
    expect(ngnDay1).toBe(112500);
  });

  it('groups days into at most 31 bars for a long range', async () => {
    const long = { startMs: Date.parse('2026-01-01T00:00:00+01:00'), endMs: Date.parse('2026-03-03T00:00:00+01:00') };
    const buckets = await queries.fetchDailyRevenue(long);
    expect(buckets.length).toBeLessThanOrEqual(31);
    expect(buckets[0]).toMatchObject({ day: '2026-01-01', days: 2 });
    expect(buckets.reduce((sum, b) => sum + b.revenue.NGN, 0)).toBe(250000);
    expect(buckets.reduce((sum, b) => sum + b.revenue.USD, 0)).toBe(90);
  });

  it('reads every filtered sale for the export in pages, without repeats', async () => {
    const loaded: number[] = [];
    const all = await queries.fetchAllSales(march, 7, (n) => loaded.push(n));
    expect(ids(all)).toEqual(expectedIds(() => true));
    expect(loaded).toEqual([7, 14, 21, 28, 30]);
  });

  it('lists products for the product filter', async () => {
    await db.doc('products/sales-filter-product').set({ title: 'AAA Sales Filter Product' });
    const products = await queries.fetchSaleProducts();
    expect(products).toContainEqual({ id: 'sales-filter-product', title: 'AAA Sales Filter Product' });
  });

  it('needs the declared currency index: without it the currency filter and the totals are refused', async () => {
    interface IndexesJson {
      indexes: Array<{ collectionGroup: string; fields: Array<{ fieldPath: string }> }>;
    }
    const declared = JSON.parse(await readFile(projectIndexes, 'utf8')) as IndexesJson;
    const kept = declared.indexes.filter(
      (index) => !(index.collectionGroup === 'transactions' && index.fields[0]?.fieldPath === 'currency'),
    );
    expect(kept).toHaveLength(declared.indexes.length - 1);
    await writeFile(indexesFile, JSON.stringify({ ...declared, indexes: kept }, null, 2));
    try {
      await expect(queries.fetchSalesPage({ ...march, currency: 'USD' }, null)).rejects.toMatchObject({
        code: 'failed-precondition',
      });
      await expect(queries.fetchSalesTotals(march)).rejects.toMatchObject({ code: 'failed-precondition' });
      // The other indexes still serve their filters.
      expect((await queries.fetchSalesPage({ ...march, paymentMethod: 'Demo' }, null)).rows).toHaveLength(6);
    } finally {
      await copyFile(projectIndexes, indexesFile);
    }
    expect((await queries.fetchSalesTotals(march)).map((total) => total.count)).toEqual([20, 10]);
  });

  it('is refused an undeclared composite query (index enforcement is on)', async () => {
    const { collection, getDocs, orderBy, query, where } = lite;
    const undeclared = query(
      collection(firebase.getDb(), 'transactions'),
      where('customerName', '==', 'Ada Obi'),
      orderBy('createdAt', 'desc'),
    );
    await expect(getDocs(undeclared)).rejects.toMatchObject({ code: 'failed-precondition' });
  });
});

describe('sales data access as a signed-in non-admin', () => {
  it('is refused the list and the totals (permission-denied)', async () => {
    const stranger = await signUpStranger(cloud.authUrl);
    await auth.signOutAdmin();
    await auth.signIn(stranger.email, 'stranger-pass-2026');
    try {
      await expect(queries.fetchSalesPage(march, null)).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(queries.fetchSalesTotals(march)).rejects.toMatchObject({ code: 'permission-denied' });
    } finally {
      await auth.signOutAdmin();
    }
  });
});
