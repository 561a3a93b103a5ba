// The refund action of the admin API (docs/admin.md, 'Refunds'): the API asks the provider and stores
// the outcome; this module only speaks to it. A refusal carries the provider's reason as the message.
import { api, runQuery } from '../../../lib/api';
import { adminApiWords, postAsAdmin } from './adminHttp';

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

const refundsApi = api.injectEndpoints({
  endpoints: (build) => ({
    refundSale: build.mutation<string, RefundRequest>({
      queryFn: (request) => runQuery(() => refundSale(request), adminApiWords),
      // Whatever the answer (a refusal is stored too), the list, totals and chart read again.
      invalidatesTags: ['Sale'],
    }),
  }),
});

export const { useRefundSaleMutation } = refundsApi;
