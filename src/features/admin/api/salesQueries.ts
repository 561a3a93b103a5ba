// Firestore reads of the Sales panel (docs/admin.md), straight from the browser under the rules (admins may
// get and list transactions). Components get plain rows; tests mock this module at its boundary
// (tests/support/salesQueries.mock.ts).
//
// Every query is the same shape: equality filters (product, currency, provider, buyer e-mail, code), then
// createdAt in [start, end) ordered newest first. firestore.indexes.json declares one composite index
// per equality field with createdAt descending; Firestore merges them for any combination, so five
// indexes serve all thirty-two. Totals and the chart are count/sum aggregations over that same query,
// so they never read the transactions themselves.
import {
  Timestamp,
  collection,
  count,
  documentId,
  getAggregate,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  sum,
  where,
  type FirestoreDataConverter,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { emailStatuses, paymentMethods, type PaymentMethod } from '../../../../domain/apiContracts';
import { isoDate } from '../../../../domain/dates';
import type { Currency } from '../../../../domain/money';
import { cursorAt, newestFirstPage, type PageCursor } from '../../../../domain/paging';
import { disputeStatuses, refundStatuses } from '../../../../domain/refunds';
import { getDb } from '../../../lib/firebase';
import { addDays, dayCount, lagosDayKey, lagosDayStart } from '../../../../domain/lagosDates';
import {
  currencies,
  type CurrencyTotal,
  type RevenueBucket,
  type SaleDispute,
  type SaleProductOption,
  type SaleRefund,
  type SaleRow,
  type SalesPage,
  type SalesQuery,
} from './salesTypes';

export const salesPageSize = 25;
export const exportPageSize = 500;
/** The chart has at most this many bars per currency; longer ranges put several days in one bar. */
export const maxChartBuckets = 31;
// Aggregation requests in flight at once while building the chart.
const chartConcurrency = 6;

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function num(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function refundOf(value: unknown): SaleRefund | null {
  const refund = record(value);
  if (!refund) return null;
  const at = str(refund.at);
  return {
    status: oneOf(refund.status, refundStatuses, 'pending'),
    amount: num(refund.amount),
    refunded: num(refund.refunded),
    full: refund.full === true,
    at: at || null,
    // The admin's name when the API knew it, else who the API recorded (a uid, or the provider).
    by: str(refund.byName) || str(refund.by),
    reason: str(refund.reason),
    failure: str(refund.failure) || null,
  };
}

function disputeOf(value: unknown): SaleDispute | null {
  const dispute = record(value);
  if (!dispute) return null;
  return {
    status: oneOf(dispute.status, disputeStatuses, 'open'),
    deadline: str(dispute.deadline) || null,
    reason: str(dispute.reason),
  };
}

export const saleConverter: FirestoreDataConverter<SaleRow> = {
  toFirestore() {
    // The browser never writes transactions (docs/security.md).
    throw new Error('Transactions are written by the API only');
  },
  fromFirestore(snapshot: QueryDocumentSnapshot): SaleRow {
    const data = snapshot.data();
    return {
      id: snapshot.id,
      createdAt: isoDate(data.createdAt),
      productId: str(data.productId),
      productName: str(data.productName),
      customerName: str(data.customerName),
      customerEmail: str(data.customerEmail),
      customerPhone: str(data.customerPhone),
      amountPaid: num(data.amountPaid),
      currency: oneOf<Currency>(data.currency, currencies, 'NGN'),
      paymentMethod: oneOf<PaymentMethod>(data.paymentMethod, paymentMethods, 'Demo'),
      // Sales recorded before checkouts have none of these: no discount, listed at what was paid.
      listPrice: typeof data.listPrice === 'number' ? num(data.listPrice) : num(data.amountPaid),
      discountCode: str(data.discountCode),
      discountAmount: num(data.discountAmount),
      reference: str(data.transactionReference),
      emailStatus: oneOf(data.emailStatus, emailStatuses, 'sending'),
      // Sales recorded before the counter existed have no field: no use counted yet.
      accessUses: num(data.accessUses),
      downloads: {
        count: num((data.downloads as { count?: unknown } | undefined)?.count),
        devices: num((data.downloads as { devices?: unknown } | undefined)?.devices),
      },
      accessRevoked: data.accessRevoked === true,
      refund: refundOf(data.refund),
      dispute: disputeOf(data.dispute),
      // A sale without a stored time (none exists: the API stamps each) would page as the oldest.
      cursor: cursorAt(data.createdAt, snapshot.id) ?? { seconds: 0, nanoseconds: 0, id: snapshot.id },
      ...(typeof data.affiliateCode === 'string' && data.affiliateCode
        ? { affiliateCode: data.affiliateCode, commission: num(data.commissionMinor) / 100 }
        : {}),
    };
  },
};

function equalities(sales: SalesQuery): QueryConstraint[] {
  const constraints: QueryConstraint[] = [];
  if (sales.productId) constraints.push(where('productId', '==', sales.productId));
  if (sales.currency) constraints.push(where('currency', '==', sales.currency));
  if (sales.paymentMethod) constraints.push(where('paymentMethod', '==', sales.paymentMethod));
  if (sales.customerEmail) constraints.push(where('customerEmail', '==', sales.customerEmail.trim().toLowerCase()));
  // 'Refunded' is a sale with money back (in part or in full); 'Disputed' any sale a buyer disputed,
  // open or decided. Both are set by the API only.
  if (sales.status === 'refunded') constraints.push(where('refund.status', '==', 'refunded'));
  if (sales.status === 'disputed') constraints.push(where('disputed', '==', true));
  if (sales.discountCode) constraints.push(where('discountCode', '==', sales.discountCode.trim().toUpperCase()));
  if (sales.affiliateCode) constraints.push(where('affiliateCode', '==', sales.affiliateCode.trim().toUpperCase()));
  return constraints;
}

/** The filtered transactions between two instants, newest first. */
function salesQuery(sales: SalesQuery, startMs = sales.startMs, endMs = sales.endMs): Query<SaleRow> {
  return query(
    collection(getDb(), 'transactions').withConverter(saleConverter),
    ...equalities(sales),
    where('createdAt', '>=', Timestamp.fromMillis(startMs)),
    where('createdAt', '<', Timestamp.fromMillis(endMs)),
    orderBy('createdAt', 'desc'),
    // Named here (the SDK would add it anyway) so a cursor may carry the id as its tie-breaker.
    orderBy(documentId(), 'desc'),
  );
}

function afterCursor(cursor: PageCursor | null): QueryConstraint[] {
  // Sales recorded in the same instant are told apart by their id, the second order field.
  return cursor ? [startAfter(new Timestamp(cursor.seconds, cursor.nanoseconds), cursor.id)] : [];
}

/** One page of the list: the sales after `after` (the previous page's last row), newest first. */
export async function fetchSalesPage(
  sales: SalesQuery,
  after: PageCursor | null,
  pageSize = salesPageSize,
): Promise<SalesPage> {
  // One more than a page tells whether a next page exists without counting.
  const snapshot = await getDocs(query(salesQuery(sales), ...afterCursor(after), limit(pageSize + 1)));
  const page = newestFirstPage(
    snapshot.docs.map((d) => d.data()),
    pageSize,
    (row) => row.cursor,
    { lookahead: true },
  );
  return { rows: page.items, hasNext: page.hasNext };
}

/** Every filtered sale, read in pages of `pageSize` with cursors (the CSV export). */
export async function fetchAllSales(
  sales: SalesQuery,
  pageSize = exportPageSize,
  onProgress?: (loaded: number) => void,
): Promise<SaleRow[]> {
  const all: SaleRow[] = [];
  let after: PageCursor | null = null;
  for (;;) {
    const page = await fetchSalesPage(sales, after, pageSize);
    all.push(...page.rows);
    onProgress?.(all.length);
    const last = page.rows.at(-1);
    if (!page.hasNext || !last) return all;
    after = last.cursor;
  }
}

function currenciesOf(sales: SalesQuery): Currency[] {
  return sales.currency ? [sales.currency] : [...currencies];
}

/** What was refunded of the matching sales (only refunded sales carry the field). */
async function refundedSum(query: Query<SaleRow>): Promise<number> {
  // A request of its own: an aggregation counts only documents that have every field it sums, so
  // beside count() it would count refunded sales only.
  const snapshot = await getAggregate(query, { refunds: sum('refund.refunded') });
  return num(snapshot.data().refunds);
}

/** What discount codes took off the matching sales (sales before checkouts have no such field). */
async function discountedSum(query: Query<SaleRow>): Promise<number> {
  // A request of its own, for the same reason as the refunds.
  const snapshot = await getAggregate(query, { discounts: sum('discountAmount') });
  return num(snapshot.data().discounts);
}

/**
 * Number of sales, revenue, refunds and discounts per currency in the filtered range: a count+sum
 * request, a refunds sum and a discounts sum per currency. Net is revenue minus refunds; the list
 * price total (gross) is revenue plus discounts.
 */
export async function fetchSalesTotals(sales: SalesQuery): Promise<CurrencyTotal[]> {
  return Promise.all(
    currenciesOf(sales).map(async (currency) => {
      const query = salesQuery({ ...sales, currency });
      const [snapshot, refunds, discounts, commissions] = await Promise.all([
        getAggregate(query, { sales: count(), revenue: sum('amountPaid') }),
        refundedSum(query),
        discountedSum(query),
        // Affiliates' commissions (kobo or cents on the sale), summed apart for the same reason.
        getAggregate(query, { commissions: sum('commissionMinor') }).then((s) => num(s.data().commissions) / 100),
      ]);
      const totals = snapshot.data();
      return { currency, count: num(totals.sales), revenue: num(totals.revenue), refunds, discounts, commissions };
    }),
  );
}

async function inBatches<T>(tasks: Array<() => Promise<T>>, size: number): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += size) {
    results.push(...(await Promise.all(tasks.slice(i, i + size).map((task) => task()))));
  }
  return results;
}

