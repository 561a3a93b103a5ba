// 'What you get' over HTTP (docs/storefront.md): the summary whatYouGet.ts keeps, for the SPA's own
// product pages.
//
//   GET /api/products/{id}/what-you-get   -> WhatYouGet (404 {message} for no such product)
import { Router, type RequestHandler } from 'express';
import { answerHttpErrors, failure, handle, jsonError } from '../lib/httpErrors';
import type { WhatYouGetSource } from './whatYouGet';

export const noSuchProduct = 'This product could not be found.';

export function createWhatYouGetRouter({
  whatYouGet,
  limiter,
  logError,
}: {
  whatYouGet: WhatYouGetSource;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const summary = handle<{ id: string }>(
    async (req, res) => {
      const found = await whatYouGet(req.params.id);
      if (!found) throw jsonError(404, noSuchProduct);
      res.set('Cache-Control', 'public, max-age=60');
      res.json(found);
    },
    (error) => failure("A product's 'what you get' failed", error, 500, 'Something went wrong. Please try again.'),
  );
  const router = Router();
  router.use(limiter);
  router.get('/:id/what-you-get', summary);
  router.use(answerHttpErrors(logError));
  return router;
}
