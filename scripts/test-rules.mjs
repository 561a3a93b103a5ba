// `npm run test:rules`: firestore.rules on the official Firestore emulator. That emulator needs Java
// and a one-time download, which the local cloud avoids; say so plainly when they are missing.
import { spawnSync } from 'node:child_process';

const java = spawnSync('java', ['-version'], { stdio: 'ignore' });
if (java.error || java.status !== 0) {
  console.error(
    'test:rules needs Java 11+ and the official Firestore emulator (downloaded by firebase-tools on first use).\n' +
      'Java was not found on this machine, so the rules tests did not run. Everything else works without it.',
  );
  process.exit(1);
}
const run = spawnSync(
  'npx',
  ['firebase', 'emulators:exec', '--only', 'firestore', '--project', 'demo-digital-store', 'npx vitest run --config tests/rules/vitest.config.ts'],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
