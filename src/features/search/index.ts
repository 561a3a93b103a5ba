// The search feature's public surface.
export { SearchBox } from './components/SearchBox';
export { SearchResultsPage } from './components/SearchResultsPage';
export { searchSlice } from './searchSlice';
