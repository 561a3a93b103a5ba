// The per-sale actions as mutations, so the buttons know when a call is under way. A change of access
// invalidates 'Sale': the Sales list, totals and chart read again and show it. A resend updates the
// rows on screen in place.
import { api } from '../../../lib/api';
import { HttpError } from '../../../lib/http';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { resendAccessEmail, resetSaleDownloads, setSaleAccess } from './saleActions';
import { salesApi, type SalesPageArgs } from './salesApi';

/** The API's own sentence when it gave one (they are written for the admin), else a plain one. */
function toActionError(error: unknown): AppError {
  if (error instanceof HttpError) {
    return { code: `http-${error.status}`, message: error.serverMessage ?? fallbackMessage };
  }
  if (error instanceof TypeError) {
    return { code: 'network', message: 'The store could not be reached. Check your connection and try again.' };
  }
  return { code: 'unknown', message: fallbackMessage };
}

async function run<T>(call: () => Promise<T>): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: await call() };
  } catch (error) {
    return { error: toActionError(error) };
  }
}

const saleActionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendAccessEmail: build.mutation<string, { id: string; email?: string }>({
      queryFn: ({ id, email }) => run(() => resendAccessEmail(id, email)),
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
      queryFn: ({ id, revoked }) => run(() => setSaleAccess(id, revoked)),
      invalidatesTags: (_result, error) => (error ? [] : ['Sale']),
    }),
    resetSaleDownloads: build.mutation<string, string>({
      queryFn: (id) => run(() => resetSaleDownloads(id)),
      invalidatesTags: (_result, error) => (error ? [] : ['Sale']),
    }),
  }),
});

export const { useResendAccessEmailMutation, useSetSaleAccessMutation, useResetSaleDownloadsMutation } = saleActionsApi;
