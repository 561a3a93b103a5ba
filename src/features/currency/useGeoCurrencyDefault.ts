// The currency feature's public hook for pages that want the geo-IP default (the product page;
// docs/storefront.md).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetGeoCurrencyQuery } from './api/geoApi';
import { currencyDetected, selectCurrencyChosen } from './currencySlice';

/** Sets the currency from the visitor's country, unless they already chose one (docs/departures.md). */
export function useGeoCurrencyDefault() {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectCurrencyChosen);
  const { data: detected } = useGetGeoCurrencyQuery(undefined, { skip: chosen });
  useEffect(() => {
    if (detected) dispatch(currencyDetected(detected));
  }, [detected, dispatch]);
}
