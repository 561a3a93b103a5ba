// E-mails to buyers from the dashboard (docs/emails.md): the mailings and their counts, a draft saved,
// the audience counted, a test copy, the send; and a product's after-purchase sequence. All through the
// API as the signed-in admin; the list refreshes after a send.
import type { MailingAudience, MailingStatus } from '../../../../domain/mailings';
import { api, runQuery } from '../../../lib/api';
import { adminApiWords, callAsAdmin } from './adminHttp';

/** A row of the sent e-mails' list, as `GET /api/admin/mailings` answers it. */
export interface ListedMailing {
  id: string;
  subject: string;
  audience: MailingAudience;
  status: MailingStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  counts: { recipients: number; sent: number; failed: number; skipped: number; unsubscribed: number };
}

/** A mailing reopened to be edited, as `GET /api/admin/mailings/{id}` answers it. */
export interface OpenedMailing extends ListedMailing {
  body: string;
}

export interface MailingDraft {
  subject: string;
  body: string;
  audience: MailingAudience;
}

/** One e-mail of a product's after-purchase sequence; a new one has no id until it is saved. */
export interface SequenceStep {
  id?: string;
  afterDays: number;
  subject: string;
  body: string;
}

const base = '/api/admin/mailings';
const sequenceUrl = (productId: string) => `/api/admin/sequences/${encodeURIComponent(productId)}`;

const mailingsApi = api.enhanceEndpoints({ addTagTypes: ['Mailings', 'Sequence'] }).injectEndpoints({
  endpoints: (build) => ({
    getMailings: build.query<ListedMailing[], void>({
      queryFn: () =>
        runQuery(
          async () => ((await callAsAdmin('GET', base)) as { mailings: ListedMailing[] }).mailings,
          adminApiWords,
        ),
      providesTags: ['Mailings'],
    }),
    /** One mailing with its body, read fresh each time it is reopened. */
    getMailing: build.query<OpenedMailing, string>({
      queryFn: (id) =>
        runQuery(
          async () => ((await callAsAdmin('GET', `${base}/${id}`)) as { mailing: OpenedMailing }).mailing,
          adminApiWords,
        ),
      keepUnusedDataFor: 0,
    }),
    countRecipients: build.query<number, MailingAudience>({
      queryFn: (audience) =>
        runQuery(
          async () => ((await callAsAdmin('POST', `${base}/count`, { audience })) as { recipients: number }).recipients,
          adminApiWords,
        ),
      keepUnusedDataFor: 0,
    }),
    /** Creates the draft (no id) or changes it; answers its id. */
    saveMailing: build.mutation<string, { id: string | null; draft: MailingDraft }>({
      queryFn: ({ id, draft }) =>
        runQuery(async () => {
          const answer = (await callAsAdmin(id ? 'PUT' : 'POST', id ? `${base}/${id}` : base, draft)) as { id: string };
          return answer.id;
        }, adminApiWords),
      invalidatesTags: ['Mailings'],
    }),
    sendTestMailing: build.mutation<string, string>({
      queryFn: (id) =>
        runQuery(
          async () => ((await callAsAdmin('POST', `${base}/${id}/test`, {})) as { message: string }).message,
          adminApiWords,
        ),
    }),
    /** Sends now (`at` null) or at a Lagos time ('YYYY-MM-DDTHH:mm'). */
    sendMailing: build.mutation<void, { id: string; at: string | null }>({
      queryFn: ({ id, at }) =>
        runQuery(async () => {
          await callAsAdmin('POST', `${base}/${id}/send`, at ? { at } : {});
        }, adminApiWords),
      invalidatesTags: ['Mailings'],
    }),
    getSequence: build.query<SequenceStep[], string>({
      queryFn: (productId) =>
        runQuery(
          async () => ((await callAsAdmin('GET', sequenceUrl(productId))) as { steps: SequenceStep[] }).steps,
          adminApiWords,
        ),
      providesTags: (_result, _error, productId) => [{ type: 'Sequence', id: productId }],
      keepUnusedDataFor: 0,
    }),
    saveSequence: build.mutation<SequenceStep[], { productId: string; steps: SequenceStep[] }>({
      queryFn: ({ productId, steps }) =>
        runQuery(
          async () =>
            ((await callAsAdmin('PUT', sequenceUrl(productId), { steps })) as { steps: SequenceStep[] }).steps,
          adminApiWords,
        ),
    }),
  }),
});

export const {
  useGetMailingsQuery,
  useLazyGetMailingQuery,
  useCountRecipientsQuery,
  useSaveMailingMutation,
  useSendTestMailingMutation,
  useSendMailingMutation,
  useGetSequenceQuery,
  useSaveSequenceMutation,
} = mailingsApi;
