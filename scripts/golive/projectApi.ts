// Google calls about the project itself, shared by the setup and the doctor.
import { endpoint, type GoliveEnv } from './endpoints';
import type { GoogleClient } from './google';

export async function billingEnabled(google: GoogleClient, env: GoliveEnv, projectId: string): Promise<boolean> {
  const info = await google.request<{ billingEnabled?: boolean }>(
    'GET',
    `${endpoint(env, 'FIREBASE_CLOUDBILLING_URL')}/v1/projects/${projectId}/billingInfo`,
  );
  return info?.billingEnabled === true;
}

/** The names of the project's enabled services (every page). */
export async function enabledApis(google: GoogleClient, env: GoliveEnv, projectId: string): Promise<Set<string>> {
  const names = new Set<string>();
  let pageToken = '';
  do {
    const query = `filter=state:ENABLED&pageSize=200${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`;
    const page = await google.request<{ services?: Array<{ config?: { name?: string } }>; nextPageToken?: string }>(
      'GET',
      `${endpoint(env, 'FIREBASE_SERVICE_USAGE_URL')}/v1/projects/${projectId}/services?${query}`,
    );
    for (const service of page?.services ?? []) if (service.config?.name) names.add(service.config.name);
    pageToken = page?.nextPageToken ?? '';
  } while (pageToken);
  return names;
}

export async function projectNumber(google: GoogleClient, env: GoliveEnv, projectId: string): Promise<string> {
  const project = await google.request<{ projectNumber?: string }>(
    'GET',
    `${endpoint(env, 'FIREBASE_RESOURCEMANAGER_URL')}/v1/projects/${projectId}`,
  );
  if (!project?.projectNumber) throw new Error(`Google did not give the number of project ${projectId}.`);
  return project.projectNumber;
}

/** The 2nd gen functions' default identity (the Compute Engine default service account). */
export const functionServiceAccount = (number: string) => `${number}-compute@developer.gserviceaccount.com`;

export interface CorsRule {
  origin?: string[];
  method?: string[];
  responseHeader?: string[];
  maxAgeSeconds?: number;
}

/** The bucket's CORS, or null when the bucket does not exist. */
export async function bucketCors(google: GoogleClient, env: GoliveEnv, bucket: string): Promise<CorsRule[] | null> {
  const found = await google.request<{ cors?: CorsRule[] }>(
    'GET',
    `${endpoint(env, 'FIREBASE_STORAGE_URL')}/storage/v1/b/${encodeURIComponent(bucket)}?fields=cors`,
    undefined,
    { allow404: true },
  );
  return found ? (found.cors ?? []) : null;
}
