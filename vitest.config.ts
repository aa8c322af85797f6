// The project's own tests (test/). The conformance suites (suites/) run under harness/ via the CLI.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
