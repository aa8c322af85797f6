/**
 * `messaging-conformance certify`: certifies a target (the embedded reference server by default)
 * against the document, through the suites of suites/, and writes the reports.
 *
 * Exit codes: 0 every required check passed (with --fail-on regression: nothing failed or broke
 * that had not in the --baseline run); 1 a check failed, a test broke (the kit could not
 * talk to the target: the run is not a pass), an expected failure passed, or a key leaked into the
 * reports; 2 a usage or configuration error or an unreachable target (one line, before any test
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
import { join, resolve } from 'node:path';
import { AREAS, type AreaId } from '../../schemas/areas.ts';
import { PERSONALITIES, type Personality } from '../../schemas/latitudes.ts';
import { isRequirementId } from '../../schemas/requirements.ts';
import { generateAllureReport } from '../report/allure-report.ts';
import { UsageError } from '../config/cli-errors.ts';
import { httpUrlFlag, parseFlags } from '../config/cli-flags.ts';
import { startEmbeddedTarget } from '../run/embedded-target.ts';
import { isMutantId, type MutantId } from '../../reference/mutants.ts';
import { loadExpectedFailures, reconcile, type ExpectedFailure } from '../report/expected-failures.ts';
import { writeJunitReport } from '../report/junit-report.ts';
import { findLeakPlaces, leakPlaceText, MIN_SEARCHED_LENGTH } from '../run/leak-check.ts';
import { terminalText } from '../report/inert-text.ts';
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';
import { redactedCopy, type RunSecrets } from '../report/run-redaction.ts';
import { createRedactor } from '../transport/redaction.ts';
import { preflight } from './preflight.ts';
import { areaOfSuiteFile, SUITES_DIR, suiteFileName } from '../config/project-paths.ts';
import { defaultProfile, loadProfile, type TargetProfile } from '../config/profile.ts';
import { timeoutScale } from '../config/latency-scale.ts';
import { newRunId, type RunConfig } from '../config/run-config.ts';
import { DEFAULT_SEED, MAX_SEED } from '../config/run-seed.ts';
import type { Unfinished } from '../run/run-deadline.ts';
import { INTERRUPT_GRACE_MS, runSuites } from '../run/run-suites.ts';
import { compareWithBaseline, readBaseline, type BaselineSummary } from '../report/baseline.ts';
import { buildSummary, FAIL_ON, gatePasses, leakHeadline, nothingCertified, summaryHeadMarkdown, summaryMarkdown, withBaseline, withLeakCheck, type FailOn, type Summary } from '../report/summary.ts';

export const CERTIFY_USAGE = `usage: messaging-conformance certify [--target URL] [--api-key KEY] [--manager-key KEY]
    [--profile FILE] [--out DIR] [--only AREA[,AREA...]] [--webhook-public-url URL]
    [--allow-charges] [--max-credits N] [--expected-failures FILE] [--real-time] [--no-html]
    [--requirements ID[,ID...]] [--mutant ID] [--personality default|alternate] [--strict]
    [--max-duration SECONDS] [--seed N] [--baseline OLD/summary.json] [--fail-on failure|regression]
  environment: MC_TARGET, MC_API_KEY, MC_MANAGER_KEY, MC_PROFILE`;


export interface CertifyArgs {
  target: string | undefined;
  apiKey: string | undefined;
  managerKey: string | undefined;
  profilePath: string | undefined;
  outDir: string;
  only: AreaId[] | undefined;
  webhookPublicUrl: string | undefined;
  allowCharges: boolean;
  maxCredits: number | undefined;
  expectedFailuresPath: string | undefined;
  /** The embedded server without its test clock: every wait is real (issue: both modes must pass). */
  realTime: boolean;
  /** A fault of reference/mutants.ts injected into the embedded server (npm run mutants). */
  mutant: MutantId | undefined;
  html: boolean;
  /** Only the tests naming one of these requirement ids (re-checking one requirement, the kill matrix). */
  requirements: string[] | undefined;
  /** The embedded server's personality (schemas/latitudes.ts). */
  personality: Personality;
  /** Warnings fail the run too (exit 1). */
  strict: boolean;
  /** The run's deadline (issue 19): past it the run is cancelled and reported incomplete (exit 2). */
  maxDurationSeconds: number;
  /** The seed of every random choice that decides what is asserted (issue 14, run-seed.ts). */
  seed: number;
  /** summary.json of an earlier run to compare this one with (baseline.ts). */
  baselinePath: string | undefined;
  /** What fails the gate: any failure, or only one the baseline did not have (summary.ts gatePasses). */
  failOn: FailOn;
}

