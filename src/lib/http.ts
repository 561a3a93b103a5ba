// Small typed fetch helpers for the store's own API (contact, order, ...). No Firebase here.

/** A response outside 2xx; `serverMessage` is the API's readable `{message}` when it sent one. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    /** The whole JSON answer, for the fields beside `message` some routes send (undefined when none). */
    readonly body?: unknown,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
  }
}

// Browsers resolve a relative URL against the page; Node's fetch (jsdom tests, SSR tools) does not,
// so configured same-origin paths such as '/api/contact' are resolved here the browser's way.
export function resolveUrl(url: string): string {
  return typeof window === 'undefined' ? url : new URL(url, window.location.href).toString();
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  return typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
    ? body.message
    : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The SPA's one client for the store's own API: sends `body` (if any) as JSON, with a bearer token
 * when given, and resolves with the parsed JSON answer (undefined when there is none). Rejects with
 * HttpError carrying the API's own sentence for a non-2xx answer, and with the fetch TypeError when
 * the network fails.
 */
export async function requestJson<T = unknown>(
  method: HttpMethod,
  url: string,
  init: { body?: unknown; token?: string; signal?: AbortSignal; credentials?: RequestCredentials } = {},
): Promise<T> {
  const { body, token, signal, credentials } = init;
  const response = await fetch(resolveUrl(url), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    ...(credentials ? { credentials } : {}),
  });
  const answer = await readJson(response);
  if (!response.ok) throw new HttpError(response.status, messageOf(answer), answer);
  return answer as T;
}

/** POSTs `body` as JSON: requestJson's most common call. */
export function postJson<T = unknown>(url: string, body: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  return requestJson<T>('POST', url, { body, ...init });
}
