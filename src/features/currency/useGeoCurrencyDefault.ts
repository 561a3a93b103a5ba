// The currency feature's public hook for pages that want the geo-IP default (SPEC §4: the product page).
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetGeoCurrencyQuery } from './api/geoApi';
import { currencyDetected, selectCurrencyChosen } from './currencySlice';

/** Sets the currency from the visitor's country, unless they already chose one (DESIGN §9). */
export function useGeoCurrencyDefault() {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectCurrencyChosen);
  const { data: detected } = useGetGeoCurrencyQuery(undefined, { skip: chosen });
  useEffect(() => {
    if (detected) dispatch(currencyDetected(detected));
  }, [detected, dispatch]);
}
