// The project's own tests (test/). The conformance suites (suites/) run under harness/ via the CLI.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    // The longest files (certify in real time, discover against a served target, the fault proxy,
    // the scarce-number and hostile-client runs) mostly wait on OTP cooldowns and sockets, not the
    // CPU: three at a time on two cores keeps CI within its budget (one at a time took 8 minutes).
    maxWorkers: 3,
  },
});
