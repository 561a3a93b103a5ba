// GET /api/access/{token} (docs/payments.md, 'Access links'): the buyer's private door to the deliverable.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { Router, type RequestHandler } from 'express';
import { escapeHtml } from '../mail/html';
import { accessGrantsCollection, hashToken, isTokenShaped } from './accessLinks';
import { transactionsCollection } from './fulfilment';

export function invalidLinkPage(storeName: string, purchasesUrl: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Link not valid — ${escapeHtml(storeName)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}a{color:#1d4ed8}</style>',
    '</head><body><main>',
    '<h1>This link is not valid</h1>',
    '<p>The access link you opened does not exist or is no longer active.</p>',
    `<p>If you bought a product, you can have your links sent to you again: go to <a href="${escapeHtml(purchasesUrl)}">${escapeHtml(purchasesUrl)}</a> and enter the e-mail address you used when paying.</p>`,
    '</main></body></html>',
  ].join('');
}

export function createAccessRouter({
  db,
  storeName,
  publicStoreUrl,
  logError,
}: {
  db: Firestore;
  storeName: string;
  publicStoreUrl: string;
  logError: (message: string, error: unknown) => void;
}): Router {
  const purchasesUrl = `${publicStoreUrl.replace(/\/+$/, '')}/purchases`;

  const open: RequestHandler<{ token: string }> = async (req, res) => {
    // Links are private: no caching by proxies, and no Referer carrying the token to the deliverable.
    res.set('Cache-Control', 'no-store');
    res.set('Referrer-Policy', 'no-referrer');
    const notValid = () => res.status(404).type('html').send(invalidLinkPage(storeName, purchasesUrl));
    const token = req.params.token;
    if (!isTokenShaped(token)) {
      notValid();
      return;
    }
    try {
      const grantRef = db.collection(accessGrantsCollection).doc(hashToken(token));
      const grant = (await grantRef.get()).data();
      const transactionId: unknown = grant?.transactionId;
      if (typeof transactionId !== 'string') {
        notValid();
        return;
      }
      const transaction = (await db.collection(transactionsCollection).doc(transactionId).get()).data();
      if (!transaction || transaction.accessRevoked !== false) {
        notValid();
        return;
      }
      // The deliverable as the seller has it now (they may have moved it), else as it was sold.
      const current = (await db.collection('productDeliverables').doc(String(transaction.productId)).get()).data();
      const url = [current?.url, transaction.productUrl].find(
        (candidate): candidate is string => typeof candidate === 'string' && /^https?:\/\//i.test(candidate),
      );
      if (!url) {
        logError(`Access link of ${transactionId} has no deliverable to open`, null);
        res
          .status(503)
          .type('html')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(storeName)}</title></head><body><main><h1>Your product is not ready yet</h1><p>The seller has been told. Please try this link again later.</p></main></body></html>`,
          );
        return;
      }
      // The grant counts for the API; the transaction carries the same count for the Sales panel,
      // because admins read transactions but never access grants (they hold token hashes).
      const batch = db.batch();
      batch.update(grantRef, { uses: FieldValue.increment(1), lastUsedAt: FieldValue.serverTimestamp() });
      batch.update(db.collection(transactionsCollection).doc(transactionId), { accessUses: FieldValue.increment(1) });
      await batch.commit();
      res.redirect(302, url);
    } catch (error) {
      logError('Access link could not be opened', error);
      res
        .status(500)
        .type('html')
        .send('<!doctype html><title>Error</title><p>Something went wrong. Please try again.</p>');
    }
  };

  const router = Router();
  router.get('/:token', open);
  return router;
}
