// The deployed Firestore and storage rules against the repository's files (the released ruleset's
// source compared), and every index of firestore.indexes.json READY.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { endpoint } from '../endpoints';
import { defaultBucket } from '../storeNeeds';
import { critical, good, recommended, type Check, type DoctorContext } from './registry';

const normalise = (text: string) => text.replace(/\r\n/g, '\n').trim();

async function releasedSource(ctx: DoctorContext, release: string): Promise<string | null> {
  const base = `${endpoint(ctx.env, 'FIREBASE_RULES_URL')}/v1`;
  const found = await ctx.google.request<{ rulesetName?: string }>(
    'GET',
    `${base}/projects/${ctx.projectId}/releases/${release}`,
    undefined,
    { allow404: true },
  );
  if (!found?.rulesetName) return null;
  const ruleset = await ctx.google.request<{ source?: { files?: Array<{ content?: string }> } }>(
    'GET',
    `${base}/${found.rulesetName}`,
  );
  return (ruleset?.source?.files ?? []).map((file) => file.content ?? '').join('\n');
}

function rulesCheck(
  id: string,
  title: string,
  file: string,
  release: (projectId: string) => string,
  only: string,
): Check {
  return {
    id,
    title,
    google: true,
    async run(ctx) {
      const deploy = `npx firebase deploy --only ${only} --project ${ctx.projectId}`;
      const source = await releasedSource(ctx, release(ctx.projectId));
      if (source === null) return critical(`No ${title.toLowerCase()} are deployed.`, deploy);
      const local = readFileSync(join(ctx.dir, file), 'utf8');
      return normalise(source) === normalise(local)
        ? good(`The deployed rules are ${file}.`)
        : critical(`The deployed rules differ from ${file} (changed in the console, or not deployed since).`, deploy);
    },
  };
}

export const firestoreRulesCheck = rulesCheck(
  'firestore-rules',
  'Firestore rules',
  'firestore.rules',
  () => 'cloud.firestore',
  'firestore:rules',
);
export const storageRulesCheck = rulesCheck(
  'storage-rules',
  'Storage rules',
  'storage.rules',
  (projectId) => `firebase.storage/${defaultBucket(projectId)}`,
  'storage',
);

interface IndexField {
  fieldPath: string;
  order?: string;
  arrayConfig?: string;
}
interface Index {
  collectionGroup?: string;
  name?: string;
  queryScope?: string;
  fields?: IndexField[];
  state?: string;
}

const shape = (group: string, index: Index) =>
  JSON.stringify([
    group,
    index.queryScope ?? 'COLLECTION',
    (index.fields ?? [])
      .filter((f) => f.fieldPath !== '__name__')
      .map((f) => [f.fieldPath, f.order ?? '', f.arrayConfig ?? '']),
  ]);

export const indexesCheck: Check = {
  id: 'indexes',
  title: 'Firestore indexes',
  google: true,
  async run(ctx) {
    const wanted = (JSON.parse(readFileSync(join(ctx.dir, 'firestore.indexes.json'), 'utf8')) as { indexes: Index[] })
      .indexes;
    const listed = await ctx.google.request<{ indexes?: Index[] }>(
      'GET',
      `${endpoint(ctx.env, 'FIRESTORE_URL')}/v1/projects/${ctx.projectId}/databases/(default)/collectionGroups/-/indexes`,
    );
    const states = new Map(
      (listed?.indexes ?? []).map((index) => [
        shape(/collectionGroups\/([^/]+)\//.exec(index.name ?? '')?.[1] ?? '', index),
        index.state ?? '',
      ]),
    );
    const label = (index: Index) =>
      `${index.collectionGroup} (${(index.fields ?? []).map((f) => f.fieldPath).join(', ')})`;
    const missing = wanted.filter((index) => !states.has(shape(index.collectionGroup ?? '', index)));
    const building = wanted.filter((index) => states.get(shape(index.collectionGroup ?? '', index)) === 'CREATING');
    const broken = wanted.filter((index) => {
      const state = states.get(shape(index.collectionGroup ?? '', index));
      return state !== undefined && state !== 'READY' && state !== 'CREATING';
    });
    const deploy = `npx firebase deploy --only firestore:indexes --project ${ctx.projectId}`;
    if (missing.length + broken.length > 0) {
      return critical(
        `Not ready: ${[...missing, ...broken].map(label).join('; ')}. Queries that need them fail.`,
        deploy,
      );
    }
    if (building.length > 0) {
      return recommended(
        `Still building: ${building.map(label).join('; ')}. Queries that need them fail until they are READY.`,
        'Wait a few minutes, then run npm run doctor again',
      );
    }
    return good(`All ${wanted.length} indexes are READY.`);
  },
};
