// A stand-in for Google's APIs (billing, service usage, resource manager, Cloud Storage JSON API,
// Firebase Storage, IAM, Secret Manager, Firebase Rules, Firestore admin, Cloud Functions v2,
// Firebase Hosting) for the setup's and the doctor's tests, on msw: the shapes and error bodies
// Google documents, over the state in state.ts. Each service lives on its own host, which the code
// under test reaches through its overridable base URLs (standInEnv).
import { http, HttpResponse, type HttpHandler } from 'msw';
import { googleError, notFound, serviceDisabled, storageError, unauthenticated } from './errors';
import type { GoogleState } from './state';

type Route = [method: string, pattern: RegExp, answer: (m: string[], body: unknown, url: URL) => Response];

const services = {
  cloudbilling: { env: 'FIREBASE_CLOUDBILLING_URL', api: null },
  serviceusage: { env: 'FIREBASE_SERVICE_USAGE_URL', api: null },
  cloudresourcemanager: { env: 'FIREBASE_RESOURCEMANAGER_URL', api: 'cloudresourcemanager.googleapis.com' },
  storage: { env: 'FIREBASE_STORAGE_URL', api: 'storage.googleapis.com' },
  firebasestorage: { env: 'FIREBASE_FIREBASESTORAGE_URL', api: 'firebasestorage.googleapis.com' },
  iam: { env: 'FIREBASE_IAM_URL', api: 'iam.googleapis.com' },
  secretmanager: { env: 'CLOUD_SECRET_MANAGER_URL', api: 'secretmanager.googleapis.com' },
  firebaserules: { env: 'FIREBASE_RULES_URL', api: 'firebaserules.googleapis.com' },
  firestore: { env: 'FIRESTORE_URL', api: 'firestore.googleapis.com' },
  cloudfunctions: { env: 'FIREBASE_FUNCTIONS_V2_URL', api: 'cloudfunctions.googleapis.com' },
  firebasehosting: { env: 'FIREBASE_HOSTING_API_URL', api: 'firebasehosting.googleapis.com' },
} as const;
type Service = keyof typeof services;

const hostOf = (service: string) => `https://${service}.googleapis.test`;

/** The environment that points the setup and the doctor at this stand-in. */
export function standInEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(services).map(([name, s]) => [s.env, hostOf(name)]));
}

/** Services that cannot be turned on without a billing account. */
const needsBilling = new Set([
  'cloudfunctions.googleapis.com',
  'cloudbuild.googleapis.com',
  'artifactregistry.googleapis.com',
  'run.googleapis.com',
  'cloudscheduler.googleapis.com',
  'secretmanager.googleapis.com',
]);

export function googleHandlers(state: GoogleState, routes: Record<Service, Route[]>): HttpHandler[] {
  return (Object.keys(services) as Service[]).map((service) =>
    http.all(`${hostOf(service)}/*`, async ({ request }) => {
      const url = new URL(request.url);
      const key = `${request.method} ${service} ${decodeURIComponent(url.pathname)}`;
      state.calls.push(`${key}${url.search}`);
      if (request.headers.get('authorization') !== `Bearer ${state.token}`) return unauthenticated();
      const failure = state.failNext.get(key);
      if (failure) {
        state.failNext.delete(key);
        return HttpResponse.json(failure.body as Record<string, unknown>, { status: failure.status });
      }
      const api = services[service].api;
      if (api && !state.enabled.has(api)) return serviceDisabled(api, state.projectNumber);
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      for (const [method, pattern, answer] of routes[service]) {
        const match = request.method === method ? pattern.exec(decodeURIComponent(url.pathname)) : null;
        if (match) return answer(match.slice(1), body, url);
      }
      return googleError(404, 'NOT_FOUND', `The stand-in has no ${key}`);
    }),
  );
}

