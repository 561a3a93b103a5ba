// The store's health checks (docs/deploy.md, 'npm run doctor'): one result shape for the doctor's
// terminal lines and --json, the API's admin-only health route, the daily scheduled run and the
// dashboard's Store health panel.

export type HealthStatus = 'good' | 'recommended' | 'critical' | 'not-applicable';

export interface HealthCheckResult {
  /** Stable id, e.g. 'billing', 'signing', 'paystack-webhook'. */
  id: string;
  title: string;
  status: HealthStatus;
  /** What was found, in words a seller understands. */
  detail: string;
  /** The exact fix: a command, a console URL, or 'npm run setup'; empty when the check is good. */
  fix: string;
}

export interface HealthReport {
  checks: HealthCheckResult[];
  /** When the checks ran (ISO 8601). */
  ranAt: string;
}

/** A report is critical when any check is. */
export function hasCritical(checks: readonly HealthCheckResult[]): boolean {
  return checks.some((check) => check.status === 'critical');
}
