import { api, runQuery } from '../../../lib/api';
import type { Product } from '../../../lib/product';

// SPEC §9: the home page shows the 6 newest products; DESIGN §8 says read only those 6.
export const latestProductsCount = 6;

const queries = () => import('./catalogQueries');

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLatestProducts: build.query<Product[], void>({
      queryFn: () => runQuery(async () => (await queries()).fetchLatestProducts(latestProductsCount)),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useGetLatestProductsQuery } = catalogApi;
