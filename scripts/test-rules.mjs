// `npm run test:rules`: the rules matrix (tests/rules) on the official Firestore emulator, which
// loads firestore.rules through firebase.json. That emulator needs Java 21+ and a one-time download
// by firebase-tools, which the local cloud avoids; say so plainly when they are missing. The same
// matrix runs on our own emulator in `npm test` either way.
import { spawnSync } from 'node:child_process';

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
const version = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`);
const major = version ? Number(version[1]) : 0;
if (java.error || java.status !== 0 || major < 21) {
  console.error(
    `test:rules needs Java 21+ (found: ${major ? `Java ${major}` : 'none'}) and the official Firestore emulator, ` +
      'which firebase-tools downloads on first use. The rules matrix did not run on the official emulator; ' +
      '`npm test` runs the same matrix on the local emulator.',
  );
  process.exit(1);
}
const run = spawnSync(
  'npx',
  [
    'firebase',
    'emulators:exec',
    '--only',
    'firestore',
    '--project',
    'demo-digital-store',
    'npx vitest run --config tests/rules/vitest.config.ts',
  ],
  { stdio: 'inherit' },
);
process.exit(run.status ?? 1);
