// The affiliate program from the storefront (docs/affiliates.md): the program's terms, Paystack's bank
// list and account check, the application, and the signed-in affiliate's page. Applicants and
// affiliates sign in with the library's mailed code (the same API session), so a 401 means 'not
// signed in'.
import type { AffiliatePageAnswer } from '../../../../domain/affiliates';
import type { SignInRequestAnswer } from '../../../../domain/library';
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { requestJson } from '../../../lib/http';

/** The API's sentences are for the visitor; anything else is the general one. */
const words: ErrorWords = {
  spoken: [400, 401, 403, 404, 409, 429, 503],
  codes: { 401: 'unauthenticated' },
  network: fallbackMessage,
};

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
      queryFn: () => runQuery(() => requestJson<Program>('GET', '/api/affiliates/program'), words),
    }),
    getBanks: build.query<Banks, void>({
      queryFn: () => runQuery(() => requestJson<Banks>('GET', '/api/affiliates/banks'), words),
    }),
    resolveAccount: build.mutation<{ accountName: string }, { bankCode: string; accountNumber: string }>({
      queryFn: (body) =>
        runQuery(
          () => requestJson<{ accountName: string }>('POST', '/api/affiliates/resolve-account', { body }),
          words,
        ),
    }),
    getApplicant: build.query<Applicant, void>({
      queryFn: () => runQuery(() => requestJson<Applicant>('GET', '/api/affiliates/applicant'), words),
      providesTags: ['AffiliateApplicant'],
    }),
    apply: build.mutation<Applied, Application>({
      queryFn: (body) => runQuery(() => requestJson<Applied>('POST', '/api/affiliates/apply', { body }), words),
      invalidatesTags: ['AffiliatePage'],
    }),
    getAffiliatePage: build.query<AffiliatePageAnswer, void>({
      queryFn: () => runQuery(() => requestJson<AffiliatePageAnswer>('GET', '/api/affiliates/me'), words),
      providesTags: ['AffiliatePage'],
    }),
    requestAffiliateCode: build.mutation<SignInRequestAnswer, { email: string }>({
      queryFn: (body) =>
        runQuery(() => requestJson<SignInRequestAnswer>('POST', '/api/library/sign-in', { body }), words),
    }),
    signInAffiliate: build.mutation<{ email: string }, { email: string; code: string }>({
      queryFn: (body) =>
        runQuery(() => requestJson<{ email: string }>('POST', '/api/library/sign-in/code', { body }), words),
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
