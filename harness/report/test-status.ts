/**
 * The status of a conformance test, decided here and nowhere else: every report (summary.json and
 * summary.md, junit.xml, Allure, the progress lines), the kill matrix and the exit code read it.
 *
 * vitest knows three outcomes (passed, failed, skipped); the kit's meta (kit/test-meta.ts) refines
 * them:
 *  - failed → `broken` when the kit could not talk to the target (meta.broken, set by req() on a
 *    transport error): nothing was learned about the requirement, so it is no verdict on it;
 *  - passed → `inconclusive` when the test could not decide (meta.inconclusive, kit/inconclusive.ts),
 *    else `warned` when a reading or a SHOULD did not hold (meta.warnings), else `recorded` when it
 *    wrote what the target did where the document is silent (meta.recorded);
 *  - skipped → `not-testable` when the reason says the kit cannot trigger what it would check
 *    (kit/test-skip.ts NOT_TESTABLE_PREFIX).
 */
import { isNotTestable } from '../kit/test-skip.ts';

export type TestStatus = 'passed' | 'failed' | 'warned' | 'recorded' | 'inconclusive' | 'broken' | 'skipped' | 'not-testable';

export const TEST_STATUSES: readonly TestStatus[] = ['passed', 'failed', 'warned', 'recorded', 'inconclusive', 'broken', 'skipped', 'not-testable'];

/**
 * vitest's state of a test: the reported one (passed, failed, skipped, pending), the runner's
 * (pass, fail, skip, todo, run, queued) as the Allure reporter sees it, or a status already decided
 * here (a record read back is decided again to the same status).
 */
type VitestState = 'passed' | 'failed' | 'skipped' | 'pending' | 'pass' | 'fail' | 'skip' | 'todo' | 'run' | 'queued' | 'only';

/** What a status is decided from: the state, and the meta of the test (kit/test-meta.ts) or of its record. */
export interface TestFacts {
  state: VitestState | TestStatus | undefined;
  skipReason?: string | undefined;
  warnings?: readonly unknown[] | undefined;
  recorded?: readonly unknown[] | undefined;
  /** The transport trouble that ended the test (kit/requirement-test.ts). */
  broken?: string | undefined;
  /** Why the test could not decide (kit/inconclusive.ts). */
  inconclusive?: string | undefined;
}

type Outcome = 'ran' | 'failed' | 'skipped';

/** How the test ended as vitest saw it; a test that never ended (pending, still running) did not run. */
const OUTCOMES: Readonly<Record<VitestState | TestStatus, Outcome>> = {
  passed: 'ran',
  pass: 'ran',
  warned: 'ran',
  recorded: 'ran',
  inconclusive: 'ran',
  failed: 'failed',
  fail: 'failed',
  broken: 'failed',
  skipped: 'skipped',
  skip: 'skipped',
  'not-testable': 'skipped',
  pending: 'skipped',
  todo: 'skipped',
  run: 'skipped',
  queued: 'skipped',
  only: 'skipped',
};

export function testStatus(facts: TestFacts): TestStatus {
  const outcome = facts.state === undefined ? 'skipped' : OUTCOMES[facts.state];
  if (outcome === 'skipped') return facts.state === 'not-testable' || isNotTestable(facts.skipReason) ? 'not-testable' : 'skipped';
  if (outcome === 'failed') return facts.state === 'broken' || facts.broken !== undefined ? 'broken' : 'failed';
  if (facts.state === 'inconclusive' || facts.inconclusive !== undefined) return 'inconclusive';
  if (facts.state === 'warned' || (facts.warnings?.length ?? 0) > 0) return 'warned';
  if (facts.state === 'recorded' || (facts.recorded?.length ?? 0) > 0) return 'recorded';
  return 'passed';
}

/** Statuses of a test that ran to its end and reached a verdict on its requirements (a pass, with or without warnings or records). */
export const isPassing = (status: TestStatus): status is 'passed' | 'warned' | 'recorded' =>
  status === 'passed' || status === 'warned' || status === 'recorded';

/** Statuses of a test that was skipped, with or without the kit's means to test it. */
export const isSkipped = (status: TestStatus): status is 'skipped' | 'not-testable' => status === 'skipped' || status === 'not-testable';
