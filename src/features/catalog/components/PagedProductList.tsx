import { useCallback, useEffect, useRef, useState } from 'react';
import { ProductList } from '../../../components/ProductList';
import type { Currency } from '../../../../domain/money';
import type { ProductSummary } from '../../../../domain/catalogIndex';
import { useCardRatings } from '../../reviews';
import type { ProductPage } from '../api/productPages';

export const loadMoreLabel = 'Load more';
export const loadingMoreLabel = 'Loading more products...';
export const loadMoreFailedText = 'We could not load more products. Please try again.';

/** What the polite live region says after a page arrives. */
export function loadedMoreMessage(added: number, hasMore: boolean): string {
  if (added <= 0) return 'No more products. That is every product.';
  const count = `${added} more ${added === 1 ? 'product' : 'products'} loaded.`;
  return hasMore ? count : `${count} That is every product.`;
}

/** One page of a list: its products, and null as `next` when it is the last. */
export interface ListPage {
  products: ProductSummary[];
  next: unknown;
}

interface PagedProductListProps {
  pages: ListPage[] | undefined;
  loading: boolean;
  /** The first page failed (nothing to show). */
  failed: boolean;
  hasNextPage: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /** Resolves with `{ data: { pages } }`, every page shown after the load (RTK Query's shape). */
  onLoadMore: () => Promise<unknown>;
  onRetry: () => void;
  currency: Currency;
  emptyMessage: string;
}

/** What an infinite product query (RTK Query) offers that the list shows. */
interface ProductPagesQuery {
  data?: { pages: ProductPage[] };
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => unknown;
}

/** The list's paging props from an infinite product query (all products, a category). */
export function pagingOf(query: ProductPagesQuery) {
  return {
    pages: query.data?.pages,
    loading: query.isLoading,
    failed: query.isError && !query.data,
    hasNextPage: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    onLoadMore: () => query.fetchNextPage(),
    onRetry: () => void query.refetch(),
  };
}

/**
 * A product list in pages of 24 (docs/catalog-and-search.md) with a 'Load more' button under the grid,
 * hidden when the last page is shown. New cards are announced politely; when the button had focus and a
 * page arrives, focus moves to the first new card's link, where the visitor's reading continues (the
 * button may vanish after the last page, which would otherwise drop focus to the page's top).
 */
export function PagedProductList({
  pages,
  loading,
  failed,
  hasNextPage,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  onRetry,
  currency,
  emptyMessage,
}: PagedProductListProps) {
  const products = pages?.flatMap((page) => page.products);
  // The stars of the first 48 cards shown (two pages): one request, after the list rendered.
  const ratings = useCardRatings(products?.map((product) => product.id));
  const count = products?.length ?? 0;
  const [announcement, setAnnouncement] = useState('');
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The card to focus once the next page has rendered; null when focus should stay put.
  const pendingFocus = useRef<number | null>(null);

  // The new page may render before or after loadMore learns it arrived: both paths try.
  const focusPendingCard = useCallback(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const cards = containerRef.current?.querySelectorAll<HTMLElement>('ul[aria-label="Products"] > li');
    const link = cards?.[index]?.querySelector<HTMLElement>('a');
    if (!link) return;
    pendingFocus.current = null;
    link.focus();
  }, []);

  useEffect(focusPendingCard, [count, focusPendingCard]);

  const loadMore = async () => {
    if (loadingMore) return;
    const before = count;
    const hadFocus = document.activeElement === buttonRef.current;
    const result = await onLoadMore();
    if (!isLoadedPages(result)) return;
    const pages = result.data.pages;
    const added = pages.reduce((sum, p) => sum + p.products.length, 0) - before;
    const hasMore = (pages.at(-1)?.next ?? null) !== null;
    setAnnouncement(loadedMoreMessage(added, hasMore));
    if (hadFocus) {
      // A full last page can be followed by an empty one: then the button goes and focus moves
      // to the last card instead of the page's top.
      pendingFocus.current = added > 0 ? before : before - 1;
      focusPendingCard();
    }
  };

  return (
    <div ref={containerRef}>
      <ProductList
        headingLevel={2}
        products={products}
        loading={loading}
        failed={failed}
        currency={currency}
        ratings={ratings}
        emptyMessage={emptyMessage}
        onRetry={onRetry}
        placeholderCount={6}
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {loadMoreFailed && !loadingMore ? (
        <p role="alert" className="mt-8 text-center text-red-800">
          {loadMoreFailedText}
        </p>
      ) : null}
      {count > 0 && hasNextPage ? (
        <div className="mt-10 flex justify-center">
          <button
            ref={buttonRef}
            type="button"
            onClick={() => void loadMore()}
            // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
            aria-disabled={loadingMore}
            aria-busy={loadingMore}
            className="min-w-40 rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
          >
            {loadingMore ? loadingMoreLabel : loadMoreLabel}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A fetchNextPage result that succeeded (a failed one keeps the old pages in data, with an error). */
function isLoadedPages(result: unknown): result is { data: { pages: ListPage[] } } {
  if (typeof result !== 'object' || result === null || !('data' in result)) return false;
  if ('error' in result && result.error !== undefined) return false;
  const data = result.data;
  return typeof data === 'object' && data !== null && Array.isArray((data as { pages?: unknown }).pages);
}
