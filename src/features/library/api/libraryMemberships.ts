// The buyer's membership and instalment plans in the library (docs/memberships.md, 'What buyers see'):
// the list, Cancel and Resume, and the two links the providers give (Update card, Pay now by transfer),
// each answering {url} to go to. All through the library's session cookie.
import type { MemberRow } from '../../../../domain/memberRows';
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { requestJson } from '../../../lib/http';

const base = '/api/library/memberships';

/** The API's sentences are for the buyer; anything else is the general one. */
const words: ErrorWords = {
  spoken: [400, 401, 404, 409, 410, 429, 502, 503],
  codes: { 401: 'unauthenticated' },
  network: fallbackMessage,
};

const plan = (id: string, action: string) => `${base}/${encodeURIComponent(id)}/${action}`;

const libraryMembershipsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLibraryMemberships: build.query<MemberRow[], void>({
      queryFn: () =>
        runQuery(async () => (await requestJson<{ memberships: MemberRow[] }>('GET', base)).memberships, words),
      providesTags: [{ type: 'Library', id: 'memberships' }],
    }),
    changeLibraryMembership: build.mutation<{ message: string }, { id: string; action: 'cancel' | 'resume' }>({
      queryFn: ({ id, action }) => runQuery(() => requestJson<{ message: string }>('POST', plan(id, action)), words),
      invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Library', id: 'memberships' }]),
    }),
    /** Paystack's page to update the card, or PayPal's; then the plan's checkout for this period by transfer. */
    membershipLink: build.mutation<{ url: string }, { id: string; link: 'manage-link' | 'pay-by-transfer' }>({
      queryFn: ({ id, link }) => runQuery(() => requestJson<{ url: string }>('POST', plan(id, link)), words),
    }),
  }),
});

export const { useGetLibraryMembershipsQuery, useChangeLibraryMembershipMutation, useMembershipLinkMutation } =
  libraryMembershipsApi;
