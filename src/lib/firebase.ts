// The only module that initialises Firebase (STYLE §2). Firestore Lite keeps the storefront light
// (DESIGN §5); Auth is loaded only by the admin area, through a dynamic import.
import { initializeApp, getApps, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import type { Auth } from 'firebase/auth';
import { getConfig } from './config';

let app: FirebaseApp | undefined;
let db: Firestore | undefined;
let authPromise: Promise<Auth> | undefined;

export function getFirebaseApp(): FirebaseApp {
  if (!app) {
    const config = getConfig();
    app = getApps()[0] ?? initializeApp(config.firebase);
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
