// The state behind the Google APIs stand-in (handlers.ts): one Firebase project as Google's APIs
// describe it. Tests start from a fresh project or a live one and break one part at a time.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../../..');

export interface CorsRule {
  origin?: string[];
  method?: string[];
  responseHeader?: string[];
  maxAgeSeconds?: number;
}

export interface IndexField {
  fieldPath: string;
  order?: string;
  arrayConfig?: string;
}

export interface StandInIndex {
  collectionGroup: string;
  queryScope: string;
  fields: IndexField[];
  state: 'READY' | 'CREATING' | 'NEEDS_REPAIR';
}

export interface GoogleState {
  token: string;
  projectId: string;
  projectNumber: string;
  billingEnabled: boolean;
  enabled: Set<string>;
  /** Bucket name → its CORS. */
  buckets: Map<string, CorsRule[]>;
  /** Service account e-mail → its IAM policy bindings. */
  policies: Map<string, Array<{ role: string; members: string[] }>>;
  /** Secret id → its versions (base64 payloads), oldest first. */
  secrets: Map<string, Array<{ data: string; state: 'ENABLED' | 'DISABLED' | 'DESTROYED' }>>;
  /** Release name (cloud.firestore, firebase.storage/<bucket>) → its ruleset's source. */
  releases: Map<string, string>;
  indexes: StandInIndex[];
  /** Function id (us-central1) → state (ACTIVE, FAILED, DEPLOYING). */
  functions: Map<string, string>;
  pitr: boolean;
  backupSchedules: number;
  /** Finished backups' snapshot times (ISO). */
  backups: string[];
  /** The live channel's release time, or null when nothing was ever released. */
  hostingRelease: string | null;
  /** Every call in order, as 'METHOD service /path?query'. */
  calls: string[];
  /** Answers the next matching call with this failure instead (key 'METHOD service /path'). */
  failNext: Map<string, { status: number; body: unknown }>;
}

/** The services a new Firebase project starts with. */
export const freshServices = [
  'cloudresourcemanager.googleapis.com',
  'firebase.googleapis.com',
  'firebaserules.googleapis.com',
  'firestore.googleapis.com',
  'identitytoolkit.googleapis.com',
  'serviceusage.googleapis.com',
];

export function freshProject(projectId: string, token: string): GoogleState {
  return {
    token,
    projectId,
    projectNumber: '418557093162',
    billingEnabled: true,
    enabled: new Set(freshServices),
    buckets: new Map(),
    policies: new Map(),
    secrets: new Map(),
    releases: new Map(),
    indexes: [],
    functions: new Map(),
    pitr: false,
    backupSchedules: 0,
    backups: [],
    hostingRelease: null,
    calls: [],
    failNext: new Map(),
  };
}

const repoIndexes = () =>
  (
    JSON.parse(readFileSync(resolve(root, 'firestore.indexes.json'), 'utf8')) as {
      indexes: Array<Omit<StandInIndex, 'state'>>;
    }
  ).indexes;

/** A project the setup and a deploy have made right: every check of the doctor is good. */
export function liveProject(projectId: string, token: string, origins: string[], apis: readonly string[]): GoogleState {
  const state = freshProject(projectId, token);
  for (const api of apis) state.enabled.add(api);
  const bucket = `${projectId}.firebasestorage.app`;
  const cors = JSON.parse(readFileSync(resolve(root, 'storage.cors.json'), 'utf8')) as CorsRule[];
  state.buckets.set(
    bucket,
    cors.map((rule) => ({ ...rule, origin: origins })),
  );
  const account = `${state.projectNumber}-compute@developer.gserviceaccount.com`;
  state.policies.set(account, [
    { role: 'roles/iam.serviceAccountTokenCreator', members: [`serviceAccount:${account}`] },
  ]);
  for (const name of [
    'SMTP_PASS',
    'PAYSTACK_SECRET_KEY',
    'PAYPAL_CLIENT_SECRET',
    'CLOUDINARY_API_SECRET',
    'ACCESS_LINK_SECRET',
    'MAILGUN_WEBHOOK_SIGNING_KEY',
  ]) {
    state.secrets.set(name, [{ data: Buffer.from(`value-of-${name}`).toString('base64'), state: 'ENABLED' }]);
  }
  state.releases.set('cloud.firestore', readFileSync(resolve(root, 'firestore.rules'), 'utf8'));
  state.releases.set(`firebase.storage/${bucket}`, readFileSync(resolve(root, 'storage.rules'), 'utf8'));
  state.indexes = repoIndexes().map((index) => ({ ...index, state: 'READY' }));
  for (const name of ['api', 'retryEmails', 'sendReminders', 'expireCheckouts', 'sendMailings', 'checkStoreHealth'])
    state.functions.set(name, 'ACTIVE');
  state.pitr = true;
  state.backupSchedules = 1;
  state.backups = ['2026-11-27T02:00:00.000Z'];
  state.hostingRelease = '2026-11-27T10:00:00.000Z';
  return state;
}
