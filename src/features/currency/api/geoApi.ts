import { api, runQuery } from '../../../lib/api';
import { getConfig } from '../../../lib/config';
import { lookupDefaultCurrency } from '../../../lib/geo';
import type { Currency } from '../../../../domain/money';

// One lookup per session: RTK Query keeps the answer, so product pages after the first ask no more.
export const geoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGeoCurrency: build.query<Currency, void>({
      // Never an error: a failed lookup means USD (docs/storefront.md, 'Currency').
      queryFn: () => runQuery(() => lookupDefaultCurrency(getConfig().geoIpUrl)),
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetGeoCurrencyQuery } = geoApi;
