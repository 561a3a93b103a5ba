// The Messages panel's server data (docs/architecture.md): pages and the unhandled count come from the
// cache, and marking a message refetches both once the write succeeded.
import type { PageCursor } from '../../../../domain/paging';
import { api, runQuery } from '../../../lib/api';
import {
  countUnhandledMessages,
  fetchMessagesPage,
  setMessageHandled,
  type MessageFilter,
  type MessagesPage,
} from './contactMessages';

const messagesApi = api.enhanceEndpoints({ addTagTypes: ['ContactMessage'] }).injectEndpoints({
  endpoints: (build) => ({
    getMessagesPage: build.query<MessagesPage, { filter: MessageFilter; after: PageCursor | null }>({
      queryFn: ({ filter, after }) => runQuery(() => fetchMessagesPage(filter, after)),
      providesTags: [{ type: 'ContactMessage', id: 'LIST' }],
    }),
    getUnhandledMessageCount: build.query<number, void>({
      queryFn: () => runQuery(countUnhandledMessages),
      providesTags: [{ type: 'ContactMessage', id: 'COUNT' }],
    }),
    setMessageHandled: build.mutation<null, { id: string; handled: boolean }>({
      queryFn: ({ id, handled }) => runQuery<null>(() => setMessageHandled(id, handled).then(() => null)),
      invalidatesTags: (_result, error) =>
        error
          ? []
          : [
              { type: 'ContactMessage', id: 'LIST' },
              { type: 'ContactMessage', id: 'COUNT' },
            ],
    }),
  }),
});

export const { useGetMessagesPageQuery, useGetUnhandledMessageCountQuery, useSetMessageHandledMutation } = messagesApi;
