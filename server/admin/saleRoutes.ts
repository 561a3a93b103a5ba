// POST /api/admin/transactions/{id}/resend and POST /api/admin/transactions/{id}/access (docs/admin.md):
// admins only (ID token and admins record, server/admin/requireAdmin.ts), bodies validated, rate
// limited per client, every failure a readable {message}.
import { Router, type RequestHandler } from 'express';
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
    const parsed = parseBody(resendAccessBodySchema, req.body ?? {});
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    if (!isTransactionId(req.params.id)) {
      res.status(404).json({ message: saleNotFound });
      return;
    }
    const { adminUid } = res.locals as AdminLocals;
    try {
      const outcome = await actions.resendAccess(req.params.id, adminUid, parsed.data.email);
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
    const parsed = parseBody(accessBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    if (!isTransactionId(req.params.id)) {
      res.status(404).json({ message: saleNotFound });
      return;
    }
    const { adminUid } = res.locals as AdminLocals;
    try {
      const answer = await actions.setAccess(req.params.id, parsed.data.revoked, adminUid);
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
