import { useEffect, useRef } from 'react';
import { closeAlert, showError, showLoading } from '../lib/alerts';

export const fetchErrorTitle = 'Error!';
export const fetchErrorText = 'Something went wrong while fetching products.';

/**
 * A 'Please wait...' dialog that an outside click cannot dismiss while a product list
 * loads, closed when loading ends either way; then 'Error!' if the fetch failed (docs/storefront.md,
 * 'Messages').
 */
export function useFetchDialogs({ loading, failed }: { loading: boolean; failed: boolean }) {
  useEffect(() => {
    if (!loading) return undefined;
    void showLoading('Please wait...');
    return () => {
      void closeAlert();
    };
  }, [loading]);

  // Once per failure: StrictMode re-runs effects in development, and the shopper must not have
  // to dismiss the same message twice. The ref survives that re-run.
  const reported = useRef(false);
  useEffect(() => {
    if (!failed) {
      reported.current = false;
      return;
    }
    if (reported.current) return;
    reported.current = true;
    void showError(fetchErrorTitle, fetchErrorText);
  }, [failed]);
}
