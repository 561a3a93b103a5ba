// The Sales panel's 'Needs attention' list (docs/admin.md): open payment issues from the cache; marking
// one resolved refetches the list once the write succeeded.
import { api, runQuery } from '../../../lib/api';
import { fetchOpenPaymentIssues, markPaymentIssueResolved, type PaymentIssue } from './paymentIssues';

const paymentIssuesApi = api.enhanceEndpoints({ addTagTypes: ['PaymentIssue'] }).injectEndpoints({
  endpoints: (build) => ({
    getOpenPaymentIssues: build.query<PaymentIssue[], void>({
      queryFn: () => runQuery(fetchOpenPaymentIssues),
      providesTags: ['PaymentIssue'],
    }),
    markPaymentIssueResolved: build.mutation<null, string>({
      queryFn: (id) => runQuery<null>(() => markPaymentIssueResolved(id).then(() => null)),
      invalidatesTags: (_result, error) => (error ? [] : ['PaymentIssue']),
    }),
  }),
});

export const { useGetOpenPaymentIssuesQuery, useMarkPaymentIssueResolvedMutation } = paymentIssuesApi;
