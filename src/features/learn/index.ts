export { LearnPage } from './components/LearnPage';
export { CertificatePage } from './components/CertificatePage';
// What main.tsx needs to render the player over the lesson /early-learn.js painted (docs/performance.md).
export { primeLearnCourse } from './api/learnApi';
export { takeEarlyCourse } from '../../lib/earlyLearn';
