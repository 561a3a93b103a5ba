// /purchases: a buyer who lost the order e-mail asks for their access links again (docs/payments.md).
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { postJson } from '../../../lib/http';

/**
 * The API's 400 (not an e-mail address) and 429 (asked too often) answers are sentences for the
 * visitor; anything else gets the general message.
 */
const words: ErrorWords = {
  spoken: [400, 429],
  codes: { 400: 'invalid-argument', 429: 'resource-exhausted' },
  network: fallbackMessage,
};

export const purchasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    resendPurchases: build.mutation<{ message: string }, { email: string }>({
      queryFn: (body) => runQuery(() => postJson<{ message: string }>('/api/purchases/resend', body), words),
    }),
  }),
});

export const { useResendPurchasesMutation } = purchasesApi;
