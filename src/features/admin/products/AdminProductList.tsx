import { useState, type ReactNode } from 'react';
import type { Product } from '../../../../domain/product';
import { productPageSize } from '../../../../domain/pageContracts';
import { useCatalogIndex } from '../../catalog';
import { useGetAdminProductsByIdsQuery, useGetAdminProductsInfiniteQuery } from '../api/productsApi';
import { secondaryButtonClass } from '../../../components/buttonClasses';

/** Every category, or one by id. */
export type ProductScope = 'all' | number;

interface ListProps {
  scope: ProductScope;
  /** The list's accessible name ('All categories products', '📚 Ebooks products'). */
  label: string;
  emptyText: string;
  renderCard: (product: Product) => ReactNode;
}

/**
 * Manage Products' list (docs/admin.md): the scope's products newest first in the storefront's pages of
 * 24 with 'Load more', or, with a title search, the matches across the whole scope (the catalog index
 * finds them, as the storefront search does; their cards are read in pages of 24).
 */
export function AdminProductList({ term, ...props }: ListProps & { term: string }) {
  const search = term.trim().toLowerCase();
  return search ? <SearchedProducts key={search} term={search} {...props} /> : <PagedProducts {...props} />;
}

function PagedProducts({ scope, label, emptyText, renderCard }: ListProps) {
  const query = useGetAdminProductsInfiniteQuery(scope === 'all' ? null : scope);
  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  return (
    <ListState
      loading={query.isLoading}
      failed={query.isError && !query.data}
      onRetry={() => void query.refetch()}
      products={products}
      label={label}
      emptyText={emptyText}
      renderCard={renderCard}
      more={
        query.hasNextPage
          ? {
              busy: query.isFetchingNextPage,
              failed: query.isFetchNextPageError,
              load: () => void query.fetchNextPage(),
            }
          : null
      }
    />
  );
}

function SearchedProducts({ scope, term, label, renderCard }: ListProps & { term: string }) {
  const [shown, setShown] = useState(productPageSize);
  const index = useCatalogIndex();
  const matches = (index.data ?? []).filter(
    (entry) => (scope === 'all' || entry.categoryId === scope) && entry.title.toLowerCase().includes(term),
  );
  const ids = matches.slice(0, shown).map((entry) => entry.id);
  const cards = useGetAdminProductsByIdsQuery(ids, { skip: ids.length === 0 });
  const products = ids.length === 0 ? [] : (cards.data ?? []);
  return (
    <ListState
      loading={index.isLoading || (ids.length > 0 && cards.isLoading)}
      failed={index.isError || cards.isError}
      onRetry={() => void (index.isError ? index.refetch() : cards.refetch())}
      products={products}
      label={label}
      emptyText={`No product title contains "${term}".`}
      renderCard={renderCard}
      more={
        matches.length > shown
          ? { busy: cards.isFetching, failed: false, load: () => setShown(shown + productPageSize) }
          : null
      }
    />
  );
}

function ListState({
  loading,
  failed,
  onRetry,
  products,
  label,
  emptyText,
  renderCard,
  more,
}: {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  products: Product[];
  label: string;
  emptyText: string;
  renderCard: (product: Product) => ReactNode;
  more: { busy: boolean; failed: boolean; load: () => void } | null;
}) {
  if (loading) {
    return (
      <p role="status" className="text-slate-700">
        Loading...
      </p>
    );
  }
  if (failed) {
    return (
      <div role="alert" className="space-y-3">
        <p className="text-red-700">Something went wrong while fetching products.</p>
        <button type="button" onClick={onRetry} className={secondaryButtonClass}>
          Try again
        </button>
      </div>
    );
  }
  if (products.length === 0) return <p className="text-slate-700">{emptyText}</p>;
  return (
    <>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
        {products.map((product) => (
          <li key={product.id}>{renderCard(product)}</li>
        ))}
      </ul>
      {more && (
        <div className="mt-6 flex flex-col items-center gap-2">
          {more.failed && (
            <p role="alert" className="text-red-700">
              We could not load more products. Please try again.
            </p>
          )}
          <button type="button" onClick={more.load} disabled={more.busy} className={secondaryButtonClass}>
            {more.busy ? 'Loading more products...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
