// The doctor's checks: each reads the live project and answers good / recommended / critical /
// not-applicable with words and the exact fix. A check that throws becomes a critical line of its
// own, so every check runs even when one fails.
import type { HealthCheckResult, HealthStatus } from '../../../domain/storeHealth';
import type { GoliveEnv } from '../endpoints';
import { GoogleApiError, type GoogleClient } from '../google';

export interface DoctorContext {
  env: GoliveEnv;
  dir: string;
  projectId: string;
  publicUrl: string;
  google: GoogleClient;
  /** Under the local cloud (`npm start`): Google's checks do not apply. */
  local: boolean;
}

export interface Finding {
  status: HealthStatus;
  detail: string;
  fix?: string;
}

export interface Check {
  id: string;
  title: string;
  /** Whether it reads Google's APIs (not applicable to the local cloud). */
  google: boolean;
  run(ctx: DoctorContext): Promise<Finding>;
}

export const good = (detail: string): Finding => ({ status: 'good', detail });
export const critical = (detail: string, fix: string): Finding => ({ status: 'critical', detail, fix });
export const recommended = (detail: string, fix: string): Finding => ({ status: 'recommended', detail, fix });

/** A Google refusal in words, with its fix. */
function failed(error: unknown, projectId: string): Finding {
  if (error instanceof GoogleApiError && error.reason === 'SERVICE_DISABLED') {
    const api = /([a-z]+\.googleapis\.com)/.exec(error.message)?.[1] ?? 'an API the store needs';
    return critical(`${api} is disabled, so this could not be checked.`, 'npm run setup');
  }
  if (error instanceof GoogleApiError && (error.httpStatus === 401 || error.httpStatus === 403)) {
    return critical(
      `Google refused the check: ${error.message}`,
      `gcloud auth application-default login (as an owner of ${projectId})`,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return critical(`Could not check: ${message}`, 'npm run doctor (again, once the cause above is fixed)');
}

export async function runChecks(checks: readonly Check[], ctx: DoctorContext): Promise<HealthCheckResult[]> {
  const results: HealthCheckResult[] = [];
  for (const check of checks) {
    let finding: Finding;
    if (ctx.local && check.google) {
      finding = {
        status: 'not-applicable',
        detail: 'The local cloud has no such part: this check is for the deployed store.',
      };
    } else {
      finding = await check.run(ctx).catch((error: unknown) => failed(error, ctx.projectId));
    }
    results.push({
      id: check.id,
      title: check.title,
      status: finding.status,
      detail: finding.detail,
      fix: finding.fix ?? '',
    });
  }
  return results;
}
