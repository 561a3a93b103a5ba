// The admin records as RTK Query server data (docs/architecture.md): the screens update from the cache, and
// a mutation's tags refetch what it changed only after the write succeeded.
import type { AdminInfo, AdminRequest } from '../../../lib/admin';
import { api, runQuery } from '../../../lib/api';
import {
  approveAdminRequest,
  createAdminRecord,
  fetchAdmin,
  fetchAdminRequests,
  rejectAdminRequest,
  updateAdminPhone,
  type NewAdmin,
} from './admins';

const adminsApi = api.enhanceEndpoints({ addTagTypes: ['Admin', 'AdminRequest'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdmin: build.query<AdminInfo | null, string>({
      queryFn: (uid) => runQuery(() => fetchAdmin(uid)),
      providesTags: (_result, _error, uid) => [{ type: 'Admin', id: uid }],
    }),
    updateAdminPhone: build.mutation<null, { uid: string; phone: string }>({
      queryFn: ({ uid, phone }) => runQuery<null>(() => updateAdminPhone(uid, phone).then(() => null)),
      invalidatesTags: (_result, error, { uid }) => (error ? [] : [{ type: 'Admin', id: uid }]),
    }),
    createAdmin: build.mutation<null, NewAdmin>({
      queryFn: (admin) => runQuery<null>(() => createAdminRecord(admin).then(() => null)),
      invalidatesTags: (_result, error, { uid }) => (error ? [] : [{ type: 'Admin', id: uid }]),
    }),
    getAdminRequests: build.query<AdminRequest[], void>({
      queryFn: () => runQuery(fetchAdminRequests),
      providesTags: [{ type: 'AdminRequest', id: 'LIST' }],
    }),
    approveAdminRequest: build.mutation<null, AdminRequest>({
      queryFn: (request) => runQuery<null>(() => approveAdminRequest(request).then(() => null)),
      invalidatesTags: (_result, error, { uid }) =>
        error
          ? []
          : [
              { type: 'AdminRequest', id: 'LIST' },
              { type: 'Admin', id: uid },
            ],
    }),
    rejectAdminRequest: build.mutation<null, string>({
      queryFn: (uid) => runQuery<null>(() => rejectAdminRequest(uid).then(() => null)),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'AdminRequest', id: 'LIST' }]),
    }),
  }),
});

export const {
  useGetAdminQuery,
  useUpdateAdminPhoneMutation,
  useCreateAdminMutation,
  useGetAdminRequestsQuery,
  useApproveAdminRequestMutation,
  useRejectAdminRequestMutation,
} = adminsApi;
