// Gathering the setup's values: asked in the terminal, or with --no-prompt read from the environment
// (one line names everything missing). Each group is checked as soon as it is complete; in the
// terminal a refused group is asked again.
import type { GoliveEnv } from './endpoints';
import type { Output } from './output';
import type { Ask } from './prompt';
import type { Redactor } from './redact';
import { questionGroups, valueFrom, type QuestionGroup } from './values';
import { verifyCloudinary, verifyPaypal, verifyPaystack, verifySmtp, type PaypalAccess } from './verify';

/** The setup stops with this sentence (exit code 1). */
export class SetupRefusal extends Error {}

export interface Collected {
  values: Record<string, string>;
  paypal: PaypalAccess;
}

interface CollectOptions {
  env: GoliveEnv;
  /** Values already written in .env / .env.functions: defaults for the questions. */
  existing: Readonly<Record<string, string>>;
  ask: Ask | null;
  out: Output;
  redactor: Redactor;
}

async function check(group: QuestionGroup, env: GoliveEnv, values: Record<string, string>) {
  switch (group.id) {
    case 'paystack':
      return verifyPaystack(env, values);
    case 'paypal':
      return verifyPaypal(env, values);
    case 'smtp':
      return verifySmtp(values);
    case 'cloudinary':
      return verifyCloudinary(env, values);
    case 'admin':
      return (values.ADMIN_PASSWORD ?? '').length >= 8
        ? null
        : "The first admin's password needs 8 characters or more.";
    default:
      return null;
  }
}

export async function collectValues({ env, existing, ask, out, redactor }: CollectOptions): Promise<Collected> {
  const values: Record<string, string> = {};
  const source = { ...existing, ...env };
  if (!ask) {
    const missing = questionGroups
      .flatMap((g) => g.questions)
      .filter((q) => {
        values[q.name] = valueFrom(q, source, values);
        return !values[q.name];
      })
      .map((q) => q.name);
    if (missing.length > 0) throw new SetupRefusal(`Missing: ${missing.join(', ')} (set them in the environment).`);
    for (const q of questionGroups.flatMap((g) => g.questions)) if (q.secret) redactor.add(values[q.name]);
  }
  let paypal: PaypalAccess | null = null;
  for (const group of questionGroups) {
    for (;;) {
      if (ask) {
        out.line(`-- ${group.title}`);
        for (const q of group.questions) {
          const current = values[q.name] || valueFrom(q, source, values);
          values[q.name] = await ask(q.label, { secret: Boolean(q.secret), current });
          if (q.secret) redactor.add(values[q.name]);
        }
        const empty = group.questions.filter((q) => !values[q.name]).map((q) => q.name);
        if (empty.length > 0) {
          out.line(`Missing: ${empty.join(', ')}.`);
          continue;
        }
      }
      const result = await check(group, env, values);
      if (result && typeof result === 'object') {
        paypal = result;
        redactor.add(result.accessToken);
        out.line(`checked: ${group.title}: PayPal accepts these credentials (${result.mode}: ${result.baseUrl}).`);
        break;
      }
      if (result === null) {
        if (['paystack', 'smtp', 'cloudinary'].includes(group.id))
          out.line(`checked: ${group.title}: ${said[group.id]}`);
        break;
      }
      if (!ask) throw new SetupRefusal(result);
      out.line(result);
    }
  }
  if (!paypal) throw new SetupRefusal('PayPal was not checked.');
  return { values, paypal };
}

const said: Record<string, string> = {
  paystack: 'Paystack accepts the secret key, in the same mode as the public key.',
  smtp: 'the mail server accepted the login and a test e-mail to the contact address.',
  cloudinary: 'Cloudinary answers the ping with these credentials.',
};
