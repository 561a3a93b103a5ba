// A product's reviews on its page (docs/reviews.md): the average and count, the newest reviews with the
// buyer's first name, the month and 'Verified purchase', the seller's reply under a review, and 'More
// reviews' for the next page. Review text is shown as text, never as HTML: a link in it is not a link.
import { useState } from 'react';
import type { ProductReviewsAnswer, PublicReview } from '../../../../domain/reviews';
import { RatingStars, starText } from '../../../components/RatingStars';
import { fallbackMessage, isAppError } from '../../../lib/errors';
import { useGetProductReviewsQuery } from '../api/reviewsApi';

const moreButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-slate-100 px-4 py-2 font-semibold text-slate-900 ring-1 ring-slate-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function ReviewItem({ review }: { review: PublicReview }) {
  return (
    <li className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <p>
        <span role="img" aria-label={`${review.rating} out of 5 stars`} className="text-amber-700">
          {starText(review.rating)}
        </span>
        {review.title && <strong className="ml-2 break-words text-slate-900">{review.title}</strong>}
      </p>
      <p className="text-sm text-slate-700">
        {review.firstName} · {review.month} · <span className="font-semibold text-green-900">Verified purchase</span>
      </p>
      {review.text && <p className="mt-2 whitespace-pre-line break-words text-slate-900">{review.text}</p>}
      {review.reply && (
        <div className="mt-3 border-l-4 border-slate-300 pl-3">
          <p className="text-sm font-semibold text-slate-900">The seller replied</p>
          <p className="whitespace-pre-line break-words text-slate-900">{review.reply.text}</p>
        </div>
      )}
    </li>
  );
}

/** One page after the first; the last page shown offers the next. */
function LaterPage({
  productId,
  before,
  last,
  onMore,
}: {
  productId: string;
  before: string;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const { data, error, isLoading } = useGetProductReviewsQuery({ productId, before });
  if (isLoading) {
    return (
      <li role="status" className="list-none">
        Loading more reviews…
      </li>
    );
  }
  if (error || !data) {
    return (
      <li role="alert" className="list-none text-red-800">
        {isAppError(error) ? error.message : fallbackMessage}
      </li>
    );
  }
  return <PageItems answer={last ? data : { ...data, next: null }} onMore={onMore} />;
}

function PageItems({ answer, onMore }: { answer: ProductReviewsAnswer; onMore: (next: string) => void }) {
  return (
    <>
      {answer.reviews.map((review) => (
        <ReviewItem key={`${review.publishedAt}-${review.firstName}`} review={review} />
      ))}
      {answer.next && (
        <li className="list-none">
          <button type="button" className={moreButton} onClick={() => answer.next && onMore(answer.next)}>
            More reviews
          </button>
        </li>
      )}
    </>
  );
}

/** The product's reviews from the page's first answer (embedded in the HTML, or asked for by the page). */
export function ProductReviews({ productId, first }: { productId: string; first: ProductReviewsAnswer }) {
  const [later, setLater] = useState<string[]>([]);
  if (!first.rating) return null;
  // Each 'More reviews' hides itself once pressed: only the last page shown offers the next.
  const onMore = (next: string) => setLater((pages) => (pages.includes(next) ? pages : [...pages, next]));
  const shownFirst = later.length > 0 ? { ...first, next: null } : first;
  return (
    <section aria-labelledby="reviews-heading" className="mt-10">
      <h2 id="reviews-heading" className="text-xl font-bold text-slate-900">
        Reviews
      </h2>
      <RatingStars summary={first.rating} className="mt-1" />
      <ul aria-label="Reviews by verified buyers" className="mt-4 space-y-3">
        <PageItems answer={shownFirst} onMore={onMore} />
        {later.map((before, index) => (
          <LaterPage
            key={before}
            productId={productId}
            before={before}
            last={index === later.length - 1}
            onMore={onMore}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The rating beside the price: nothing until the API answers (so the page's server-filled markup
 * hydrates as it is), nor for a product without reviews or when the answer fails.
 */
export function ProductRating({ productId }: { productId: string }) {
  const { data } = useGetProductReviewsQuery({ productId, before: null });
  return data?.rating ? <RatingStars summary={data.rating} className="text-lg" /> : null;
}

/** The product page's Reviews section, from the same answer as the rating beside the price. */
export function ProductReviewsSection({ productId }: { productId: string }) {
  const { data } = useGetProductReviewsQuery({ productId, before: null });
  return data ? <ProductReviews productId={productId} first={data} /> : null;
}
