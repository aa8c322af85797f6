/**
 * One certification, as the command line (certify-command.ts), the API (api.ts) and the kill
 * matrix's warm processes (matrix-worker.ts) run it, in the order of its steps: plan (what the
 * arguments name, checked before anything starts), provision (the embedded server, or the target
 * named, and the run's secrets), preflight (one call: the target answers, the key works, its
 * latency), execute (the suites, run-suites.ts), judge (the summary), publish (summary.json,
 * summary.md, junit.xml, the Allure report) and the leak check of everything written.
 *
 * Secrets (5.2): one redactor holds every secret of the run (the given keys, the profile's, and
 * each key the target returns, which the workers hand over, report/run-redaction.ts); every record,
 * run error, report file and line printed passes it, and the output folder is then searched for all
 * of them (run/leak-check.ts). A key found fails the run and every report says so first.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { AreaId } from '../../schemas/areas.ts';
import { CAPABILITY_IDS } from '../../schemas/capabilities.ts';
import { isMutantId } from '../../reference/mutants.ts';
import { UsageError } from '../config/cli-errors.ts';
import type { CertifyArgs } from '../config/certify-flags.ts';
import { timeoutScale } from '../config/latency-scale.ts';
import { defaultProfile, loadProfile, type TargetProfile } from '../config/profile.ts';
import { areaOfSuiteFile, listSuiteFiles, SUITES_DIR, suiteFileAt } from '../config/project-paths.ts';
import { newRunId, type RunConfig } from '../config/run-config.ts';
import { resolveRoute, type TargetRoute } from '../config/target-route.ts';
import { chargesNotice, effectiveCapabilities } from '../kit/effective-capabilities.ts';
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';
import { generateAllureReport } from '../report/allure-report.ts';
import { compareWithBaseline, readBaseline, type BaselineSummary } from '../report/baseline.ts';
import { loadExpectedFailures, reconcile, type ExpectedFailure } from '../report/expected-failures.ts';
import { terminalText } from '../report/inert-text.ts';
import { writeJunitReport } from '../report/junit-report.ts';
import type { TestRecord } from '../report/result-collector.ts';
import { redactedCopy } from '../report/run-redaction.ts';
import type { RunMeans } from '../report/skip-remedies.ts';
import { buildSummary, IDENTITY_NOT_CHECKED, leakHeadline, withBaseline, withLeakCheck, type Summary } from '../report/summary.ts';
import { summaryHeadMarkdown, summaryMarkdown } from '../report/summary-markdown.ts';
import { startEmbeddedTarget, type EmbeddedTarget } from '../run/embedded-target.ts';
import { findLeakPlaces, leakPlaceText } from '../run/leak-check.ts';
import type { Unfinished } from '../run/run-deadline.ts';
import { INTERRUPT_GRACE_MS, runSuites } from '../run/run-suites.ts';
import { routeSecrets } from '../transport/target-route.ts';
import { preflight } from './preflight.ts';
import { pemLines, type RunSecrets, runSecrets } from '../run/run-secrets.ts';

/** What a certification produced; the command line and the programmatic API (api.ts) decide from it (run-ending.ts). */
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
  /**
   * Only these of the suite files --only names (relative to suites/: 'otp-v2/state-table.test.ts'):
   * the kill matrix's pointed runs (requirement-test-files.ts), which start no file without a test of
   * their requirement. No flag sets it: a person's run starts every file of its areas.
   */
  files?: readonly string[];
}

export async function runCertification(args: CertifyArgs, control: CertificationControl = {}): Promise<CertificationOutcome> {
  const say = control.say ?? ((): void => undefined);
  const plan = planRun(args, say, control.files);
  const embedded = await startEmbedded(args, plan);
  try {
    const target = provision(args, plan, embedded);
    const { credits, latencyMs } = await preflight(target.baseUrl, target.apiKey, target.profile.timeBudgets.requestSeconds * 1000, plan.route);
    // Interrupted before any test ran: nothing to tear down, nothing to report.
    if (control.interrupt?.aborted)
      throw new UsageError(`interrupted by ${String(control.interrupt.reason)} before any test ran: nothing was certified, nothing is left on the target`);
    prepareOutDir(args.out);
    const config = runConfigOf(args, plan, target, credits, latencyMs);
    announce(plan, target, config, latencyMs, say);
    const executed = await execute(args, plan, target, config, control.interrupt, say);
    // Every key the embedded server issued is a secret of the run, whether a worker reported it or not.
    for (const key of embedded?.server.issuedKeys() ?? []) target.secrets.learn(key);
    const reports = reportWriter(args, plan, executed);
    const published = await publish(args, reports, target.secrets, executed, judge(args, plan, target, config, executed));
    const { checked, findings } = checkLeaks(args, target.secrets, reports, published);
    // The tables stay in summary.md; the terminal gets its title here and the closing lines at the end (certify()).
    say('');
    say(terminalText(target.secrets.redact(summaryHeadMarkdown(checked)).split('\n')[0]!));
    const redact = (text: string): string => target.secrets.redact(text);
    return { summary: checked, leaks: findings, outDir: args.out, incomplete: executed.incomplete, html: args.html, redact };
  } finally {
    await embedded?.server.close();
  }
}

