/**
 * The unscaled timeouts of the suite's tests and hooks, ms: the one place of each number. Every
 * one is scaled by the latency the preflight measured (latency-scale.ts) where it is used, so these
 * are what a target answering within tens of milliseconds needs. The document times none of this:
 * they bound the kit's own work (many paced calls, 8), not the target.
 */

/**
 * A requirement test that sets no timeout of its own (kit/requirement-test.ts req()), and a suite
 * file's setup (kit/target.ts useTarget: a subaccount created and funded, a webhook set): tens of
 * paced calls. Tests that wait for what the document times set their own.
 */
export const REQUIREMENT_TEST_TIMEOUT_MS = 60_000;

/**
 * Twice that for vitest's own default of a test or hook that sets none (run/run-suites.ts), and for
 * a suite file's teardown (kit/target.ts useTarget: every subaccount it made emptied and archived,
 * every webhook put back), which must end even after a file whose tests ran long.
 */
export const HOOK_TIMEOUT_MS = 120_000;
