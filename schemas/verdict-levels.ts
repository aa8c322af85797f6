/**
 * The verdict levels, and what each one does, decided here once (conventions: OIDF gives every
 * condition a level, FAILURE, WARNING or INFO, and one enum read by every report). The words behind
 * each requirement give its level (quote-level.ts: a rule's record or its entry in quotes.ts):
 *  - fail:   the document states it; a failed check fails the test and the run.
 *  - warn:   a SHOULD, or a reading we derived from the quoted words; a failed check is a warning.
 *  - record: the document is silent ("not shown"); the check writes down what the target did.
 * The kit (checks, tests), the summary and the kill matrix read these tables instead of deciding.
 */
export type VerdictLevel = 'fail' | 'warn' | 'record';

/** The level of a reading of ours or a SHOULD (quote-level.ts `reading`). */
const READING_LEVEL: VerdictLevel = 'warn';

/**
 * A requirement's level: the one its words give (quote-level.ts `reading`, `notShown`), else fail;
 * a requirement with no quoted words is at most warn ("a check fails a target only where the
 * document states the rule"). Nothing else lowers it: a SHOULD is a `reading` with its reason.
 */
export function requirementLevel(given: VerdictLevel | undefined, quoted: boolean): VerdictLevel {
  if (given !== undefined) return given;
  return quoted ? 'fail' : READING_LEVEL;
}

/** What a failed check does to its test. */
export type FailedCheckOutcome = 'test-fails' | 'warning' | 'recorded';

/** What a failed check at each level does (quote-level.ts: the level is "what a failed check of it does to a target"). */
export const FAILED_CHECK_AT: Readonly<Record<VerdictLevel, FailedCheckOutcome>> = {
  fail: 'test-fails',
  warn: 'warning',
  record: 'recorded',
};

/** Whether a failed check at `level` fails its test: only where the document states the rule. */
export const failsTest = (level: VerdictLevel): boolean => FAILED_CHECK_AT[level] === 'test-fails';

/**
 * The level of a whole test from its requirements' levels: fail when one of them is stated, else
 * warn. A test that proves no statement can only warn (conventions: OIDF WARNING); one whose
 * requirements are all silences records through its checks, and a check it threw anyway is shown as
 * a warning rather than lost in a record.
 */
export const testLevel = (levels: readonly VerdictLevel[]): VerdictLevel => (levels.some(failsTest) ? 'fail' : READING_LEVEL);

/** The statuses of a requirement its level changes: what its tests did, then what the summary says. */
type TestsOutcome = 'failed' | 'passed';
type LevelledStatus = 'failed' | 'warning' | 'passed' | 'recorded';

/**
 * A requirement's status from its tests' outcome, at its level: only a stated rule fails a target; a
 * failure of a reading or a silence is a warning, and where the document is silent a pass is what
 * the target did, recorded (quote-level.ts). Every other outcome (broken, skipped, ...) is no verdict on
 * the requirement and stays as it is.
 */
const REQUIREMENT_STATUS_AT: Readonly<Record<VerdictLevel, Readonly<Record<TestsOutcome, LevelledStatus>>>> = {
  fail: { failed: 'failed', passed: 'passed' },
  warn: { failed: 'warning', passed: 'passed' },
  record: { failed: 'warning', passed: 'recorded' },
};

export function requirementStatusAt<S extends string>(status: S, level: VerdictLevel): S | LevelledStatus {
  return status === 'failed' || status === 'passed' ? REQUIREMENT_STATUS_AT[level][status as TestsOutcome] : status;
}

/**
 * Whether a warning the baseline did not have kills a mutant of a requirement at each level. A
 * warning fails no run, so a mutant of a stated rule is left to a failed check; a mutant of a
 * reading or a silence is also caught by a new warning.
 */
export const WARNING_KILLS_MUTANT: Readonly<Record<VerdictLevel, boolean>> = {
  fail: false,
  warn: true,
  record: true,
};
