import { defineConfig } from 'vitest/config';

/** Browser journeys: one Chromium, one shop per file, run one file at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/src/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a page shows after its scripts load and its API answers: 1 s (the default) was
    // once too short for the menu's 24 products on a loaded 2-core CI machine. A poll that
    // is satisfied returns at once; only a failure waits this long.
    expect: { poll: { timeout: 10_000 } },
  },
});
