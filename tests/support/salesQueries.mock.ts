// Stand-in for src/features/admin/api/salesQueries.ts, the boundary behind which the Sales panel's
// Firestore code lives. Typed against the real module, so a changed signature breaks the build here.
// Use it with
//   vi.mock('<path to>/src/features/admin/api/salesQueries', () => import('<path to>/salesQueries.mock'));
import { vi } from 'vitest';
import type { SaleRow } from '../../src/features/admin/api/salesTypes';

type Queries = typeof import('../../src/features/admin/api/salesQueries');

export const salesPageSize = 25;
export const exportPageSize = 500;
export const maxChartBuckets = 31;
export const saleConverter = {} as Queries['saleConverter'];
export const fetchSalesPage = vi.fn<Queries['fetchSalesPage']>();
export const fetchAllSales = vi.fn<Queries['fetchAllSales']>();
export const fetchSalesTotals = vi.fn<Queries['fetchSalesTotals']>();
export const fetchDailyRevenue = vi.fn<Queries['fetchDailyRevenue']>();
export const fetchSaleProducts = vi.fn<Queries['fetchSaleProducts']>();

const mock = {
  salesPageSize,
  exportPageSize,
  maxChartBuckets,
  saleConverter,
  fetchSalesPage,
  fetchAllSales,
  fetchSalesTotals,
  fetchDailyRevenue,
  fetchSaleProducts,
} satisfies Queries;

/** Forgets calls; every read answers empty. */
export function resetSalesQueries() {
  [fetchSalesPage, fetchAllSales, fetchSalesTotals, fetchDailyRevenue, fetchSaleProducts].forEach((fn) =>
    fn.mockReset(),
  );
  fetchSalesPage.mockResolvedValue({ rows: [], hasNext: false });
  fetchAllSales.mockResolvedValue([]);
  fetchSalesTotals.mockImplementation(async (sales) =>
    (sales.currency ? [sales.currency] : (['NGN', 'USD'] as const)).map((currency) => ({
      currency,
      count: 0,
      revenue: 0,
      refunds: 0,
      discounts: 0,
    })),
  );
  fetchDailyRevenue.mockResolvedValue([]);
  fetchSaleProducts.mockResolvedValue([]);
  return mock;
}

let sequence = 0;

/** A sale with sensible defaults, as the other builders (docs/testing.md). */
export function buildSale(overrides: Partial<SaleRow> = {}): SaleRow {
  sequence += 1;
  const id = overrides.id ?? `paystack_T${1000 + sequence}`;
  return {
    id,
    createdAt: '2026-11-20T09:30:00.000Z',
    productId: 'excel-mastery',
    productName: 'Excel Mastery',
    customerName: 'Ada Obi',
    customerEmail: `buyer${sequence}@example.com`,
    customerPhone: '+234 803 000 0000',
    amountPaid: 7500,
    currency: 'NGN',
    paymentMethod: 'Paystack',
    listPrice: 7500,
    discountCode: '',
    discountAmount: 0,
    reference: `T${1000 + sequence}`,
    emailStatus: 'sent',
    accessUses: 0,
    downloads: { count: 0, devices: 0 },
    accessRevoked: false,
    refund: null,
    dispute: null,
    cursor: { seconds: 1_790_000_000 - sequence, nanoseconds: 0, id },
    ...overrides,
  };
}
