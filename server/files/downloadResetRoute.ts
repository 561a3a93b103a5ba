// POST /api/admin/transactions/{id}/downloads/reset (docs/admin.md, 'Sales'): the seller gives a buyer
// their downloads back (the per-file counts the download limit is checked against). Admins only, rate
// limited; the device count stays, since the devices did open the purchase.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { Router, type RequestHandler } from 'express';
import { isTransactionId } from '../admin/transactionSchemas';
import { saleNotFound } from '../admin/saleRoutes';
import { transactionsCollection } from '../orders/fulfilment';

export const downloadsReset = 'The buyer’s download count is back to 0.';

export function createDownloadResetRouter({
  db,
  requireAdmin,
  limiter,
  logError,
}: {
  db: Firestore;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const reset: RequestHandler<{ id: string }> = async (req, res) => {
    if (!isTransactionId(req.params.id)) {
      res.status(404).json({ message: saleNotFound });
      return;
    }
    const ref = db.collection(transactionsCollection).doc(req.params.id);
    try {
      const found = await db.runTransaction(async (t) => {
        if (!(await t.get(ref)).exists) return false;
        t.update(ref, {
          'downloads.count': 0,
          'downloads.byFile': FieldValue.delete(),
          'downloads.resetAt': new Date().toISOString(),
        });
        return true;
      });
      if (found) res.json({ message: downloadsReset });
      else res.status(404).json({ message: saleNotFound });
    } catch (error) {
      logError(`Download reset of ${req.params.id} failed`, error);
      res.status(500).json({ message: 'Something went wrong. Please try again.' });
    }
  };
  const router = Router();
  router.post('/:id/downloads/reset', limiter, requireAdmin, reset);
  return router;
}
