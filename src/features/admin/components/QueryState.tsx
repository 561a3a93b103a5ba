import { toAppError } from '../../../lib/errors';

/** What a dashboard section's query reports while it is not ready: loading, or why it failed. */
export interface QueryStatus {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
}

/**
 * A section's loading line (a polite status) or its failure (an alert, in words); nothing once the
 * data is there. `failed` is followed by the error's own words.
 */
export function QueryState({ query, loading, failed }: { query: QueryStatus; loading: string; failed: string }) {
  if (query.isLoading) {
    return (
      <p role="status" className="text-slate-700">
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-red-700">
        {failed} {toAppError(query.error).message}
      </p>
    );
  }
  return null;
}