export function projectRoutes(
  state: GoogleState,
): Pick<Record<Service, Route[]>, 'cloudbilling' | 'serviceusage' | 'cloudresourcemanager' | 'iam'> {
  const p = state.projectId;
  return {
    cloudbilling: [
      [
        'GET',
        new RegExp(`^/v1/projects/${p}/billingInfo$`),
        () =>
          HttpResponse.json({
            name: `projects/${p}/billingInfo`,
            projectId: p,
            billingAccountName: state.billingEnabled ? 'billingAccounts/01A2B3-C4D5E6-F7A8B9' : '',
            billingEnabled: state.billingEnabled,
          }),
      ],
    ],
    serviceusage: [
      [
        'GET',
        new RegExp(`^/v1/projects/${p}/services$`),
        () =>
          HttpResponse.json({
            services: [...state.enabled].sort().map((name) => ({
              name: `projects/${state.projectNumber}/services/${name}`,
              config: { name },
              state: 'ENABLED',
              parent: `projects/${state.projectNumber}`,
            })),
          }),
      ],
      [
        'POST',
        new RegExp(`^/v1/projects/${p}/services/([^/:]+):enable$`),
        ([name = '']) => {
          if (needsBilling.has(name) && !state.billingEnabled) {
            return googleError(
              400,
              'FAILED_PRECONDITION',
              `Billing account for project '${state.projectNumber}' is not found. Billing must be enabled for activation of service(s) '${name}' to proceed.`,
            );
          }
          state.enabled.add(name);
          return HttpResponse.json({ name: 'operations/noop.DONE_OPERATION', done: true, response: {} });
        },
      ],
    ],
    cloudresourcemanager: [
      [
        'GET',
        new RegExp(`^/v1/projects/${p}$`),
        () =>
          HttpResponse.json({ projectNumber: state.projectNumber, projectId: p, lifecycleState: 'ACTIVE', name: p }),
      ],
    ],
    iam: [
      [
        'POST',
        new RegExp(`^/v1/projects/${p}/serviceAccounts/([^/:]+):getIamPolicy$`),
        ([account = '']) =>
          account !== `${state.projectNumber}-compute@developer.gserviceaccount.com`
            ? notFound(`Unknown service account`)
            : HttpResponse.json({ version: 1, etag: 'BwYcWXf0y8E=', bindings: state.policies.get(account) ?? [] }),
      ],
      [
        'POST',
        new RegExp(`^/v1/projects/${p}/serviceAccounts/([^/:]+):setIamPolicy$`),
        ([account = ''], body) => {
          const policy = (body as { policy?: { bindings?: Array<{ role: string; members: string[] }> } }).policy;
          state.policies.set(account, policy?.bindings ?? []);
          return HttpResponse.json({ version: 1, etag: 'BwYcWXf0y8F=', bindings: policy?.bindings ?? [] });
        },
      ],
    ],
  };
}

export function storageRoutes(state: GoogleState): Pick<Record<Service, Route[]>, 'storage' | 'firebasestorage'> {
  const p = state.projectId;
  return {
    storage: [
      [
        'GET',
        /^\/storage\/v1\/b\/([^/]+)$/,
        ([bucket = '']) => {
          const cors = state.buckets.get(bucket);
          if (!cors) return storageError(404, 'The specified bucket does not exist.', 'notFound');
          return HttpResponse.json(cors.length > 0 ? { cors } : {});
        },
      ],
      [
        'PATCH',
        /^\/storage\/v1\/b\/([^/]+)$/,
        ([bucket = ''], body) => {
          if (!state.buckets.has(bucket)) return storageError(404, 'The specified bucket does not exist.', 'notFound');
          const cors = (body as { cors?: [] }).cors ?? [];
          state.buckets.set(bucket, cors);
          return HttpResponse.json({ cors });
        },
      ],
    ],
    firebasestorage: [
      [
        'POST',
        new RegExp(`^/v1beta/projects/${p}/defaultBucket$`),
        (_m, body) => {
          const bucket = `${p}.firebasestorage.app`;
          if (state.buckets.has(bucket)) return googleError(409, 'ALREADY_EXISTS', 'Default bucket already exists.');
          state.buckets.set(bucket, []);
          const location = (body as { location?: string }).location ?? '';
          return HttpResponse.json({
            name: `projects/${p}/defaultBucket`,
            location,
            bucket: { name: `projects/${p}/buckets/${bucket}` },
          });
        },
      ],
    ],
  };
}
