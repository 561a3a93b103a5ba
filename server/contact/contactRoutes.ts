// POST /api/contact (docs/storefront.md): thin handlers; validation lives in the schema, the work in the
// service.
import { Router, type RequestHandler } from 'express';
import { rateLimitMessages } from '../lib/rateLimits';
import { answerHttpErrors, failure, handle, validate } from '../lib/httpErrors';
import { contactBody } from './contactSchema';
import type { ContactService } from './contactService';

export const tooManyMessages = rateLimitMessages.contact;
export const contactFailure = 'Something went wrong. Please try again.';

export function createContactRouter({
  service,
  limiter,
  logError,
}: {
  service: ContactService;
  /** The `contact` limiter of server/lib/rateLimits.ts (429 with Retry-After). */
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const messageCheck = validate(contactBody);
  const sendMessage = handle(
    async (req, res) => {
      await service.submit(messageCheck.of(req));
      res.status(201).json({ ok: true });
    },
    (error) => failure('Contact message could not be stored', error, 500, contactFailure),
  );

  const router = Router();
  // Every attempt counts, valid or not, so a script cannot probe the endpoint without limit.
  router.post('/', limiter, messageCheck, sendMessage);
  router.use(answerHttpErrors(logError));
  return router;
}
