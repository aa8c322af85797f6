/**
 * `messaging-conformance certify`: certifies a target (the embedded reference server by default)
 * against the document, through the suites of suites/, and writes the reports.
 *
 * Exit codes: 0 every required check passed; 1 a check failed, a test broke (the kit could not
 * talk to the target: the run is not a pass), an expected failure passed, or a key leaked into the
 * reports; 2 a usage or configuration error or an unreachable target (one line, before any test
 * runs), a run cut short by its deadline, or a run that certified nothing (every test that ran
 * broke, or the setup of every file failed: summary.ts nothingCertified).
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
import { findLeaks } from '../run/leak-check.ts';
import { preflight } from './preflight.ts';
import { areaOfSuiteFile, SUITES_DIR, suiteFileName } from '../config/project-paths.ts';
import { defaultProfile, loadProfile, type TargetProfile } from '../config/profile.ts';
import { timeoutScale } from '../config/latency-scale.ts';
import { newRunId, type RunConfig } from '../config/run-config.ts';
import { DEFAULT_SEED, MAX_SEED } from '../config/run-seed.ts';
import type { Unfinished } from '../run/run-deadline.ts';
import { runSuites } from '../run/run-suites.ts';
import { buildSummary, nothingCertified, summaryHeadMarkdown, summaryMarkdown, type Summary } from '../report/summary.ts';

export const CERTIFY_USAGE = `usage: messaging-conformance certify [--target URL] [--api-key KEY] [--manager-key KEY]
    [--profile FILE] [--out DIR] [--only AREA[,AREA...]] [--webhook-public-url URL]
    [--allow-charges] [--max-credits N] [--expected-failures FILE] [--real-time] [--no-html]
    [--requirements ID[,ID...]] [--mutant ID] [--personality default|alternate] [--strict]
    [--max-duration SECONDS] [--seed N]
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
  };
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

/** What the passing of the run's deadline left undone, in one line. */
function deadlineMessage(maxDurationSeconds: number, unfinished: Unfinished): string {
  const names = unfinished.files.map((f) => f.split(/[\\/]/).pop() ?? f);
  const what = names.length === 0 ? 'every test had ended' : `${unfinished.tests} tests did not finish, in ${names.length} suite files: ${names.join(', ')}`;
  return `the run deadline of ${maxDurationSeconds} s (--max-duration) passed; ${what}`;
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
  /** The report files in which an API key was found (none, unless redaction failed). */
  leaks: string[];
  outDir: string;
  /** Set when the run's deadline passed: one line saying what did not finish (the CLI exits 2). */
  incomplete: string | undefined;
}

/** A run from the command line (cli.ts answers --help itself): the exit code (1 on a failed summary or a leaked key). */
export async function certify(argv: string[]): Promise<number> {
  const { summary, leaks, incomplete } = await runCertification(parseCertifyArgs(argv));
  if (leaks.length > 0) {
    process.stderr.write(`messaging-conformance: an API key was found in the reports: ${leaks.join(', ')}\n`);
    return 1;
  }
  // Issue 19: a run cut short by its deadline certifies nothing: exit 2, like a target that cannot be
  // reached. The abandoned tests may still hold workers, and vitest sets the exit code when they
  // end: the process ends now, once its output is written.
  if (incomplete !== undefined) {
    process.stderr.write(`messaging-conformance: certification incomplete: ${incomplete}\n`);
    await new Promise<void>((resolve) => process.stdout.write('', () => process.stderr.write('', () => resolve())));
    process.exit(2);
  }
  // No test reached a verdict and some broke (or every file's setup failed): like an unreachable
  // target, there is nothing to read, and a pipeline must not take it for a failed certification.
  if (nothingCertified(summary)) {
    process.stderr.write(`messaging-conformance: nothing certified: ${summary.totals.broken} tests broken (the kit could not talk to the target), ${summary.runErrors.length} run errors, no verdict\n`);
    return 2;
  }
  return summary.ok ? 0 : 1;
}

/** One certification with checked arguments: runs the suites, writes the reports, prints the summary head. */
export async function runCertification(args: CertifyArgs): Promise<CertificationOutcome> {
  const deadlineAtMs = Date.now() + args.maxDurationSeconds * 1000;
  const files = suiteFiles(args.only);
  const givenProfile: TargetProfile = args.profilePath ? loadProfile(args.profilePath, (line) => process.stdout.write(`${line}\n`)) : defaultProfile();
  const expected: ExpectedFailure[] = args.expectedFailuresPath ? loadExpectedFailures(args.expectedFailuresPath) : [];

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
    const { credits, latencyMs } = await preflight(baseUrl, apiKey, profile.timeBudgets.requestSeconds * 1000);
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
    const outcome = await runSuites({ config, files, outDir: args.outDir, environment: { target: targetLabel, profile: profileLabel, seed: String(config.seed) }, deadlineAtMs });
    const seconds = (Date.now() - startedAt.getTime()) / 1000;
    const incomplete = outcome.unfinished === undefined ? undefined : deadlineMessage(args.maxDurationSeconds, outcome.unfinished);
    // The reports say it too: a run error fails the summary and shows in junit.xml.
    if (incomplete !== undefined) outcome.runErrors.push(`certification incomplete: ${incomplete}`);
    writeJunitReport(join(args.outDir, 'junit.xml'), { suiteName: 'messaging-conformance', records: outcome.records, runErrors: outcome.runErrors, startedAt, wallSeconds: seconds });

    const reconciliation = reconcile(outcome.records, expected);
    const summary = buildSummary({
      target: targetLabel,
      profile: profileLabel,
      startedAt: startedAt.toISOString(),
      seconds,
      records: outcome.records,
      choices: profile.ambiguities,
      reconciliation,
      runErrors: outcome.runErrors,
      strict: args.strict,
      seed: config.seed,
    });
    writeFileSync(join(args.outDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    writeFileSync(join(args.outDir, 'summary.md'), summaryMarkdown(summary));
    if (args.html) await generateAllureReport(args.outDir);

    const secrets = [apiKey, managerKey, profile.keys?.restricted, ...(embedded ? embedded.server.issuedKeys() : [])].filter(
      (s): s is string => s !== undefined,
    );
    const leaks = findLeaks(args.outDir, secrets);
    process.stdout.write(`\n${summaryHeadMarkdown(summary)}\n\nreports: ${args.outDir} (summary.md, summary.json, junit.xml${args.html ? ', allure-report/index.html' : ''})\n`);
    return { summary, leaks, outDir: args.outDir, incomplete };
  } finally {
    await embedded?.server.close();
  }
}