// ---- plan: what the arguments name, checked before anything starts --------------------------

interface RunPlan {
  files: string[];
  deadlineAtMs: number;
  givenProfile: TargetProfile;
  expected: ExpectedFailure[];
  baseline: BaselineSummary | undefined;
  /** The road to the target (a gateway's headers, a private authority, a client certificate, a proxy). */
  route: TargetRoute | undefined;
}

function planRun(args: CertifyArgs, say: (line: string) => void, only: readonly string[] | undefined): RunPlan {
  const deadlineAtMs = Date.now() + args.maxDuration * 1000;
  const inAreas = suiteFiles(args.only);
  const chosen = only === undefined ? inAreas : inAreas.filter((f) => only.includes(relative(SUITES_DIR, f).split(sep).join('/')));
  // A list that names none of the areas' files (a stale matrix) keeps them all: slower, the same verdict.
  const files = chosen.length === 0 ? inAreas : chosen;
  const givenProfile = args.profile ? loadProfile(args.profile, say) : defaultProfile();
  const expected = args.expectedFailures ? loadExpectedFailures(args.expectedFailures) : [];
  return { files, deadlineAtMs, givenProfile, expected, baseline: loadBaseline(args.baseline), route: resolveRoute(args, args.target, givenProfile.headers) };
}

/**
 * The suite files to run: an area's one file (suites/<area>.test.ts, .test.js once compiled) or every
 * file of its folder (suites/<area>/<part>.test.ts), filtered by --only.
 */
export function suiteFiles(only: readonly AreaId[] | undefined): string[] {
  const all = listSuiteFiles();
  const chosen = only ? all.filter((f) => only.some((area) => areaOfSuiteFile(f) === area)) : all;
  if (chosen.length === 0) throw new UsageError(only ? `--only ${only.join(',')}: no suite file for these areas in suites/` : 'no suite files in suites/');
  return chosen.map((f) => join(SUITES_DIR, f));
}

