// The function's secrets in Secret Manager: a secret is created when missing and gets a new version
// only when its latest one holds another value. ACCESS_LINK_SECRET is made once and then kept: a new
// one would retire every access link already e-mailed. MAILGUN_WEBHOOK_SIGNING_KEY comes from the
// environment when set; otherwise the one stored is kept, or a random key is stored, so a store that
// does not send through Mailgun still deploys and its webhook refuses every event (docs/emails.md).
import { randomBytes } from 'node:crypto';
import { endpoint } from '../endpoints';
import type { GoogleClient } from '../google';
import type { SetupContext, Step } from '../steps';
import { functionSecrets } from '../storeNeeds';

async function latestValue(google: GoogleClient, base: string, name: string): Promise<string | null> {
  const found = await google.request<{ payload?: { data?: string } }>(
    'GET',
    `${base}/secrets/${name}/versions/latest:access`,
    undefined,
    { allow404: true },
  );
  return found?.payload?.data === undefined ? null : Buffer.from(found.payload.data, 'base64').toString('utf8');
}

async function ensureSecret(ctx: SetupContext, base: string, name: string): Promise<'created' | 'updated' | 'kept'> {
  const { google, values, redactor, env } = ctx;
  const exists = await google.request('GET', `${base}/secrets/${name}`, undefined, { allow404: true });
  const latest = exists ? await latestValue(google, base, name) : null;
  redactor.add(latest ?? undefined);
  let value = values[name];
  if (name === 'ACCESS_LINK_SECRET')
    value = env.ACCESS_LINK_SECRET?.trim() || latest || randomBytes(32).toString('hex');
  if (name === 'MAILGUN_WEBHOOK_SIGNING_KEY')
    value = env.MAILGUN_WEBHOOK_SIGNING_KEY?.trim() || latest || randomBytes(32).toString('hex');
  if (!value) throw new Error(`No value for ${name}.`);
  redactor.add(value);
  if (latest === value) return 'kept';
  if (!exists) {
    await google.request('POST', `${base}/secrets?secretId=${name}`, {
      replication: { automatic: {} },
      labels: { 'firebase-managed': 'true' },
    });
  }
  await google.request('POST', `${base}/secrets/${name}:addVersion`, {
    payload: { data: Buffer.from(value, 'utf8').toString('base64') },
  });
  return exists ? 'updated' : 'created';
}

export const secretsStep: Step = {
  title: 'Secrets in Secret Manager',
  async run(ctx) {
    const base = `${endpoint(ctx.env, 'CLOUD_SECRET_MANAGER_URL')}/v1/projects/${ctx.values.FIREBASE_PROJECT_ID}`;
    const changed: string[] = [];
    for (const name of functionSecrets) {
      const outcome = await ensureSecret(ctx, base, name);
      if (outcome !== 'kept') changed.push(`${outcome} ${name}`);
    }
    return changed.length > 0
      ? { changed: true, detail: changed.join(', ') }
      : { changed: false, detail: `all ${functionSecrets.length} hold the values entered` };
  },
};
