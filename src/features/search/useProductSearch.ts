import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { closeAlert, showError, showLoading } from '../../lib/alerts';
import { paths } from '../../../domain/routes';
import { normalizeSearchTerm } from '../../lib/searchMatch';
import { catalogIndexQuery } from '../catalog';
import { searchCleared, searchTermSet } from './searchSlice';

export const searchFailedTitle = 'Search failed';
export const searchFailedText = 'There was an error searching products. Please try again.';

/** What /searchresults reads from navigation state: scroll down to the results (docs/storefront.md). */
export interface SearchNavigationState {
  scrollToResults?: boolean;
}

/**
 * The search flow (docs/catalog-and-search.md): a blank term clears the results and does nothing else;
 * otherwise a blocking 'Searching products...' dialog while the catalog index loads (once per visit: RTK
 * Query keeps it) and matched in the browser, the term stored, and the visitor taken to
 * /searchresults, which shows the index's matches for the term.
 */
export function useProductSearch() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();

  return useCallback(
    async (rawTerm: string) => {
      const term = normalizeSearchTerm(rawTerm);
      if (!term) {
        dispatch(searchCleared());
        return;
      }
      // Once the index is loaded, a search answers at once: no dialog flashes up and away.
      const loaded = catalogIndexQuery.select()(store.getState()).data !== undefined;
      if (!loaded) void showLoading('Searching products...');
      const request = dispatch(catalogIndexQuery.initiate());
      try {
        // The dialog stays until the index is loaded; the results page matches the term against
        // the same cache entry, so only the term is stored.
        await request.unwrap();
        dispatch(searchTermSet(term));
        if (!loaded) await closeAlert();
        const state: SearchNavigationState = { scrollToResults: true };
        await navigate(paths.searchResults, { state });
      } catch {
        dispatch(searchCleared());
        await closeAlert();
        void showError(searchFailedTitle, searchFailedText);
      } finally {
        request.unsubscribe();
      }
    },
    [dispatch, navigate, store],
  );
}
