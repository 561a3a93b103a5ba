// A buyer's own review of a purchase (docs/reviews.md), by their library session or their access link's
// token, and a product's reviews as the product page lists them. The API's refusals are sentences for
// the buyer; anything else is the general one.
import type { OwnReviewAnswer, ProductReviewsAnswer, RatingSummary } from '../../../../domain/reviews';
import { api, runQuery } from '../../../lib/api';
import { fallbackMessage, type ErrorWords } from '../../../lib/errors';
import { requestJson } from '../../../lib/http';

/** The most ids one ratings request may name (the API's `ratingsPerRequest`). */
export const cardRatingsPerRequest = 48;

/** Which purchase: a library purchase (its sale id) or the one an access link's token opens. */
export type ReviewTarget = { sale: string } | { accessToken: string };

const words: ErrorWords = {
  spoken: [400, 401, 404, 409, 429],
  codes: { 401: 'unauthenticated' },
  network: fallbackMessage,
};

export function reviewPath(target: ReviewTarget): string {
  return 'sale' in target
    ? `/api/reviews/sales/${encodeURIComponent(target.sale)}`
    : `/api/reviews/access/${encodeURIComponent(target.accessToken)}`;
}

export interface ReviewBody {
  rating: number;
  title: string;
  text: string;
}

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOwnReview: build.query<OwnReviewAnswer, string>({
      queryFn: (path) => runQuery(() => requestJson<OwnReviewAnswer>('GET', path), words),
    }),
    saveReview: build.mutation<OwnReviewAnswer & { message: string }, { path: string; body: ReviewBody }>({
      queryFn: ({ path, body }) =>
        runQuery(() => requestJson<OwnReviewAnswer & { message: string }>('PUT', path, { body }), words),
    }),
    getProductReviews: build.query<ProductReviewsAnswer, { productId: string; before: string | null }>({
      queryFn: ({ productId, before }) =>
        runQuery(
          () =>
            requestJson<ProductReviewsAnswer>(
              'GET',
              `/api/products/${encodeURIComponent(productId)}/reviews${before ? `?before=${encodeURIComponent(before)}` : ''}`,
            ),
          words,
        ),
    }),
    /**
     * The cards' ratings, by the ids joined with commas (one cache entry per list shown), asked in
     * requests of at most `cardRatingsPerRequest` ids (the API's limit), side by side.
     */
    getCardRatings: build.query<Record<string, RatingSummary>, string>({
      queryFn: (ids) =>
        runQuery(async () => {
          const all = ids.split(',');
          const groups = Array.from({ length: Math.ceil(all.length / cardRatingsPerRequest) }, (_, index) =>
            all.slice(index * cardRatingsPerRequest, (index + 1) * cardRatingsPerRequest),
          );
          const answers = await Promise.all(
            groups.map((group) =>
              requestJson<{ ratings: Record<string, RatingSummary> }>(
                'GET',
                `/api/products/ratings?ids=${encodeURIComponent(group.join(','))}`,
              ),
            ),
          );
          return Object.assign({}, ...answers.map((answer) => answer.ratings)) as Record<string, RatingSummary>;
        }, words),
    }),
  }),
});

export const { useGetOwnReviewQuery, useSaveReviewMutation, useGetProductReviewsQuery, useGetCardRatingsQuery } =
  reviewsApi;