/** The baseline file, checked before anything starts: a bad one is a usage error (one line, exit 2). */
function loadBaseline(path: string | undefined): BaselineSummary | undefined {
  if (path === undefined) return undefined;
  try {
    return readBaseline(path);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

// ---- provision: the target, its keys and profile, the run's secrets ---------------------------

interface RunTarget {
  baseUrl: string;
  apiKey: string;
  managerKey: string | undefined;
  profile: TargetProfile;
  secrets: RunSecrets;
  embedded: boolean;
  /** How the reports name the target and the profile. */
  targetLabel: string;
  profileLabel: string;
}

/** Without --target, the embedded reference server; a profile given for it fixes its ambiguity options, else the personality decides. */
async function startEmbedded(args: CertifyArgs, plan: RunPlan): Promise<EmbeddedTarget | undefined> {
  if (args.target !== undefined) return undefined;
  return startEmbeddedTarget(args.profile ? plan.givenProfile.ambiguities : {}, {
    testClock: !args.realTime,
    personality: args.personality,
    ...(args.mutant !== undefined && isMutantId(args.mutant) ? { mutant: args.mutant } : {}),
  });
}

function provision(args: CertifyArgs, plan: RunPlan, embedded: EmbeddedTarget | undefined): RunTarget {
  const apiKey = embedded ? embedded.server.keys.account : args.apiKey!;
  const managerKey = embedded ? embedded.server.keys.manager : args.managerKey;
  const profile = embedded ? embedded.profile : plan.givenProfile;
  const clock = args.realTime ? 'real time' : 'test clock';
  return {
    baseUrl: embedded ? embedded.server.baseUrl : args.target!,
    apiKey,
    managerKey,
    profile,
    secrets: runSecrets([apiKey, managerKey, profile.keys?.restricted], routeSecrets(plan.route), pemLines(plan.route?.tls?.clientKey)),
    embedded: embedded !== undefined,
    targetLabel: embedded ? `embedded reference server (${args.personality} personality, ${clock})` : args.target!,
    profileLabel: args.profile ?? (embedded ? 'embedded reference profile' : 'default profile'),
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

function runConfigOf(args: CertifyArgs, plan: RunPlan, target: RunTarget, credits: number | undefined, latencyMs: number): RunConfig {
  return {
    baseUrl: target.baseUrl,
    apiKey: target.apiKey,
    ...(target.managerKey ? { managerKey: target.managerKey } : {}),
    embedded: target.embedded,
    profile: target.profile,
    allowCharges: target.embedded || args.allowCharges,
    ...(args.maxCredits !== undefined ? { maxCredits: args.maxCredits } : {}),
    startingCredits: credits,
    ...(args.webhookPublicUrl ? { webhookPublicUrl: args.webhookPublicUrl } : {}),
    runId: newRunId(),
    seed: args.seed,
    latencyMs,
    ...(args.requirements ? { onlyRequirements: args.requirements } : {}),
    outDir: args.out,
    ...(args.har !== undefined ? { harFile: args.har } : {}),
    ...(plan.route !== undefined ? { route: plan.route } : {}),
  };
}

/** The run's first lines: what is certified, how, and what 5.2 says of charges before any is made. */
function announce(plan: RunPlan, target: RunTarget, config: RunConfig, latencyMs: number, say: (line: string) => void): void {
  const scale = timeoutScale(latencyMs);
  const latency = scale > 1 ? `, timeouts ×${scale.toFixed(1)} for a latency of ${Math.round(latencyMs)} ms` : '';
  say(
    `certifying ${target.targetLabel} with ${plan.files.length} suite files, profile ${target.profileLabel}, run ${config.runId}, seed ${config.seed}${latency}`,
  );
  // 5.2: half of what charged sends need (the flag without numbers, numbers without the flag) is said before the run.
  if (plan.route?.tls?.insecure) say(`--insecure: ${IDENTITY_NOT_CHECKED}; every report says so first`);
  const charges = chargesNotice(config);
  if (charges !== undefined) say(charges);
}

// ---- execute: the suites -----------------------------------------------------------------------

interface Executed {
  /** What the workers sent, redacted as it arrived and once more with every secret the run learned. */
  records: TestRecord[];
  runErrors: string[];
  incomplete: string | undefined;
  startedAt: Date;
  seconds: number;
}

async function execute(
  args: CertifyArgs,
  plan: RunPlan,
  target: RunTarget,
  config: RunConfig,
  interrupt: AbortSignal | undefined,
  say: (line: string) => void,
): Promise<Executed> {
  const startedAt = new Date();
  const outcome = await runSuites({
    config,
    files: plan.files,
    outDir: args.out,
    // Allure's first screen names the coloured document beside it (text: its panel makes no links).
    environment: {
      target: target.targetLabel,
      profile: target.profileLabel,
      seed: String(config.seed),
      document: `../${SPEC_PAGE_FILE} (the document coloured by this run)`,
    },
    deadlineAtMs: plan.deadlineAtMs,
    secrets: target.secrets,
    ...(interrupt ? { interrupt } : {}),
    progress: say,
  });
  const seconds = (Date.now() - startedAt.getTime()) / 1000;
  const incomplete =
    outcome.unfinished === undefined
      ? undefined
      : outcome.interruptedBy !== undefined
        ? interruptionMessage(outcome.interruptedBy, outcome.unfinished)
        : deadlineMessage(args.maxDuration, outcome.unfinished);
  const runErrors = redactedCopy(outcome.runErrors, target.secrets.redact);
  // The reports say it too: a run error fails the summary and shows in junit.xml.
  if (incomplete !== undefined) runErrors.unshift(`certification incomplete: ${incomplete}`);
  return { records: redactedCopy(outcome.records, target.secrets.redact), runErrors, incomplete, startedAt, seconds };
}

/** What did not finish, in words: "3 tests did not finish, in 2 suite files: a.test.ts, otp-v2/waits.test.ts" (a folder's file with its area). */
function unfinishedText(unfinished: Unfinished): string {
  const names = unfinished.files.map((f) => (suiteFileAt(f) === undefined ? (f.split(/[\\/]/).pop() ?? f) : relative(SUITES_DIR, f).split(sep).join('/')));
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

// ---- judge: the summary ------------------------------------------------------------------------

function judge(args: CertifyArgs, plan: RunPlan, target: RunTarget, config: RunConfig, executed: Executed): Summary {
  const { profile } = target;
  // What the run had, so that no remedy of a skip asks for it again (report/skip-remedies.ts).
  const means: RunMeans = {
    managerKey: target.managerKey !== undefined,
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
    target: target.targetLabel,
    profile: target.profileLabel,
    startedAt: executed.startedAt.toISOString(),
    seconds: executed.seconds,
    records: executed.records,
    choices: profile.ambiguities,
    reconciliation: reconcile(executed.records, plan.expected),
    runErrors: executed.runErrors,
    strict: args.strict,
    seed: config.seed,
    ...(executed.incomplete !== undefined ? { incomplete: executed.incomplete } : {}),
    means,
    ...(args.minCoverage !== undefined ? { minCoverage: args.minCoverage } : {}),
  });
  if (plan.baseline !== undefined) summary = withBaseline(summary, compareWithBaseline(summary, plan.baseline), args.failOn);
  // --insecure: whatever answered may not be the target named; every report's first line says so.
  return plan.route?.tls?.insecure ? { ...summary, identityNotChecked: IDENTITY_NOT_CHECKED } : summary;
}

// ---- publish and the leak check ----------------------------------------------------------------

/**
 * Writes the reports from one summary: junit.xml with the run errors it lists, summary.json and
 * summary.md. Once per run; again when a later step changes what they must say (the Allure report
 * failed, the leak check's result, a key found).
 */
interface ReportWriter {
  junit(runErrors: readonly string[], leak?: string): void;
  summary(summary: Summary): void;
}

function reportWriter(args: CertifyArgs, plan: RunPlan, executed: Executed): ReportWriter {
  return {
    junit(runErrors, leak) {
      // junit.xml's first lines: a leaked key, an unchecked identity (--insecure), then an incomplete run.
      const headlines = [
        ...(leak !== undefined ? [`FAIL: ${leak}`] : []),
        ...(plan.route?.tls?.insecure ? [`NOTE: ${IDENTITY_NOT_CHECKED}`] : []),
        ...(executed.incomplete !== undefined ? [`INCOMPLETE: certification incomplete: ${executed.incomplete}`] : []),
      ];
      const { records, startedAt, seconds } = executed;
      writeJunitReport(join(args.out, 'junit.xml'), { suiteName: 'messaging-conformance', records, runErrors, startedAt, wallSeconds: seconds, headlines });
    },
    summary(summary) {
      writeFileSync(join(args.out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
      writeFileSync(join(args.out, 'summary.md'), summaryMarkdown(summary));
    },
  };
}

interface Published {
  summary: Summary;
  /** The run errors junit.xml lists. */
  junitErrors: readonly string[];
}

/** The reports, then the Allure report from them (it reads summary.json); its failure is a run error said in every report. */
async function publish(args: CertifyArgs, reports: ReportWriter, secrets: RunSecrets, executed: Executed, summary: Summary): Promise<Published> {
  reports.junit(executed.runErrors);
  reports.summary(summary);
  if (!args.html) return { summary, junitErrors: executed.runErrors };
  try {
    await generateAllureReport(args.out, summary);
    return { summary, junitErrors: executed.runErrors };
  } catch (error) {
    // The other reports stand: the page's absence is a fault of the run, said where the run's faults are.
    const line = `the Allure report was not generated: ${secrets.redact((error as Error).message)}`;
    const failed = { ...summary, runErrors: [...summary.runErrors, line], ok: false };
    const junitErrors = [...executed.runErrors, line];
    reports.junit(junitErrors);
    reports.summary(failed);
    return { summary: failed, junitErrors };
  }
}

/**
 * Every file of the output folder (and the HAR, wherever it was written), searched for every secret
 * of the run, decoded data included; the summary then says what the search found. A key found:
 * every report says so first (summary.md's title and first line, junit.xml's headline and a run error).
 */
function checkLeaks(args: CertifyArgs, secrets: RunSecrets, reports: ReportWriter, published: Published): { checked: Summary; findings: string[] } {
  const findings = findLeakPlaces(args.out, secrets.all(), args.har === undefined ? [] : [args.har], secrets.kitWords(), secrets.material()).map(leakPlaceText);
  let checked = withLeakCheck(published.summary, { passed: findings.length === 0, secrets: secrets.all().length, findings });
  if (findings.length > 0) {
    const headline = leakHeadline(checked.leakCheck!);
    checked = { ...checked, runErrors: [headline, ...checked.runErrors] };
    reports.junit([headline, ...published.junitErrors], headline);
  }
  reports.summary(checked);
  return { checked, findings };
}
