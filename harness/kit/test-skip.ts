/**
 * Skips decided inside a running test: a premise of the test that the run cannot meet, found only
 * once the test runs (the profile has too few phone numbers for it, a send would be charged beyond
 * the profile's numbers or the credit budget, a declared capability the kit cannot trigger). Thrown
 * from anywhere below the test (fixtures shared by several tests, the cost guard of target.ts);
 * req() turns it into a skip of the test with this reason in every report: skipped with its
 * reason, never failed. Outside a test (setup hooks) it is an error like any other.
 */

export class SkipTest extends Error {
  override readonly name: string = 'SkipTest';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The prefix of a skip whose capability the profile declares but the kit cannot act on: shown as
 * "not testable", a status of its own in summary.json, never a failure.
 */
export const NOT_TESTABLE_PREFIX = 'not testable:';

export const isNotTestable = (reason: string | undefined): boolean => reason?.startsWith(NOT_TESTABLE_PREFIX) ?? false;

/** The reason of a SkipTest anywhere in an error's cause chain (a fixture may wrap it); undefined otherwise. */
export function skipReasonOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) if (e instanceof SkipTest) return e.reason;
  return undefined;
}
