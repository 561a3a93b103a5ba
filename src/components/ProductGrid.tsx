import type { Currency } from '../../domain/money';
import type { ProductSummary } from '../../domain/catalogIndex';
import type { RatingSummary } from '../../domain/reviews';
import { ProductCard } from './ProductCard';

// 1 column, 2 from 640px, 3 from 1024px (docs/storefront.md, 'Numbers').
export function ProductGrid({
  products,
  currency,
  headingLevel = 3,
  ratings = {},
}: {
  products: ProductSummary[];
  currency: Currency;
  headingLevel?: 2 | 3;
  /** The products' ratings by id (docs/reviews.md); a product without one shows no stars. */
  ratings?: Readonly<Record<string, RatingSummary>>;
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Products">
      {products.map((product, index) => (
        <li key={product.id}>
          {/* The first cover is above the fold on a phone and is often the largest paint. */}
          <ProductCard
            product={product}
            currency={currency}
            priority={index === 0}
            headingLevel={headingLevel}
            rating={ratings[product.id] ?? null}
          />
        </li>
      ))}
    </ul>
  );
}
