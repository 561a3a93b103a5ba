// The search feature's public surface.
export { SearchBox } from './components/SearchBox';
export { SearchResultsPage } from './components/SearchResultsPage';
export { migrateSearchState, searchSlice } from './searchSlice';
