import { defineConfig } from 'vitest/config';

// `npm run test:rules`: the rules matrix inside `firebase emulators:exec --only firestore`, on the
// official emulator (FIRESTORE_EMULATOR_HOST). `npm test` runs the same file on our own emulator.
export default defineConfig({
  test: {
    include: ['tests/rules/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { RULES_TARGET: 'official' },
  },
});
