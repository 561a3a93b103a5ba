// The admin's actions on one sale (docs/admin.md): admins only (ID token and admins record,
// server/admin/requireAdmin.ts), bodies validated, rate limited per client, every failure a readable
// {message}.
//
//   POST /api/admin/transactions/{id}/resend            {email?}  -> the access e-mail again
//   POST /api/admin/transactions/{id}/access            {revoked} -> the link revoked or restored
//   POST /api/admin/transactions/{id}/downloads/reset             -> the buyer's download counts back to 0
import { Router, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import {
  answerHttpErrors,
  failure,
  handle,
  jsonError,
  schemaParser,
  validate,
  type BodyCheck,
} from '../lib/httpErrors';
import type { AdminLocals } from './requireAdmin';
import type { SaleActions } from './saleActions';
import { accessBodySchema, isTransactionId, resendAccessBodySchema } from './transactionSchemas';

export const accessEmailSent = 'Access e-mail sent.';
export const saleNotFound = 'This sale could not be found.';
export const accessIsRevoked = 'Access to this sale is revoked. Restore it before sending the e-mail again.';
export const mailFailed = 'The e-mail could not be sent. Please try again.';
export const actionFailed = 'Something went wrong. Please try again.';
export const downloadsReset = 'The buyer’s download count is back to 0.';

type IdParams = { id: string };

/** 404 for an id that cannot name a sale. */
export const saleIdCheck: RequestHandler<IdParams> = (req, _res, next) => {
  next(isTransactionId(req.params.id) ? undefined : jsonError(404, saleNotFound));
};

/**
 * What an admin's action on one sale checks before it runs (`checks`): the body (400 with its problem;
 * no body reads as an empty one), then the sale id (404). The handler reads the checked body with `of`.
 */
export function saleActionRequest<T>(schema: z.ZodType<T>): {
  checks: RequestHandler<IdParams>[];
  of: BodyCheck<T>['of'];
} {
  const body = validate(schemaParser(schema, { absentAs: {} }));
  return { checks: [body, saleIdCheck], of: (req) => body.of(req) };
}

/** The signed-in admin (server/admin/requireAdmin.ts). */
export function adminUidOf(res: Response): string {
  return (res.locals as AdminLocals).adminUid;
}

/** An unexpected failure of an action on a sale: logged in the action's words, answered in general ones. */
export function saleActionFailed(what: string) {
  return (error: unknown, req: { params: IdParams }) =>
    failure(`${what} of ${req.params.id} failed`, error, 500, actionFailed);
}

export function createSaleRouter({
  requireAdmin,
  actions,
  limiter,
  logError,
}: {
  requireAdmin: RequestHandler;
  actions: SaleActions;
  /** The admin rate limit (server/lib/rateLimits.ts), first so guessing tokens is limited too. */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const resendRequest = saleActionRequest(resendAccessBodySchema);
  const accessRequest = saleActionRequest(accessBodySchema);

  const resend = handle<IdParams>(async (req, res) => {
    const body = resendRequest.of(req);
    const outcome = await actions.resendAccess(req.params.id, adminUidOf(res), body.email);
    if (outcome === 'sent') res.json({ message: accessEmailSent });
    else if (outcome === 'notFound') throw jsonError(404, saleNotFound);
    else if (outcome === 'revoked') throw jsonError(409, accessIsRevoked);
    else throw jsonError(502, mailFailed);
  }, saleActionFailed('Resend'));

  const access = handle<IdParams>(async (req, res) => {
    const body = accessRequest.of(req);
    const answer = await actions.setAccess(req.params.id, body.revoked, adminUidOf(res));
    if (!answer) throw jsonError(404, saleNotFound);
    res.json(answer);
  }, saleActionFailed('Access change'));

  const resetDownloads = handle<IdParams>(async (req, res) => {
    if (!(await actions.resetDownloads(req.params.id))) throw jsonError(404, saleNotFound);
    res.json({ message: downloadsReset });
  }, saleActionFailed('Download reset'));

  const router = Router();
  router.post('/:id/resend', limiter, requireAdmin, ...resendRequest.checks, resend);
  router.post('/:id/access', limiter, requireAdmin, ...accessRequest.checks, access);
  // No body to check: the reset takes none, and ignores any it is sent.
  router.post('/:id/downloads/reset', limiter, requireAdmin, saleIdCheck, resetDownloads);
  router.use(answerHttpErrors(logError));
  return router;
}
