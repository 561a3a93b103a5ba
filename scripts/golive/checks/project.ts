// The doctor's checks of the project: Blaze plan, APIs, the default bucket and its CORS.
import { corsCovers, wantedCors } from '../corsFile';
import { billingEnabled, bucketCors, enabledApis } from '../projectApi';
import { consoleUrl, defaultBucket, requiredApis, storeOrigins } from '../storeNeeds';
import { critical, good, type Check } from './registry';

export const billingCheck: Check = {
  id: 'billing',
  title: 'Blaze plan',
  google: true,
  async run({ google, env, projectId }) {
    return (await billingEnabled(google, env, projectId))
      ? good('Billing is enabled.')
      : critical(
          'Billing is off: functions, the bucket and the schedules stop.',
          consoleUrl(projectId, 'usage/details'),
        );
  },
};

export const apisCheck: Check = {
  id: 'apis',
  title: 'Google APIs',
  google: true,
  async run({ google, env, projectId }) {
    const enabled = await enabledApis(google, env, projectId);
    const missing = requiredApis.filter((api) => !enabled.has(api));
    if (missing.length === 0) return good(`All ${requiredApis.length} APIs the store needs are enabled.`);
    return critical(
      `Disabled: ${missing.join(', ')}.`,
      `gcloud services enable ${missing.join(' ')} --project ${projectId}`,
    );
  },
};

export const bucketCheck: Check = {
  id: 'bucket',
  title: 'Default bucket',
  google: true,
  async run({ google, env, projectId }) {
    const bucket = defaultBucket(projectId);
    return (await bucketCors(google, env, bucket)) === null
      ? critical(`The bucket ${bucket} does not exist: no file can be uploaded or downloaded.`, 'npm run setup')
      : good(`${bucket} exists.`);
  },
};

export const corsCheck: Check = {
  id: 'bucket-cors',
  title: 'Bucket CORS',
  google: true,
  async run({ google, env, projectId, publicUrl, dir }) {
    const bucket = defaultBucket(projectId);
    const cors = await bucketCors(google, env, bucket);
    if (cors === null) return critical(`There is no bucket ${bucket}, so no CORS.`, 'npm run setup');
    const origins = storeOrigins(projectId, publicUrl);
    if (corsCovers(cors, wantedCors(dir, origins))) return good(`Uploads are allowed from ${origins.join(', ')}.`);
    return critical(
      `The bucket's CORS does not let ${origins.join(', ')} upload: sellers cannot add files.`,
      'npm run setup',
    );
  },
};
