// The per-sale actions as mutations, so the buttons know when a call is under way. One that succeeded
// invalidates 'Sale': the Sales list, totals and chart read again and show the change.
import { api } from '../../../lib/api';
import { HttpError } from '../../../lib/http';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { resendAccessEmail, setSaleAccess } from './saleActions';

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
      invalidatesTags: (_result, error) => (error ? [] : ['Sale']),
    }),
    setSaleAccess: build.mutation<boolean, { id: string; revoked: boolean }>({
      queryFn: ({ id, revoked }) => run(() => setSaleAccess(id, revoked)),
      invalidatesTags: (_result, error) => (error ? [] : ['Sale']),
    }),
  }),
});

export const { useResendAccessEmailMutation, useSetSaleAccessMutation } = saleActionsApi;
