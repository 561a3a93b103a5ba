// GET /api/library/mailings: the e-mails to buyers the signed-in buyer can read again, and whether the
// address gets them; POST /api/library/mailings/subscribe: subscribe again after an unsubscribe
// (libraryMailings.ts, docs/emails.md 'In the library'). 401 without a library session.
import { Router, type Request } from 'express';
import { answerHttpErrors, failure, handle, jsonError } from '../lib/httpErrors';
import { signInNeeded } from '../library/libraryRoutes';
import type { LibraryMailing } from './libraryMailings';

export const resubscribed = 'You will get the seller’s e-mails again.';
export const cannotResubscribe =
  'E-mails to this address could not be delivered, so the store cannot send them again. Please contact the seller.';

export function createLibraryMailingRouter({
  mailings,
  signedInEmail,
  logError,
}: {
  mailings: {
    listFor(email: string): Promise<LibraryMailing[]>;
    subscribed(email: string): Promise<boolean>;
    resubscribe(email: string): Promise<boolean>;
  };
  signedInEmail: (req: Pick<Request, 'get'>) => Promise<string | null>;
  logError: (message: string, error: unknown) => void;
}): Router {
  const list = handle(
    async (req, res) => {
      res.set('Cache-Control', 'private, no-store');
      const email = await signedInEmail(req);
      if (!email) throw jsonError(401, signInNeeded);
      const [list, subscribed] = await Promise.all([mailings.listFor(email), mailings.subscribed(email)]);
      res.json({ mailings: list, subscribed });
    },
    (error) => failure('Library e-mails failed', error, 500, 'Your e-mails could not be loaded. Please try again.'),
  );
  const subscribe = handle(
    async (req, res) => {
      const email = await signedInEmail(req);
      if (!email) throw jsonError(401, signInNeeded);
      if (!(await mailings.resubscribe(email))) throw jsonError(409, cannotResubscribe);
      res.json({ subscribed: true, message: resubscribed });
    },
    (error) => failure('Library resubscribe failed', error, 500, 'Something went wrong. Please try again.'),
  );
  const router = Router();
  router.get('/', list);
  router.post('/subscribe', subscribe);
  router.use(answerHttpErrors(logError));
  return router;
}
