import { defineConfig } from 'vitest/config';

// Rules tests run only inside `firebase emulators:exec --only firestore` (npm run test:rules),
// on the official emulator: our own local emulator does not evaluate security rules.
export default defineConfig({
  test: {
    include: ['tests/rules/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 20_000,
  },
});