/**
 * Revenue and refunds per day and currency for the chart (refunds by the day of the sale they
 * return), two sum requests per bar and currency: at most
 * 31 bars (longer ranges put several days in a bar), so the cost stays bounded however many
 * sales the range holds, where reading the range's documents would grow with them.
 */
export async function fetchDailyRevenue(sales: SalesQuery): Promise<RevenueBucket[]> {
  const first = lagosDayKey(new Date(sales.startMs));
  const last = lagosDayKey(new Date(sales.endMs - 1));
  const days = dayCount(first, last);
  const perBucket = Math.ceil(days / maxChartBuckets);
  const buckets: RevenueBucket[] = [];
  for (let offset = 0; offset < days; offset += perBucket) {
    const day = addDays(first, offset);
    buckets.push({
      day,
      days: Math.min(perBucket, days - offset),
      revenue: { NGN: 0, USD: 0 },
      refunds: { NGN: 0, USD: 0 },
    });
  }
  const wanted = currenciesOf(sales);
  const tasks = buckets.flatMap((bucket) =>
    wanted.map((currency) => async () => {
      const start = Math.max(sales.startMs, lagosDayStart(bucket.day));
      const end = Math.min(sales.endMs, lagosDayStart(addDays(bucket.day, bucket.days)));
      const query = salesQuery({ ...sales, currency }, start, end);
      const [snapshot, refunds] = await Promise.all([
        getAggregate(query, { revenue: sum('amountPaid') }),
        refundedSum(query),
      ]);
      bucket.revenue[currency] = num(snapshot.data().revenue);
      bucket.refunds[currency] = refunds;
    }),
  );
  await inBatches(tasks, chartConcurrency);
  return buckets;
}

// firestore.rules plans to cap public product lists at 100 documents; a longer catalog is still
// filterable by a product id in the URL (?product=...).
const productOptionsLimit = 100;

/** Products for the product filter, by title; bounded, as a catalog can grow large. */
export async function fetchSaleProducts(): Promise<SaleProductOption[]> {
  const snapshot = await getDocs(query(collection(getDb(), 'products'), orderBy('title'), limit(productOptionsLimit)));
  return snapshot.docs.map((d) => ({ id: d.id, title: str(d.get('title')) }));
}
