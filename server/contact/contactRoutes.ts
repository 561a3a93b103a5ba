// POST /api/contact (docs/storefront.md): thin handlers; validation lives in the schema, the work in the
// service.
import { Router, type RequestHandler } from 'express';
import { rateLimitMessages } from '../lib/rateLimits';
import { parseContactMessage } from './contactSchema';
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
  const sendMessage: RequestHandler = async (req, res) => {
    const parsed = parseContactMessage(req.body);
    if (!parsed.ok) {
      res.status(400).json({ message: parsed.error, ...(parsed.field ? { field: parsed.field } : {}) });
      return;
    }
    try {
      await service.submit(parsed.message);
    } catch (error) {
      logError('Contact message could not be stored', error);
      res.status(500).json({ message: contactFailure });
      return;
    }
    res.status(201).json({ ok: true });
  };

  const router = Router();
  // Every attempt counts, valid or not, so a script cannot probe the endpoint without limit.
  router.post('/', limiter, sendMessage);
  return router;
}
