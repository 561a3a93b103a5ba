// The Sales panel's server data (docs/admin.md): RTK Query endpoints over salesQueries.ts. The CSV export
// reads every filtered sale and is not cached (it calls fetchAllSales directly). A sale action that
// succeeded invalidates 'Sale', so the list, totals and chart read again (saleActionsApi.ts).
import { api, runQuery } from '../../../lib/api';
import type { PageCursor } from '../../../../domain/paging';
import type { CurrencyTotal, RevenueBucket, SaleProductOption, SalesPage, SalesQuery } from './salesTypes';
import { fetchDailyRevenue, fetchSaleProducts, fetchSalesPage, fetchSalesTotals } from './salesQueries';

/** What a page of the Sales list is read with. */
export interface SalesPageArgs {
  sales: SalesQuery;
  after: PageCursor | null;
}

export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalesPage: build.query<SalesPage, SalesPageArgs>({
      queryFn: ({ sales, after }) => runQuery(() => fetchSalesPage(sales, after)),
      providesTags: ['Sale'],
    }),
    getSalesTotals: build.query<CurrencyTotal[], SalesQuery>({
      queryFn: (sales) => runQuery(() => fetchSalesTotals(sales)),
      providesTags: ['Sale'],
    }),
    getDailyRevenue: build.query<RevenueBucket[], SalesQuery>({
      queryFn: (sales) => runQuery(() => fetchDailyRevenue(sales)),
      providesTags: ['Sale'],
    }),
    getSaleProducts: build.query<SaleProductOption[], void>({
      queryFn: () => runQuery(() => fetchSaleProducts()),
    }),
  }),
});

export const { useGetSalesPageQuery, useGetSalesTotalsQuery, useGetDailyRevenueQuery, useGetSaleProductsQuery } =
  salesApi;
