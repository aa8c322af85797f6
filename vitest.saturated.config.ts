// The tests that saturate every core on purpose, alone (the last step of `npm test`; see vitest.config.ts).
import { defineConfig } from 'vitest/config';
import { SATURATING_TESTS } from './vitest.config.ts';

export default defineConfig({
  test: {
    include: SATURATING_TESTS,
    testTimeout: 30_000,
    maxWorkers: 1,
  },
});
