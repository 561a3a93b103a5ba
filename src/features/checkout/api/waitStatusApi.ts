// The status of a payment on its way (docs/payments.md, 'Payments that complete later'), read by the
// waiting page and the payment dialog's waiting state through one query, polled while it waits.
import type { WaitStatusAnswer } from '../../../../domain/apiContracts';
import { api, runQuery } from '../../../lib/api';
import type { ErrorWords } from '../../../lib/errors';
import { fetchWaitStatus } from './orderApi';

/** The code of a 404: the API does not know this checkout and token, so the waiting page is not ours. */
export const waitUnknownCode = 'wait-unknown';

const waitWords: ErrorWords = { codes: { 404: waitUnknownCode } };

const waitStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaitStatus: build.query<WaitStatusAnswer, { checkoutId: string; token: string }>({
      queryFn: ({ checkoutId, token }) => runQuery(() => fetchWaitStatus(checkoutId, token), waitWords),
      // A waiting page opened again asks again: the money may have arrived meanwhile.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetWaitStatusQuery } = waitStatusApi;
