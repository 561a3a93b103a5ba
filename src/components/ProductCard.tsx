import { Link } from 'react-router-dom';
import { cardCoverHeight, cardCoverSizes, cardCoverWidth, cardCoverWidths } from '../../domain/images';
import type { Currency } from '../../domain/money';
import { productPriceText } from '../../domain/productPricing';
import type { ProductSummary } from '../../domain/catalogIndex';
import { paths } from '../../domain/routes';
import type { RatingSummary } from '../../domain/reviews';
import { cardTitle } from '../../domain/text';
import { CoverImage } from './CoverImage';
import { RatingStars } from './RatingStars';

export function ProductCard({
  product,
  currency,
  priority = false,
  headingLevel = 3,
  rating = null,
}: {
  product: ProductSummary;
  currency: Currency;
  priority?: boolean;
  /** Its verified buyers' rating (docs/reviews.md), once known; its line is kept either way, so nothing moves. */
  rating?: RatingSummary | null;
  /** The card title's level: one below the heading the grid sits under (h1 pages: 2, h2 sections: 3). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <CoverImage
        src={product.coverImageUrl}
        alt={`Cover of ${product.title}`}
        width={cardCoverWidth}
        height={cardCoverHeight}
        widths={cardCoverWidths}
        sizes={cardCoverSizes}
        priority={priority}
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Heading className="break-words font-semibold text-slate-900">{cardTitle(product.title)}</Heading>
        <p className="text-lg font-bold text-brand-700">{productPriceText(product, currency)}</p>
        <div className="h-6 text-sm">{rating ? <RatingStars summary={rating} /> : null}</div>
        <Link
          to={paths.product(product.id)}
          className="mt-auto inline-block rounded-lg bg-brand-700 px-4 py-2 text-center font-medium text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          aria-label={`View ${product.title}`}
        >
          View
        </Link>
      </div>
    </article>
  );
}
