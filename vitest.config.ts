import { defineConfig } from 'vitest/config';

// Each browser-suite worker runs one file at a time with its own Chromium, tenant and ephemeral
// ports; two fit the 2-core CI machine (npm test runs the suites alone). E2E_WORKERS=1 runs files in series.
const browserWorkers = Number(process.env.E2E_WORKERS) || 2;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // No entry runs in a unit test: this sets how the facade loads its capabilities.
          setupFiles: ['src/testing/setup-capabilities.ts'],
          // Worker threads, not child processes: each of the 59 files gets a fresh module graph all
          // the same, and the suite takes 33-36 s of CPU instead of 43 s (issue 34).
          pool: 'threads',
          // npm test runs them beside the build and typecheck: hooks that start a tenant, and the
          // fuzz runs, can take longer than the 5 s / 10 s defaults on a loaded 2-core machine.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          // The local tenant's own tests (its browser specs run in the e2e project).
          name: 'tenant',
          environment: 'node',
          include: ['e2e/tenant/**/*.test.ts'],
          // They start real servers and processes; on a loaded 2-core CI machine some take
          // longer than the 5 s default without anything being wrong.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // A worker's files share its modules: none mocks a module, fakes timers or changes the
          // environment, and importing the tenant's sources anew for each of its 50 files cost a
          // third of the suite's CPU (120 s of CPU and 92 s alone, against 83 s and 62 s; issue 34).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          exclude: ['e2e/.build/**', '**/node_modules/**'],
          testTimeout: 60_000,
          // Files in parallel workers build, pack and bundle in their beforeAll at the same time.
          hookTimeout: 120_000,
          maxWorkers: browserWorkers,
          // A worker's files share its modules (each file imported the tenant's sources anew:
          // about 2 s of CPU per file) and its one Chromium (e2e/support/browser.ts).
          isolate: false,
          // WEBAUTH_SUITE_CHROMIUM: two Chromium features off that cost CPU (e2e/support/browser.ts).
          env: { WEBAUTH_SHARED_CHROMIUM: '1', WEBAUTH_SUITE_CHROMIUM: process.env.WEBAUTH_SUITE_CHROMIUM ?? '1' },
        },
      },
      {
        test: {
          // The engine suite (e2e/engines): the main flows in Chromium, Firefox and WebKit.
          // `npm run test:engines` (scripts/test-engines.mjs) runs it, apart from npm test.
          name: 'engines',
          environment: 'node',
          include: ['e2e/engines/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          maxWorkers: browserWorkers,
        },
      },
      {
        test: {
          // The differential suite (e2e/compat): webauth-js against auth0-js 10.2.1 in Chromium.
          name: 'compat',
          environment: 'node',
          include: ['e2e/compat/**/*.test.ts'],
          globalSetup: ['e2e/compat/global-setup.ts'],
          // Its scenarios are dealt over the shard files differential*.test.ts (see differential.ts).
          maxWorkers: browserWorkers,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A difference counts only when it repeats: one that does not is a timing accident, and
          // vitest's report marks the test as passed on a retry.
          retry: 1,
        },
      },
    ],
  },
});
