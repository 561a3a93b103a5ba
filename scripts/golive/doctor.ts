// `npm run doctor`: one line per check of the live store (good / recommended / critical /
// not-applicable), what is wrong and the exact fix; `--json` prints { checks } for scripts; the exit
// code is 1 when a check is critical. `--local` checks the local cloud of `npm start` instead, and
// says which checks do not apply there.
import { join } from 'node:path';
import { hasCritical, type HealthCheckResult } from '../../domain/storeHealth';
import { apiChecks } from './checks/apiRoute';
import { backupsCheck, functionsCheck, secretsCheck } from './checks/deployed';
import { apisCheck, billingCheck, bucketCheck, corsCheck } from './checks/project';
import { runChecks, type Check, type DoctorContext } from './checks/registry';
import { firestoreRulesCheck, indexesCheck, storageRulesCheck } from './checks/rules';
import { hostingCheck } from './checks/store';
import type { GoliveEnv } from './endpoints';
import { parseEnvFile } from './envFiles';
import { createGoogleClient } from './google';
import { Redactor } from './redact';

export const doctorChecks: readonly Check[] = [
  billingCheck,
  apisCheck,
  bucketCheck,
  corsCheck,
  firestoreRulesCheck,
  storageRulesCheck,
  indexesCheck,
  hostingCheck,
  secretsCheck,
  functionsCheck,
  backupsCheck,
];

export interface DoctorOptions {
  argv: readonly string[];
  env: GoliveEnv;
  dir: string;
  write: (text: string) => void;
}

/** The local cloud's addresses (`npm start`, its default ports unless the environment moves them). */
function localEnv(env: GoliveEnv): Record<string, string> {
  const port = (name: string, fallback: number) => env[name]?.trim() || String(fallback);
  return {
    FIREBASE_PROJECT_ID: 'demo-digital-store',
    PUBLIC_STORE_URL: `http://127.0.0.1:${port('API_PORT', 5001)}`,
    VITE_FIREBASE_API_KEY: 'local-cloud-key',
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port('AUTH_PORT', 9099)}`,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port('FIRESTORE_PORT', 8080)}`,
    FIREBASE_AUTH_MANAGEMENT_URL: `http://127.0.0.1:${port('AUTH_PORT', 9099)}/identitytoolkit.googleapis.com`,
  };
}

const marks: Record<HealthCheckResult['status'], string> = {
  good: 'good',
  recommended: 'recommended',
  critical: 'CRITICAL',
  'not-applicable': 'not applicable',
};

export async function runDoctor({ argv, env: given, dir, write }: DoctorOptions): Promise<number> {
  const local = argv.includes('--local');
  const files = { ...parseEnvFile(join(dir, '.env')), ...parseEnvFile(join(dir, '.env.functions')) };
  const env: GoliveEnv = local ? { ...given, ...localEnv(given) } : { ...files, ...given };
  if (local) Object.assign(process.env, { FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST });
  const projectId = env.FIREBASE_PROJECT_ID || env.VITE_FIREBASE_PROJECT_ID || '';
  const publicUrl = (env.PUBLIC_STORE_URL ?? '').replace(/\/+$/, '');
  const redactor = new Redactor();
  const say = (text: string) => write(`${redactor.text(text)}\n`);
  if (!projectId || !publicUrl) {
    say(
      `Missing: ${[!projectId && 'FIREBASE_PROJECT_ID', !publicUrl && 'PUBLIC_STORE_URL'].filter(Boolean).join(', ')} (run npm run setup first, or set them in the environment).`,
    );
    return 1;
  }
  const google = createGoogleClient(env, (token) => redactor.add(token));
  const ctx: DoctorContext = { env, dir, projectId, publicUrl, google, local };
  const checks = [...(await runChecks(doctorChecks, ctx)), ...(await apiChecks(ctx, (s) => redactor.add(s)))];
  if (argv.includes('--json')) {
    say(JSON.stringify({ checks }, null, 2));
  } else {
    say(`Store doctor: ${projectId} (${publicUrl})${local ? ', the local cloud' : ''}`);
    for (const check of checks) {
      say(`[${marks[check.status]}] ${check.title}: ${check.detail}`);
      if (check.fix) say(`    fix: ${check.fix}`);
    }
    const count = (status: HealthCheckResult['status']) => checks.filter((c) => c.status === status).length;
    say(
      `${count('good')} good, ${count('recommended')} recommended, ${count('critical')} critical, ${count('not-applicable')} not applicable.`,
    );
  }
  return hasCritical(checks) ? 1 : 0;
}
