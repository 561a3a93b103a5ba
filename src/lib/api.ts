// The one RTK Query API (docs/architecture.md, 'Conventions'). Features add their endpoints with
// injectEndpoints. Firestore code lives in lazily imported query modules, so the Firebase SDK is not on the
// storefront's critical path (docs/performance.md): the shell renders first, the data follows.
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { toAppError, type AppError, type ErrorWords } from './errors';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<AppError>(),
  tagTypes: ['Product', 'Outline', 'Sale', 'Library'],
  endpoints: () => ({}),
});

/**
 * Runs a data-access call for an RTK Query queryFn and maps any failure once (lib/errors.ts), in the
 * feature's own words when it has some. Every endpoint's queryFn goes through here.
 */
export async function runQuery<T>(
  load: () => Promise<T>,
  words?: ErrorWords,
): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: toAppError(error, words) };
  }
}
