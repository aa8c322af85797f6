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
 * nothing (every test that ran broke, or the setup of every file failed: summary.ts nothingCertified).
 *
 * Secrets (5.2): one redactor holds every secret of the run (the given keys, the profile's, and
 * each key the target returns, which the workers hand over, report/run-redaction.ts); every record,
 * run error, report file and line printed passes it, and the output folder is then searched for all
 * of them (run/leak-check.ts). A key found fails the run and every report says so first.
 *
 * Interruption: the first SIGINT or SIGTERM ends the run as its deadline would (run-suites.ts: no
 * test starts any more, the tests in flight get a grace, their files' teardowns run, the partial
 * reports are written and say so), one line on stderr, exit 2; a second one ends the process at once.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import type { AreaId } from '../../schemas/areas.ts';
import { isRequirementId } from '../../schemas/requirements.ts';
import { generateAllureReport } from '../report/allure-report.ts';
import { UsageError } from '../config/cli-errors.ts';
import { CERTIFY_FLAGS, type FAIL_ON_CHOICES, type CertifyArgs } from '../config/certify-flags.ts';
import { parseArgv } from '../config/flag-table.ts';
import { startEmbeddedTarget } from '../run/embedded-target.ts';
import { isMutantId } from '../../reference/mutants.ts';
import { loadExpectedFailures, reconcile, type ExpectedFailure } from '../report/expected-failures.ts';
import { writeJunitReport } from '../report/junit-report.ts';
import { findLeakPlaces, leakPlaceText } from '../run/leak-check.ts';
import { terminalText } from '../report/inert-text.ts';
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';
import { redactedCopy } from '../report/run-redaction.ts';
import { failLevelReachText, verdictReachText } from '../report/run-coverage.ts';
import { SKIP_GROUPS_AT_A_GLANCE, skipGroupText, type RunMeans } from '../report/skip-remedies.ts';
import { CAPABILITY_IDS } from '../../schemas/capabilities.ts';
import { chargesNotice, effectiveCapabilities } from '../kit/effective-capabilities.ts';
import { pemLines, runSecrets } from './run-secrets.ts';
import { resolveRoute } from '../config/target-route.ts';
import { routeSecrets } from '../transport/target-route.ts';
import { preflight } from './preflight.ts';
import { runEnding } from './run-ending.ts';
import { areaOfSuiteFile, SUITES_DIR, suiteFileName } from '../config/project-paths.ts';
import { defaultProfile, loadProfile, type TargetProfile } from '../config/profile.ts';
import { timeoutScale } from '../config/latency-scale.ts';
import { newRunId, type RunConfig } from '../config/run-config.ts';
import type { Unfinished } from '../run/run-deadline.ts';
import { INTERRUPT_GRACE_MS, runSuites } from '../run/run-suites.ts';
import { compareWithBaseline, readBaseline, type BaselineSummary } from '../report/baseline.ts';
import {
  buildSummary,
  IDENTITY_NOT_CHECKED,
  leakHeadline,
  summaryHeadMarkdown,
  summaryMarkdown,
  withBaseline,
  withLeakCheck,
  type FailOn,
  type Summary,
} from '../report/summary.ts';

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

