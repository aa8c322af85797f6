/**
 * The seed of a run (a CI gate must be reproducible). Every random choice of the suites
 * that decides what is asserted (the invalid requests of the fuzzing, suites/support/fuzz-run.ts;
 * the command sequences of the 3.1 model, suites/otp-v2/model-based.test.ts) is drawn from a seed derived from
 * it, so that the same target certified with the same seed meets the same requests and gets the
 * same verdicts. `certify --seed N` chooses another; the run prints it, summary.json and summary.md
 * carry it, and Allure shows it beside target and profile.
 *
 * What stays random per run is what only keeps runs apart (the run id in names, the phone numbers
 * derived from it, ceph s3-tests style isolation): nothing asserted depends on those values.
 */

/** The seed of a run that names none. */
export const DEFAULT_SEED = 1;
/** fast-check takes a 32-bit signed integer seed; seeds stay non-negative below it. */
export const MAX_SEED = 2 ** 31 - 1;

/**
 * The seed of one random generator of the run: `purpose` names it ("fuzz:sms/send", "otp-v2
 * model: short waits"), so that generators do not share a sequence and a new one leaves the others'
 * draws unchanged. A 31-bit string hash (Java's), stable across platforms and Node versions.
 */
export function seedFor(runSeed: number, purpose: string): number {
  let hash = 17;
  for (const char of `${runSeed}:${purpose}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return (hash >>> 0) % MAX_SEED;
}
