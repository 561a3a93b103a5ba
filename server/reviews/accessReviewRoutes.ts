// Rating from the download page (docs/reviews.md): /api/access/{token}/review, a page of its own in the
// download page's style with a plain HTML form (no script), posted back to the same address. The
// access link's token names the sale, as for the JSON route; the answer is a page in words.
import express, { Router, type RequestHandler } from 'express';
import { reviewLimits, reviewRefusals, type OwnReviewAnswer } from '../../domain/reviews';
import { page } from '../downloads/downloadPages';
import { answerHttpErrors, HttpError } from '../lib/httpErrors';
import { escapeHtml } from '../mail/html';
import type { Reviews } from './reviews';
import { reviewBodySchema } from './reviewSchemas';

function formPage(storeName: string, token: string, own: OwnReviewAnswer, notice: string): string {
  const review = own.review;
  const stars = [1, 2, 3, 4, 5]
    .map(
      (n) =>
        `<label style="display:inline-flex;gap:.25rem;margin-right:1rem;font-weight:400"><input type="radio" name="rating" value="${n}" style="width:auto;margin:0"${review?.rating === n ? ' checked' : ''} required>${n === 1 ? '1 star' : `${n} stars`}</label>`,
    )
    .join('');
  return page(
    storeName,
    `Rate ${own.productName}`,
    [
      `<h1>Rate ${escapeHtml(own.productName)}</h1>`,
      notice,
      `<form method="post" action="/api/access/${escapeHtml(token)}/review">`,
      `<fieldset style="border:0;padding:0"><legend style="font-weight:600">Your rating</legend>${stars}</fieldset>`,
      `<label for="title">Title (optional, at most ${reviewLimits.titleWords} words)</label>`,
      `<input id="title" name="title" maxlength="${reviewLimits.titleChars}" value="${escapeHtml(review?.title ?? '')}">`,
      `<label for="text">Your review (optional, at most ${reviewLimits.textWords} words)</label>`,
      `<textarea id="text" name="text" rows="5" maxlength="${reviewLimits.textChars}" style="font:inherit;width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #94a3b8;border-radius:.5rem;margin-bottom:1rem">${escapeHtml(review?.text ?? '')}</textarea>`,
      `<button type="submit">${review ? 'Save changes' : 'Save review'}</button>`,
      '</form>',
      `<p class="note"><a href="/api/access/${escapeHtml(token)}">Back to your purchase</a></p>`,
    ].join(''),
  );
}

export function createAccessReviewRouter({
  reviews,
  storeName,
  limiter,
  logError,
}: {
  reviews: Reviews;
  storeName: string;
  limiter: RequestHandler;
  logError: (message: string, error: unknown) => void;
}): Router {
  const form = express.urlencoded({ extended: false, limit: 20_000, parameterLimit: 5 });
  const message = (status: number, text: string) =>
    new HttpError(status, {
      html: page(storeName, 'Your review', `<h1>Your review</h1><p class="error">${escapeHtml(text)}</p>`),
    });

  /** The sale the token opens, and the buyer's review of it; a page in words otherwise. */
  async function ownOf(token: string) {
    const transactionId = await reviews.saleOfToken(token);
    if (!transactionId) throw message(404, reviewRefusals.notYours);
    return { transactionId, own: await reviews.own(transactionId, { accessTo: transactionId }) };
  }
  const answer = (handler: (req: express.Request<{ token: string }>, res: express.Response) => Promise<void>) =>
    (async (req, res, next) => {
      res.set('Cache-Control', 'private, no-store');
      try {
        await handler(req, res);
      } catch (error) {
        // The service's refusals are JSON answers: here they are the same words on a page.
        if (error instanceof HttpError && 'json' in error.body) {
          next(message(error.status, String(error.body.json.message)));
          return;
        }
        if (!(error instanceof HttpError)) logError('Review page failed', error);
        next(error instanceof HttpError ? error : message(500, 'Something went wrong. Please try again.'));
      }
    }) as RequestHandler<{ token: string }>;

  const router = Router();
  router.get(
    '/:token/review',
    limiter,
    answer(async (req, res) => {
      const { own } = await ownOf(req.params.token);
      res.type('html').send(formPage(storeName, req.params.token, own, ''));
    }),
  );
  router.post(
    '/:token/review',
    limiter,
    form,
    answer(async (req, res) => {
      const { transactionId, own } = await ownOf(req.params.token);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const parsed = reviewBodySchema.safeParse({ ...body, rating: Number(body.rating) });
      if (!parsed.success) {
        const why = parsed.error.issues[0]?.message ?? 'Choose from 1 to 5 stars.';
        res
          .status(400)
          .type('html')
          .send(formPage(storeName, req.params.token, own, `<p class="error" role="alert">${escapeHtml(why)}</p>`));
        return;
      }
      await reviews.write(transactionId, { accessTo: transactionId }, parsed.data);
      const saved = await reviews.own(transactionId, { accessTo: transactionId });
      res
        .type('html')
        .send(formPage(storeName, req.params.token, saved, '<p role="status">Thank you! Your review is saved.</p>'));
    }),
  );
  router.use(answerHttpErrors(logError));
  return router;
}
