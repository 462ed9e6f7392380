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
  },
});
