// The per-sale actions as mutations, so the buttons know when a call is under way. A change of access
// invalidates 'Sale': the Sales list, totals and chart read again and show it. A resend updates the
// rows on screen in place.
import { api, runQuery } from '../../../lib/api';
import { adminApiWords } from './adminHttp';
import { resendAccessEmail, resetSaleDownloads, setSaleAccess } from './saleActions';
import { salesApi, type SalesPageArgs } from './salesApi';

const saleActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendAccessEmail: build.mutation<string, { id: string; email?: string }>({
      queryFn: ({ id, email }) => runQuery(() => resendAccessEmail(id, email), adminApiWords),
      // Not a refetch: under an e-mail filter, a corrected sale would leave the list, and its row's
      // notice with it. The rows on screen show the new address and 'Sent' instead.
      async onQueryStarted({ id, email }, lifecycle) {
        const { dispatch, queryFulfilled } = lifecycle;
        const sent = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!sent) return;
        for (const entry of salesApi.util.selectInvalidatedBy(lifecycle.getState(), ['Sale'])) {
          if (entry.endpointName !== 'getSalesPage') continue;
          dispatch(
            salesApi.util.updateQueryData('getSalesPage', entry.originalArgs as SalesPageArgs, (page) => {
              for (const row of page.rows) {
                if (row.id !== id) continue;
                row.emailStatus = 'sent';
                if (email) row.customerEmail = email.toLowerCase();
              }
            }),
          );
        }
      },
    }),
    setSaleAccess: build.mutation<boolean, { id: string; revoked: boolean }>({
      queryFn: ({ id, revoked }) => runQuery(() => setSaleAccess(id, revoked), adminApiWords),
      invalidatesTags: (_result, error) => (error ? [] : ['Sale']),
    }),
    resetSaleDownloads: build.mutation<string, string>({
      queryFn: (id) => runQuery(() => resetSaleDownloads(id), adminApiWords),
      invalidatesTags: (_result, error) => (error ? [] : ['Sale']),
    }),
  }),
});

export const { useResendAccessEmailMutation, useSetSaleAccessMutation, useResetSaleDownloadsMutation } = saleActionsApi;
