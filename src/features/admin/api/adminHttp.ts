// The admin's calls to our own API: JSON in and out, with the signed-in admin's Firebase ID token,
// which the API verifies before it looks at anything else (server/admin/requireAdmin.ts).
import { HttpError, requestJson, type HttpMethod } from '../../../lib/http';
import { currentIdToken } from './productAdminQueries';

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
