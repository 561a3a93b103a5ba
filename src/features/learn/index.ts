export { LearnPage } from './components/LearnPage';
export { CertificatePage } from './components/CertificatePage';
export { primeLearnCourse } from './api/learnApi';
