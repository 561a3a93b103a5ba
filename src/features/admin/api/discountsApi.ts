// The Discounts panel's server data (docs/architecture.md): the list comes from the cache, and every
// write refetches it once it succeeded.
import type { DiscountCode, DiscountTerms } from '../../../../domain/discounts';
import { api, runQuery } from '../../../lib/api';
import {
  createDiscountCode,
  deleteDiscountCode,
  fetchDiscountCodes,
  setDiscountCodeActive,
  updateDiscountCode,
} from './discountCodes';

const list = { type: 'DiscountCode' as const, id: 'LIST' };
const refreshList = (_result: unknown, error: unknown) => (error ? [] : [list]);

const discountsApi = api.enhanceEndpoints({ addTagTypes: ['DiscountCode'] }).injectEndpoints({
  endpoints: (build) => ({
    getDiscountCodes: build.query<DiscountCode[], void>({
      queryFn: () => runQuery(fetchDiscountCodes),
      providesTags: [list],
    }),
    createDiscountCode: build.mutation<null, { code: string; terms: DiscountTerms }>({
      queryFn: ({ code, terms }) => runQuery<null>(() => createDiscountCode(code, terms).then(() => null)),
      invalidatesTags: refreshList,
    }),
    updateDiscountCode: build.mutation<null, { code: string; terms: DiscountTerms }>({
      queryFn: ({ code, terms }) => runQuery<null>(() => updateDiscountCode(code, terms).then(() => null)),
      invalidatesTags: refreshList,
    }),
    setDiscountCodeActive: build.mutation<null, { code: string; active: boolean }>({
      queryFn: ({ code, active }) => runQuery<null>(() => setDiscountCodeActive(code, active).then(() => null)),
      invalidatesTags: refreshList,
    }),
    deleteDiscountCode: build.mutation<null, string>({
      queryFn: (code) => runQuery<null>(() => deleteDiscountCode(code).then(() => null)),
      invalidatesTags: refreshList,
    }),
  }),
});

export const {
  useGetDiscountCodesQuery,
  useCreateDiscountCodeMutation,
  useUpdateDiscountCodeMutation,
  useSetDiscountCodeActiveMutation,
  useDeleteDiscountCodeMutation,
} = discountsApi;
