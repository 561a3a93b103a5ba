// Google's error bodies, as its APIs answer them.
import { HttpResponse } from 'msw';

export function googleError(code: number, status: string, message: string, details?: unknown[]) {
  return HttpResponse.json({ error: { code, message, status, ...(details ? { details } : {}) } }, { status: code });
}

export function serviceDisabled(service: string, projectNumber: string) {
  return googleError(
    403,
    'PERMISSION_DENIED',
    `${service} has not been used in project ${projectNumber} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${service}/overview?project=${projectNumber} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
    [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'SERVICE_DISABLED',
        domain: 'googleapis.com',
        metadata: { service, consumer: `projects/${projectNumber}` },
      },
    ],
  );
}

export const unauthenticated = () =>
  googleError(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  );

/** The Storage JSON API's own error shape (no `status`). */
export function storageError(code: number, message: string, reason: string) {
  return HttpResponse.json(
    { error: { code, message, errors: [{ message, domain: 'global', reason }] } },
    { status: code },
  );
}

export const notFound = (message: string) => googleError(404, 'NOT_FOUND', message);
