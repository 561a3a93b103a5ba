// Store health's server data for the panel and the dashboard's header mark: the last report, replaced
// by the new one when 'Run checks now' succeeds.
import type { HealthReport } from '../../../../domain/storeHealth';
import { api, runQuery } from '../../../lib/api';
import { fetchStoreHealth, runStoreHealth } from './storeHealth';

const storeHealthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getStoreHealth: build.query<HealthReport | null, void>({
      queryFn: () => runQuery(fetchStoreHealth),
    }),
    runStoreHealth: build.mutation<HealthReport, void>({
      queryFn: () => runQuery(runStoreHealth),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) void dispatch(storeHealthApi.util.upsertQueryData('getStoreHealth', undefined, data));
      },
    }),
  }),
});

export const { useGetStoreHealthQuery, useRunStoreHealthMutation } = storeHealthApi;
