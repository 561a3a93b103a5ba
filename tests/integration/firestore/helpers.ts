import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, type Firestore } from 'firebase/firestore/lite';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import type { FirestoreEmulator } from '../../../local/firestore/server';
import { createAdminFirestore } from '../../../server/lib/firestoreAdmin';

export const PROJECT_ID = 'demo-digital-store';
export const DATABASE = `projects/${PROJECT_ID}/databases/(default)`;

let appCount = 0;

/** A Firestore Lite client (the SPA's SDK) on its own Firebase app, pointed at the emulator. */
export function liteClient(emulator: FirestoreEmulator): {
  db: Firestore;
  app: FirebaseApp;
  close: () => Promise<void>;
} {
  appCount += 1;
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo' }, `firestore-test-${process.pid}-${appCount}`);
  const db = getFirestore(app);
  connectFirestoreEmulator(db, emulator.host, emulator.port);
  return { db, app, close: () => deleteApp(app) };
}

/** firebase-admin Firestore (the API's SDK) through the project's own factory. */
export function adminClient(emulator: FirestoreEmulator): AdminFirestore {
  return createAdminFirestore({ projectId: PROJECT_ID, emulatorHost: `${emulator.host}:${emulator.port}` });
}

export function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'firestore-emulator-test-'));
}

let collectionCount = 0;

/** A collection name no other test uses, so tests sharing an emulator never see each other's data. */
export function uniqueCollection(prefix: string): string {
  collectionCount += 1;
  return `${prefix}${collectionCount}`;
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export interface RestAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A raw REST call, for what the SDKs do not expose (status codes, CORS, error shapes). */
export async function rest(
  emulator: FirestoreEmulator,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RestAnswer> {
  const response = await fetch(`${emulator.url}${path}`, {
    method,
    headers: { 'Content-Type': 'text/plain', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON (the health answer, an empty preflight answer): keep the text.
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

/** The documents both SDKs' query tests run against: every operator has matches and misses. */
export const queryCatalog: Record<string, Record<string, unknown>> = {
  p1: { title: 'Alpha', price: 500, category: 'ebook', tags: ['new', 'sale'], rating: 4 },
  p2: { title: 'Bravo', price: 1500, category: 'course', tags: ['sale'], rating: 5 },
  p3: { title: 'Charlie', price: 1500, category: 'ebook', tags: [], rating: 3 },
  p4: { title: 'Delta', price: 2500, category: 'template', tags: ['new'], rating: 5 },
  p5: { title: 'Echo', price: 999.5, category: 'ebook', tags: ['bundle'], rating: 4 },
  p6: { title: 'Foxtrot', category: 'course' },
  p7: { title: 'Golf', price: 100, category: null, tags: ['sale', 'new'] },
};
