/**
 * Timeouts that follow the target's latency. The kit's test and hook timeouts (req()'s
 * default and the explicit ones of waiting tests, vitest's in run-suites.ts, useTarget's hooks) were
 * chosen against targets that answer within tens of milliseconds; a test makes up to hundreds of
 * sequential calls, so a target that answers in 300 ms is slow but working, and must not fail on
 * the kit's clock. The preflight measures the latency (preflight.ts); the timeouts grow in
 * proportion beyond what they already allow, within a bound, so that a target that hangs still
 * ends the run (the per-request deadline and --max-duration bound it in any case).
 */

/** The latency per call that the unscaled timeouts already allow, ms. */
const LATENCY_ALLOWANCE_MS = 50;
/** At most this multiple of a timeout. */
export const MAX_TIMEOUT_SCALE = 8;

/** The factor of every test and hook timeout: 1 up to the allowance, then in proportion, at most MAX_TIMEOUT_SCALE. */
export function timeoutScale(latencyMs: number | undefined): number {
  if (latencyMs === undefined || !Number.isFinite(latencyMs)) return 1;
  return Math.min(MAX_TIMEOUT_SCALE, Math.max(1, latencyMs / LATENCY_ALLOWANCE_MS));
}

/** `timeoutMs` scaled for a target of `latencyMs`. */
export const scaledTimeout = (timeoutMs: number, latencyMs: number | undefined): number => Math.round(timeoutMs * timeoutScale(latencyMs));
