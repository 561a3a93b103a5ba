// `npm run catalog:reindex`: rebuilds the catalog index (docs/catalog-and-search.md) from the products
// collection, in the configured project: a real project with GOOGLE_APPLICATION_CREDENTIALS and
// FIREBASE_PROJECT_ID, or the local cloud when FIRESTORE_EMULATOR_HOST is set. Run it after a bulk
// change made outside the admin screens, or after changing the shard count.
import { createAdminFirestore } from '../server/lib/firestoreAdmin';
import { rebuildCatalogIndex } from './seed/catalogIndexWrites';

const projectId = process.env.FIREBASE_PROJECT_ID ?? process.env.GCLOUD_PROJECT;
if (!projectId) {
  process.stderr.write('Missing: FIREBASE_PROJECT_ID\nUsage: FIREBASE_PROJECT_ID=... npm run catalog:reindex\n');
  process.exit(1);
}

try {
  const db = createAdminFirestore({ projectId, emulatorHost: process.env.FIRESTORE_EMULATOR_HOST });
  const count = await rebuildCatalogIndex(db);
  process.stdout.write(`Catalog index rebuilt: ${count} products.\n`);
} catch (error) {
  process.stderr.write(
    `Could not rebuild the catalog index: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
