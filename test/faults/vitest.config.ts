import { defineConfig } from 'vitest/config';

/**
 * Fault tests (issue 14): shops and databases killed mid-load. Slow (each
 * starts and kills processes), so they run apart from `npm test`:
 * `npm run test:faults`, called by .ci/run. One file at a time.
 */
export default defineConfig({
  test: {
    name: 'faults',
    include: ['test/faults/**/*.fault.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
