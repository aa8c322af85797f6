/**
 * `--expected-failures FILE`: the deviations of a target that its owner knows about, each with a
 * reason, so that a run can pass while they are fixed (conventions: OIDF expected failures).
 *
 * They cannot rot: an entry whose test now passes is an `unexpected-pass`, which fails the run until
 * the entry is removed; an entry that looks like a requirement id but names none of the catalogue
 * (schemas/requirements.ts) is refused when the file is read, instead of silently matching nothing.
 */
import { z } from 'zod';
import { isRequirementId } from '../../schemas/requirements.ts';
import { parseConfig, readConfigFile, strictMapping } from '../config/config-file.ts';
import { isPassing, type TestStatus } from './test-status.ts';

/** The `kind:` prefixes of the requirement id scheme (schemas/requirements.ts); ids have no spaces. */
const REQUIREMENT_ID_SHAPE = /^(op|err|limit|otp2|webhook|event|rule):\S+$/;

const ExpectedFailure = strictMapping({
  /** A requirement id (`err:auth_04`) or a test name, kept as written. */
  id: z.string().trim().min(1),
  /** Why the target deviates: required, so that every entry can be argued about and retired. */
  reason: z.string().trim().min(1),
})
  .superRefine((entry, ctx) => {
    if (REQUIREMENT_ID_SHAPE.test(entry.id) && !isRequirementId(entry.id))
      ctx.addIssue({ code: 'custom', path: ['id'], message: `unknown requirement id "${entry.id}" (not in the catalogue)` });
  })
  .transform((entry) => ({ ...entry, kind: isRequirementId(entry.id) ? ('requirement' as const) : ('test' as const) }));
export type ExpectedFailure = z.infer<typeof ExpectedFailure>;

const ExpectedFailures = z
  .array(ExpectedFailure, { error: (issue) => (issue.code === 'invalid_type' && issue.input !== undefined ? 'must be a list of { id, reason }' : undefined) })
  .superRefine((entries, ctx) => {
    // A second entry for the same id would hide which reason is the current one.
    const first = new Map<string, number>();
    entries.forEach((entry, i) => {
      const earlier = first.get(entry.id);
      if (earlier === undefined) first.set(entry.id, i);
      else ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate of [${earlier}]` });
    });
  });

/** Validates already-parsed data; `source` names it in errors. An empty file expects nothing. */
export function parseExpectedFailures(data: unknown, source: string): ExpectedFailure[] {
  return parseConfig(ExpectedFailures, data ?? [], source);
}

export function loadExpectedFailures(path: string): ExpectedFailure[] {
  return parseExpectedFailures(readConfigFile(path, 'expected-failures file'), path);
}

// ---------------------------------------------------------------------------------------------
// Reconciling a run with the expected failures.
// ---------------------------------------------------------------------------------------------

export interface TestResult {
  name: string;
  /** The requirement ids the test bears on. */
  requirements: readonly string[];
  /** A failed test whose failed check was about some of its requirements only: those. */
  failedRequirements?: readonly string[];
  /** As test-status.ts decides it. */
  status: TestStatus;
}

/** The requirements a test's outcome decided: a failure, only those its failed check was about. */
const decidedRequirements = (test: TestResult): readonly string[] =>
  test.status === 'failed' ? (test.failedRequirements ?? test.requirements) : test.requirements;

/**
 * known-deviation: a matching test failed, as expected.
 * unexpected-pass: every matching test that ran passed; the run fails until the entry is removed.
 * not-run: no matching test reached a verdict (filtered out, skipped for a capability, a renamed
 * test, or every one broken or inconclusive: a test that learned nothing neither confirms the
 * deviation nor shows it fixed).
 */
type ExpectedOutcome = 'known-deviation' | 'unexpected-pass' | 'not-run';

interface EntryReconciliation {
  entry: ExpectedFailure;
  outcome: ExpectedOutcome;
  /** The matching tests that reached a verdict (failed or passed). */
  tests: string[];
}

interface FailureReconciliation {
  test: string;
  covered: boolean;
  /** The entries that name the test or one of its requirements (they cover it only if `covered`). */
  matchedBy: string[];
}

export interface Reconciliation {
  entries: EntryReconciliation[];
  failures: FailureReconciliation[];
  /** False when an entry passed unexpectedly or a failure is not covered: the run must fail. */
  ok: boolean;
}

const matches = (entry: ExpectedFailure, test: TestResult): boolean =>
  entry.kind === 'test' ? test.name === entry.id : decidedRequirements(test).includes(entry.id);

function outcomeOf(entry: ExpectedFailure, results: readonly TestResult[]): EntryReconciliation {
  const ran = results.filter((t) => (t.status === 'failed' || isPassing(t.status)) && matches(entry, t));
  const outcome: ExpectedOutcome = ran.length === 0 ? 'not-run' : ran.some((t) => t.status === 'failed') ? 'known-deviation' : 'unexpected-pass';
  return { entry, outcome, tests: ran.map((t) => t.name) };
}

/**
 * A failed test is covered when an entry names it, or when every requirement its failure was about
 * is expected to fail: a test of several requirements may fail on any of them, and an entry for one
 * must not hide a new failure of another.
 */
function coverageOf(test: TestResult, expected: readonly ExpectedFailure[]): FailureReconciliation {
  const matchedBy = expected.filter((e) => matches(e, test)).map((e) => e.id);
  const requirementIds = new Set(expected.filter((e) => e.kind === 'requirement').map((e) => e.id));
  const failedOn = decidedRequirements(test);
  const covered = expected.some((e) => e.kind === 'test' && e.id === test.name) || (failedOn.length > 0 && failedOn.every((r) => requirementIds.has(r)));
  return { test: test.name, covered, matchedBy };
}

/**
 * Pure: the outcome of each expected entry and the coverage of each failed test. A broken test is
 * never covered: transport trouble is no deviation of the target an entry could name, and it
 * fails the run on its own (summary.ts).
 */
export function reconcile(results: readonly TestResult[], expected: readonly ExpectedFailure[]): Reconciliation {
  const entries = expected.map((e) => outcomeOf(e, results));
  const failures = results.filter((t) => t.status === 'failed').map((t) => coverageOf(t, expected));
  const ok = entries.every((e) => e.outcome !== 'unexpected-pass') && failures.every((f) => f.covered);
  return { entries, failures, ok };
}
