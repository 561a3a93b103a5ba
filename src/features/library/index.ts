export { LibraryPage } from './components/LibraryPage';