/** The baseline file, checked before anything starts: a bad one is a usage error (one line, exit 2). */
function loadBaseline(path: string | undefined): BaselineSummary | undefined {
  if (path === undefined) return undefined;
  try {
    return readBaseline(path);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The suite files to run: one per area (suites/<area>.test.ts, .test.js once compiled), filtered by --only. */
export function suiteFiles(only: readonly AreaId[] | undefined): string[] {
  const all = existsSync(SUITES_DIR)
    ? readdirSync(SUITES_DIR)
        .filter((f) => areaOfSuiteFile(f) !== undefined)
        .sort()
    : [];
  const chosen = only ? all.filter((f) => only.some((area) => suiteFileName(area) === f)) : all;
  if (chosen.length === 0) throw new UsageError(only ? `--only ${only.join(',')}: no suite file for these areas in suites/` : 'no suite files in suites/');
  return chosen.map((f) => join(SUITES_DIR, f));
}

/** ", timeouts ×2.4 for a latency of 120 ms" when the target is slow enough to scale them (latency-scale.ts), else nothing. */
function latencyNote(latencyMs: number): string {
  const scale = timeoutScale(latencyMs);
  return scale > 1 ? `, timeouts ×${scale.toFixed(1)} for a latency of ${Math.round(latencyMs)} ms` : '';
}

/** What did not finish, in words: "3 tests did not finish, in 2 suite files: a.test.ts, b.test.ts". */
function unfinishedText(unfinished: Unfinished): string {
  const names = unfinished.files.map((f) => f.split(/[\\/]/).pop() ?? f);
  return names.length === 0 ? 'every test had ended' : `${unfinished.tests} tests did not finish, in ${names.length} suite files: ${names.join(', ')}`;
}

/** What the passing of the run's deadline left undone, in one line. */
function deadlineMessage(maxDurationSeconds: number, unfinished: Unfinished): string {
  return `the run deadline of ${maxDurationSeconds} s (--max-duration) passed; ${unfinishedText(unfinished)}`;
}

/** What an interruption left undone, in one line. */
function interruptionMessage(signal: string, unfinished: Unfinished): string {
  return `interrupted by ${signal}; ${unfinishedText(unfinished)} (the teardowns of the files in flight ran within the grace of ${INTERRUPT_GRACE_MS / 1000} s)`;
}

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

function prepareOutDir(outDir: string): void {
  try {
    mkdirSync(outDir, { recursive: true });
    // Allure 3 merges whatever is in the results folder: stale results would mix runs.
    for (const generated of ['allure-results', 'allure-report']) rmSync(join(outDir, generated), { recursive: true, force: true });
  } catch (e) {
    throw new UsageError(`cannot prepare the output folder ${outDir} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** What a certification produced; the command line and the programmatic API (api.ts) decide from it. */
export interface CertificationOutcome {
  summary: Summary;
  /** Where a key of the run was found in the output folder, "file: place (form)" (none, unless redaction failed). */
  leaks: string[];
  outDir: string;
  /** Set when the run's deadline passed or it was interrupted: one line saying what did not finish (the CLI exits 2). */
  incomplete: string | undefined;
  /** Whether the Allure report and the document page were written (not --no-html). */
  html: boolean;
  /** The run's redaction, for what the terminal shows of the reports. */
  redact: (text: string) => string;
}

export interface CertificationControl {
  /** Ends the run as its deadline would when it fires; its reason names what ("SIGINT"). */
  interrupt?: AbortSignal;
  /**
   * Where the run's lines for a person go (what it certifies, each suite file as it ends, the
   * summary's title): the terminal for the command line; nowhere unless asked for the API (api.ts).
   */
  say?: (line: string) => void;
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
  const { exitCode, stderr } = runEnding(outcome);
  if (stderr) process.stderr.write(`${stderr}\n`);
  process.stdout.write(`\n${closingLines(outcome, exitCode)}\n`);
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
export function closingLines(outcome: Pick<CertificationOutcome, 'summary' | 'outDir' | 'incomplete' | 'html' | 'redact'>, code: number): string {
  const t = outcome.summary.totals;
  const verdict = outcome.incomplete !== undefined ? 'INCOMPLETE' : code === 0 ? 'PASS' : code === 2 ? 'NOTHING CERTIFIED' : 'FAIL';
  const reports = ['summary.md', 'summary.json', 'junit.xml', ...(outcome.html ? ['allure-report/index.html', SPEC_PAGE_FILE] : [])];
  const { coverage } = outcome.summary;
  return [
    ...troubleLines(outcome.summary, outcome.redact),
    ...skipLines(outcome.summary),
    `verdict: ${verdict} (exit ${code}): ${outcome.summary.identityNotChecked ? `${outcome.summary.identityNotChecked}; ` : ''}${verdictReachText(coverage)}`,
    failLevelReachText(coverage.failLevelRequirements),
    `tests: ${t.passed} passed, ${t.failed} failed, ${t.broken} broken, ${t.inconclusive} inconclusive, ${t.skipped} ` +
      `skipped (${t.notTestable} not testable), ${t.knownDeviations} known deviations; ${t.warnings} with warnings`,
    `reports: ${outcome.outDir} (${reports.join(', ')}; the tables are in summary.md)`,
  ].join('\n');
}

/** One certification with checked arguments: runs the suites, writes the reports, prints the summary head. */
export async function runCertification(args: CertifyArgs, control: CertificationControl = {}): Promise<CertificationOutcome> {
  const deadlineAtMs = Date.now() + args.maxDuration * 1000;
  const say = control.say ?? ((): void => undefined);
  const files = suiteFiles(args.only);
  const givenProfile: TargetProfile = args.profile ? loadProfile(args.profile, say) : defaultProfile();
  const expected: ExpectedFailure[] = args.expectedFailures ? loadExpectedFailures(args.expectedFailures) : [];
  const baseline = loadBaseline(args.baseline);
  // The road to the target (a gateway's headers, a private authority, a client certificate, a proxy), checked before anything starts.
  const route = resolveRoute(args, args.target, givenProfile.headers);

  // A profile given for the embedded server fixes its ambiguity options; without one the personality decides.
  const embedded =
    args.target === undefined
      ? await startEmbeddedTarget(args.profile ? givenProfile.ambiguities : {}, {
          testClock: !args.realTime,
          personality: args.personality,
          ...(args.mutant !== undefined && isMutantId(args.mutant) ? { mutant: args.mutant } : {}),
        })
      : undefined;
  try {
    const baseUrl = embedded ? embedded.server.baseUrl : args.target!;
    const apiKey = embedded ? embedded.server.keys.account : args.apiKey!;
    const managerKey = embedded ? embedded.server.keys.manager : args.managerKey;
    const profile = embedded ? embedded.profile : givenProfile;
    const secrets = runSecrets([apiKey, managerKey, profile.keys?.restricted], routeSecrets(route), pemLines(route?.tls?.clientKey));
    const { credits, latencyMs } = await preflight(baseUrl, apiKey, profile.timeBudgets.requestSeconds * 1000, route);
    // Interrupted before any test ran: nothing to tear down, nothing to report.
    if (control.interrupt?.aborted)
      throw new UsageError(`interrupted by ${String(control.interrupt.reason)} before any test ran: nothing was certified, nothing is left on the target`);
    prepareOutDir(args.out);

    const config: RunConfig = {
      baseUrl,
      apiKey,
      ...(managerKey ? { managerKey } : {}),
      embedded: embedded !== undefined,
      profile,
      allowCharges: embedded !== undefined || args.allowCharges,
      ...(args.maxCredits !== undefined ? { maxCredits: args.maxCredits } : {}),
      startingCredits: credits,
      ...(args.webhookPublicUrl ? { webhookPublicUrl: args.webhookPublicUrl } : {}),
      runId: newRunId(),
      seed: args.seed,
      latencyMs,
      ...(args.requirements ? { onlyRequirements: args.requirements } : {}),
      outDir: args.out,
      ...(args.har !== undefined ? { harFile: args.har } : {}),
      ...(route !== undefined ? { route } : {}),
    };
    const targetLabel = embedded ? `embedded reference server (${args.personality} personality, ${args.realTime ? 'real time' : 'test clock'})` : baseUrl;
    const profileLabel = args.profile ?? (embedded ? 'embedded reference profile' : 'default profile');
    say(
      `certifying ${targetLabel} with ${files.length} suite files, profile ${profileLabel}, run ${config.runId}, seed ${config.seed}${latencyNote(latencyMs)}`,
    );
    // 5.2: half of what charged sends need (the flag without numbers, numbers without the flag) is said before the run.
    if (route?.tls?.insecure) say(`--insecure: ${IDENTITY_NOT_CHECKED}; every report says so first`);
    const charges = chargesNotice(config);
    if (charges !== undefined) say(charges);

    const startedAt = new Date();
    const outcome = await runSuites({
      config,
      files,
      outDir: args.out,
      // Allure's first screen names the coloured document beside it (text: its panel makes no links).
      environment: {
        target: targetLabel,
        profile: profileLabel,
        seed: String(config.seed),
        document: `../${SPEC_PAGE_FILE} (the document coloured by this run)`,
      },
      deadlineAtMs,
      secrets,
      ...(control.interrupt ? { interrupt: control.interrupt } : {}),
      progress: say,
    });
    const seconds = (Date.now() - startedAt.getTime()) / 1000;
    // Every key the embedded server issued is a secret of the run, whether a worker reported it or not.
    for (const key of embedded?.server.issuedKeys() ?? []) secrets.learn(key);
    const incomplete =
      outcome.unfinished === undefined
        ? undefined
        : outcome.interruptedBy !== undefined
          ? interruptionMessage(outcome.interruptedBy, outcome.unfinished)
          : deadlineMessage(args.maxDuration, outcome.unfinished);
    // What the workers sent was redacted as it arrived; once more with every secret the run learned.
    const records = redactedCopy(outcome.records, secrets.redact);
    const runErrors = redactedCopy(outcome.runErrors, secrets.redact);
    // The reports say it too: a run error fails the summary and shows in junit.xml.
    if (incomplete !== undefined) runErrors.unshift(`certification incomplete: ${incomplete}`);
    // junit.xml's first lines: an unchecked identity (--insecure), then an incomplete run.
    const headlinesOf = (unfinished: string | undefined): string[] => [
      ...(route?.tls?.insecure ? [`NOTE: ${IDENTITY_NOT_CHECKED}`] : []),
      ...(unfinished !== undefined ? [`INCOMPLETE: certification incomplete: ${unfinished}`] : []),
    ];
    const junit = (headlines: string[], errors: readonly string[]) =>
      writeJunitReport(join(args.out, 'junit.xml'), {
        suiteName: 'messaging-conformance',
        records,
        runErrors: errors,
        startedAt,
        wallSeconds: seconds,
        headlines,
      });
    junit(headlinesOf(incomplete), runErrors);

    const reconciliation = reconcile(records, expected);
    // What the run had, so that no remedy of a skip asks for it again (report/skip-remedies.ts).
    const means: RunMeans = {
      managerKey: managerKey !== undefined,
      allowCharges: config.allowCharges,
      webhookPublicUrl: config.webhookPublicUrl !== undefined,
      phoneNumbers: profile.phoneNumbers.length,
      declared: CAPABILITY_IDS.filter((id) => profile.capabilities[id]),
      restrictedKey: profile.keys?.restricted !== undefined,
      realDeliveryOnCharges: effectiveCapabilities({
        ...config,
        allowCharges: true,
        profile: { ...profile, phoneNumbers: profile.phoneNumbers.length > 0 ? profile.phoneNumbers : ['5500000000'] },
      }).has('real-delivery'),
      ...(args.maxCredits !== undefined ? { maxCredits: args.maxCredits } : {}),
    };
    let summary = buildSummary({
      target: targetLabel,
      profile: profileLabel,
      startedAt: startedAt.toISOString(),
      seconds,
      records,
      choices: profile.ambiguities,
      reconciliation,
      runErrors,
      strict: args.strict,
      seed: config.seed,
      ...(incomplete !== undefined ? { incomplete } : {}),
      means,
      ...(args.minCoverage !== undefined ? { minCoverage: args.minCoverage } : {}),
    });
    if (baseline !== undefined) summary = withBaseline(summary, compareWithBaseline(summary, baseline), args.failOn);
    // --insecure: whatever answered may not be the target named; every report's first line says so.
    if (route?.tls?.insecure) summary = { ...summary, identityNotChecked: IDENTITY_NOT_CHECKED };
    const writeSummary = () => {
      writeFileSync(join(args.out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
      writeFileSync(join(args.out, 'summary.md'), summaryMarkdown(summary));
    };
    writeSummary();
    if (args.html) {
      try {
        await generateAllureReport(args.out, summary);
      } catch (error) {
        // The other reports stand: the page's absence is a fault of the run, said where the run's faults are.
        const line = `the Allure report was not generated: ${secrets.redact((error as Error).message)}`;
        runErrors.push(line);
        summary = { ...summary, runErrors: [...summary.runErrors, line], ok: false };
        junit(headlinesOf(incomplete), runErrors);
        writeSummary();
      }
    }

    // Every file of the output folder (and the HAR, wherever it was written), searched for every
    // secret of the run, decoded data included.
    const findings = findLeakPlaces(args.out, secrets.all(), args.har === undefined ? [] : [args.har], secrets.kitWords(), secrets.material()).map(
      leakPlaceText,
    );
    summary = withLeakCheck(summary, { passed: findings.length === 0, secrets: secrets.all().length, findings });
    if (findings.length > 0) {
      // Every report says so first: summary.md's title and first line, junit.xml's headline and a run error.
      const headline = leakHeadline(summary.leakCheck!);
      summary = { ...summary, runErrors: [headline, ...summary.runErrors] };
      junit([`FAIL: ${headline}`, ...headlinesOf(incomplete)], [headline, ...runErrors]);
    }
    writeSummary();
    // The tables stay in summary.md; the terminal gets its title here and the closing lines at the end (certify()).
    const title = secrets.redact(summaryHeadMarkdown(summary)).split('\n')[0]!;
    say('');
    say(terminalText(title));
    return { summary, leaks: findings, outDir: args.out, incomplete, html: args.html, redact: (text) => secrets.redact(text) };
  } finally {
    await embedded?.server.close();
  }
}
