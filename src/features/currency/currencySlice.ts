import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { Currency } from '../../../domain/money';

export type { Currency };

export interface CurrencyState {
  currency: Currency;
  /** True once the shopper picked a currency themselves: the geo-IP default never overrides it. */
  chosen: boolean;
}

const initialState: CurrencyState = { currency: 'USD', chosen: false };

export const currencySlice = createSlice({
  name: 'currency',
  initialState,
  reducers: {
    currencyChosen(state, action: PayloadAction<Currency>) {
      state.currency = action.payload;
      state.chosen = true;
    },
    currencyDetected(state, action: PayloadAction<Currency>) {
      if (!state.chosen) state.currency = action.payload;
    },
  },
  selectors: {
    selectCurrency: (state) => state.currency,
    selectCurrencyChosen: (state) => state.chosen,
  },
});

export const { currencyChosen, currencyDetected } = currencySlice.actions;
export const { selectCurrency, selectCurrencyChosen } = currencySlice.selectors;
