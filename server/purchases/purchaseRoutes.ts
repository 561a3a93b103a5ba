// POST /api/purchases/resend (docs/payments.md): a buyer who lost the order e-mail gets every product
// bought with that address in one e-mail. The answer is the same whether or not any exist, so the
// endpoint does not tell a stranger who bought here.
import { Router, type RequestHandler } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { rateLimitMessages } from '../lib/rateLimits';
import { createPurchaseMail, type PurchaseLink, type PurchaseMailDeps } from '../mail/orderMails';
import type { AccessLinks } from '../orders/accessLinks';
import { transactionsCollection, type Fulfilment } from '../orders/fulfilment';
import { parseBody, resendBodySchema } from '../orders/orderSchema';

export const resendAnswer =
  'If we have purchases for this e-mail address, we have sent their access links to it. Please check your inbox and spam folder.';
export const tooManyResends = rateLimitMessages.resend;

export function createPurchaseRouter({
  db,
  mailer,
  config,
  links,
  fulfilment,
  limiter,
  logError,
}: PurchaseMailDeps & {
  db: Firestore;
  links: AccessLinks;
  fulfilment: Pick<Fulfilment, 'ensureAccess'>;
  /** The `resend` limiter of server/lib/rateLimits.ts (429 with Retry-After). */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const purchaseMail = createPurchaseMail({ mailer, config });
  const resend: RequestHandler = async (req, res) => {
    const parsed = parseBody(resendBodySchema, req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.message });
      return;
    }
    const email = parsed.data.email.toLowerCase();
    try {
      // Equality only: no composite index needed. customerEmail is stored lower-cased for this.
      const snapshot = await db.collection(transactionsCollection).where('customerEmail', '==', email).get();
      const purchases: PurchaseLink[] = [];
      for (const doc of snapshot.docs) {
        const data = doc.data();
        if (data.accessRevoked !== false) continue;
        const token = links.tokenFor(doc.id);
        await fulfilment.ensureAccess(doc.id, String(data.productId), token);
        purchases.push({
          productName: String(data.productName),
          transactionReference: String(data.transactionReference),
          paidAt: String(data.paidAt),
          accessUrl: links.urlFor(token),
        });
      }
      purchases.sort((a, b) => a.paidAt.localeCompare(b.paidAt));
      if (purchases.length > 0) await purchaseMail.sendPurchaseList(email, purchases);
    } catch (error) {
      // Still the same answer: a different one would say that this address has purchases.
      logError('Purchase links could not be resent', error);
    }
    res.json({ message: resendAnswer });
  };

  const router = Router();
  router.post('/resend', limiter, resend);
  return router;
}
