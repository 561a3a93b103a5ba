// firebase-admin Auth for the API. It verifies ID tokens: Google-signed ones in production, and the
// Auth emulator's unsigned ones locally.
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** What the API needs of firebase-admin Auth; tests and the local cloud hand in the real one. */
export type IdTokenVerifier = Pick<Auth, 'verifyIdToken'>;

/**
 * firebase-admin decides whether it talks to the Auth emulator only from
 * process.env.FIREBASE_AUTH_EMULATOR_HOST, read on every call (it has no setting for it). So an
 * emulator host given here is written to this process's environment. One process runs one local
 * cloud, so the newest host wins; a value inherited from a parent process (a test runner that ran
 * its own cloud, say) is stale and is replaced. Without an emulator host nothing is touched.
 */
export function createAdminAuth(options: { projectId: string; emulatorHost?: string }): Auth {
  if (options.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = options.emulatorHost;
  const name = `auth-admin:${options.projectId}`;
  const app: App = getApps().some((candidate) => candidate.name === name)
    ? getApp(name)
    : initializeApp({ projectId: options.projectId }, name);
  return getAuth(app);
}

/** For an API started without any Auth: every token is refused, so admin routes fail closed. */
export const refuseAllTokens: IdTokenVerifier = {
  verifyIdToken: () => Promise.reject(new Error('No Auth is configured for this API.')),
};
