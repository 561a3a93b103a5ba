// The only module that initialises Firebase (docs/architecture.md, 'Conventions'). Firestore Lite keeps
// the storefront light; Auth is loaded only by the admin area, through a dynamic import.
import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import type { Auth } from 'firebase/auth';
import { getConfig } from './config';

let app: FirebaseApp | undefined;
let db: Firestore | undefined;
let authPromise: Promise<Auth> | undefined;
let secondaryAuthPromise: Promise<Auth> | undefined;

// The name of the second app instance the Register Admin panel creates accounts through.
const secondaryAppName = 'secondary';

export function getFirebaseApp(): FirebaseApp {
  if (!app) {
    const config = getConfig();
    app = getApps().find((candidate) => candidate.name === '[DEFAULT]') ?? initializeApp(config.firebase);
  }
  return app;
}

export function getDb(): Firestore {
  if (!db) {
    const config = getConfig();
    db = getFirestore(getFirebaseApp());
    if (config.emulators) {
      const [host = '127.0.0.1', port = '8080'] = config.emulators.firestoreHost.split(':');
      connectFirestoreEmulator(db, host, Number(port));
    }
  }
  return db;
}

/** Firebase Auth, created on first use so shoppers never download it. */
export function getAuthLazy(): Promise<Auth> {
  authPromise ??= import('firebase/auth').then(({ getAuth, connectAuthEmulator }) => {
    const auth = getAuth(getFirebaseApp());
    const emulators = getConfig().emulators;
    if (emulators) connectAuthEmulator(auth, emulators.authUrl, { disableWarnings: true });
    return auth;
  });
  return authPromise;
}

/**
 * Auth of a second app instance. Creating an account signs that account in on the Auth it was
 * created with; doing it here leaves the admin who registers someone signed in on the main one.
 * Its session lives in memory only, so nothing of the new account is left in the browser.
 */
export function getSecondaryAuth(): Promise<Auth> {
  secondaryAuthPromise ??= import('firebase/auth').then(
    ({ initializeAuth, inMemoryPersistence, connectAuthEmulator }) => {
      const config = getConfig();
      const secondary =
        getApps().find((candidate) => candidate.name === secondaryAppName) ??
        initializeApp(config.firebase, secondaryAppName);
      const auth = initializeAuth(secondary, { persistence: inMemoryPersistence });
      if (config.emulators) connectAuthEmulator(auth, config.emulators.authUrl, { disableWarnings: true });
      return auth;
    },
  );
  return secondaryAuthPromise;
}
