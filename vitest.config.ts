import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { InterleavingSequencer } from './tests/support/interleavingSequencer';

// One runner, five projects (docs/testing.md). `npm test` runs them all and ends with the
// `tests: N passed, N failed` line printed by tests/support/summaryReporter.ts; `npm run test:quick`
// leaves out the slowest integration suites and the browser.

// Integration suites that take the longest: 5,000 products seeded for the read budget, every
// endpoint's hostile-input tables, the function bundle built as for deploy, a second Auth emulator,
// a 500 MB file through the Cloud Storage stand-in, a mailing to 10,000 buyers.
// Their own project, sharing the integration cloud, so the quick loop can leave them out.
const slowIntegration = [
  'tests/integration/catalog/readBudget.test.ts',
  'tests/integration/api/hostileInputs.test.ts',
  'tests/integration/api/function.test.ts',
  'tests/integration/api/adminAuthTwoClouds.test.ts',
  'tests/integration/local/startProd.test.ts',
  'tests/integration/local/cloudStorageLarge.test.ts',
  'tests/integration/api/mailingsAtScale.test.ts',
];
const integration = {
  environment: 'node',
  globalSetup: ['tests/support/globalSetupCloud.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/summaryReporter.ts'],
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core machines this
    // runs on, so every file waited for the one before. Two workers keep both cores busy; the
    // integration files share one cloud and are written to run beside each other (unique ids, their
    // own API instance and mail addresses), and e2e stays one file at a time below.
    maxWorkers: 2,
    sequence: { sequencer: InterleavingSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Unit files mock no module and leave no global changed, so a worker runs one after another
          // in the same module graph: the modules they share are imported once, not once a file.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/support/setupComponent.ts'],
          // Two jsdom workers share the 2 cores: a screen that renders in 1 s alone may take longer.
          testTimeout: 15_000,
          // The SPA's configuration for component tests: the emulator project, fixed identity.
          env: {
            VITE_USE_EMULATORS: '1',
            VITE_GEOIP_URL: 'https://geoip.test/json',
            VITE_STORE_NAME: 'Digital Store',
            VITE_COMPANY_NAME: 'Digital Store Ltd',
            VITE_CONTACT_EMAIL: 'hello@digitalstore.test',
            VITE_CONTACT_PHONE: '+234 800 000 0000',
            VITE_PRODUCT_SITE_URL: 'https://www.digitalstore.test',
            VITE_IMAGE_UPLOAD_URL: 'https://api.cloudinary.test/v1_1/demo/image/upload',
            VITE_DEFAULT_AUTHOR: 'Digital Store Content Team',
          },
        },
      },
      {
        test: {
          ...integration,
          name: 'integration',
          // tests/rules: the rules matrix, on our emulator here and on the official one in test:rules.
          include: ['tests/integration/**/*.test.ts', 'tests/rules/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...slowIntegration],
        },
      },
      {
        test: { ...integration, name: 'integration-slow', include: slowIntegration },
      },
      {
        test: {
          name: 'e2e',
          // After the other projects, not beside them: a real browser on 2 cores shared with the
          // integration suite misses its timings (a throttled upload's progress, dialogs in 20 s).
          sequence: { groupOrder: 1 },
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/globalSetupE2e.ts'],
          setupFiles: ['tests/support/setupE2e.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
