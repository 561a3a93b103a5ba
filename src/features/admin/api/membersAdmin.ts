// Members' server data (docs/memberships.md): every membership and instalment plan with the summary
// above them, from the API (admins only), and the seller's actions on a plan. The list refreshes after
// each action.
import type { MemberRow, MembersSummary } from '../../../../domain/memberRows';
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { callAsAdmin } from './adminHttp';

export interface MembersOverview {
  members: MemberRow[];
  summary: MembersSummary;
}

/** What the seller may do to a plan: cancel it, or in demo mode renew it or fail its next renewal. */
export type MemberAction = 'cancelAtPeriodEnd' | 'cancelNow' | 'demoRenew' | 'demoFail';

/** The API's sentence whatever the status; a failed connection gets the general one. */
const words: ErrorWords = { spoken: 'all', network: fallbackMessage };
const base = '/api/admin/memberships';

function request(id: string, action: MemberAction): { path: string; body: unknown } {
  const plan = `${base}/${encodeURIComponent(id)}`;
  switch (action) {
    case 'cancelAtPeriodEnd':
      return { path: `${plan}/cancel`, body: { when: 'periodEnd' } };
    case 'cancelNow':
      return { path: `${plan}/cancel`, body: { when: 'now' } };
    case 'demoRenew':
      return { path: `${plan}/demo/renew`, body: {} };
    case 'demoFail':
      return { path: `${plan}/demo/fail`, body: {} };
  }
}

const membersAdminApi = api.enhanceEndpoints({ addTagTypes: ['Members'] }).injectEndpoints({
  endpoints: (build) => ({
    getMembers: build.query<MembersOverview, void>({
      queryFn: () => runQuery(async () => (await callAsAdmin('GET', base)) as MembersOverview, words),
      providesTags: ['Members'],
    }),
    memberAction: build.mutation<{ message: string }, { id: string; action: MemberAction }>({
      queryFn: ({ id, action }) =>
        runQuery(async () => {
          const { path, body } = request(id, action);
          return (await callAsAdmin('POST', path, body)) as { message: string };
        }, words),
      invalidatesTags: ['Members'],
    }),
  }),
});

export const { useGetMembersQuery, useMemberActionMutation } = membersAdminApi;
