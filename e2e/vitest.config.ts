import { defineConfig } from 'vitest/config';
import { tempRoot } from './src/temp-dir';

/** Browser journeys: one Chromium, one shop per file, run one file at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/src/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    // Makes the empty event store each file's shop starts from (see the file).
    globalSetup: ['e2e/src/global-setup.ts'],
    // Playwright makes each Chromium's profile under TMPDIR: in RAM too, as the shops' data.
    env: { TMPDIR: tempRoot },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a page shows after its scripts load and its API answers: 1 s (the default) was
    // once too short for the menu's 24 products on a loaded 2-core CI machine. A poll that
    // is satisfied returns at once; only a failure waits this long.
    expect: { poll: { timeout: 10_000 } },
  },
});
