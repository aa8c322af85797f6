/**
 * `messaging-conformance certify`: certifies a target (the embedded reference server by default)
 * against the document, through the suites of suites/, and writes the reports.
 *
 * Exit codes: 0 every required check passed (with --fail-on regression: nothing failed or broke
 * that had not in the --baseline run); 1 a check failed, a test broke (the kit could not
 * talk to the target: the run is not a pass), an expected failure passed, a key leaked into the
 * reports, or fewer tests decided than --min-coverage asks (summary.ts ok, run-coverage.ts); 2 a
 * usage or configuration error or an unreachable target (one line, before any test
 * runs), a run cut short by its deadline or interrupted (SIGINT, SIGTERM), or a run that certified
 * nothing (every test that ran broke, or the setup of every file failed: report/run-verdict.ts).
 * Decided once, for the API and the kill matrix too: run-ending.ts.
 *
 * The run itself, step by step, and its secrets (5.2): certification-run.ts.
 *
 * Interruption: the first SIGINT or SIGTERM ends the run as its deadline would (run-suites.ts: no
 * test starts any more, the tests in flight get a grace, their files' teardowns run, the partial
 * reports are written and say so), one line on stderr, exit 2; a second one ends the process at once.
 */
import { constants } from 'node:os';
import { isRequirementId } from '../../schemas/requirements.ts';
import { CERTIFY_FLAGS, type FAIL_ON_CHOICES, type CertifyArgs } from '../config/certify-flags.ts';
import { parseArgv } from '../config/flag-table.ts';
import { isMutantId } from '../../reference/mutants.ts';
import { terminalText } from '../report/inert-text.ts';
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';
import { failLevelReachText, verdictReachText } from '../report/run-coverage.ts';
import { SKIP_GROUPS_AT_A_GLANCE, skipGroupText } from '../report/skip-remedies.ts';
import { runEnding, type RunEnding } from './run-ending.ts';
import { type CertificationOutcome, runCertification } from './certification-run.ts';
import { INTERRUPT_GRACE_MS } from '../run/run-suites.ts';
import type { FailOn, Summary } from '../report/summary.ts';

export type { CertifyArgs };

/**
 * The command line's flags and MC_* variables as checked arguments (config/certify-flags.ts holds
 * every flag, its check and its help; harness/cli.ts runs the same parse before loading this module).
 */
export function parseCertifyArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = process.env): CertifyArgs {
  return parseArgv(CERTIFY_FLAGS, argv, env, { mutant: isMutantId, requirement: isRequirementId });
}

// The gate's choices (report/summary.ts FAIL_ON) and the flag's (config/certify-flags.ts) are one set: tsc refuses a drift.
type SameSet<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const FAIL_ON_MATCHES_THE_FLAG: SameSet<FailOn, (typeof FAIL_ON_CHOICES)[number]> = true;

/** The number the shell reports for a process a signal ended (128 + the signal's number: 130 for SIGINT, 143 for SIGTERM). */
const signalExitCode = (signal: NodeJS.Signals): number => 128 + (constants.signals[signal] ?? 1);

/**
 * Takes SIGINT and SIGTERM for the length of a run: the first aborts `controller` with the signal's
 * name as reason (the run ends as at its deadline); a second ends the process at once. Returns a
 * function that gives the signals back.
 */
function takeSignals(controller: AbortController, announce: (signal: NodeJS.Signals) => void): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (!controller.signal.aborted) {
      announce(signal);
      controller.abort(signal);
      return;
    }
    process.stderr.write(`messaging-conformance: ${signal} again: ending at once; teardowns and reports not finished\n`);
    process.exit(signalExitCode(signal));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

/** A line on stdout: what the command line prints. */
export const sayOnStdout = (line: string): void => {
  process.stdout.write(`${line}
`);
};

/**
 * A run from the command line, its arguments checked (cli.ts parses them before loading this
 * module, and answers --help itself): the exit code (1 on a failed summary or a leaked key).
 */
