// The admin's calls to our own API: JSON in and out, with the signed-in admin's Firebase ID token,
// which the API verifies before it looks at anything else (server/admin/requireAdmin.ts).
import { HttpError, resolveUrl } from '../../../lib/http';
import { currentIdToken } from './productAdminQueries';

/** POSTs `body` as the signed-in admin; rejects with HttpError carrying the API's own sentence. */
export function postAsAdmin(url: string, body: unknown): Promise<unknown> {
  return callAsAdmin('POST', url, body);
}

/** Any method as the signed-in admin, JSON in and out; rejects with HttpError carrying the API's sentence. */
export async function callAsAdmin(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<unknown> {
  const token = await currentIdToken();
  if (!token) throw new HttpError(401, 'Please sign in as an admin.');
  const response = await fetch(resolveUrl(url), {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
        ? answer.message
        : undefined;
    throw new HttpError(response.status, message);
  }
  return answer;
}
