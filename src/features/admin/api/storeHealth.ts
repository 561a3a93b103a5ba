// Store health (docs/admin.md, 'Store health'): the admin API runs the checks that need the function's
// own identity and keeps the last report (storeHealth is the API's alone under firestore.rules).
import { healthReportFromData, type HealthReport } from '../../../../domain/storeHealth';
import { callAsAdmin } from './adminHttp';

/** The last stored report, or null before the first run. */
export async function fetchStoreHealth(): Promise<HealthReport | null> {
  const answer = (await callAsAdmin('GET', '/api/admin/health')) as { report?: unknown };
  return healthReportFromData(answer.report);
}

/** Runs every check now; answers the new report, which the API also stored. */
export async function runStoreHealth(): Promise<HealthReport> {
  const report = healthReportFromData(await callAsAdmin('POST', '/api/admin/health/run'));
  if (!report) throw new Error('The checks answered something unexpected. Please try again.');
  return report;
}
