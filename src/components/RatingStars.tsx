// A product's rating as stars and a count ('★★★★☆ 4.5 (12)'), shared by the product page and the
// storefront's cards (docs/reviews.md). Screen readers hear one sentence ('Rated 4.5 out of 5 from
// 12 reviews'), not five symbols.
import { ratingLabel, type RatingSummary } from '../../domain/reviews';

/** Five stars for a rating 0-5, rounded to the nearest whole star. */
export function starText(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

export function RatingStars({ summary, className = '' }: { summary: RatingSummary; className?: string }) {
  return (
    <span role="img" aria-label={ratingLabel(summary)} className={`inline-flex items-center gap-1 ${className}`}>
      <span aria-hidden="true" className="text-amber-700">
        {starText(summary.average)}
      </span>
      <span aria-hidden="true" className="text-slate-700">
        {summary.average.toFixed(1)} ({summary.count})
      </span>
    </span>
  );
}

/** One review's stars, heard as '4 out of 5 stars'. */
export function RatingStarsOnly({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="text-amber-700">
      {starText(rating)}
    </span>
  );
}
