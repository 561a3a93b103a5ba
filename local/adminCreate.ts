// `npm run admin:create -- --email a@b.c --password secret --name "Ada" [--phone ...]`
// Creates the first admin (auth account + admins/{uid}) in the configured project: a real project
// with GOOGLE_APPLICATION_CREDENTIALS and FIREBASE_PROJECT_ID, or the local cloud when
// FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST are set.
import { parseArgs } from 'node:util';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { createAdminFirestore } from '../server/lib/firestoreAdmin';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string', default: '' },
  },
});

const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT;
const missing = [
  !values.email && '--email',
  !values.password && '--password',
  !values.name && '--name',
  !projectId && 'FIREBASE_PROJECT_ID',
].filter(Boolean);
if (missing.length > 0 || !values.email || !values.password || !values.name || !projectId) {
  process.stderr.write(
    `Missing: ${missing.join(', ')}\nUsage: npm run admin:create -- --email EMAIL --password PASSWORD --name NAME [--phone PHONE]\n`,
  );
  process.exit(1);
}

const app = getApps()[0] ?? initializeApp({ projectId });
const auth = getAuth(app);
const db = createAdminFirestore({ projectId, emulatorHost: process.env.FIRESTORE_EMULATOR_HOST });

try {
  const user = await auth.createUser({ email: values.email, password: values.password, displayName: values.name });
  await db.doc(`admins/${user.uid}`).set({
    uid: user.uid,
    name: values.name,
    email: values.email,
    phone: values.phone ?? '',
    createdAt: Timestamp.now(),
  });
  process.stdout.write(`Admin ${values.email} created (uid ${user.uid}).\n`);
} catch (error) {
  process.stderr.write(`Could not create the admin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
