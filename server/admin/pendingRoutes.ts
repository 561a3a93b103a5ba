// GET /api/admin/pending-payments (docs/admin.md, 'Money on its way'): the checkouts whose payment is
// pending (a transfer Paystack has not yet seen, a PayPal review), for the Sales panel. Admins only;
// the order service reads them, this file only answers.
import { Router, type RequestHandler } from 'express';
import type { PendingPaymentRow } from '../../domain/apiContracts';
import { answerHttpErrors, failure, handle } from '../lib/httpErrors';

export function createPendingPaymentsRouter({
  requireAdmin,
  pendingPayments,
  limiter,
  logError,
}: {
  requireAdmin: RequestHandler;
  pendingPayments: () => Promise<PendingPaymentRow[]>;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const list = handle(
    async (_req, res) => {
      res.set('Cache-Control', 'no-store').json({ payments: await pendingPayments() });
    },
    (error) => failure('Pending payments list failed', error, 500, 'Something went wrong. Please try again.'),
  );
  const router = Router();
  router.get('/', limiter, requireAdmin, list);
  router.use(answerHttpErrors(logError));
  return router;
}
