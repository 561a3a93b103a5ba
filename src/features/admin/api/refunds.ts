// The refund action of the admin API (docs/admin.md, 'Refunds'): the API asks the provider and stores
// the outcome; this module only speaks to it. A refusal carries the provider's reason as the message.
import { api } from '../../../lib/api';
import { HttpError } from '../../../lib/http';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { postAsAdmin } from './adminHttp';

export interface RefundRequest {
  id: string;
  /** Major units of the sale's currency; left out for everything that is left. */
  amount?: number;
  reason: string;
}

/** Posts the refund; resolves with the API's sentence ('Refund made.', 'Refund requested: ...'). */
export async function refundSale({ id, amount, reason }: RefundRequest): Promise<string> {
  const answer = await postAsAdmin(`/api/admin/transactions/${encodeURIComponent(id)}/refund`, {
    ...(amount === undefined ? {} : { amount }),
    reason,
  });
  return typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : 'Refund made.';
}

function toRefundError(error: unknown): AppError {
  if (error instanceof HttpError)
    return { code: `http-${error.status}`, message: error.serverMessage ?? fallbackMessage };
  if (error instanceof TypeError) {
    return { code: 'network', message: 'The store could not be reached. Check your connection and try again.' };
  }
  return { code: 'unknown', message: fallbackMessage };
}

const refundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    refundSale: build.mutation<string, RefundRequest>({
      queryFn: async (request) => {
        try {
          return { data: await refundSale(request) };
        } catch (error) {
          return { error: toRefundError(error) };
        }
      },
      // Whatever the answer (a refusal is stored too), the list, totals and chart read again.
      invalidatesTags: ['Sale'],
    }),
  }),
});

export const { useRefundSaleMutation } = refundsApi;
