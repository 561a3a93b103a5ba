import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../../src/app/store';
import {
  searchCleared,
  searchResultsSet,
  selectSearchResults,
  selectSearchTerm,
} from '../../../../src/features/search/searchSlice';
import { buildProduct } from '../../../support/factories';

describe('search slice', () => {
  it('starts with no term and no results', () => {
    const { store } = makeStore();
    expect(selectSearchResults(store.getState())).toEqual([]);
    expect(selectSearchTerm(store.getState())).toBe('');
  });

  it('stores a search’s results, replacing the previous list', () => {
    const { store } = makeStore();
    const first = [buildProduct(), buildProduct()];
    const second = [buildProduct()];
    store.dispatch(searchResultsSet({ term: 'guide', results: first }));
    store.dispatch(searchResultsSet({ term: 'excel', results: second }));
    expect(selectSearchResults(store.getState())).toEqual(second);
    expect(selectSearchTerm(store.getState())).toBe('excel');
  });

  it('empties the list when cleared', () => {
    const { store } = makeStore();
    store.dispatch(searchResultsSet({ term: 'guide', results: [buildProduct()] }));
    store.dispatch(searchCleared());
    expect(selectSearchResults(store.getState())).toEqual([]);
    expect(selectSearchTerm(store.getState())).toBe('');
  });
});
