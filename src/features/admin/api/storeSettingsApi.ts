// The Store settings panel's server data: read once, refetched after a save succeeded.
import type { StoreSettings } from '../../../../domain/storeSettings';
import { api, runQuery } from '../../../lib/api';
import { fetchStoreSettings, saveStoreSettings } from './storeSettings';

const storeSettingsApi = api.enhanceEndpoints({ addTagTypes: ['StoreSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getStoreSettings: build.query<StoreSettings, void>({
      queryFn: () => runQuery(fetchStoreSettings),
      providesTags: ['StoreSettings'],
    }),
    saveStoreSettings: build.mutation<StoreSettings, StoreSettings>({
      queryFn: (settings) => runQuery(() => saveStoreSettings(settings)),
      invalidatesTags: (_result, error) => (error ? [] : ['StoreSettings']),
    }),
  }),
});

export const { useGetStoreSettingsQuery, useSaveStoreSettingsMutation } = storeSettingsApi;
