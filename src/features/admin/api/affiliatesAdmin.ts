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

const affiliatesAdminApi = api.enhanceEndpoints({ addTagTypes: ['Affiliates'] }).injectEndpoints({
  endpoints: (build) => ({
    getAffiliates: build.query<AffiliatesOverview, void>({
      queryFn: () => runQuery(() => callAsAdmin<AffiliatesOverview>('GET', base), words),
      providesTags: ['Affiliates'],
    }),
    affiliateAction: build.mutation<{ message: string }, { code: string; action: 'approve' | 'pause' | 'remove' }>({
      queryFn: ({ code, action }) =>
        runQuery(
          () => callAsAdmin<{ message: string }>('POST', `${base}/${encodeURIComponent(code)}/${action}`, {}),
          words,
        ),
      invalidatesTags: ['Affiliates'],
    }),
    setAffiliateCommission: build.mutation<{ message: string }, { code: string; percent: number | null }>({
      queryFn: ({ code, percent }) =>
        runQuery(
          () => callAsAdmin<{ message: string }>('POST', `${base}/${encodeURIComponent(code)}/commission`, { percent }),
          words,
        ),
      invalidatesTags: ['Affiliates'],
    }),
    markBatchPaid: build.mutation<BatchAnswer, void>({
      queryFn: () => runQuery(() => callAsAdmin<BatchAnswer>('POST', `${base}/commissions/batch`, {}), words),
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
