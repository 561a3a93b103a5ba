// /purchases: a buyer who lost the order e-mail asks for their access links again (docs/payments.md).
import { api } from '../../../lib/api';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { HttpError, postJson } from '../../../lib/http';

/**
 * The API's 400 (not an e-mail address) and 429 (asked too often) answers are sentences for the
 * visitor; anything else gets the general message.
 */
export function resendError(error: unknown): AppError {
  if (error instanceof HttpError && (error.status === 400 || error.status === 429) && error.serverMessage) {
    return { code: error.status === 400 ? 'invalid-argument' : 'resource-exhausted', message: error.serverMessage };
  }
  return { code: error instanceof HttpError ? `http-${error.status}` : 'network', message: fallbackMessage };
}

export const purchasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendPurchases: build.mutation<{ message: string }, { email: string }>({
      queryFn: async (body) => {
        try {
          return { data: await postJson<{ message: string }>('/api/purchases/resend', body) };
        } catch (error) {
          return { error: resendError(error) };
        }
      },
    }),
  }),
});

export const { useResendPurchasesMutation } = purchasesApi;
