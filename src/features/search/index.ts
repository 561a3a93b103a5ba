// The search feature's public surface.
export { SearchBox } from './components/SearchBox';
// A chunk of its own (docs/performance.md, 'What the entry leaves out').
export const loadSearchResultsPage = () =>
  import('./components/SearchResultsPage').then((module) => module.SearchResultsPage);
export { migrateSearchState, searchSlice } from './searchSlice';
