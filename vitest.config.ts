import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker: most files wait on I/O
    // (HTTP, PGlite's thread, child processes), so two run side by side.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            '{contracts,infra,command-api,projections,query-api,embedded,deploy,bench}/src/**/*.test.ts',
            'test/**/*.test.ts',
            'web/scripts/**/*.test.ts',
          ],
          environment: 'node',
          // A worker's files share its modules: loading them for each file took 170 of the
          // suite's 565 s (import), and no node test mocks a module or keeps state in one.
          isolate: false,
          // One PGlite data directory initialised for the run; tests copy it (no initdb each).
          globalSetup: ['infra/src/testing/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // jsdom journeys (a Pix payment polled for 600 fake seconds) take seconds of CPU;
          // on a loaded 2-core CI machine 5 s was not always enough.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
