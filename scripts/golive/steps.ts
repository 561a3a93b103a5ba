// The setup's step runner: each step looks at what is there before it changes anything, so a second
// run says 'unchanged' step by step and a run interrupted halfway is finished by the next.
import type { GoliveEnv } from './endpoints';
import type { GoogleClient } from './google';
import type { Output } from './output';
import type { Redactor } from './redact';
import type { PaypalAccess } from './verify';

export interface SetupContext {
  env: GoliveEnv;
  /** The repository: rules, indexes and CORS files are read here, .env and .env.functions written here. */
  dir: string;
  values: Record<string, string>;
  paypal: PaypalAccess;
  google: GoogleClient;
  redactor: Redactor;
  out: Output;
  skipDeploy: boolean;
  /** Filled by the steps that find them. */
  found: { projectNumber?: string; serviceAccount?: string; paypalWebhookId?: string };
}

export interface StepResult {
  changed: boolean;
  detail: string;
}

export interface Step {
  title: string;
  run(ctx: SetupContext): Promise<StepResult>;
}

/** Runs the steps in order; the first failure stops the run with its words (true = every step done). */
export async function runSteps(steps: readonly Step[], ctx: SetupContext): Promise<boolean> {
  for (const step of steps) {
    try {
      const result = await step.run(ctx);
      ctx.out.line(`${result.changed ? 'done' : 'unchanged'}: ${step.title}: ${result.detail}`);
    } catch (error) {
      ctx.out.line(`failed: ${step.title}: ${error instanceof Error ? error.message : String(error)}`);
      ctx.out.line(
        'Nothing after this step was done. Fix the above and run `npm run setup` again: it finishes the rest.',
      );
      return false;
    }
  }
  return true;
}
