import type { Currency } from '../../domain/money';
import type { ProductSummary } from '../../domain/catalogIndex';
import type { RatingSummary } from '../../domain/reviews';
import { earlyCoverAttribute } from '../../domain/pageContracts';
import { ProductGrid } from './ProductGrid';
import { useFetchDialogs } from './useFetchDialogs';

interface ProductListProps {
  products: ProductSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  currency: Currency;
  emptyMessage: string;
  onRetry: () => void;
  /** How many placeholder cards to show while loading. */
  placeholderCount?: number;
  /** Card title level, one below the heading above the list. */
  headingLevel?: 2 | 3;
  /** The products' ratings by id (docs/reviews.md). */
  ratings?: Readonly<Record<string, RatingSummary>>;
}

/**
 * A product list's four states (docs/architecture.md, 'Conventions'), with the store's loading and
 * error dialogs (docs/storefront.md).
 */
export function ProductList({
  products,
  loading,
  failed,
  currency,
  emptyMessage,
  onRetry,
  placeholderCount = 6,
  headingLevel = 3,
  ratings,
}: ProductListProps) {
  useFetchDialogs({ loading, failed });
  if (loading) {
    // Placeholder cards hold the grid's place while it loads, so what follows it (the View All
    // button, the footer) does not jump when the products arrive (CLS budget, docs/performance.md).
    return (
      <>
        <p role="status" className="sr-only">
          Loading products...
        </p>
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
          {Array.from({ length: placeholderCount }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
              {/* The list pages' early script may put the cover in before the app runs: React
                  leaves the box's content alone (docs/performance.md). */}
              <div
                className="aspect-[4/3] w-full animate-pulse bg-slate-100"
                {...{ [earlyCoverAttribute]: i }}
                dangerouslySetInnerHTML={{ __html: '' }}
                suppressHydrationWarning
              />
              <div className="flex flex-col gap-3 p-4">
                <div className="h-6 w-3/4 rounded bg-slate-100" />
                <div className="h-7 w-1/4 rounded bg-slate-100" />
                <div className="h-6" />
                <div className="h-10 w-full rounded-lg bg-slate-100" />
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }
  if (failed) {
    return (
      <div role="alert" className="rounded-xl bg-red-50 p-6 text-center text-red-800 ring-1 ring-red-200">
        <p>We could not load the products.</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-4 rounded-lg bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
        >
          Try again
        </button>
      </div>
    );
  }
  if (!products || products.length === 0) {
    return <p className="py-10 text-center text-slate-600">{emptyMessage}</p>;
  }
  return <ProductGrid products={products} currency={currency} headingLevel={headingLevel} ratings={ratings} />;
}
