import type { Currency } from '../lib/money';
import type { Product } from '../lib/product';
import { ProductGrid } from './ProductGrid';
import { useFetchDialogs } from './useFetchDialogs';

interface ProductListProps {
  products: Product[] | undefined;
  loading: boolean;
  failed: boolean;
  currency: Currency;
  emptyMessage: string;
  onRetry: () => void;
}

/** A product list's four states (STYLE §8), with the SPEC's loading and error dialogs. */
export function ProductList({ products, loading, failed, currency, emptyMessage, onRetry }: ProductListProps) {
  useFetchDialogs({ loading, failed });
  if (loading) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        Loading products...
      </p>
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
  return <ProductGrid products={products} currency={currency} />;
}
