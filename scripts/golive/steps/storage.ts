// Steps on Cloud Storage: the default bucket (created through the Firebase Storage API when there is
// none) and its CORS (through the Storage JSON API, no gcloud needed).
import { corsCovers, wantedCors } from '../corsFile';
import { endpoint } from '../endpoints';
import { bucketCors } from '../projectApi';
import type { Step } from '../steps';
import { defaultBucket, functionRegion, storeOrigins } from '../storeNeeds';

export const bucketStep: Step = {
  title: 'Default bucket',
  async run({ google, env, values }) {
    const project = values.FIREBASE_PROJECT_ID ?? '';
    const bucket = defaultBucket(project);
    if ((await bucketCors(google, env, bucket)) !== null) return { changed: false, detail: `${bucket} exists` };
    await google.request(
      'POST',
      `${endpoint(env, 'FIREBASE_FIREBASESTORAGE_URL')}/v1beta/projects/${project}/defaultBucket`,
      {
        location: functionRegion,
      },
    );
    return { changed: true, detail: `created ${bucket} in ${functionRegion}` };
  },
};

export const corsStep: Step = {
  title: 'Bucket CORS',
  async run({ google, env, values, dir }) {
    const project = values.FIREBASE_PROJECT_ID ?? '';
    const bucket = defaultBucket(project);
    const origins = storeOrigins(project, values.PUBLIC_STORE_URL ?? '');
    const wanted = wantedCors(dir, origins);
    const current = (await bucketCors(google, env, bucket)) ?? [];
    if (corsCovers(current, wanted)) return { changed: false, detail: `uploads allowed from ${origins.join(', ')}` };
    await google.request(
      'PATCH',
      `${endpoint(env, 'FIREBASE_STORAGE_URL')}/storage/v1/b/${encodeURIComponent(bucket)}?fields=cors`,
      { cors: wanted },
    );
    return { changed: true, detail: `uploads now allowed from ${origins.join(', ')}` };
  },
};
