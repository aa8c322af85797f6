// The tests that saturate every core on purpose, alone (the last step of `npm test`; see vitest.config.ts).
import { defineConfig } from 'vitest/config';
import { SATURATING_TESTS } from './vitest.config.ts';

export default defineConfig({
  test: {
    include: process.env.MC_SKIP_LOAD_TESTS === '1' ? [] : SATURATING_TESTS,
    // The Node 22 and 24 runs of .ci/run (vitest.config.ts): nothing to run here, and that is no error.
    passWithNoTests: true,
    testTimeout: 30_000,
    maxWorkers: 1,
  },
});
