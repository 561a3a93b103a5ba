// Google's REST APIs from the seller's machine: authorised by the access token in
// GOOGLE_OAUTH_ACCESS_TOKEN when it is set (tests, CI), otherwise by Application Default Credentials
// (`gcloud auth application-default login`).
import { applicationDefault } from 'firebase-admin/app';
import type { GoliveEnv } from './endpoints';

/** A refusal from a Google API, with Google's own message and status (e.g. PERMISSION_DENIED). */
export class GoogleApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: string,
    message: string,
    /** ErrorInfo's reason when Google gives one, e.g. SERVICE_DISABLED. */
    readonly reason: string,
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
}

export interface GoogleClient {
  /** The bearer token (the redactor hides it). */
  token(): Promise<string>;
  /** JSON request; resolves the parsed body, or null for a 404 when `allow404` is set. */
  request<T>(method: string, url: string, body?: unknown, options?: { allow404?: boolean }): Promise<T | null>;
}

interface GoogleErrorBody {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: Array<{ '@type'?: string; reason?: string }>;
  };
}

export function createGoogleClient(env: GoliveEnv, onToken: (token: string) => void): GoogleClient {
  let cached: Promise<string> | null = null;
  const token = () =>
    (cached ??= (async () => {
      const fixed = env.GOOGLE_OAUTH_ACCESS_TOKEN?.trim();
      // firebase-admin's Application Default Credentials carry the cloud-platform scope.
      const value = fixed || (await applicationDefault().getAccessToken()).access_token;
      if (!value) {
        throw new Error(
          'No Google credentials: run `gcloud auth application-default login` or set GOOGLE_OAUTH_ACCESS_TOKEN.',
        );
      }
      onToken(value);
      return value;
    })());

  return {
    token,
    async request<T>(method: string, url: string, body?: unknown, options?: { allow404?: boolean }) {
      const response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${await token()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status === 404 && options?.allow404) return null;
      if (!response.ok) {
        let parsed: GoogleErrorBody = {};
        try {
          parsed = JSON.parse(text) as GoogleErrorBody;
        } catch {
          // Not JSON: the status line says enough.
        }
        const error = parsed.error ?? {};
        const reason = error.details?.find((d) => d['@type']?.endsWith('google.rpc.ErrorInfo'))?.reason ?? '';
        throw new GoogleApiError(
          response.status,
          error.status ?? String(response.status),
          error.message ?? `${method} ${new URL(url).pathname} answered ${response.status}`,
          reason,
        );
      }
      return (text ? JSON.parse(text) : {}) as T;
    },
  };
}

/** Google's long-running operation: wait until it is done (enable an API, create a bucket). */
export async function waitForOperation(
  google: GoogleClient,
  base: string,
  operation: { name?: string; done?: boolean; error?: { message?: string } },
): Promise<void> {
  let current = operation;
  for (let attempt = 0; !current.done && current.name && attempt < 60; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    current = (await google.request<typeof operation>('GET', `${base}/v1/${current.name}`)) ?? {};
  }
  if (current.error) throw new Error(current.error.message ?? 'The operation failed.');
}
