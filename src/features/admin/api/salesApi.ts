// The Sales panel's server data (docs/admin.md): RTK Query endpoints over salesQueries.ts. The CSV export
// reads every filtered sale and is not cached (it calls fetchAllSales directly).
import { api, runQuery } from '../../../lib/api';
import type { PageCursor } from '../../../../domain/paging';
import type { CurrencyTotal, RevenueBucket, SaleProductOption, SalesPage, SalesQuery } from '../sales/types';
import { fetchDailyRevenue, fetchSaleProducts, fetchSalesPage, fetchSalesTotals } from './salesQueries';

export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSalesPage: build.query<SalesPage, { sales: SalesQuery; after: PageCursor | null }>({
      queryFn: ({ sales, after }) => runQuery(() => fetchSalesPage(sales, after)),
    }),
    getSalesTotals: build.query<CurrencyTotal[], SalesQuery>({
      queryFn: (sales) => runQuery(() => fetchSalesTotals(sales)),
    }),
    getDailyRevenue: build.query<RevenueBucket[], SalesQuery>({
      queryFn: (sales) => runQuery(() => fetchDailyRevenue(sales)),
    }),
    getSaleProducts: build.query<SaleProductOption[], void>({
      queryFn: () => runQuery(() => fetchSaleProducts()),
    }),
  }),
});

export const { useGetSalesPageQuery, useGetSalesTotalsQuery, useGetDailyRevenueQuery, useGetSaleProductsQuery } =
  salesApi;