/** --max-duration's default: a full certification of the embedded server takes well under a minute, a remote one a few. */
export const DEFAULT_MAX_DURATION_SECONDS = 20 * 60;

export function parseCertifyArgs(args: string[], env: NodeJS.ProcessEnv = process.env): CertifyArgs {
  const values = parseFlags(
    args,
    {
      target: { type: 'string' },
      'api-key': { type: 'string' },
      'manager-key': { type: 'string' },
      profile: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      'webhook-public-url': { type: 'string' },
      'allow-charges': { type: 'boolean' },
      'max-credits': { type: 'string' },
      'expected-failures': { type: 'string' },
      'real-time': { type: 'boolean' },
      'no-html': { type: 'boolean' },
      requirements: { type: 'string' },
      mutant: { type: 'string' },
      personality: { type: 'string' },
      strict: { type: 'boolean' },
      'max-duration': { type: 'string' },
      seed: { type: 'string' },
      baseline: { type: 'string' },
      'fail-on': { type: 'string' },
    },
    'usage: messaging-conformance certify --help',
  );
  // An empty variable counts as unset (CI templates often export empty secrets).
  const fromEnv = (name: string): string | undefined => env[name] || undefined;
  const target = values.target ?? fromEnv('MC_TARGET');
  const apiKey = values['api-key'] ?? fromEnv('MC_API_KEY');
  const managerKey = values['manager-key'] ?? fromEnv('MC_MANAGER_KEY');
  if (target !== undefined && !apiKey) throw new UsageError('--target needs --api-key (or MC_API_KEY)');
  if (target === undefined && (apiKey || managerKey)) throw new UsageError('--api-key and --manager-key need --target (without it the embedded server is certified with its own keys)');
  if (target !== undefined && values.mutant !== undefined) throw new UsageError('--mutant applies to the embedded server only');
  if (values.mutant !== undefined && !isMutantId(values.mutant)) throw new UsageError(`--mutant: unknown mutant "${values.mutant}" (see reference/mutants.ts)`);
  if (values.personality !== undefined && !isPersonality(values.personality))
    throw new UsageError(`--personality takes ${PERSONALITIES.join(' or ')}, got "${values.personality}"`);
  if (target !== undefined && values.personality !== undefined) throw new UsageError('--personality applies to the embedded server only');
  if (target !== undefined && values['real-time']) throw new UsageError('--real-time applies to the embedded server only (a target\'s clock is declared in its profile)');

  let only: AreaId[] | undefined;
  if (values.only !== undefined) {
    const ids = values.only.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = ids.filter((id) => !AREAS.some((a) => a.id === id));
    if (ids.length === 0 || unknown.length > 0) throw new UsageError(`--only: unknown area ${unknown.join(', ') || '(none given)'} (areas: ${AREAS.map((a) => a.id).join(', ')})`);
    only = ids as AreaId[];
  }
  let maxCredits: number | undefined;
  if (values['max-credits'] !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(values['max-credits'])) throw new UsageError(`--max-credits takes a number of credits, got "${values['max-credits']}"`);
    maxCredits = Number(values['max-credits']);
  }
  let maxDurationSeconds = DEFAULT_MAX_DURATION_SECONDS;
  if (values['max-duration'] !== undefined) {
    if (!/^\d+(\.\d+)?$/.test(values['max-duration']) || Number(values['max-duration']) <= 0)
      throw new UsageError(`--max-duration takes a number of seconds greater than 0, got "${values['max-duration']}"`);
    maxDurationSeconds = Number(values['max-duration']);
  }
  let seed = DEFAULT_SEED;
  if (values.seed !== undefined) {
    if (!/^\d+$/.test(values.seed) || Number(values.seed) > MAX_SEED) throw new UsageError(`--seed takes a whole number from 0 to ${MAX_SEED}, got "${values.seed}"`);
    seed = Number(values.seed);
  }
  const failOn = values['fail-on'] ?? 'failure';
  if (!isFailOn(failOn)) throw new UsageError(`--fail-on takes ${FAIL_ON.join(' or ')}, got "${failOn}"`);
  if (failOn === 'regression' && values.baseline === undefined) throw new UsageError('--fail-on regression needs --baseline (the earlier summary.json whose failures are known)');
  return {
    target: target === undefined ? undefined : httpUrlFlag('--target', target),
    apiKey,
    managerKey,
    profilePath: values.profile ?? fromEnv('MC_PROFILE'),
    outDir: resolve(values.out ?? 'reports'),
    only,
    webhookPublicUrl: values['webhook-public-url'] === undefined ? undefined : httpUrlFlag('--webhook-public-url', values['webhook-public-url']),
    allowCharges: values['allow-charges'] ?? false,
    maxCredits,
    expectedFailuresPath: values['expected-failures'],
    realTime: values['real-time'] ?? false,
    html: !(values['no-html'] ?? false),
    requirements: requirementList(values.requirements),
    mutant: values.mutant !== undefined && isMutantId(values.mutant) ? values.mutant : undefined,
    personality: values.personality !== undefined && isPersonality(values.personality) ? values.personality : 'default',
    strict: values.strict ?? false,
    maxDurationSeconds,
    seed,
    baselinePath: values.baseline === undefined ? undefined : resolve(values.baseline),
    failOn,
  };
}

