// firebase-admin for the setup and the doctor: Auth authorised like the Google calls (the access
// token in GOOGLE_OAUTH_ACCESS_TOKEN, else Application Default Credentials); Firestore through the
// API's own helper. Under the local cloud FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST
// point both at the emulators.
import { applicationDefault, getApp, getApps, initializeApp, type App, type Credential } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { createAdminFirestore } from '../../server/lib/firestoreAdmin';
import type { GoliveEnv } from './endpoints';

function credentialFor(env: GoliveEnv): Credential {
  const token = env.GOOGLE_OAUTH_ACCESS_TOKEN?.trim();
  if (!token) return applicationDefault();
  return { getAccessToken: () => Promise.resolve({ access_token: token, expires_in: 3600 }) };
}

function appFor(env: GoliveEnv, projectId: string): App {
  const name = `golive:${projectId}`;
  return getApps().some((app) => app.name === name)
    ? getApp(name)
    : initializeApp({ projectId, credential: credentialFor(env) }, name);
}

export function adminAuth(env: GoliveEnv, projectId: string): Auth {
  return getAuth(appFor(env, projectId));
}

export function adminFirestore(env: GoliveEnv, projectId: string): Firestore {
  return createAdminFirestore({ projectId, emulatorHost: env.FIRESTORE_EMULATOR_HOST || undefined });
}
