// The buyer's library (docs/library.md): signing in with a mailed code or link, the purchases of the
// signed-in address, opening one, its license key (docs/licenses.md), and signing out. The session is
// the API's httpOnly cookie, so the SPA never holds it; a 401 answer means 'not signed in'.
import type { LibraryAnswer, LibraryLicenseAnswer } from '../../../../domain/library';
import { api } from '../../../lib/api';
import { fallbackMessage, type AppError } from '../../../lib/errors';
import { HttpError, requestJson } from '../../../lib/http';

const base = '/api/library';

/** The API's sentences (a wrong code, too many codes) are for the buyer; anything else is the general one. */
export function libraryError(error: unknown): AppError {
  if (error instanceof HttpError && error.serverMessage && [400, 401, 404, 410, 429].includes(error.status)) {
    return { code: error.status === 401 ? 'unauthenticated' : `http-${error.status}`, message: error.serverMessage };
  }
  return { code: error instanceof HttpError ? `http-${error.status}` : 'network', message: fallbackMessage };
}

async function call<T>(load: () => Promise<T>): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: libraryError(error) };
  }
}

export const libraryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLibrary: build.query<LibraryAnswer, void>({
      queryFn: () => call(() => requestJson<LibraryAnswer>('GET', `${base}/purchases`)),
      providesTags: ['Library'],
    }),
    requestSignInCode: build.mutation<{ message: string }, { email: string }>({
      queryFn: (body) => call(() => requestJson<{ message: string }>('POST', `${base}/sign-in`, { body })),
    }),
    signInWithCode: build.mutation<{ email: string }, { email: string; code: string }>({
      queryFn: (body) => call(() => requestJson<{ email: string }>('POST', `${base}/sign-in/code`, { body })),
      invalidatesTags: ['Library'],
    }),
    signInWithLink: build.mutation<{ email: string }, { link: string }>({
      queryFn: (body) => call(() => requestJson<{ email: string }>('POST', `${base}/sign-in/link`, { body })),
      invalidatesTags: ['Library'],
    }),
    openPurchase: build.mutation<{ url: string }, { id: string }>({
      queryFn: ({ id }) =>
        call(() => requestJson<{ url: string }>('POST', `${base}/purchases/${encodeURIComponent(id)}/open`)),
    }),
    /** The same trust as `openPurchase`, answering the course player's address instead. */
    openPurchaseCourse: build.mutation<{ url: string }, { id: string }>({
      queryFn: ({ id }) =>
        call(() => requestJson<{ url: string }>('POST', `${base}/purchases/${encodeURIComponent(id)}/course`)),
    }),
    getPurchaseLicense: build.query<LibraryLicenseAnswer, string>({
      queryFn: (id) =>
        call(() => requestJson<LibraryLicenseAnswer>('GET', `${base}/purchases/${encodeURIComponent(id)}/license`)),
      providesTags: (_answer, _error, id) => [{ type: 'Library', id: `license-${id}` }],
    }),
    deactivateMachine: build.mutation<LibraryLicenseAnswer, { id: string; instanceId: string }>({
      queryFn: ({ id, instanceId }) =>
        call(() =>
          requestJson<LibraryLicenseAnswer>(
            'POST',
            `${base}/purchases/${encodeURIComponent(id)}/license/${encodeURIComponent(instanceId)}/deactivate`,
          ),
        ),
      invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: 'Library', id: `license-${id}` }]),
    }),
    signOut: build.mutation<null, { everywhere: boolean }>({
      queryFn: ({ everywhere }) =>
        call(async () => {
          await requestJson('POST', `${base}/${everywhere ? 'sign-out-everywhere' : 'sign-out'}`);
          return null;
        }),
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
} = libraryApi;
