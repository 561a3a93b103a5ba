// Errors are mapped once, here, to a code and a message fit to show a person (docs/storefront.md,
// 'Messages'). Raw SDK codes and stack traces never reach the screen. Every call of the SPA ends here:
// an RTK Query endpoint through runQuery (lib/api.ts), any other call by `throw toAppError(error, words)`.
// A feature does not map failures itself; it passes its own words for a status or a code (ErrorWords).
import { HttpError } from './http';

export interface AppError {
  code: string;
  message: string;
}

/** The sentence for a store that cannot be reached, for the words of features that use it. */
export const unreachableMessage = 'The store could not be reached. Check your connection and try again.';
const connectionFailed = 'Connection failed.';

const friendly: Record<string, string> = {
  unavailable: unreachableMessage,
  'deadline-exceeded': 'Request time out',
  'permission-denied': 'You do not have permission to do that.',
  'not-found': 'That item could not be found.',
  network: connectionFailed,
  // An admin's save refused because another admin changed the same product since it was opened.
  'product-changed': 'This product was changed by someone else. Reload it and try again.',
};

export const fallbackMessage = 'Something went wrong. Please try again.';

/** Every 4xx status: the API's refusals, whose `{message}` a screen that speaks them all shows as it is. */
export const refusalStatuses: readonly number[] = Array.from({ length: 100 }, (_, i) => 400 + i);

/** What a body the API sent beside its sentence says, for a code that depends on it. */
export type AnswerBody = Readonly<Record<string, unknown>>;

/** A feature's own words for the failures of its calls; each is optional, the store's own apply otherwise. */
export interface ErrorWords {
  /**
   * The statuses whose `{message}` the API writes for the person on this screen: it is shown as it
   * is. 'all': every status. A status not listed, or an answer without a sentence, reads `fallback`.
   */
  spoken?: readonly number[] | 'all';
  /** The code a screen branches on for a status (a 401 as 'unauthenticated'), instead of `http/<status>`. */
  codes?: Readonly<Record<number, string | ((body: AnswerBody) => string)>>;
  /** Text fields of the answer beside its sentence that the screen shows too (a lesson's opening day). */
  keep?: readonly string[];
  /** Words for Firebase codes ('auth/wrong-password'), before the store's own. */
  firebase?: Readonly<Record<string, string>>;
  /** The sentence for a connection that failed (fetch's TypeError), instead of 'Connection failed.'. */
  network?: string;
  /** The sentence for anything else, instead of fallbackMessage. */
  fallback?: string;
  /**
   * The sentence for any failure that is not an answer of the API (a failed connection, an aborted
   * call, a library's own error), instead of `network`, the Firebase words and `fallback`: for a
   * screen whose calls only reach the store's API, where anything but an answer is the connection.
   */
  unanswered?: string;
  /**
   * The sentence for a status whose answer is not shown as it is (not spoken, or without a sentence),
   * instead of `fallback` and `failed`: a 404 at the checkout as 'This product is no longer available.'.
   */
  byStatus?: Readonly<Record<number, string>>;
  /**
   * For a screen that tells the API's refusals (4xx: the person's to change) from its failures (worth
   * trying again): the code of every 4xx answer `codes` does not name, instead of `http/<status>`.
   */
  refused?: string;
  /**
   * How every other failure reads: this sentence around its reason, which is the answer's own sentence
   * (a 5xx's too), else `unanswered` (or the words for the connection or a Firebase code) when no answer
   * came, else `fallback`. Only a spoken sentence, a `byStatus` sentence and an AppError read unwrapped.
   */
  failed?: (reason: string) => string;
}

function firebaseCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code.replace(/^firestore\//, '')
    : undefined;
}

function codeOf(error: HttpError, words: ErrorWords, body: AnswerBody): string {
  const named = words.codes?.[error.status];
  if (typeof named === 'function') return named(body);
  if (named !== undefined) return named;
  return words.refused !== undefined && refusalStatuses.includes(error.status) ? words.refused : `http/${error.status}`;
}

function fromAnswer(error: HttpError, words: ErrorWords): AppError {
  const body: AnswerBody = typeof error.body === 'object' && error.body !== null ? (error.body as AnswerBody) : {};
  const spoken = words.spoken === 'all' || (words.spoken?.includes(error.status) ?? false);
  const kept = Object.fromEntries(
    (words.keep ?? []).flatMap((field) => (typeof body[field] === 'string' ? [[field, body[field]]] : [])),
  );
  const said = (spoken ? error.serverMessage : undefined) ?? words.byStatus?.[error.status];
  const message =
    said ??
    (words.failed
      ? words.failed(error.serverMessage ?? words.fallback ?? fallbackMessage)
      : (words.fallback ?? fallbackMessage));
  return { code: codeOf(error, words, body), message, ...kept };
}

/** A failure that is no answer of the API: the connection, a Firebase code, or anything else. */
function unanswered(error: unknown, words: ErrorWords): AppError {
  const code = firebaseCode(error) ?? (error instanceof TypeError ? 'network' : 'unknown');
  const reason =
    words.unanswered ??
    (code === 'network'
      ? (words.network ?? connectionFailed)
      : (words.firebase?.[code] ?? friendly[code] ?? words.fallback ?? fallbackMessage));
  return { code, message: words.failed ? words.failed(reason) : reason };
}

/**
 * The one mapper: a failure of the store's API (HttpError: by its status), of Firebase (by its code) or
 * of the connection, as a code and a sentence (and the answer's fields the words keep). An AppError
 * passes through as it is.
 */
export function toAppError(error: unknown, words: ErrorWords = {}): AppError {
  if (isAppError(error)) return error;
  return error instanceof HttpError ? fromAnswer(error, words) : unanswered(error, words);
}

export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'code' in value &&
    'message' in value &&
    typeof value.code === 'string' &&
    typeof value.message === 'string' &&
    !(value instanceof Error)
  );
}
