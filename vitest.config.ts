import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/**/*.test.ts'],
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
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          exclude: ['e2e/.build/**', '**/node_modules/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each spec drives a real Chromium; on a 2-core machine parallel files only fight.
          fileParallelism: false,
        },
      },
    ],
  },
});
