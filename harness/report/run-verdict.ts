/**
 * The run's verdict, decided here once for every place that states it: summary.md's first line
 * (summary.ts), the Allure report's name and banner (allure-run-verdict.ts), and the exit code with
 * the terminal's closing line (commands/run-ending.ts, certify-command.ts). In this order:
 *  - a key of the run found in the reports: FAIL, exit 1 (whatever else the run did, the reports
 *    must not be shared);
 *  - a run cut short (its deadline, an interruption): INCOMPLETE, exit 2 (no verdict on what did
 *    not run);
 *  - no verdict at all (every test that ran broke, or every file's setup failed): the word of the
 *    reports is FAIL, the closing line's NOTHING CERTIFIED, exit 2, as for an unreachable target;
 *  - then the gate: `ok` under --fail-on failure; under --fail-on regression with a baseline, no
 *    failed or broken test the baseline did not have (the reports give both words, the exit code
 *    follows the gate).
 *
 * It reads only the fields below, which a summary (summary.ts) has: no import of summary.ts, which
 * imports this module for its first line.
 */

/** What the verdict is decided from: the fields of a summary it reads. */
export interface VerdictInputs {
  ok: boolean;
  strict: boolean;
  incomplete?: string;
  leakCheck?: { passed: boolean };
  failOn?: 'failure' | 'regression';
  baseline?: { regression: boolean; newlyWarning: readonly unknown[] };
  runErrors: readonly string[];
  expectedFailures: readonly { outcome: string }[];
  coverage: { belowMinimum: boolean };
  totals: { passed: number; failed: number; knownDeviations: number; broken: number };
}

export type VerdictWord = 'PASS' | 'FAIL' | 'INCOMPLETE';

export interface RunVerdict {
  /** The word of the reports (summary.md, Allure): the run's result under --fail-on failure. */
  word: VerdictWord;
  /** What overrides the result: a key found in the reports, or a run that did not finish. */
  cause?: 'leak' | 'incomplete';
  /** Under --fail-on regression with a baseline, when no cause overrides it: the gate's word. */
  gate?: 'PASS' | 'FAIL';
  /** certify's exit code. */
  exitCode: 0 | 1 | 2;
  /** The word of the terminal's closing line, which follows the exit code. */
  ending: VerdictWord | 'NOTHING CERTIFIED';
}

/**
 * Whether the run passes its gate: `ok` under --fail-on failure; under --fail-on regression, no
 * failed or broken test the baseline did not have (with --strict, no requirement newly warning
 * either), and none of what fails every run: a key in the reports, a run error (which an
 * incomplete run is too), an expected failure that passed, a coverage below --min-coverage.
 */
export function gatePasses(s: VerdictInputs): boolean {
  if (s.failOn !== 'regression' || s.baseline === undefined) return s.ok;
  const alwaysFails =
    s.leakCheck?.passed === false ||
    s.incomplete !== undefined ||
    s.runErrors.length > 0 ||
    s.expectedFailures.some((e) => e.outcome === 'unexpected-pass') ||
    s.coverage.belowMinimum;
  return !alwaysFails && !s.baseline.regression && !(s.strict && s.baseline.newlyWarning.length > 0);
}

/**
 * Whether the run certified nothing: no test reached a verdict (none passed, none failed) and
 * something went wrong (a broken test, a run error such as a setup the target did not answer).
 * certify then exits 2, as when the preflight cannot reach the target: there is no result to read.
 */
export function nothingCertified(s: VerdictInputs): boolean {
  const verdicts = s.totals.passed + s.totals.failed + s.totals.knownDeviations;
  return verdicts === 0 && (s.totals.broken > 0 || s.runErrors.length > 0);
}

export function runVerdict(s: VerdictInputs): RunVerdict {
  if (s.leakCheck?.passed === false) return { word: 'FAIL', cause: 'leak', exitCode: 1, ending: 'FAIL' };
  if (s.incomplete !== undefined) return { word: 'INCOMPLETE', cause: 'incomplete', exitCode: 2, ending: 'INCOMPLETE' };
  const word = s.ok ? 'PASS' : 'FAIL';
  const passes = gatePasses(s);
  const gate = s.failOn === 'regression' && s.baseline !== undefined ? { gate: passes ? ('PASS' as const) : ('FAIL' as const) } : {};
  if (nothingCertified(s)) return { word, ...gate, exitCode: 2, ending: 'NOTHING CERTIFIED' };
  return { word, ...gate, exitCode: passes ? 0 : 1, ending: passes ? 'PASS' : 'FAIL' };
}
