// What the deploy left: the function's secrets (an enabled version each; values are not read), the
// functions ACTIVE, and the data's safety (point-in-time recovery or scheduled backups).
import { endpoint } from '../endpoints';
import { functionNames, functionRegion, functionSecrets } from '../storeNeeds';
import { critical, good, type Check } from './registry';

export const secretsCheck: Check = {
  id: 'secrets',
  title: 'Secrets',
  google: true,
  async run({ google, env, projectId }) {
    const base = `${endpoint(env, 'CLOUD_SECRET_MANAGER_URL')}/v1/projects/${projectId}/secrets`;
    const missing: string[] = [];
    for (const name of functionSecrets) {
      const found = await google.request<{ versions?: unknown[] }>(
        'GET',
        `${base}/${name}/versions?filter=state:ENABLED`,
        undefined,
        { allow404: true },
      );
      if (!found?.versions?.length) missing.push(name);
    }
    return missing.length === 0
      ? good(`All ${functionSecrets.length} secrets have an enabled version.`)
      : critical(`No enabled version: ${missing.join(', ')}. The function cannot start without them.`, 'npm run setup');
  },
};

export const functionsCheck: Check = {
  id: 'functions',
  title: 'Functions',
  google: true,
  async run({ google, env, projectId }) {
    const base = `${endpoint(env, 'FIREBASE_FUNCTIONS_V2_URL')}/v2/projects/${projectId}/locations/${functionRegion}/functions`;
    const wrong: string[] = [];
    for (const name of functionNames) {
      const found = await google.request<{ state?: string }>('GET', `${base}/${name}`, undefined, { allow404: true });
      if (found?.state !== 'ACTIVE') wrong.push(`${name} (${found?.state ?? 'not deployed'})`);
    }
    return wrong.length === 0
      ? good(`${functionNames.join(', ')} are ACTIVE.`)
      : critical(`Not active: ${wrong.join(', ')}.`, `npx firebase deploy --only functions --project ${projectId}`);
  },
};

export const backupsCheck: Check = {
  id: 'backups',
  title: 'Data safety',
  google: true,
  async run({ google, env, projectId }) {
    const base = `${endpoint(env, 'FIRESTORE_URL')}/v1/projects/${projectId}`;
    const database = await google.request<{ pointInTimeRecoveryEnablement?: string }>(
      'GET',
      `${base}/databases/(default)`,
    );
    const schedules = await google.request<{ backupSchedules?: unknown[] }>(
      'GET',
      `${base}/databases/(default)/backupSchedules`,
    );
    const backups = await google.request<{ backups?: Array<{ snapshotTime?: string; state?: string }> }>(
      'GET',
      `${base}/locations/-/backups`,
    );
    const pitr = database?.pointInTimeRecoveryEnablement === 'POINT_IN_TIME_RECOVERY_ENABLED';
    const scheduled = (schedules?.backupSchedules ?? []).length > 0;
    const last = (backups?.backups ?? [])
      .filter((b) => b.state === 'READY' && b.snapshotTime)
      .map((b) => b.snapshotTime ?? '')
      .sort()
      .at(-1);
    const lastWords = last ? `the last backup is from ${last}` : 'no backup has run yet';
    if (!pitr && !scheduled) {
      return critical(
        'Neither point-in-time recovery nor scheduled backups are on: a mistake or a bad import cannot be undone.',
        `gcloud firestore databases update --database='(default)' --enable-pitr --project ${projectId}`,
      );
    }
    const parts = [pitr ? 'Point-in-time recovery is on' : '', scheduled ? `backups are scheduled (${lastWords})` : ''];
    return good(`${parts.filter(Boolean).join('; ')}.`);
  },
};
