// POST /api/webhooks/mailgun: the mail provider's signed events (mailEvents in mailgunEvents.ts, docs/
// emails.md 'Bounces and complaints'). 401 for a signature that does not match (or too old), 503 when
// no signing key is configured, 200 for everything applied, replayed or of no interest.
import { Router } from 'express';
import { answerHttpErrors, failure, handle, jsonError } from '../lib/httpErrors';
import type { MailEventOutcome } from './mailgunEvents';

export function createMailEventRouter({
  events,
  logError,
}: {
  /** Null without MAILGUN_WEBHOOK_SIGNING_KEY. */
  events: { apply(body: unknown): Promise<MailEventOutcome> } | null;
  logError: (message: string, error: unknown) => void;
}): Router {
  const receive = handle(
    async (req, res) => {
      if (!events) throw jsonError(503, 'Mail events are not set up on this store.');
      const outcome = await events.apply(req.body);
      if (outcome === 'badSignature') throw jsonError(401, 'The signature does not match.');
      res.json({ received: true });
    },
    (error) => failure('Mail event failed', error, 500, 'The event could not be recorded.'),
  );
  const router = Router();
  router.post('/', receive);
  router.use(answerHttpErrors(logError));
  return router;
}
