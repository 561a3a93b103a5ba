export { LearnPage } from './components/LearnPage';
export { CertificatePage } from './components/CertificatePage';
