// The Affiliates panel's server data (docs/affiliates.md): the affiliates and the commission ledger from
// the API (admins only), and the seller's actions on them. Lists refresh after each action.
import type { AffiliateStatus, CommissionStatus } from '../../../../domain/affiliates';
import type { Currency } from '../../../../domain/money';
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { callAsAdmin } from './adminHttp';

export interface PanelAffiliate {
  code: string;
  name: string;
  email: string;
  phone: string;
  promotion: string;
  status: AffiliateStatus;
  commissionPercent: number | null;
  bank: { code: string; name: string; accountName: string; last4: string } | null;
  subaccountCode: string | null;
  paypalEmail: string | null;
  createdAt: string;
}

export interface LedgerCommission {
  transactionId: string;
  affiliateCode: string;
  currency: Currency;
  baseMinor: number;
  amountMinor: number;
  status: CommissionStatus;
  productName: string;
  soldAt: string;
  payableAt: string | null;
  batchId: string | null;
}

export interface AffiliatesOverview {
  affiliates: PanelAffiliate[];
  commissions: LedgerCommission[];
}

/** A batch payout: how many were marked paid, how many held back (a disputed or revoked sale), and the words. */
export interface BatchAnswer {
  batchId: string;
  count: number;
  held: number;
  csv: string;
  message: string;
}

/** The API's sentence whatever the status; a failed connection gets the general one. */
const words: ErrorWords = { spoken: 'all', network: fallbackMessage };

const base = '/api/admin/affiliates';
/** The API's answer to an action: its sentence for the admin. */
type Said = { message: string };

const affiliatesAdminApi = api.enhanceEndpoints({ addTagTypes: ['Affiliates'] }).injectEndpoints({
  endpoints: (build) => ({
    getAffiliates: build.query<AffiliatesOverview, void>({
      queryFn: () => runQuery(async () => (await callAsAdmin('GET', base)) as AffiliatesOverview, words),
      providesTags: ['Affiliates'],
    }),
    affiliateAction: build.mutation<Said, { code: string; action: 'approve' | 'pause' | 'remove' }>({
      queryFn: ({ code, action }) =>
        runQuery(
          async () => (await callAsAdmin('POST', `${base}/${encodeURIComponent(code)}/${action}`, {})) as Said,
          words,
        ),
      invalidatesTags: ['Affiliates'],
    }),
    setAffiliateCommission: build.mutation<Said, { code: string; percent: number | null }>({
      queryFn: ({ code, percent }) =>
        runQuery(
          async () =>
            (await callAsAdmin('POST', `${base}/${encodeURIComponent(code)}/commission`, { percent })) as Said,
          words,
        ),
      invalidatesTags: ['Affiliates'],
    }),
    markBatchPaid: build.mutation<BatchAnswer, void>({
      queryFn: () =>
        runQuery(async () => (await callAsAdmin('POST', `${base}/commissions/batch`, {})) as BatchAnswer, words),
      invalidatesTags: ['Affiliates'],
    }),
  }),
});

export const {
  useGetAffiliatesQuery,
  useAffiliateActionMutation,
  useSetAffiliateCommissionMutation,
  useMarkBatchPaidMutation,
} = affiliatesAdminApi;
