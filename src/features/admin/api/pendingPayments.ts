// The Sales panel's 'Money on its way' (docs/admin.md): checkouts whose payment is pending, from the
// admin API (checkouts are the API's alone), refreshed every minute while the panel is open.
import type { PendingPaymentRow } from '../../../../domain/apiContracts';
import { api, runQuery } from '../../../lib/api';
import { callAsAdmin } from './adminHttp';

export async function fetchPendingPayments(): Promise<PendingPaymentRow[]> {
  const answer = (await callAsAdmin('GET', '/api/admin/pending-payments')) as { payments?: PendingPaymentRow[] };
  return Array.isArray(answer.payments) ? answer.payments : [];
}

const pendingPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPendingPayments: build.query<PendingPaymentRow[], void>({
      queryFn: () => runQuery(fetchPendingPayments),
    }),
  }),
});

export const { useGetPendingPaymentsQuery } = pendingPaymentsApi;
