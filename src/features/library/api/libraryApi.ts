// The buyer's library (docs/library.md): signing in with a mailed code or link, the purchases of the
// signed-in address, opening one, its license key (docs/licenses.md), and signing out. The session is
// the API's httpOnly cookie, so the SPA never holds it; a 401 answer means 'not signed in'.
import type { LibraryAnswer, LibraryLicenseAnswer, SignInRequestAnswer } from '../../../../domain/library';
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { requestJson } from '../../../lib/http';

const base = '/api/library';

/** The API's sentences (a wrong code, too many codes) are for the buyer; anything else is the general one. */
const words: ErrorWords = {
  spoken: [400, 401, 404, 410, 429],
  codes: { 401: 'unauthenticated' },
  network: fallbackMessage,
};

/** An e-mail to buyers the signed-in buyer can read again: its body as the API rendered and sanitized it. */
export interface LibraryMailing {
  id: string;
  subject: string;
  sentAt: string;
  html: string;
}

export interface LibraryMailingsAnswer {
  mailings: LibraryMailing[];
  /** False while the address is unsubscribed (or bounced) from the seller's e-mails. */
  subscribed: boolean;
}

/** The e-mails' refusals (a bounced address cannot subscribe again) are written for the buyer. */
const mailingWords: ErrorWords = {
  spoken: [401, 409, 429],
  codes: { 401: 'unauthenticated' },
  network: fallbackMessage,
};

export const libraryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLibrary: build.query<LibraryAnswer, void>({
      queryFn: () => runQuery(() => requestJson<LibraryAnswer>('GET', `${base}/purchases`), words),
      providesTags: ['Library'],
    }),
    requestSignInCode: build.mutation<SignInRequestAnswer, { email: string }>({
      queryFn: (body) => runQuery(() => requestJson<SignInRequestAnswer>('POST', `${base}/sign-in`, { body }), words),
    }),
    signInWithCode: build.mutation<{ email: string }, { email: string; code: string }>({
      queryFn: (body) =>
        runQuery(() => requestJson<{ email: string }>('POST', `${base}/sign-in/code`, { body }), words),
      invalidatesTags: ['Library'],
    }),
    signInWithLink: build.mutation<{ email: string }, { link: string }>({
      queryFn: (body) =>
        runQuery(() => requestJson<{ email: string }>('POST', `${base}/sign-in/link`, { body }), words),
      invalidatesTags: ['Library'],
    }),
    openPurchase: build.mutation<{ url: string }, { id: string }>({
      queryFn: ({ id }) =>
        runQuery(() => requestJson<{ url: string }>('POST', `${base}/purchases/${encodeURIComponent(id)}/open`), words),
    }),
    /** The same trust as `openPurchase`, answering the course player's address instead. */
    openPurchaseCourse: build.mutation<{ url: string }, { id: string }>({
      queryFn: ({ id }) =>
        runQuery(
          () => requestJson<{ url: string }>('POST', `${base}/purchases/${encodeURIComponent(id)}/course`),
          words,
        ),
    }),
    getPurchaseLicense: build.query<LibraryLicenseAnswer, string>({
      queryFn: (id) =>
        runQuery(
          () => requestJson<LibraryLicenseAnswer>('GET', `${base}/purchases/${encodeURIComponent(id)}/license`),
          words,
        ),
      providesTags: (_answer, _error, id) => [{ type: 'Library', id: `license-${id}` }],
    }),
    deactivateMachine: build.mutation<LibraryLicenseAnswer, { id: string; instanceId: string }>({
      queryFn: ({ id, instanceId }) =>
        runQuery(
          () =>
            requestJson<LibraryLicenseAnswer>(
              'POST',
              `${base}/purchases/${encodeURIComponent(id)}/license/${encodeURIComponent(instanceId)}/deactivate`,
            ),
          words,
        ),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Library', id: `license-${id}` }]),
    }),
    getLibraryMailings: build.query<LibraryMailingsAnswer, void>({
      queryFn: () => runQuery(() => requestJson<LibraryMailingsAnswer>('GET', `${base}/mailings`), mailingWords),
      providesTags: [{ type: 'Library', id: 'mailings' }],
    }),
    subscribeAgain: build.mutation<{ message: string }, void>({
      queryFn: () =>
        runQuery(() => requestJson<{ message: string }>('POST', `${base}/mailings/subscribe`), mailingWords),
      invalidatesTags: (_answer, error) => (error ? [] : [{ type: 'Library', id: 'mailings' }]),
    }),
    signOut: build.mutation<null, { everywhere: boolean }>({
      queryFn: ({ everywhere }) =>
        runQuery(async () => {
          await requestJson('POST', `${base}/${everywhere ? 'sign-out-everywhere' : 'sign-out'}`);
          return null;
        }, words),
      invalidatesTags: ['Library'],
    }),
  }),
});

export const receiptUrl = (id: string) => `${base}/purchases/${encodeURIComponent(id)}/receipt`;

export const {
  useGetLibraryQuery,
  useRequestSignInCodeMutation,
  useSignInWithCodeMutation,
  useSignInWithLinkMutation,
  useOpenPurchaseMutation,
  useOpenPurchaseCourseMutation,
  useGetPurchaseLicenseQuery,
  useDeactivateMachineMutation,
  useSignOutMutation,
  useGetLibraryMailingsQuery,
  useSubscribeAgainMutation,
} = libraryApi;
