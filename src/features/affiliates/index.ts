export { AffiliatesPage } from './components/AffiliatesPage';
