// The admin's routes for a product's after-purchase sequence (docs/emails.md, 'After-purchase sequence'):
// admins only, the admin rate limit first, the body validated, refusals in words.
//
//   GET /api/admin/sequences/{productId}  -> {steps: [{id, afterDays, subject, body}]}
//   PUT /api/admin/sequences/{productId}  {steps: [{id?, afterDays, subject, body}]} -> the steps kept
import { randomUUID } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { adminUidOf } from '../admin/saleRoutes';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import { isProductId, sequenceBodySchema } from './mailingSchemas';
import type { createSequences } from './sequences';

type ProductParams = { productId: string };

const productCheck: RequestHandler<ProductParams> = (req, _res, next) => {
  next(isProductId(req.params.productId) ? undefined : jsonError(404, 'This product could not be found.'));
};

export function createSequenceRouter({
  sequences,
  requireAdmin,
  limiter,
  logError,
}: {
  sequences: ReturnType<typeof createSequences>;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const body = validate(sequenceBodySchema);
  const failed = (error: unknown) => failure('Sequence failed', error, 500, 'Something went wrong. Please try again.');

  const read = handle<ProductParams>(async (req, res) => {
    res.json({ steps: await sequences.get(req.params.productId) });
  }, failed);

  const save = handle<ProductParams>(async (req, res) => {
    // A new step gets an id of its own; a kept step keeps its id, so no sale gets it twice.
    const steps = body.of(req).steps.map((step) => ({ ...step, id: step.id ?? randomUUID().slice(0, 8) }));
    await sequences.save(req.params.productId, steps, adminUidOf(res));
    res.json({ steps });
  }, failed);

  const router = Router();
  router.get('/:productId', limiter, requireAdmin, productCheck, read);
  router.put('/:productId', limiter, requireAdmin, productCheck, body, save);
  router.use(answerHttpErrors(logError));
  return router;
}
