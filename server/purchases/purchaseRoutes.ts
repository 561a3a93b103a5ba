// POST /api/purchases/resend (docs/payments.md): a buyer who lost the order e-mail gets every product
// bought with that address in one e-mail. The endpoint records the request and answers at once, the
// same answer in the same time whether or not any purchases exist, so it does not tell a stranger
// who bought here; the e-mail sweep sends the links (resendRequests.ts).
import { Router, type RequestHandler } from 'express';
import { rateLimitMessages } from '../lib/rateLimits';
import { answerHttpErrors, failure, handle, validate } from '../lib/httpErrors';
import { resendBodySchema } from '../orders/orderSchema';
import type { ResendRequests } from './resendRequests';

export const resendAnswer =
  'If we have purchases for this e-mail address, their access links are on their way to it. Please check your inbox and spam folder.';
export const resendNotRecorded = 'Your request could not be taken just now. Please try again in a minute.';
export const tooManyResends = rateLimitMessages.resend;

export function createPurchaseRouter({
  resendRequests,
  limiter,
  logError,
}: {
  resendRequests: Pick<ResendRequests, 'record'>;
  /** The `resend` limiter of server/lib/rateLimits.ts (429 with Retry-After). */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const resendCheck = validate(resendBodySchema);
  const resend = handle(
    async (req, res) => {
      await resendRequests.record(resendCheck.of(req).email.toLowerCase());
      res.json({ message: resendAnswer });
    },
    // Whether the request could be stored does not depend on the address's purchases, so saying
    // so tells nothing; the buyer learns to try again instead of waiting for nothing.
    (error) => failure('A purchase links request could not be recorded', error, 503, resendNotRecorded),
  );

  const router = Router();
  router.post('/resend', limiter, resendCheck, resend);
  router.use(answerHttpErrors(logError));
  return router;
}
