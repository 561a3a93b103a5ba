// 'What you get' on the product page (docs/storefront.md): the counts and kinds of what a product
// delivers, from the API. A product page the API served brings it in its HTML and starts with it in
// the cache (src/main.tsx); a page the SPA opens itself asks once, after the page has painted.
import { whatYouGetFromData, type WhatYouGet } from '../../../../domain/whatYouGet';
import { api, runQuery } from '../../../lib/api';
import { requestJson } from '../../../lib/http';

export const whatYouGetUrl = (productId: string) => `/api/products/${encodeURIComponent(productId)}/what-you-get`;

const whatYouGetApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWhatYouGet: build.query<WhatYouGet, string>({
      queryFn: (productId) =>
        runQuery(async () => whatYouGetFromData(await requestJson<unknown>('GET', whatYouGetUrl(productId)))),
    }),
  }),
});

export const { useGetWhatYouGetQuery } = whatYouGetApi;

/** Puts the summary the page brought with it into the cache, before the first render. */
export function whatYouGetPrimed(productId: string, summary: WhatYouGet) {
  return whatYouGetApi.util.upsertQueryEntries([{ endpointName: 'getWhatYouGet', arg: productId, value: summary }]);
}
