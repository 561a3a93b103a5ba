import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

// Only the term is kept (and persisted): the results are worked out from the catalog index each
// time they are shown, so a reload never shows a price the admin has since changed
// (docs/catalog-and-search.md).
export interface SearchState {
  term: string;
}

const initialState: SearchState = { term: '' };

export const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    searchTermSet(state, action: PayloadAction<string>) {
      state.term = action.payload;
    },
    searchCleared(state) {
      state.term = '';
    },
  },
  selectors: {
    selectSearchTerm: (state) => state.term,
  },
});

export const { searchTermSet, searchCleared } = searchSlice.actions;
export const { selectSearchTerm } = searchSlice.selectors;

/** A persisted search state from before version 3 (term and product copies) reduced to the term. */
export function migrateSearchState(saved: unknown): SearchState {
  const term =
    typeof saved === 'object' && saved !== null && 'term' in saved && typeof saved.term === 'string' ? saved.term : '';
  return { term };
}
