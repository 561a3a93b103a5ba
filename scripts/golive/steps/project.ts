// Steps on the Google project: the Blaze plan (checked; only the seller can turn it on) and the APIs
// the store needs (enabled).
import { endpoint } from '../endpoints';
import { waitForOperation } from '../google';
import { billingEnabled, enabledApis } from '../projectApi';
import type { Step } from '../steps';
import { consoleUrl, requiredApis } from '../storeNeeds';

export const billingStep: Step = {
  title: 'Blaze plan',
  async run({ google, env, values }) {
    const project = values.FIREBASE_PROJECT_ID ?? '';
    if (!(await billingEnabled(google, env, project))) {
      throw new Error(
        `The project ${project} is not on the Blaze plan (billing is off): the functions, the bucket and the schedules need it. Upgrade at ${consoleUrl(project, 'usage/details')}`,
      );
    }
    return { changed: false, detail: 'billing is enabled' };
  },
};

export const apisStep: Step = {
  title: 'Google APIs',
  async run({ google, env, values }) {
    const project = values.FIREBASE_PROJECT_ID ?? '';
    const enabled = await enabledApis(google, env, project);
    const missing = requiredApis.filter((api) => !enabled.has(api));
    const base = endpoint(env, 'FIREBASE_SERVICE_USAGE_URL');
    for (const api of missing) {
      const operation = await google.request<{ name?: string; done?: boolean }>(
        'POST',
        `${base}/v1/projects/${project}/services/${api}:enable`,
        {},
      );
      await waitForOperation(google, base, operation ?? {});
    }
    return missing.length > 0
      ? { changed: true, detail: `enabled ${missing.join(', ')}` }
      : { changed: false, detail: `all ${requiredApis.length} are enabled` };
  },
};
