/**
 * Which requirements a failed check is about. A test often proves several requirements at once (a
 * send proves the operation's contract, total_messages and one reference per recipient, 2.2); when
 * one of its checks fails, only the requirements that check is about have failed. The others were
 * not decided by the test, which stopped there: the reports must not name them failed.
 *
 * A check wrapped here tags its failed assertion with its requirement ids; req() reports the tag's
 * ids when one of them is a stated rule, also an id the test does not name (a send's total_messages,
 * 2.2, checked on the way to another rule; requirement-test.ts). An untagged failure is about every
 * requirement of its test, as a test that names one requirement always is. Suites tag through
 * judge.ts, which also takes the check's level from the id.
 */
import { isNonVerdict } from './non-verdict.ts';

const tags = new WeakMap<object, readonly string[]>();

/** The innermost tag wins: the check nearest the assertion knows best what it is about. */
function tagged(error: unknown, ids: readonly string[]): unknown {
  if (typeof error === 'object' && error !== null && !isNonVerdict(error) && !tags.has(error)) tags.set(error, ids);
  return error;
}

/** Runs `check`; an assertion that fails in it is a failure of `ids` only. */
export function checkFor<T>(ids: readonly string[], check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw tagged(error, ids);
  }
}

/** The requirement ids a failed check was tagged with, if any. */
export const failedRequirementsOf = (error: unknown): readonly string[] | undefined =>
  typeof error === 'object' && error !== null ? tags.get(error) : undefined;
