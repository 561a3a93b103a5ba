// One Store health check's answer (domain/storeHealth.ts), and the days the checks look back over.
import type { HealthCheckResult, HealthStatus } from '../../domain/storeHealth';

export const lookBackDays = 7;
const dayMs = 86_400_000;

export function lookBackStart(now: Date): Date {
  return new Date(now.getTime() - lookBackDays * dayMs);
}

export function checkResult(
  id: string,
  title: string,
  status: HealthStatus,
  detail: string,
  fix = '',
): HealthCheckResult {
  return { id, title, status, detail, fix: status === 'good' || status === 'not-applicable' ? '' : fix };
}

/** A time as the seller reads it in a detail: ISO date and minute, in UTC. */
export function readableTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
