import { pageHeads } from '../../../../domain/pageHeads';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { usePageMeta } from '../../../components/usePageMeta';
import { normalizeSearchTerm } from '../../../lib/searchMatch';
import { searchEntries, searchIndexOf } from '../../../../domain/searchIndex';
import { PagedProductList, useCatalogIndex, type ListPage } from '../../catalog';
import type { ProductSummary } from '../../../../domain/catalogIndex';
import type { Currency } from '../../../../domain/money';
import { selectCurrency } from '../../currency';
import { searchTermSet, selectSearchTerm } from '../searchSlice';
import type { SearchNavigationState } from '../useProductSearch';
import { SearchBox, searchTermParam } from './SearchBox';

// The smooth scroll to the results starts 300 ms after arriving (docs/storefront.md).
export const scrollToResultsDelayMs = 300;

export function SearchResultsPage() {
  const storedTerm = useAppSelector(selectSearchTerm);
  // A search box submitted as a plain form (before the script ran) brings its term in the address.
  const [params] = useSearchParams();
  const addressTerm = normalizeSearchTerm(params.get(searchTermParam) ?? '');
  const term = addressTerm || storedTerm;
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (addressTerm && addressTerm !== storedTerm) dispatch(searchTermSet(addressTerm));
  }, [addressTerm, storedTerm, dispatch]);
  // After a reload only the term is left: the index is read again (fresh prices) when there is one.
  const { data: index, isLoading, isError, refetch } = useCatalogIndex(undefined, { skip: !term });
  // The loaded index's search index is built once (domain/searchIndex.ts); each search is then one scan.
  const results = useMemo(
    () => (index ? searchEntries(searchIndexOf(index), normalizeSearchTerm(term)) : undefined),
    [index, term],
  );
  const currency = useAppSelector(selectCurrency);
  const location = useLocation();
  const resultsRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const scrollToResults = (location.state as SearchNavigationState | null)?.scrollToResults === true;
  usePageMeta(pageHeads.searchResults);

  // Keyed on the location so each new search from this page scrolls again.
  useEffect(() => {
    if (!scrollToResults) return undefined;
    const timer = window.setTimeout(() => {
      stopWatching();
      resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      // The search box that had focus is gone (or was used again): put focus on the count, so a
      // screen reader announces how many products were found.
      headingRef.current?.focus({ preventScroll: true });
    }, scrollToResultsDelayMs);
    // A shopper who types or taps before then has moved on (a new search, say): their focus and place
    // stay where they are.
    const movedOn = () => {
      window.clearTimeout(timer);
      stopWatching();
    };
    function stopWatching() {
      document.removeEventListener('keydown', movedOn, true);
      document.removeEventListener('pointerdown', movedOn, true);
    }
    document.addEventListener('keydown', movedOn, true);
    document.addEventListener('pointerdown', movedOn, true);
    return movedOn;
  }, [scrollToResults, location.key]);

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 to-brand-700 px-6 pb-10 pt-24">
        <div className="mx-auto flex max-w-4xl justify-center">
          <SearchBox tone="dark" initialTerm={term} />
        </div>
      </div>
      {/* Scrolled to, the results stop 40 px below the top: the search box (40 px above them) is then wholly
          out of view rather than half under the fixed logo and menu, and the heading sits clear of them. */}
      <section ref={resultsRef} className="mx-auto max-w-6xl scroll-mt-10 px-4 py-12" aria-labelledby="results-heading">
        <h1
          id="results-heading"
          ref={headingRef}
          tabIndex={-1}
          className="mb-6 text-2xl font-bold text-slate-900 focus:outline-none sm:text-3xl"
        >
          {`Search Result: Found (${results?.length ?? 0}) Products`}
        </h1>
        {term ? (
          // Keyed on the term: a new search starts again at its first page.
          <SearchResultsList
            key={term}
            results={results}
            loading={isLoading}
            failed={isError}
            currency={currency}
            emptyMessage={`No products match “${term}”. Try another word.`}
            onRetry={() => void refetch()}
          />
        ) : (
          <p className="text-slate-600">Type a product title above to search.</p>
        )}
      </section>
    </>
  );
}

/** Matches shown per page: the catalog's page size, so a common word never renders thousands of cards. */
export const searchPageSize = 24;

function SearchResultsList({
  results,
  ...list
}: {
  results: ProductSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  currency: Currency;
  emptyMessage: string;
  onRetry: () => void;
}) {
  const [shown, setShown] = useState(searchPageSize);
  const pageOf = (count: number): ListPage[] | undefined =>
    results && [{ products: results.slice(0, count), next: count < results.length ? count : null }];
  const loadMore = () => {
    const next = shown + searchPageSize;
    setShown(next);
    return Promise.resolve({ data: { pages: pageOf(next) } });
  };
  return (
    <PagedProductList
      {...list}
      pages={pageOf(shown)}
      hasNextPage={results !== undefined && shown < results.length}
      loadingMore={false}
      loadMoreFailed={false}
      onLoadMore={loadMore}
    />
  );
}
