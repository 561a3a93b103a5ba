// POST /api/purchases/resend (docs/payments.md, 'Lost e-mail'): a buyer who lost the order e-mail gets
// every product bought with that address in one e-mail, sent while the request runs. The answer is the
// same, and comes the same fixed time after the request, whether or not any purchases exist, so it does
// not tell a stranger who bought here; the e-mail sweep retries a send that failed (resendRequests.ts).
import { setTimeout as sleep } from 'node:timers/promises';
import { Router, type RequestHandler } from 'express';
import { rateLimitMessages } from '../lib/rateLimits';
import { answerHttpErrors, failure, handle, validate } from '../lib/httpErrors';
import { resendBodySchema } from '../orders/orderSchema';
import type { ResendRequests } from './resendRequests';

export const resendAnswer =
  'If we have purchases for this e-mail address, their access links are on their way to it and should arrive within a minute. If you do not see them, please check your spam folder.';
export const resendNotRecorded = 'Your request could not be taken just now. Please try again in a minute.';
export const tooManyResends = rateLimitMessages.resend;

export function createPurchaseRouter({
  resendRequests,
  limiter,
  answerAfterMs,
  logError,
}: {
  resendRequests: Pick<ResendRequests, 'request'>;
  /**
   * When the answer goes, counted from the request (RESEND_ANSWER_MS): the e-mail is usually sent by
   * then; one still under way goes on after the answer, so a slow mail server cannot show either.
   */
  answerAfterMs: number;
  /** The `resend` limiter of server/lib/rateLimits.ts (429 with Retry-After). */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const resendCheck = validate(resendBodySchema);
  const resend = handle(
    async (req, res) => {
      const started = performance.now();
      // The claim is awaited (a failure to store it is a 503); its `sending` is not: whether and how
      // long it mails must not move the answer's time.
      await resendRequests.request(resendCheck.of(req).email.toLowerCase());
      await sleep(Math.max(0, answerAfterMs - (performance.now() - started)));
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
