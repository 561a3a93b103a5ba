import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../../src/app/store';
import {
  currencyChosen,
  currencyDetected,
  selectCurrency,
  selectCurrencyChosen,
} from '../../../../src/features/currency/currencySlice';

describe('currency slice', () => {
  it('starts in USD with nothing chosen', () => {
    const { store } = makeStore();
    expect(selectCurrency(store.getState())).toBe('USD');
    expect(selectCurrencyChosen(store.getState())).toBe(false);
  });

  it('takes the geo-IP default while the shopper has not chosen', () => {
    const { store } = makeStore();
    store.dispatch(currencyDetected('NGN'));
    expect(selectCurrency(store.getState())).toBe('NGN');
    expect(selectCurrencyChosen(store.getState())).toBe(false);
  });

  it('records the shopper’s choice', () => {
    const { store } = makeStore();
    store.dispatch(currencyChosen('NGN'));
    expect(selectCurrency(store.getState())).toBe('NGN');
    expect(selectCurrencyChosen(store.getState())).toBe(true);
    store.dispatch(currencyChosen('USD'));
    expect(selectCurrency(store.getState())).toBe('USD');
  });

  it('never lets the geo-IP default override a chosen currency', () => {
    const { store } = makeStore();
    store.dispatch(currencyChosen('USD'));
    store.dispatch(currencyDetected('NGN'));
    expect(selectCurrency(store.getState())).toBe('USD');

    store.dispatch(currencyChosen('NGN'));
    store.dispatch(currencyDetected('USD'));
    expect(selectCurrency(store.getState())).toBe('NGN');
  });

  it('keeps a choice restored from a previous visit', () => {
    const { store } = makeStore({ preloadedState: { currency: { currency: 'NGN', chosen: true } } });
    store.dispatch(currencyDetected('USD'));
    expect(selectCurrency(store.getState())).toBe('NGN');
  });
});
