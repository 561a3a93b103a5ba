// The affiliate program from the storefront (docs/affiliates.md): the program's terms, Paystack's bank
// list and account check, the application, and the signed-in affiliate's page. Applicants and
// affiliates sign in with the library's mailed code (the same API session), so a 401 means 'not
// signed in'.
import type { AffiliatePageAnswer } from '../../../../domain/affiliates';
import { api } from '../../../lib/api';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { HttpError, requestJson } from '../../../lib/http';

/** The API's sentences are for the visitor; anything else is the general one. */
function affiliateError(error: unknown): AppError {
  if (error instanceof HttpError && error.serverMessage && [400, 401, 403, 404, 409, 429, 503].includes(error.status)) {
    return { code: error.status === 401 ? 'unauthenticated' : `http-${error.status}`, message: error.serverMessage };
  }
  return { code: error instanceof HttpError ? `http-${error.status}` : 'network', message: fallbackMessage };
}

async function call<T>(load: () => Promise<T>): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: affiliateError(error) };
  }
}

/** An application; it is made under the signed-in address (the mailed-code sign-in). */
export interface Application {
  name: string;
  phone: string;
  promotion: string;
  payout: { kind: 'bank'; bankCode: string; accountNumber: string } | { kind: 'paypal'; paypalEmail: string };
}

type Program = { on: boolean; percent: number; windowDays: number };
type Banks = { banks: Array<{ code: string; name: string }> };
type Applied = { code: string; status: string; message: string };
/** The signed-in address on the join page, and whether it has applied already. */
type Applicant = { email: string; applied: boolean };

const affiliatesApi = api.enhanceEndpoints({ addTagTypes: ['AffiliatePage', 'AffiliateApplicant'] }).injectEndpoints({
  endpoints: (build) => ({
    getProgram: build.query<Program, void>({
      queryFn: () => call(() => requestJson<Program>('GET', '/api/affiliates/program')),
    }),
    getBanks: build.query<Banks, void>({
      queryFn: () => call(() => requestJson<Banks>('GET', '/api/affiliates/banks')),
    }),
    resolveAccount: build.mutation<{ accountName: string }, { bankCode: string; accountNumber: string }>({
      queryFn: (body) =>
        call(() => requestJson<{ accountName: string }>('POST', '/api/affiliates/resolve-account', { body })),
    }),
    getApplicant: build.query<Applicant, void>({
      queryFn: () => call(() => requestJson<Applicant>('GET', '/api/affiliates/applicant')),
      providesTags: ['AffiliateApplicant'],
    }),
    apply: build.mutation<Applied, Application>({
      queryFn: (body) => call(() => requestJson<Applied>('POST', '/api/affiliates/apply', { body })),
      invalidatesTags: ['AffiliatePage'],
    }),
    getAffiliatePage: build.query<AffiliatePageAnswer, void>({
      queryFn: () => call(() => requestJson<AffiliatePageAnswer>('GET', '/api/affiliates/me')),
      providesTags: ['AffiliatePage'],
    }),
    requestAffiliateCode: build.mutation<{ message: string }, { email: string }>({
      queryFn: (body) => call(() => requestJson<{ message: string }>('POST', '/api/library/sign-in', { body })),
    }),
    signInAffiliate: build.mutation<{ email: string }, { email: string; code: string }>({
      queryFn: (body) => call(() => requestJson<{ email: string }>('POST', '/api/library/sign-in/code', { body })),
      invalidatesTags: ['AffiliatePage', 'AffiliateApplicant'],
    }),
  }),
});

export const {
  useGetProgramQuery,
  useGetBanksQuery,
  useResolveAccountMutation,
  useApplyMutation,
  useGetApplicantQuery,
  useGetAffiliatePageQuery,
  useRequestAffiliateCodeMutation,
  useSignInAffiliateMutation,
} = affiliatesApi;