export async function certify(args: CertifyArgs): Promise<number> {
  const interruption = new AbortController();
  const giveBack = takeSignals(interruption, (signal) =>
    process.stdout.write(
      `\n${signal}: no test starts any more; the tests in flight get up to ${INTERRUPT_GRACE_MS / 1000} ` +
        `s, then the teardowns and the partial reports (${signal} again ends at once)\n`,
    ),
  );
  let outcome: CertificationOutcome;
  try {
    outcome = await runCertification(args, { interrupt: interruption.signal, say: sayOnStdout });
  } finally {
    // A second signal while the last lines are written still ends the process at once.
    if (!interruption.signal.aborted) giveBack();
  }
  // A run cut short (its deadline passed, or it was interrupted) may have abandoned tests that still
  // hold workers, and vitest sets the exit code when they end: such a process ends now, once its
  // output is written. The last lines a person reads are the verdict, the counts, the exit code and
  // where the reports are.
  const ending = runEnding(outcome);
  const { exitCode, stderr } = ending;
  if (stderr) process.stderr.write(`${stderr}\n`);
  process.stdout.write(`\n${closingLines(outcome, ending)}\n`);
  if (outcome.incomplete === undefined) return exitCode;
  await new Promise<void>((resolve) => process.stdout.write('', () => process.stderr.write('', () => resolve())));
  return process.exit(exitCode);
}

/**
 * What failed or broke first, one line each, redacted and inert (the whole list and the reasons
 * are in summary.md).
 */
function troubleLines(summary: Summary, redact: (text: string) => string): string[] {
  const shown = 5;
  const line = (text: string): string => terminalText(redact(text.split('\n')[0]!.slice(0, 240)));
  const troubled = summary.requirements.filter((r) => r.status === 'failed' || r.status === 'broken');
  return [
    ...troubled.slice(0, shown).map((r) => `${r.status}: ${r.id}: ${line(r.reason ?? '')}`),
    ...(troubled.length > shown ? [`and ${troubled.length - shown} more (summary.md)`] : []),
    ...summary.runErrors.slice(0, 3).map((e) => `run error: ${line(e)}`),
  ];
}

/** The skipped tests by what would run them (report/skip-remedies.ts), the largest groups first. */
function skipLines(summary: Summary): string[] {
  const groups = summary.coverage.skipGroups;
  if (groups.length === 0) return [];
  return [
    `skipped: ${summary.coverage.tests.skipped} tests; what would run them:`,
    ...groups.slice(0, SKIP_GROUPS_AT_A_GLANCE).map((g) => `  ${skipGroupText(g)}`),
    ...(groups.length > SKIP_GROUPS_AT_A_GLANCE ? [`  and ${groups.length - SKIP_GROUPS_AT_A_GLANCE} more groups (summary.md)`] : []),
  ];
}

/**
 * The run's closing lines in the terminal: what failed first, what would run the skipped tests, the
 * verdict with the exit code and how much the run decided (run-coverage.ts), the tests per status,
 * the reports.
 */
export function closingLines(
  outcome: Pick<CertificationOutcome, 'summary' | 'outDir' | 'html' | 'redact'>,
  ending: Pick<RunEnding, 'exitCode' | 'word'>,
): string {
  const t = outcome.summary.totals;
  const reports = ['summary.md', 'summary.json', 'junit.xml', ...(outcome.html ? ['allure-report/index.html', SPEC_PAGE_FILE] : [])];
  const { coverage } = outcome.summary;
  return [
    ...troubleLines(outcome.summary, outcome.redact),
    ...skipLines(outcome.summary),
    `verdict: ${ending.word} (exit ${ending.exitCode}): ${outcome.summary.identityNotChecked ? `${outcome.summary.identityNotChecked}; ` : ''}${verdictReachText(coverage)}`,
    failLevelReachText(coverage.failLevelRequirements),
    `tests: ${t.passed} passed, ${t.failed} failed, ${t.broken} broken, ${t.inconclusive} inconclusive, ${t.skipped} ` +
      `skipped (${t.notTestable} not testable), ${t.knownDeviations} known deviations; ${t.warnings} with warnings`,
    `reports: ${outcome.outDir} (${reports.join(', ')}; the tables are in summary.md)`,
  ].join('\n');
}
