// The API's one error path (docs/architecture.md, 'Conventions'): a route answers a refusal or a failure
// by throwing (or passing to next) an HttpError, and the one error handler of server/app.ts logs what
// it carries and sends its answer. Express 5 hands a rejected handler's error to that handler itself.
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import type { z } from 'zod';
import { parseBody } from './fieldSchema';

/** An answer sent through the error handler: its status and its body, JSON or a page. */
export type ErrorBody = { json: Record<string, unknown> } | { html: string };

/** What the error handler logs with an answer: the route's own words and the error behind them. */
export interface ErrorLog {
  message: string;
  error: unknown;
}

export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly body: ErrorBody;
  readonly log: ErrorLog | null;

  constructor(status: number, body: ErrorBody, log: ErrorLog | null = null) {
    super(
      'json' in body && typeof body.json.message === 'string' ? body.json.message : `HTTP ${status}`,
      log ? { cause: log.error } : undefined,
    );
    this.status = status;
    this.body = body;
    this.log = log;
  }
}

/** A JSON answer {message, ...extra} with its status. */
export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { json: { message, ...extra } });
}

/** An unexpected failure: logged in the route's words, answered as the route answers its failures. */
export function failure(logMessage: string, error: unknown, status: number, message: string): HttpError {
  return new HttpError(status, { json: { message } }, { message: logMessage, error });
}

/** Sends an HttpError's answer; the headers the route set before it stay. */
export function sendHttpError(
  error: HttpError,
  res: Response,
  logError: (message: string, error: unknown) => void,
): void {
  if (error.log) logError(error.log.message, error.log.error);
  if ('html' in error.body) res.status(error.status).type('html').send(error.body.html);
  else res.status(error.status).json(error.body.json);
}

/**
 * The last handler of a router: its HttpErrors answered as the app's handler answers them, so a router
 * answers alike mounted alone (its unit tests) and in the app; any other error goes on to the app's.
 */
export function answerHttpErrors(logError: (message: string, error: unknown) => void): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (error instanceof HttpError) sendHttpError(error, res, logError);
    else next(error);
  };
}

type AsyncHandler<P> = (req: Request<P>, res: Response, next: NextFunction) => Promise<void> | void;

/**
 * The handler, with what any error it did not mean becomes: an HttpError it threw is its answer as
 * it is; anything else becomes `onFailure`'s answer (the route's log line and its failure answer).
 */
export function handle<P>(
  handler: AsyncHandler<P>,
  onFailure: (error: unknown, req: Request<P>) => HttpError,
): RequestHandler<P> {
  return async (req, res, next) => {
    try {
      await handler(req, res, next);
    } catch (error) {
      next(error instanceof HttpError ? error : onFailure(error, req));
    }
  };
}

/** How a body is checked: its data, or the answer to a body that does not pass. */
export type BodyParser<T> = (body: unknown) => { ok: true; data: T } | { ok: false; error: HttpError };

/** The purchase API's way (orderSchema.ts parseBody): 400 with the most useful issue's words. */
export function schemaParser<T>(schema: z.ZodType<T>, { absentAs }: { absentAs?: object } = {}): BodyParser<T> {
  return (body) => {
    const parsed = parseBody(schema, body ?? absentAs);
    return parsed.ok ? parsed : { ok: false, error: jsonError(400, parsed.message) };
  };
}

/**
 * A body check: middleware that checks `req.body` and replaces it with the parsed data (or answers 400
 * through the error handler), and `of(req)`, the parsed body, typed, for the handler it comes before.
 */
export interface BodyCheck<T> extends RequestHandler {
  /** The body this check parsed for the request; throws when the check did not run before the handler. */
  of(req: Pick<Request, 'body'>): T;
}

/**
 * The body check of a route. A zod schema is checked as parseBody does; a parser gives its own answer.
 * Mount it before the handler, which reads the body with `check.of(req)`, never with a cast.
 */
export function validate<T>(check: z.ZodType<T> | BodyParser<T>): BodyCheck<T> {
  const parse = typeof check === 'function' ? check : schemaParser(check);
  // The request object is the same in every handler of its route: what was parsed is kept for it.
  const parsedBodies = new WeakMap<object, { data: T }>();
  const middleware: RequestHandler = (req, _res, next) => {
    const parsed = parse(req.body);
    if (!parsed.ok) {
      next(parsed.error);
      return;
    }
    req.body = parsed.data;
    parsedBodies.set(req, { data: parsed.data });
    next();
  };
  return Object.assign(middleware, {
    of(req: Pick<Request, 'body'>): T {
      const parsed = parsedBodies.get(req);
      if (!parsed) throw new Error('This body check did not run before the handler that reads it');
      return parsed.data;
    },
  });
}