const isFailOn = (text: string): text is FailOn => (FAIL_ON as readonly string[]).includes(text);

/** The baseline file, checked before anything starts: a bad one is a usage error (one line, exit 2). */
function loadBaseline(path: string | undefined): BaselineSummary | undefined {
  if (path === undefined) return undefined;
  try {
    return readBaseline(path);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

const isPersonality = (text: string): text is Personality => (PERSONALITIES as readonly string[]).includes(text);

function requirementList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = ids.filter((id) => !isRequirementId(id));
  if (ids.length === 0 || unknown.length > 0) throw new UsageError(`--requirements: unknown requirement id ${unknown.join(', ') || '(none given)'} (see schemas/requirements.ts)`);
  return ids;
}

/** The suite files to run: one per area (suites/<area>.test.ts, .test.js once compiled), filtered by --only. */
export function suiteFiles(only: readonly AreaId[] | undefined): string[] {
  const all = existsSync(SUITES_DIR) ? readdirSync(SUITES_DIR).filter((f) => areaOfSuiteFile(f) !== undefined).sort() : [];
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

/** The secrets of one run: the redactor that cleans its reports, and the list the leak check searches for. */
interface CertifySecrets extends RunSecrets {
  all(): string[];
}

function runSecrets(given: readonly (string | undefined)[]): CertifySecrets {
  const list = new Set(given.filter((s): s is string => s !== undefined && s !== ''));
  const redactor = createRedactor([...list]);
  return {
    redact: (text) => redactor.redact(text),
    learn: (secret) => {
      if (secret.length < MIN_SEARCHED_LENGTH || list.has(secret)) return;
      list.add(secret);
      redactor.learn(secret);
    },
    get size() {
      return list.size;
    },
    all: () => [...list],
  };
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
}

/** A run from the command line (cli.ts answers --help itself): the exit code (1 on a failed summary or a leaked key). */
export async function certify(argv: string[]): Promise<number> {
  const args = parseCertifyArgs(argv);
  const interruption = new AbortController();
  const giveBack = takeSignals(interruption, (signal) =>
    process.stdout.write(`\n${signal}: no test starts any more; the tests in flight get up to ${INTERRUPT_GRACE_MS / 1000} s, then the teardowns and the partial reports (${signal} again ends at once)\n`),
  );
  let outcome: CertificationOutcome;
  try {
    outcome = await runCertification(args, { interrupt: interruption.signal });
  } finally {
    // A second signal while the last lines are written still ends the process at once.
    if (!interruption.signal.aborted) giveBack();
  }
  const { summary, leaks, incomplete } = outcome;
  // A run cut short (its deadline passed, or it was interrupted) may have abandoned tests that still
  // hold workers, and vitest sets the exit code when they end: such a process ends now, once its
  // output is written. The last lines a person reads are the verdict, the counts, the exit code and
  // where the reports are.
  const end = async (code: number): Promise<number> => {
    process.stdout.write(`\n${closingLines(outcome, code)}\n`);
    if (incomplete === undefined) return code;
    await new Promise<void>((resolve) => process.stdout.write('', () => process.stderr.write('', () => resolve())));
    return process.exit(code);
  };
  // A key in the reports comes first (exit 1): whatever else the run did, they must not be shared.
  if (leaks.length > 0) {
    process.stderr.write(`messaging-conformance: a key of the run was found in the reports (they must not be shared): ${terminalText(leaks.slice(0, 5).join('; '))}${leaks.length > 5 ? `; and ${leaks.length - 5} more (summary.json leakCheck)` : ''}\n`);
    return end(1);
  }
  // A run cut short certifies nothing: exit 2, like a target that cannot be reached.
  if (incomplete !== undefined) {
    process.stderr.write(`messaging-conformance: certification incomplete: ${incomplete}\n`);
    return end(2);
  }
  // No test reached a verdict and some broke (or every file's setup failed): like an unreachable
  // target, there is nothing to read, and a pipeline must not take it for a failed certification.
  if (nothingCertified(summary)) {
    process.stderr.write(`messaging-conformance: nothing certified: ${summary.totals.broken} tests broken (the kit could not talk to the target), ${summary.runErrors.length} run errors, no verdict\n`);
    return end(2);
  }
  // --fail-on regression: only what the baseline did not have fails (summary.ts gatePasses).
  return end(gatePasses(summary) ? 0 : 1);
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

/** The run's closing lines in the terminal: what failed first, verdict and exit code, the tests per status, the reports. */
export function closingLines(outcome: Pick<CertificationOutcome, 'summary' | 'outDir' | 'incomplete' | 'html' | 'redact'>, code: number): string {
  const t = outcome.summary.totals;
  const verdict = outcome.incomplete !== undefined ? 'INCOMPLETE' : code === 0 ? 'PASS' : code === 2 ? 'NOTHING CERTIFIED' : 'FAIL';
  const reports = ['summary.md', 'summary.json', 'junit.xml', ...(outcome.html ? ['allure-report/index.html', SPEC_PAGE_FILE] : [])];
  return [
    ...troubleLines(outcome.summary, outcome.redact),
    `verdict: ${verdict} (exit ${code})`,
    `tests: ${t.passed} passed, ${t.failed} failed, ${t.broken} broken, ${t.inconclusive} inconclusive, ${t.skipped} skipped (${t.notTestable} not testable), ${t.knownDeviations} known deviations; ${t.warnings} with warnings`,
    `reports: ${outcome.outDir} (${reports.join(', ')}; the tables are in summary.md)`,
  ].join('\n');
}

/** One certification with checked arguments: runs the suites, writes the reports, prints the summary head. */
export async function runCertification(args: CertifyArgs, control: CertificationControl = {}): Promise<CertificationOutcome> {
  const deadlineAtMs = Date.now() + args.maxDurationSeconds * 1000;
  const files = suiteFiles(args.only);
  const givenProfile: TargetProfile = args.profilePath ? loadProfile(args.profilePath, (line) => process.stdout.write(`${line}\n`)) : defaultProfile();
  const expected: ExpectedFailure[] = args.expectedFailuresPath ? loadExpectedFailures(args.expectedFailuresPath) : [];
  const baseline = loadBaseline(args.baselinePath);

  // A profile given for the embedded server fixes its ambiguity options; without one the personality decides.
  const embedded =
    args.target === undefined
      ? await startEmbeddedTarget(args.profilePath ? givenProfile.ambiguities : {}, { testClock: !args.realTime, personality: args.personality, ...(args.mutant ? { mutant: args.mutant } : {}) })
      : undefined;
  try {
    const baseUrl = embedded ? embedded.server.baseUrl : args.target!;
    const apiKey = embedded ? embedded.server.keys.account : args.apiKey!;
    const managerKey = embedded ? embedded.server.keys.manager : args.managerKey;
    const profile = embedded ? embedded.profile : givenProfile;
    const secrets = runSecrets([apiKey, managerKey, profile.keys?.restricted]);
    const { credits, latencyMs } = await preflight(baseUrl, apiKey, profile.timeBudgets.requestSeconds * 1000);
    // Interrupted before any test ran: nothing to tear down, nothing to report.
    if (control.interrupt?.aborted) throw new UsageError(`interrupted by ${String(control.interrupt.reason)} before any test ran: nothing was certified, nothing is left on the target`);
    prepareOutDir(args.outDir);

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
      outDir: args.outDir,
    };
    const targetLabel = embedded ? `embedded reference server (${args.personality} personality, ${args.realTime ? 'real time' : 'test clock'})` : baseUrl;
    const profileLabel = args.profilePath ?? (embedded ? 'embedded reference profile' : 'default profile');
    process.stdout.write(`certifying ${targetLabel} with ${files.length} suite files, profile ${profileLabel}, run ${config.runId}, seed ${config.seed}${latencyNote(latencyMs)}\n`);

    const startedAt = new Date();
    const outcome = await runSuites({
      config,
      files,
      outDir: args.outDir,
      // Allure's first screen names the coloured document beside it (text: its panel makes no links).
      environment: { target: targetLabel, profile: profileLabel, seed: String(config.seed), document: `../${SPEC_PAGE_FILE} (the document coloured by this run)` },
      deadlineAtMs,
      secrets,
      ...(control.interrupt ? { interrupt: control.interrupt } : {}),
    });
    const seconds = (Date.now() - startedAt.getTime()) / 1000;
    // Every key the embedded server issued is a secret of the run, whether a worker reported it or not.
    for (const key of embedded?.server.issuedKeys() ?? []) secrets.learn(key);
    const incomplete =
      outcome.unfinished === undefined ? undefined : outcome.interruptedBy !== undefined ? interruptionMessage(outcome.interruptedBy, outcome.unfinished) : deadlineMessage(args.maxDurationSeconds, outcome.unfinished);
    // What the workers sent was redacted as it arrived; once more with every secret the run learned.
    const records = redactedCopy(outcome.records, secrets.redact);
    const runErrors = redactedCopy(outcome.runErrors, secrets.redact);
    // The reports say it too: a run error fails the summary and shows in junit.xml.
    if (incomplete !== undefined) runErrors.unshift(`certification incomplete: ${incomplete}`);
    const junit = (headlines: string[], errors: readonly string[]) =>
      writeJunitReport(join(args.outDir, 'junit.xml'), { suiteName: 'messaging-conformance', records, runErrors: errors, startedAt, wallSeconds: seconds, headlines });
    junit(incomplete !== undefined ? [`INCOMPLETE: certification incomplete: ${incomplete}`] : [], runErrors);

    const reconciliation = reconcile(records, expected);
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
    });
    if (baseline !== undefined) summary = withBaseline(summary, compareWithBaseline(summary, baseline), args.failOn);
    const writeSummary = () => {
      writeFileSync(join(args.outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
      writeFileSync(join(args.outDir, 'summary.md'), summaryMarkdown(summary));
    };
    writeSummary();
    if (args.html) {
      try {
        await generateAllureReport(args.outDir, summary);
      } catch (error) {
        // The other reports stand: the page's absence is a fault of the run, said where the run's faults are.
        const line = `the Allure report was not generated: ${secrets.redact((error as Error).message)}`;
        runErrors.push(line);
        summary = { ...summary, runErrors: [...summary.runErrors, line], ok: false };
        junit(incomplete !== undefined ? [`INCOMPLETE: certification incomplete: ${incomplete}`] : [], runErrors);
        writeSummary();
      }
    }

    // Every file of the output folder, searched for every secret of the run, decoded data included.
    const findings = findLeakPlaces(args.outDir, secrets.all()).map(leakPlaceText);
    summary = withLeakCheck(summary, { passed: findings.length === 0, secrets: secrets.all().length, findings });
    if (findings.length > 0) {
      // Every report says so first: summary.md's title and first line, junit.xml's headline and a run error.
      const headline = leakHeadline(summary.leakCheck!);
      summary = { ...summary, runErrors: [headline, ...summary.runErrors] };
      junit([`FAIL: ${headline}`, ...(incomplete !== undefined ? [`INCOMPLETE: certification incomplete: ${incomplete}`] : [])], [headline, ...runErrors]);
    }
    writeSummary();
    // The tables stay in summary.md; the terminal gets its title here and the closing lines at the end (certify()).
    const title = secrets.redact(summaryHeadMarkdown(summary)).split('\n')[0]!;
    process.stdout.write(`\n${terminalText(title)}\n`);
    return { summary, leaks: findings, outDir: args.outDir, incomplete, html: args.html, redact: (text) => secrets.redact(text) };
  } finally {
    await embedded?.server.close();
  }
}
