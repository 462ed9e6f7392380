import { defineConfig } from 'vitest/config';
import { scratchRoot } from '../infra/src/testing/scratch';

/** Browser journeys: each file has its own Chromium and its own shop, two files at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/src/**/*.e2e.ts'],
    environment: 'node',
    // Two files at a time, one per core of the 2-core CI machine.
    maxWorkers: 2,
    // A worker's files share its modules (each still opens its own shop and Chromium): the
    // shop's modules take seconds to load, once per worker instead of once per file.
    isolate: false,
    // One PGlite data directory initialised for the run; each shop copies it (no initdb each).
    globalSetup: ['infra/src/testing/pglite-global-setup.ts'],
    // Playwright makes each Chromium's profile under TMPDIR: in RAM too, as the shops' data.
    env: { TMPDIR: scratchRoot() },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a page shows after its scripts load and its API answers: 1 s (the default) was
    // once too short for the menu's 24 products on a loaded 2-core CI machine. A poll that
    // is satisfied returns at once; only a failure waits this long.
    expect: { poll: { timeout: 10_000 } },
  },
});
