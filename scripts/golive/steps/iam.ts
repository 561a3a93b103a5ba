// The function signs download and upload URLs as itself (IAM signBlob): its service account needs the
// Token Creator role on itself (docs/deploy.md, 'Signing').
import { endpoint } from '../endpoints';
import { functionServiceAccount, projectNumber } from '../projectApi';
import type { Step } from '../steps';

const role = 'roles/iam.serviceAccountTokenCreator';

interface Policy {
  version?: number;
  etag?: string;
  bindings?: Array<{ role: string; members: string[] }>;
}

export const tokenCreatorStep: Step = {
  title: 'Signing role',
  async run(ctx) {
    const { google, env, values } = ctx;
    const project = values.FIREBASE_PROJECT_ID ?? '';
    const account = functionServiceAccount(await projectNumber(google, env, project));
    ctx.found.serviceAccount = account;
    const member = `serviceAccount:${account}`;
    const base = `${endpoint(env, 'FIREBASE_IAM_URL')}/v1/projects/${project}/serviceAccounts/${account}`;
    const policy = (await google.request<Policy>('POST', `${base}:getIamPolicy`, {})) ?? {};
    const bindings = policy.bindings ?? [];
    if (bindings.some((b) => b.role === role && b.members.includes(member))) {
      return { changed: false, detail: `${account} may sign as itself` };
    }
    const others = bindings.filter((b) => b.role !== role);
    const existing = bindings.find((b) => b.role === role)?.members ?? [];
    await google.request('POST', `${base}:setIamPolicy`, {
      policy: { ...policy, bindings: [...others, { role, members: [...existing, member] }] },
    });
    return { changed: true, detail: `granted ${account} the Token Creator role on itself` };
  },
};
