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
          // A worker's files share its loaded modules (loading them again for each file was
          // most of the suite's import time). No node test mocks a module (vi.mock).
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
          // Each file still gets its own jsdom and modules, in a VM context of a worker thread
          // that lives on: a process per file spent as much CPU starting as testing.
          pool: 'vmThreads',
          // recharts' CommonJS build requires Redux Toolkit, which a VM context resolves to
          // its ES module and cannot require: the ES build imports it instead.
          alias: { recharts: 'recharts/es6/index.js' },
          // jsdom journeys (a Pix payment polled for 600 fake seconds) take seconds of CPU;
          // on a loaded 2-core CI machine 5 s was not always enough.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
