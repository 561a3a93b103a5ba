// POST /api/admin/transactions/{id}/resend and POST /api/admin/transactions/{id}/access (docs/admin.md):
// admins only (ID token and admins record, server/admin/requireAdmin.ts), bodies validated, rate
// limited per client, every failure a readable {message}.
import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { z } from 'zod';
import { parseBody } from '../orders/orderSchema';
import type { AdminLocals } from './requireAdmin';
import type { SaleActions } from './saleActions';
import { accessBodySchema, isTransactionId, resendAccessBodySchema } from './transactionSchemas';

export const accessEmailSent = 'Access e-mail sent.';
export const saleNotFound = 'This sale could not be found.';
export const accessIsRevoked = 'Access to this sale is revoked. Restore it before sending the e-mail again.';
export const mailFailed = 'The e-mail could not be sent. Please try again.';
export const actionFailed = 'Something went wrong. Please try again.';

type IdParams = { id: string };

/**
 * What an admin's action on one sale asks: the checked body, the sale id and the admin, or null once
 * the answer is sent (400 with the body's problem, 404 for an id that cannot name a sale).
 */
export function saleActionRequest<T>(
  schema: z.ZodType<T>,
  req: Request<IdParams>,
  res: Response,
): { id: string; body: T; adminUid: string } | null {
  const parsed = parseBody(schema, req.body ?? {});
  if (!parsed.ok) {
    res.status(400).json({ message: parsed.message });
    return null;
  }
  if (!isTransactionId(req.params.id)) {
    res.status(404).json({ message: saleNotFound });
    return null;
  }
  return { id: req.params.id, body: parsed.data, adminUid: (res.locals as AdminLocals).adminUid };
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
  const resend: RequestHandler<IdParams> = async (req, res) => {
    const request = saleActionRequest(resendAccessBodySchema, req, res);
    if (!request) return;
    try {
      const outcome = await actions.resendAccess(request.id, request.adminUid, request.body.email);
      if (outcome === 'sent') res.json({ message: accessEmailSent });
      else if (outcome === 'notFound') res.status(404).json({ message: saleNotFound });
      else if (outcome === 'revoked') res.status(409).json({ message: accessIsRevoked });
      else res.status(502).json({ message: mailFailed });
    } catch (error) {
      logError(`Resend of ${req.params.id} failed`, error);
      res.status(500).json({ message: actionFailed });
    }
  };

  const access: RequestHandler<IdParams> = async (req, res) => {
    const request = saleActionRequest(accessBodySchema, req, res);
    if (!request) return;
    try {
      const answer = await actions.setAccess(request.id, request.body.revoked, request.adminUid);
      if (answer) res.json(answer);
      else res.status(404).json({ message: saleNotFound });
    } catch (error) {
      logError(`Access change of ${req.params.id} failed`, error);
      res.status(500).json({ message: actionFailed });
    }
  };

  const router = Router();
  router.post('/:id/resend', limiter, requireAdmin, resend);
  router.post('/:id/access', limiter, requireAdmin, access);
  return router;
}
