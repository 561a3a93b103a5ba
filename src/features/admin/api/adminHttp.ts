// The admin's calls to our own API: JSON in and out, with the signed-in admin's Firebase ID token,
// which the API verifies before it looks at anything else (server/admin/requireAdmin.ts).
import { unreachableMessage, type ErrorWords } from '../../../lib/errors';
import { HttpError, requestJson, type HttpMethod } from '../../../lib/http';
import { currentIdToken } from './productAdminQueries';

/** The API's own sentence whatever the status (they are written for the admin), else a plain one. */
export const adminApiWords: ErrorWords = { spoken: 'all', network: unreachableMessage };

/** POSTs `body` as the signed-in admin; rejects with HttpError carrying the API's own sentence. */
export function postAsAdmin(url: string, body: unknown): Promise<unknown> {
  return callAsAdmin('POST', url, body);
}

/** Any method as the signed-in admin, JSON in and out; rejects with HttpError carrying the API's sentence. */
export async function callAsAdmin(method: HttpMethod, url: string, body?: unknown): Promise<unknown> {
  const token = await currentIdToken();
  if (!token) throw new HttpError(401, 'Please sign in as an admin.');
  return requestJson(method, url, { body, token });
}
