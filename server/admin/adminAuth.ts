// firebase-admin Auth for the API. It verifies ID tokens (Google-signed ones in production, the Auth
// emulator's unsigned ones locally) and makes the codes of the admin account e-mails the API sends
// itself (server/admin/accountMails.ts).
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';

/** What the API needs of firebase-admin Auth; tests and the local cloud hand in the real one. */
export type IdTokenVerifier = Pick<Auth, 'verifyIdToken'>;

/** The account lookups and e-mail action links of the admin account e-mails. */
export type AccountActions = Pick<
  Auth,
  'getUser' | 'getUserByEmail' | 'generatePasswordResetLink' | 'generateEmailVerificationLink'
>;

export type AdminAuth = IdTokenVerifier & AccountActions;

/**
 * Emulated verifications of every verifier in this process, one at a time (see createAdminAuth).
 */
let emulatorTurn: Promise<unknown> = Promise.resolve();

function inEmulatorTurn<T>(host: string, work: () => Promise<T>): Promise<T> {
  const result = emulatorTurn.then(() => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    return work();
  });
  emulatorTurn = result.catch(() => undefined);
  return result;
}

/**
 * Verifies admins' ID tokens for `projectId` and makes account e-mail links: against Google's keys,
 * or against the Auth emulator at `emulatorHost` (local cloud and tests only; the deployed function
 * refuses to start with an emulator host, server/lib/deployGuards.ts).
 *
 * firebase-admin has no setting for the emulator: it reads process.env.FIREBASE_AUTH_EMULATOR_HOST
 * on every call (whether tokens are unsigned emulator ones) and when an Auth instance first looks an
 * account up (the host all its later lookups go to). A process can run two local clouds with two
 * Auth emulators (the test runner starts the integration and the e2e cloud side by side), so each
 * host gets its own app, and its verifications take turns with the other hosts', each with the
 * variable naming its own host until it has settled.
 */
export function createAdminAuth(options: { projectId: string; emulatorHost?: string }): AdminAuth {
  const { projectId, emulatorHost } = options;
  const name = emulatorHost ? `auth-admin:${projectId}@${emulatorHost}` : `auth-admin:${projectId}`;
  const app: App = getApps().some((candidate) => candidate.name === name)
    ? getApp(name)
    : initializeApp({ projectId }, name);
  const auth = getAuth(app);
  const call = <T>(work: () => Promise<T>): Promise<T> => (emulatorHost ? inEmulatorTurn(emulatorHost, work) : work());
  // A plain object of its own functions (not the Auth instance, whose methods live on its
  // prototype), so the app can complete it with refusals by spreading it.
  return {
    verifyIdToken: (idToken, checkRevoked) => call(() => auth.verifyIdToken(idToken, checkRevoked)),
    getUser: (uid) => call(() => auth.getUser(uid)),
    getUserByEmail: (email) => call(() => auth.getUserByEmail(email)),
    generatePasswordResetLink: (email, settings) => call(() => auth.generatePasswordResetLink(email, settings)),
    generateEmailVerificationLink: (email, settings) => call(() => auth.generateEmailVerificationLink(email, settings)),
  };
}

const noAuth = () => Promise.reject(new Error('No Auth is configured for this API.'));

/** For an API started without any Auth: every token is refused, so admin routes fail closed. */
export const refuseAllTokens: AdminAuth = {
  verifyIdToken: noAuth,
  getUser: noAuth,
  getUserByEmail: noAuth,
  generatePasswordResetLink: noAuth,
  generateEmailVerificationLink: noAuth,
};
