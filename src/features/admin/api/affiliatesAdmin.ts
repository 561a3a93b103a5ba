// The Affiliates panel's server data (docs/affiliates.md): the affiliates and the commission ledger from
// the API (admins only), and the seller's actions on them. Lists refresh after each action.
import type { AffiliateStatus, CommissionStatus } from '../../../../domain/affiliates';
import type { Currency } from '../../../../domain/money';
import { api } from '../../../lib/api';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { HttpError } from '../../../lib/http';
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

function adminError(error: unknown): AppError {
  if (error instanceof HttpError && error.serverMessage)
    return { code: `http-${error.status}`, message: error.serverMessage };
  return { code: 'network', message: fallbackMessage };
}

async function call<T>(load: () => Promise<unknown>): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: (await load()) as T };
  } catch (error) {
    return { error: adminError(error) };
  }
}

const base = '/api/admin/affiliates';

const affiliatesAdminApi = api.enhanceEndpoints({ addTagTypes: ['Affiliates'] }).injectEndpoints({
  endpoints: (build) => ({
    getAffiliates: build.query<AffiliatesOverview, void>({
      queryFn: () => call<AffiliatesOverview>(() => callAsAdmin('GET', base)),
      providesTags: ['Affiliates'],
    }),
    affiliateAction: build.mutation<{ message: string }, { code: string; action: 'approve' | 'pause' | 'remove' }>({
      queryFn: ({ code, action }) =>
        call<{ message: string }>(() => callAsAdmin('POST', `${base}/${encodeURIComponent(code)}/${action}`, {})),
      invalidatesTags: ['Affiliates'],
    }),
    setAffiliateCommission: build.mutation<{ message: string }, { code: string; percent: number | null }>({
      queryFn: ({ code, percent }) =>
        call<{ message: string }>(() =>
          callAsAdmin('POST', `${base}/${encodeURIComponent(code)}/commission`, { percent }),
        ),
      invalidatesTags: ['Affiliates'],
    }),
    markBatchPaid: build.mutation<BatchAnswer, void>({
      queryFn: () => call<BatchAnswer>(() => callAsAdmin('POST', `${base}/commissions/batch`, {})),
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
