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

const healthStatuses: readonly HealthStatus[] = ['good', 'recommended', 'critical', 'not-applicable'];
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function healthCheckFromData(value: unknown): HealthCheckResult | null {
  if (typeof value !== 'object' || value === null) return null;
  const data = value as Record<string, unknown>;
  const status = healthStatuses.find((s) => s === data.status);
  if (!status || !textOf(data.id)) return null;
  return { id: textOf(data.id), title: textOf(data.title), status, detail: textOf(data.detail), fix: textOf(data.fix) };
}

/**
 * The one decoder of a stored or answered report (storeHealth/latest, the admin route's answer):
 * null when it is not one; a check that is not one is left out.
 */
export function healthReportFromData(value: unknown): HealthReport | null {
  if (typeof value !== 'object' || value === null) return null;
  const { checks, ranAt } = value as Record<string, unknown>;
  if (!Array.isArray(checks) || typeof ranAt !== 'string') return null;
  return { ranAt, checks: checks.map(healthCheckFromData).filter((check) => check !== null) };
}
