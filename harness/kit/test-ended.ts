/**
 * The end of a test after one of the kit's assertions (expectations.ts) judged a check below the fail
 * level that did not hold: its warning or record is already written (judge.ts), and what the
 * assertion and the test would do next rests on it (an error body read for its code, a parsed body
 * handed back). Thrown by the kit only, right after such a check. req() ends the test there as if its
 * body had returned: what it reports is what the check's level decided (a warning, a record), the
 * same as a failure below the fail level always ended a test. Inside another check below the fail
 * level (a judge around a case), it ends that check instead, which adds no warning or record of its
 * own (checks.ts): the one the inner check gave is the case's, as a failure there always was one.
 */
export class TestEnded extends Error {
  override readonly name: string = 'TestEnded';
}

export const isTestEnded = (error: unknown): error is TestEnded => error instanceof TestEnded;
