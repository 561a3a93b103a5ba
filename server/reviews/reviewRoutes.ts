// The review routes (docs/reviews.md). Handlers stay thin: the reviews service does the rest.
//
//   GET  /api/reviews/sales/{transactionId}   the library session's own review of that purchase
//   PUT  /api/reviews/sales/{transactionId}   {rating, title?, text?} writes or edits it
//   GET  /api/reviews/access/{token}          the same for the sale an access link opens
//   PUT  /api/reviews/access/{token}
//   GET  /api/products/{productId}/reviews?before={cursor}   the shown reviews, newest first, paged
//   GET  /api/admin/reviews                   every review (admins)
//   POST /api/admin/reviews/{id}/reply {text} the seller's public reply ('' takes it away)
//   POST /api/admin/reviews/{id}/hide {reason}, POST /api/admin/reviews/{id}/show
import { Router, type Request, type RequestHandler } from 'express';
import { reviewRefusals } from '../../domain/reviews';
import { adminUidOf } from '../admin/saleRoutes';
import { answerHttpErrors, failure, handle, jsonError, validate } from '../lib/httpErrors';
import { readCursor, ratingsPerRequest, type ReviewLists } from './reviewLists';
import type { Reviewer, Reviews } from './reviews';
import { hideBodySchema, isProductIdShaped, isSaleId, replyBodySchema, reviewBodySchema } from './reviewSchemas';

export const reviewSaved = 'Thank you! Your review is saved.';
const failed = (error: unknown) => failure('Review failed', error, 500, 'Something went wrong. Please try again.');

/** The buyer's routes: by a library session (the sale must be the address's) or an access link's token. */
export function createBuyerReviewRouter({
  reviews,
  signedInEmail,
  logError,
}: {
  reviews: Reviews;
  signedInEmail: (req: Pick<Request, 'get'>) => Promise<string | null>;
  logError: (message: string, error: unknown) => void;
}): Router {
  const body = validate(reviewBodySchema);

  async function bySession(req: Request<{ id: string }>): Promise<{ id: string; reviewer: Reviewer }> {
    const email = await signedInEmail(req);
    if (!email) throw jsonError(401, reviewRefusals.signInNeeded);
    if (!isSaleId(req.params.id)) throw jsonError(404, reviewRefusals.notYours);
    return { id: req.params.id, reviewer: { email } };
  }

  async function byToken(req: Request<{ id: string }>): Promise<{ id: string; reviewer: Reviewer }> {
    const transactionId = await reviews.saleOfToken(req.params.id);
    if (!transactionId) throw jsonError(404, reviewRefusals.notYours);
    return { id: transactionId, reviewer: { accessTo: transactionId } };
  }

  const router = Router();
  for (const [path, who] of [
    ['/sales/:id', bySession],
    ['/access/:id', byToken],
  ] as const) {
    router.get(
      path,
      handle<{ id: string }>(async (req, res) => {
        res.set('Cache-Control', 'private, no-store');
        const { id, reviewer } = await who(req);
        res.json(await reviews.own(id, reviewer));
      }, failed),
    );
    router.put(
      path,
      body,
      handle<{ id: string }>(async (req, res) => {
        const { id, reviewer } = await who(req);
        const outcome = await reviews.write(id, reviewer, body.of(req));
        res
          .status(outcome === 'created' ? 201 : 200)
          .json({ ...(await reviews.own(id, reviewer)), message: reviewSaved });
      }, failed),
    );
  }
  router.use(answerHttpErrors(logError));
  return router;
}

/** A product's shown reviews for the product page, newest first, paged. */
export function createProductReviewRouter({
  lists,
  limiter,
  logError,
}: {
  lists: ReviewLists;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const router = Router();
  // GET /api/products/ratings?ids=a,b: the cards' stars, {ratings: {id: {average, count}}} for those with reviews.
  router.get(
    '/ratings',
    limiter,
    handle(async (req, res) => {
      const ids = typeof req.query.ids === 'string' ? req.query.ids.split(',').filter(Boolean) : [];
      if (ids.length > ratingsPerRequest || !ids.every(isProductIdShaped)) {
        throw jsonError(400, `Ask for at most ${ratingsPerRequest} products at a time.`);
      }
      res.set('Cache-Control', 'public, max-age=60');
      res.json({ ratings: await lists.ratingsOf([...new Set(ids)]) });
    }, failed),
  );
  router.get(
    '/:productId/reviews',
    limiter,
    handle<{ productId: string }>(async (req, res) => {
      if (!isProductIdShaped(req.params.productId)) throw jsonError(404, 'This product could not be found.');
      res.set('Cache-Control', 'public, max-age=60');
      res.json(await lists.forProduct(req.params.productId, readCursor(req.query.before)));
    }, failed),
  );
  router.use(answerHttpErrors(logError));
  return router;
}

/** The seller's Reviews view: every review, the public reply, hide with a reason, show again. */
export function createAdminReviewRouter({
  reviews,
  lists,
  requireAdmin,
  limiter,
  logError,
}: {
  reviews: Reviews;
  lists: ReviewLists;
  requireAdmin: RequestHandler;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const reply = validate(replyBodySchema);
  const hide = validate(hideBodySchema);
  const idCheck: RequestHandler<{ id: string }> = (req, _res, next) => {
    next(isSaleId(req.params.id) ? undefined : jsonError(404, 'This review could not be found.'));
  };
  const router = Router();
  router.use(limiter, requireAdmin);
  router.get(
    '/',
    handle(async (_req, res) => {
      res.set('Cache-Control', 'private, no-store');
      res.json({ reviews: await lists.forSeller() });
    }, failed),
  );
  router.post(
    '/:id/reply',
    idCheck,
    reply,
    handle<{ id: string }>(async (req, res) => {
      const review = await reviews.reply(req.params.id, reply.of(req).text, adminUidOf(res));
      res.json({ reply: review.reply?.text ?? null });
    }, failed),
  );
  router.post(
    '/:id/hide',
    idCheck,
    hide,
    handle<{ id: string }>(async (req, res) => {
      const review = await reviews.setHidden(req.params.id, { reason: hide.of(req).reason }, adminUidOf(res));
      res.json({ status: review.status, hiddenReason: review.hidden?.reason ?? null });
    }, failed),
  );
  router.post(
    '/:id/show',
    idCheck,
    handle<{ id: string }>(async (req, res) => {
      const review = await reviews.setHidden(req.params.id, null, adminUidOf(res));
      res.json({ status: review.status, hiddenReason: null });
    }, failed),
  );
  router.use(answerHttpErrors(logError));
  return router;
}
