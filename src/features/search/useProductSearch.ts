import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { closeAlert, showError, showLoading } from '../../lib/alerts';
import { paths } from '../../lib/routes';
import { matchProducts, normalizeSearchTerm } from '../../lib/searchMatch';
import { allProductsQuery } from '../catalog';
import { searchCleared, searchResultsSet } from './searchSlice';

export const searchFailedTitle = 'Search failed';
export const searchFailedText = 'There was an error searching products. Please try again.';

/** What /searchresults reads from navigation state: scroll down to the results (SPEC §2). */
export interface SearchNavigationState {
  scrollToResults?: boolean;
}

/**
 * The search flow of SPEC §4: a blank term clears the results and does nothing else; otherwise a
 * blocking 'Searching products...' dialog, every product loaded (through the cache /allproducts
 * shares) and matched in the browser, the results stored, and the visitor taken to /searchresults.
 */
export function useProductSearch() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return useCallback(
    async (rawTerm: string) => {
      const term = normalizeSearchTerm(rawTerm);
      if (!term) {
        dispatch(searchCleared());
        return;
      }
      void showLoading('Searching products...');
      const request = dispatch(allProductsQuery.initiate());
      try {
        const products = await request.unwrap();
        dispatch(searchResultsSet({ term, results: matchProducts(products, term) }));
        await closeAlert();
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
    [dispatch, navigate],
  );
}
