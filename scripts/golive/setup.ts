// `npm run setup`: from a fresh clone to a deployed store on the seller's own Firebase project
// (docs/deploy.md). Every value is asked (or read from the environment with --no-prompt) and checked
// as it is entered; then idempotent steps make the project right, and a log file keeps what was
// said, with every secret hidden.
import { join } from 'node:path';
import { collectValues, SetupRefusal } from './collect';
import type { GoliveEnv } from './endpoints';
import { parseEnvFile } from './envFiles';
import { createGoogleClient } from './google';
import { manualSteps } from './manualSteps';
import { createOutput } from './output';
import type { Ask } from './prompt';
import { Redactor } from './redact';
import { runSteps, type Step } from './steps';
import { deployStep } from './steps/deploy';
import { envFilesStep } from './steps/envFiles';
import { firstAdminStep } from './steps/firstAdmin';
import { tokenCreatorStep } from './steps/iam';
import { paypalWebhookStep } from './steps/paypalWebhook';
import { apisStep, billingStep } from './steps/project';
import { secretsStep } from './steps/secrets';
import { bucketStep, corsStep } from './steps/storage';

export const setupSteps: readonly Step[] = [
  billingStep,
  apisStep,
  bucketStep,
  corsStep,
  tokenCreatorStep,
  secretsStep,
  paypalWebhookStep,
  envFilesStep,
  firstAdminStep,
  deployStep,
];

export interface SetupOptions {
  argv: readonly string[];
  env: GoliveEnv;
  /** The repository (files read and written there, setup.log included). */
  dir: string;
  write: (text: string) => void;
  /** How to ask in the terminal; unused with --no-prompt. */
  ask: Ask;
}

/** Runs the setup; resolves the exit code (0 = every step done). */
export async function runSetup({ argv, env, dir, write, ask }: SetupOptions): Promise<number> {
  const redactor = new Redactor();
  const out = createOutput(write, redactor, join(dir, 'setup.log'));
  const noPrompt = argv.includes('--no-prompt');
  const skipDeploy = argv.includes('--skip-deploy');
  out.line(`npm run setup${noPrompt ? ' --no-prompt' : ''}${skipDeploy ? ' --skip-deploy' : ''}`);
  try {
    const existing = { ...parseEnvFile(join(dir, '.env')), ...parseEnvFile(join(dir, '.env.functions')) };
    const { values, paypal } = await collectValues({ env, existing, ask: noPrompt ? null : ask, out, redactor });
    const google = createGoogleClient(env, (token) => redactor.add(token));
    const ctx = { env, dir, values, paypal, google, redactor, out, skipDeploy, found: {} };
    if (!(await runSteps(setupSteps, ctx))) return 1;
    for (const line of manualSteps(values)) out.line(line);
    return 0;
  } catch (error) {
    if (error instanceof SetupRefusal) {
      out.line(error.message);
      return 1;
    }
    out.line(`The setup stopped: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
