// The project's own tests (test/). The conformance suites (suites/) run under harness/ via the CLI.
import { defineConfig } from 'vitest/config';

/**
 * Tests that saturate every core on purpose (test/cpu-burner.ts): run on their own, after the others
 * (vitest.saturated.config.ts, the last step of `npm test`), so that their burner loads only the
 * run it judges, not the other files' tests.
 */
export const SATURATING_TESTS = ['test/saturated-certify.test.ts'];

/**
 * .ci/run's Node 22 and 24 runs (MC_SKIP_LOAD_TESTS=1) leave out what proves verdicts against load
 * and the README's real-time paths: Node 20's run has them, and they use no Node API the others do not.
 */
const LOAD_TESTS = process.env.MC_SKIP_LOAD_TESTS === '1' ? ['test/readme-certify-target.test.ts'] : [];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...SATURATING_TESTS, ...LOAD_TESTS, '**/node_modules/**'],
    testTimeout: 30_000,
    // The longest files (certify in real time, discover against a served target, the fault proxy,
    // the scarce-number and hostile-client runs) mostly wait on OTP cooldowns and sockets, not the
    // CPU: three at a time on two cores keeps CI within its budget (one at a time took 8 minutes).
    maxWorkers: 3,
  },
});
