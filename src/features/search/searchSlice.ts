import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '../../lib/product';

export interface SearchState {
  term: string;
  results: Product[];
}

const initialState: SearchState = { term: '', results: [] };

export const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    searchResultsSet(state, action: PayloadAction<{ term: string; results: Product[] }>) {
      state.term = action.payload.term;
      state.results = action.payload.results;
    },
    searchCleared(state) {
      state.term = '';
      state.results = [];
    },
  },
  selectors: {
    selectSearchResults: (state) => state.results,
    selectSearchTerm: (state) => state.term,
  },
});

export const { searchResultsSet, searchCleared } = searchSlice.actions;
export const { selectSearchResults, selectSearchTerm } = searchSlice.selectors;
