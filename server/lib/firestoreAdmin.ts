import { applicationDefault, getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, initializeFirestore, type Firestore } from 'firebase-admin/firestore';

export interface AdminFirestoreOptions {
  projectId: string;
  /** 'host:port' of a Firestore emulator; defaults to FIRESTORE_EMULATOR_HOST when that is set. */
  emulatorHost?: string;
}

// On the REST transport (preferRest) the client still asks google-auth-library for credentials even
// when talking to an emulator, and fails without them. This auth client hands out the fixed token
// emulators accept as the owner instead.
const emulatorAuthClient = {
  getAccessToken: () => Promise.resolve({ token: 'owner' }),
  getRequestHeaders: () => Promise.resolve({ Authorization: 'Bearer owner' }),
};

// Firestore settings may be applied once per instance, so each app's instance is kept here.
const instances = new Map<string, Firestore>();

function appNamed(name: string, projectId: string): App {
  // Emulator or not, firebase-admin only builds Firestore for a certificate or application default
  // credential; with an emulator the credential is never asked for a token.
  return getApps().some((app) => app.name === name)
    ? getApp(name)
    : initializeApp({ projectId, credential: applicationDefault() }, name);
}

/**
 * firebase-admin Firestore over HTTP/1.1 REST (preferRest: no gRPC, so it also works where only
 * HTTP gets through, and against the project's own local emulator, which speaks REST only).
 */
export function createAdminFirestore(opts: AdminFirestoreOptions): Firestore {
  const emulatorHost = opts.emulatorHost ?? process.env.FIRESTORE_EMULATOR_HOST;
  const name = `firestore-admin:${opts.projectId}:${emulatorHost ?? 'cloud'}`;
  const existing = instances.get(name);
  if (existing) return existing;
  // The app outlives this module when a second copy of it is loaded in the process (a re-imported
  // bundle): its Firestore is then configured already, and settings() may not run twice.
  if (getApps().some((app) => app.name === name)) {
    const db = getFirestore(getApp(name));
    instances.set(name, db);
    return db;
  }

  const db = initializeFirestore(appNamed(name, opts.projectId), { preferRest: true });
  if (emulatorHost) db.settings({ host: emulatorHost, ssl: false, authClient: emulatorAuthClient });
  instances.set(name, db);
  return db;
}
