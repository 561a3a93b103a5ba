// The Pricing section's save as server data (docs/memberships.md): the product page and the lists
// read the product again afterwards, with its new pricing.
import type { ProductPricing } from '../../../../domain/productPricing';
import { api, runQuery } from '../../../lib/api';
import { saveProductPricing } from './productPricingQueries';

const productPricingApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveProductPricing: build.mutation<null, { id: string; pricing: ProductPricing }>({
      queryFn: ({ id, pricing }) => runQuery<null>(() => saveProductPricing(id, pricing).then(() => null)),
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              { type: 'Product', id: 'LIST' },
              { type: 'Product', id },
            ],
    }),
  }),
});

export const { useSaveProductPricingMutation } = productPricingApi;
