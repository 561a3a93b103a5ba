// The one RTK Query API (docs/architecture.md, 'Conventions'). Features add their endpoints with
// injectEndpoints. Firestore code lives in lazily imported query modules, so the Firebase SDK is not on the
// storefront's critical path (docs/performance.md): the shell renders first, the data follows.
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { toAppError, type AppError } from './errors';

export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<AppError>(),
  tagTypes: ['Product', 'Outline', 'Sale', 'Library'],
  endpoints: () => ({}),
});

/** Runs a data-access call and maps any failure once, for an RTK Query queryFn. */
export async function runQuery<T>(load: () => Promise<T>): Promise<{ data: T } | { error: AppError }> {
  try {
    return { data: await load() };
  } catch (error) {
    return { error: toAppError(error) };
  }
}
