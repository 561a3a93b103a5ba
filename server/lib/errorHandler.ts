// The API's one error handler (docs/architecture.md, 'Conventions'): bodies that are not JSON, or too
// large, and paths that do not decode get a readable message; never a stack trace. A route's own
// answers (httpErrors.ts) come here too, with their status, body and log line.
import type { ErrorRequestHandler } from 'express';
import { HttpError, sendHttpError } from './httpErrors';
import { errorMessage } from './httpSecurity';

export function errorHandler(logError: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error: unknown, _req, res, _next) => {
    if (error instanceof HttpError) {
      sendHttpError(error, res, logError);
      return;
    }
    const status =
      typeof error === 'object' &&
      error !== null &&
      'status' in error &&
      typeof error.status === 'number' &&
      error.status >= 400 &&
      error.status < 600
        ? error.status
        : 500;
    if (status >= 500) logError('Request failed', error);
    res.status(status).json({ message: errorMessage(status, error) });
  };
}
