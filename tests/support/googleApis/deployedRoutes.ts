// The stand-in's routes for what a deploy leaves behind: secrets, rules releases, indexes, the
// database's recovery settings and backups, functions and Hosting's live channel.
import { HttpResponse, type HttpHandler } from 'msw';
import { googleError, notFound } from './errors';
import { googleHandlers, projectRoutes, storageRoutes } from './handlers';
import type { GoogleState } from './state';

type Route = [method: string, pattern: RegExp, answer: (m: string[], body: unknown, url: URL) => Response];

function secretRoutes(state: GoogleState): Route[] {
  const base = `/v1/projects/${state.projectId}/secrets`;
  const full = (id: string) => `projects/${state.projectNumber}/secrets/${id}`;
  const missing = (id: string) => notFound(`Secret [${full(id)}] not found or has no versions.`);
  return [
    [
      'GET',
      new RegExp(`^${base}/([A-Z_]+)$`),
      ([id = '']) =>
        state.secrets.has(id)
          ? HttpResponse.json({ name: full(id), replication: { automatic: {} }, createTime: '2026-11-20T10:00:00Z' })
          : missing(id),
    ],
    [
      'POST',
      new RegExp(`^${base}$`),
      (_m, _body, url) => {
        const id = url.searchParams.get('secretId') ?? '';
        if (state.secrets.has(id)) return googleError(409, 'ALREADY_EXISTS', `Secret [${full(id)}] already exists.`);
        state.secrets.set(id, []);
        return HttpResponse.json({ name: full(id), replication: { automatic: {} } });
      },
    ],
    [
      'POST',
      new RegExp(`^${base}/([A-Z_]+):addVersion$`),
      ([id = ''], body) => {
        const versions = state.secrets.get(id);
        if (!versions) return missing(id);
        versions.push({ data: (body as { payload: { data: string } }).payload.data, state: 'ENABLED' });
        return HttpResponse.json({ name: `${full(id)}/versions/${versions.length}`, state: 'ENABLED' });
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/([A-Z_]+)/versions/latest:access$`),
      ([id = '']) => {
        const versions = state.secrets.get(id) ?? [];
        const index = versions.map((v) => v.state).lastIndexOf('ENABLED');
        const latest = versions[index];
        if (!latest) return missing(id);
        return HttpResponse.json({ name: `${full(id)}/versions/${index + 1}`, payload: { data: latest.data } });
      },
    ],
    [
      'GET',
      new RegExp(`^${base}/([A-Z_]+)/versions$`),
      ([id = ''], _body, url) => {
        const versions = state.secrets.get(id);
        if (!versions) return missing(id);
        const filter = url.searchParams.get('filter');
        const listed = versions
          .map((v, i) => ({
            name: `${full(id)}/versions/${i + 1}`,
            state: v.state,
            createTime: '2026-11-20T10:00:00Z',
          }))
          .filter((v) => filter !== 'state:ENABLED' || v.state === 'ENABLED')
          .reverse();
        return HttpResponse.json(listed.length > 0 ? { versions: listed, totalSize: listed.length } : {});
      },
    ],
  ];
}

function rulesRoutes(state: GoogleState): Route[] {
  const p = state.projectId;
  const names = () => [...state.releases.keys()];
  return [
    [
      'GET',
      new RegExp(`^/v1/projects/${p}/releases/(.+)$`),
      ([release = '']) => {
        const index = names().indexOf(release);
        if (index < 0) return notFound(`Release 'projects/${p}/releases/${release}' not found.`);
        return HttpResponse.json({
          name: `projects/${p}/releases/${release}`,
          rulesetName: `projects/${p}/rulesets/ruleset-${index}`,
        });
      },
    ],
    [
      'GET',
      new RegExp(`^/v1/projects/${p}/rulesets/ruleset-(\\d+)$`),
      ([index = '']) => {
        const release = names()[Number(index)];
        if (release === undefined) return notFound('Ruleset not found.');
        const file = release === 'cloud.firestore' ? 'firestore.rules' : 'storage.rules';
        return HttpResponse.json({
          name: `projects/${p}/rulesets/ruleset-${index}`,
          source: { files: [{ name: file, content: state.releases.get(release) }] },
        });
      },
    ],
  ];
}

function firestoreRoutes(state: GoogleState): Route[] {
  const db = `/v1/projects/${state.projectId}/databases/\\(default\\)`;
  const dbName = `projects/${state.projectId}/databases/(default)`;
  return [
    [
      'GET',
      new RegExp(`^${db}/collectionGroups/-/indexes$`),
      () =>
        HttpResponse.json({
          indexes: state.indexes.map((index, i) => ({
            name: `${dbName}/collectionGroups/${index.collectionGroup}/indexes/CICAgOjXh4EK${i}`,
            queryScope: index.queryScope,
            fields: [...index.fields, { fieldPath: '__name__', order: 'DESCENDING' }],
            state: index.state,
          })),
        }),
    ],
    [
      'GET',
      new RegExp(`^${db}$`),
      () =>
        HttpResponse.json({
          name: dbName,
          locationId: 'nam5',
          type: 'FIRESTORE_NATIVE',
          pointInTimeRecoveryEnablement: state.pitr
            ? 'POINT_IN_TIME_RECOVERY_ENABLED'
            : 'POINT_IN_TIME_RECOVERY_DISABLED',
        }),
    ],
    [
      'GET',
      new RegExp(`^${db}/backupSchedules$`),
      () =>
        HttpResponse.json(
          state.backupSchedules > 0
            ? {
                backupSchedules: [
                  { name: `${dbName}/backupSchedules/daily`, retention: '604800s', dailyRecurrence: {} },
                ],
              }
            : {},
        ),
    ],
    [
      'GET',
      new RegExp(`^/v1/projects/${state.projectId}/locations/-/backups$`),
      () =>
        HttpResponse.json({
          backups: state.backups.map((snapshotTime, i) => ({
            name: `projects/${state.projectId}/locations/nam5/backups/b${i}`,
            database: dbName,
            snapshotTime,
            state: 'READY',
          })),
        }),
    ],
  ];
}

function functionRoutes(state: GoogleState): Route[] {
  return [
    [
      'GET',
      new RegExp(`^/v2/projects/${state.projectId}/locations/us-central1/functions/([^/]+)$`),
      ([id = '']) => {
        const name = `projects/${state.projectId}/locations/us-central1/functions/${id}`;
        const current = state.functions.get(id);
        return current
          ? HttpResponse.json({ name, state: current, environment: 'GEN_2' })
          : notFound(`Resource '${name}' was not found`);
      },
    ],
  ];
}

function hostingRoutes(state: GoogleState): Route[] {
  return [
    [
      'GET',
      new RegExp(`^/v1beta1/sites/${state.projectId}/channels/live$`),
      () =>
        HttpResponse.json({
          name: `sites/${state.projectId}/channels/live`,
          ...(state.hostingRelease
            ? {
                release: {
                  name: `sites/${state.projectId}/channels/live/releases/1`,
                  releaseTime: state.hostingRelease,
                  version: { name: `sites/${state.projectId}/versions/v1`, status: 'FINALIZED' },
                },
              }
            : {}),
        }),
    ],
  ];
}

/** The whole stand-in over `state`. */
export function googleStandIn(state: GoogleState): HttpHandler[] {
  return googleHandlers(state, {
    ...projectRoutes(state),
    ...storageRoutes(state),
    secretmanager: secretRoutes(state),
    firebaserules: rulesRoutes(state),
    firestore: firestoreRoutes(state),
    cloudfunctions: functionRoutes(state),
    firebasehosting: hostingRoutes(state),
  });
}
