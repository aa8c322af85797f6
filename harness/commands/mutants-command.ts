/**
 * `npm run mutants`: the kill matrix. Certifies the embedded reference server once
 * without a fault (the baseline, which must pass, or the matrix means nothing), then once per
 * mutant of reference/mutants.ts (`certify --mutant ID`), in parallel, and writes
 * reports/mutants.json and a table: each mutant, killed or survived, and the tests that caught it.
 * Exit 1 on a failed baseline or any surviving mutant; 2 on a usage error.
 *
 * Why here (harness/) and not test/: it drives the certify command as a black box (one child
 * process per run, exactly what a user runs), it is a gate of its own rather than a unit test, and
 * at minutes per matrix it must stay out of `npm test`'s vitest run of test/.
 *
 * Speed: every run uses the embedded server's test clock (certify's default). A mutant is
 * certified in up to four runs, cheapest first, stopping at the first that kills it: the tests of
 * its requirement's area (suites/<area>.test.ts, or every file of suites/<area>/) that name its
 * requirement, then the tests naming it in the other areas' suite files that name it (a requirement
 * proven away from its area), then its area's whole files, then the whole suite; so a survivor is always a survivor of the full
 * suite. `--full` certifies every mutant with the whole suite only (the complete killedBy lists);
 * `--areas` certifies it once, with those areas' suite files only.
 * Runs go in parallel, about one per core but one (`--concurrency N` overrides), both
 * personalities in one queue, the areas whose tests wait first. Each run is a certify command line
 * handed to a warm matrix process (matrix-worker.ts): the same flags, reports and exit code as the
 * command, without loading node, tsx and the harness again for a run of a few tests; each run
 * still starts its own embedded server and vitest. `--fresh-processes` starts a command per run.
 *
 * Personalities: the matrix runs once per personality of the reference server
 * (`--personality default|alternate|both`, default both), so that no mutant is killed only by a
 * reading that one personality happens to share with the suite. A mutant of a stated rule
 * (requirement level fail, schemas/quotes.ts) is killed only by a failed check: a warning does not
 * fail a run, so no such mutant is left to a warn-level check. A mutant of a reading (level warn or
 * record) is also killed by a warning its baseline did not have.
 *
 * Broken tests (harness/report/test-status.ts: the kit could not talk to the server) kill nothing:
 * they say nothing about the mutant's rule. A run that failed only by them leaves its mutant alive
 * unless something else caught it, and its broken tests are reported beside the verdict.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMutantId, MUTANTS, type MutantDefinition, type MutantId } from '../../reference/mutants.ts';
import { personalityChoices } from '../../reference/personality.ts';
import { PERSONALITIES, type Personality } from '../../schemas/latitudes.ts';
import { requirementById } from '../../schemas/requirements.ts';
import { WARNING_KILLS_MUTANT } from '../../schemas/verdict-levels.ts';
import type { Summary } from '../report/summary.ts';
import { exitOnFailure } from './cli-failure.ts';
import { parseArgv } from '../config/flag-table.ts';
import { MUTANTS_FLAGS } from '../config/mutants-flags.ts';
import { commandHelpText } from './cli-help.ts';
import { testFilesOf } from './requirement-test-files.ts';
import { MatrixWorkerPool, type PooledRun } from './matrix-worker-pool.ts';
import { scheduleWeight } from '../run/suite-schedule.ts';
import { areaOfSuiteFile, listSuiteFiles, PROJECT_ROOT, SUITES_DIR } from '../config/project-paths.ts';

const CLI = join(PROJECT_ROOT, 'harness', 'cli.ts');

export interface MutantsArgs {
  ids: MutantId[];
  concurrency: number;
  /** Where mutants.json goes; each run's reports go to <out>/mutants/<id>. */
  outDir: string;
  full: boolean;
  timeoutSeconds: number;
  /**
   * Only these suite files, for the baseline and every mutant (while a suite is being written:
   * "do this area's mutants die?"). Without --only, the mutants whose requirement is of these areas.
   */
  areas: string[] | undefined;
  /** The reference personalities the matrix runs under (both by default). */
  personalities: Personality[];
  /** Each run a certify command of its own (as a user runs it) instead of a run in a warm matrix process. */
  freshProcesses: boolean;
}

/** The matrix's flags (config/mutants-flags.ts holds each, with its check and help). */
export function parseMutantsArgs(argv: readonly string[]): MutantsArgs {
  const flags = parseArgv(MUTANTS_FLAGS, argv, {}, { mutant: isMutantId });
  const areas = flags.areas;
  const ids = flags.only ?? MUTANTS.filter((m) => !areas || (areas as readonly string[]).includes(m.area)).map((m) => m.id);
  return {
    ids: ids.filter(isMutantId),
    personalities: flags.personality === 'both' ? [...PERSONALITIES] : [flags.personality],
    concurrency: flags.concurrency,
    outDir: flags.out,
    full: flags.full,
    freshProcesses: flags.freshProcesses,
    timeoutSeconds: flags.timeout,
    areas,
  };
}

// ---------------------------------------------------------------------------------------------
// One certify run.
// ---------------------------------------------------------------------------------------------

export interface RunOutcome {
  /** certify's exit code; null when it was stopped (timeout). */
  exitCode: number | null;
  timedOut: boolean;
  seconds: number;
  /** summary.json's verdict, when the run wrote one. */
  ok: boolean | undefined;
  failedTests: string[];
  /** summary.json's broken tests (transport trouble: no verdict); absent or empty when none. */
  brokenTests?: string[];
  runErrors: string[];
  /** Requirements the summary gives status warning (readings and SHOULDs that did not hold). */
  warnedRequirements: string[];
  /** First line of stderr, for runs that ended before any test (exit 2). */
  stderr: string;
}

/** What the matrix reads of a run's summary.json (harness/report/summary.ts); any of it may be missing from a run cut short. */
export type SummaryResults = Partial<Pick<Summary, 'ok' | 'failedTests' | 'brokenTests' | 'runErrors' | 'requirements'>>;

const texts = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * A run's results from its summary (undefined: the run wrote none). The failed tests are the
 * summary's (those no expected failure covers; the matrix passes none): the same tests junit.xml
 * marks failed, named without their suite file.
 */
export function resultsOfSummary(
  summary: SummaryResults | undefined,
): Pick<RunOutcome, 'ok' | 'failedTests' | 'brokenTests' | 'runErrors' | 'warnedRequirements'> {
  if (summary === undefined) return { ok: undefined, failedTests: [], brokenTests: [], runErrors: [], warnedRequirements: [] };
  return {
    ok: summary.ok === true,
    failedTests: texts(summary.failedTests),
    brokenTests: texts(summary.brokenTests),
    runErrors: texts(summary.runErrors),
    warnedRequirements: (summary.requirements ?? []).filter((r) => r.status === 'warning').map((r) => r.id),
  };
}

function readReports(outDir: string): ReturnType<typeof resultsOfSummary> {
  const summaryPath = join(outDir, 'summary.json');
  return resultsOfSummary(existsSync(summaryPath) ? (JSON.parse(readFileSync(summaryPath, 'utf8')) as SummaryResults) : undefined);
}

/**
 * How a certify command line is run: in a warm matrix process (matrix-worker-pool.ts), narrowed to
 * `files` when given (requirement-test-files.ts), or afresh as a user runs it (--fresh-processes).
 */
export type Certifier = (argv: readonly string[], timeoutSeconds: number, files?: readonly string[]) => Promise<PooledRun>;

/**
 * `certify ARGV` as a command of its own: node, tsx and the whole harness loaded for this one run.
 * No flag narrows a command line to some files of an area, so it runs them all (the same verdict).
 */
export const freshProcess: Certifier = async (argv, timeoutSeconds) => {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'certify', ...argv], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let log = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
    stderr += chunk.toString();
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutSeconds * 1000);
  const exitCode = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  clearTimeout(timer);
  const firstError = stderr.split('\n').find((l) => l.trim() !== '' && !l.startsWith('npm warn')) ?? '';
  return { exitCode, timedOut, log, stderr: firstError };
};

/** `certify --no-html --out DIR [extra...]` through `certifier`; its output goes to DIR/certify.log. */
export async function runCertify(
  outDir: string,
  extra: readonly string[],
  timeoutSeconds: number,
  certifier: Certifier,
  files?: readonly string[],
): Promise<RunOutcome> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const run = await certifier(['--no-html', '--out', outDir, ...extra], timeoutSeconds, files);
  writeFileSync(join(outDir, 'certify.log'), run.log);
  return { exitCode: run.exitCode, timedOut: run.timedOut, seconds: (Date.now() - started) / 1000, stderr: run.stderr, ...readReports(outDir) };
}

// ---------------------------------------------------------------------------------------------
// The matrix.
// ---------------------------------------------------------------------------------------------

export interface MutantResult {
  id: MutantId;
  section: string;
  requirement: string;
  personality: Personality;
  status: 'killed' | 'survived' | 'not-applicable';
  killedBy: string[];
  /** The broken tests of the run that decided (they kill nothing, and are shown apart). */
  broken: string[];
}

/** Whether the mutant deviates from the document under `personality`'s ambiguity options (MutantDefinition.conformsUnder). */
export function appliesUnder(m: MutantDefinition, personality: Personality): boolean {
  if (!m.conformsUnder) return true;
  const choices: Readonly<Record<string, string>> = personalityChoices(personality);
  return choices[m.conformsUnder.ambiguity] !== m.conformsUnder.option;
}

/** What caught a run that did not pass: its failed tests, its run errors, or why it ended. */
function catchersOf(run: RunOutcome): string[] {
  if (run.timedOut) return [`(certify did not finish within ${Math.round(run.seconds)} s)`];
  const caught = [...run.failedTests, ...run.runErrors.map((e) => `(run error) ${e}`)];
  if (caught.length > 0) return caught;
  return [`(certify exit ${run.exitCode ?? 'signal'}${run.stderr ? `: ${run.stderr}` : ''})`];
}

/** A run that did not pass only because tests broke: no failure, no run error, no timeout. */
const failedOnlyByBrokenTests = (run: RunOutcome): boolean =>
  !run.timedOut && run.failedTests.length === 0 && run.runErrors.length === 0 && (run.brokenTests ?? []).length > 0;

/**
 * What killed the mutant in `run`, or [] when it survived: a failed run kills any mutant, unless
 * only broken tests failed it; a warning the baseline did not have kills a mutant of a reading
 * (level warn or record), never one of a stated rule (schemas/verdict-levels.ts).
 */
export function killersOf(m: MutantDefinition, run: RunOutcome, baselineWarnings: ReadonlySet<string>): string[] {
  if (run.exitCode !== 0 && !failedOnlyByBrokenTests(run)) return catchersOf(run);
  if (!WARNING_KILLS_MUTANT[requirementById(m.requirement).level]) return [];
  return run.warnedRequirements.filter((id) => !baselineWarnings.has(id)).map((id) => `(new warning) ${id}`);
}

/** The suite area that proves the mutant's requirement, when a suite file exists for it (suites/<area>.test.ts or suites/<area>/). */
export function focusArea(m: MutantDefinition): string | undefined {
  return listSuiteFiles().some((f) => areaOfSuiteFile(f) === m.area) ? m.area : undefined;
}

let suiteTexts: ReadonlyMap<string, string> | undefined;

/** Each area's suite files, read once: the text of an area in a folder is that of all its files. */
function suiteTextsByArea(): ReadonlyMap<string, string> {
  if (suiteTexts === undefined) {
    const texts = new Map<string, string>();
    for (const f of listSuiteFiles()) {
      const area = areaOfSuiteFile(f)!;
      texts.set(area, `${texts.get(area) ?? ''}${readFileSync(join(SUITES_DIR, f), 'utf8')}\n`);
    }
    suiteTexts = texts;
  }
  return suiteTexts;
}

/**
 * The areas other than the mutant's own whose suite file names its requirement id as written
 * ('limit:wallet-transaction-type' in suites/limits/enums.test.ts: the field-table enums of 4.5, 4.8 and
 * 4.12), for a second pointed run when the first, in its own area, did not kill it. An id a file
 * builds at run time is not seen here: that mutant goes on to its area's files and the whole suite.
 */
export function otherAreasNaming(m: MutantDefinition, texts: ReadonlyMap<string, string> = suiteTextsByArea()): string[] {
  const own = focusArea(m);
  return [...texts]
    .filter(([area, text]) => area !== own && (text.includes(`'${m.requirement}'`) || text.includes(`"${m.requirement}"`)))
    .map(([area]) => area)
    .sort();
}

export interface Baseline {
  personality: Personality;
  warnings: ReadonlySet<string>;
}

export async function runMutant(
  m: MutantDefinition,
  args: MutantsArgs,
  baseline: Baseline,
  certifier: Certifier,
): Promise<MutantResult & { seconds: number; scope: string }> {
  const outDir = join(args.outDir, 'mutants', baseline.personality, m.id);
  const base = { id: m.id as MutantId, section: m.section, requirement: m.requirement, personality: baseline.personality };
  if (!appliesUnder(m, baseline.personality)) {
    const why = `(no deviation under ${m.conformsUnder!.ambiguity}=${m.conformsUnder!.option})`;
    return { ...base, status: 'not-applicable', killedBy: [why], broken: [], seconds: 0, scope: 'none' };
  }
  const certify = (extra: string[], files?: readonly string[]) =>
    runCertify(outDir, ['--mutant', m.id, '--personality', baseline.personality, ...extra], args.timeoutSeconds, certifier, files);
  const verdict = (run: RunOutcome, scope: string, seconds: number) => {
    const killedBy = killersOf(m, run, baseline.warnings);
    return { ...base, status: killedBy.length > 0 ? ('killed' as const) : ('survived' as const), killedBy, broken: run.brokenTests ?? [], seconds, scope };
  };
  if (args.areas) {
    const run = await certify(['--only', args.areas.join(',')]);
    return verdict(run, args.areas.join(','), run.seconds);
  }
  let seconds = 0;
  // Cheapest first, stopping at the first run that kills: the tests that name the mutant's
  // requirement in its area's file, then in the other files that name it, then its area's whole
  // file, then the whole suite; so a survivor is always a survivor of the full suite.
  const area = args.full ? undefined : focusArea(m);
  const steps: { only: string[]; pointed: boolean }[] = args.full
    ? []
    : [
        ...(area === undefined ? [] : [{ only: [area], pointed: true }]),
        ...(otherAreasNaming(m).length === 0 ? [] : [{ only: otherAreasNaming(m), pointed: true }]),
        ...(area === undefined ? [] : [{ only: [area], pointed: false }]),
      ];
  for (const step of steps) {
    // A pointed run starts only the files with a test of the requirement: the others would skip every test.
    const files = step.pointed ? testFilesOf(m.requirement, step.only) : undefined;
    const run = await certify(['--only', step.only.join(','), ...(step.pointed ? ['--requirements', m.requirement] : [])], files);
    seconds += run.seconds;
    const byStep = verdict(run, step.pointed ? `${step.only.join(',')} (${m.requirement})` : step.only.join(','), seconds);
    if (byStep.status === 'killed') return byStep;
  }
  const whole = await certify([]);
  seconds += whole.seconds;
  return verdict(whole, 'all', seconds);
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of `items`. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function matrixTable(results: readonly (MutantResult & { scope?: string })[]): string {
  const rows = results.map((r) => {
    const shown = r.killedBy.slice(0, 2).join('; ') + (r.killedBy.length > 2 ? ` (+${r.killedBy.length - 2} more)` : '');
    const status = r.status === 'survived' ? 'SURVIVED' : r.status;
    const broken = r.broken.length === 0 ? '' : `${r.broken.length}: ${r.broken[0]}${r.broken.length > 1 ? ' …' : ''}`;
    return `| ${[r.id, r.personality, r.section, r.requirement, status, r.scope ?? '', shown, broken].map(cell).join(' | ')} |`;
  });
  return [
    '| Mutant | Personality | Section | Requirement | Status | Suites run | Killed by | Broken tests |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

export async function mutants(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${commandHelpText(MUTANTS_FLAGS)}\n`);
    return 0;
  }
  const args = parseMutantsArgs(argv);
  const started = Date.now();
  const say = (line: string) => process.stdout.write(`${line}\n`);

  const chosen = MUTANTS.filter((m) => args.ids.includes(m.id));
  const workers = args.freshProcesses ? undefined : new MatrixWorkerPool();
  const certifier: Certifier = workers ? (runArgv, timeout, files) => workers.run(runArgv, timeout, files) : freshProcess;
  try {
    const baselineRuns = await certifyBaselines(args, certifier, say);
    const baselines = passedBaselines(baselineRuns, say);
    if (baselines === undefined) return 1;
    const results = await runMatrix(chosen, args, baselineRuns, certifier, say);
    return writeMatrixReports(args, started, results, baselines, say);
  } finally {
    workers?.close();
  }
}

type BaselineRun = { personality: MutantsArgs['personalities'][number]; run: RunOutcome };

/** The baselines of the personalities at once: the reference server certified without a fault. */
function certifyBaselines(args: MutantsArgs, certifier: Certifier, say: (line: string) => void): Promise<BaselineRun[]> {
  return pool(args.personalities, args.concurrency, async (personality) => {
    const baselineDir = join(args.outDir, 'mutants', personality, 'baseline');
    say(`baseline (${personality} personality): certifying the reference server without a fault (${relative(PROJECT_ROOT, baselineDir) || '.'})`);
    const run = await runCertify(
      baselineDir,
      ['--personality', personality, ...(args.areas ? ['--only', args.areas.join(',')] : [])],
      args.timeoutSeconds,
      certifier,
    );
    return { personality, run };
  });
}

/** Each personality's baseline time and warnings; undefined, having said why, when one failed: the kill matrix would then mean nothing. */
function passedBaselines(
  baselineRuns: readonly BaselineRun[],
  say: (line: string) => void,
): Record<string, { seconds: number; warnings: string[] }> | undefined {
  const baselines: Record<string, { seconds: number; warnings: string[] }> = {};
  for (const { personality, run: baseline } of baselineRuns) {
    if (baseline.exitCode !== 0) {
      say(
        `baseline FAILED in ${baseline.seconds.toFixed(0)} s: the suite fails against the ` +
          `conformant server (${personality} personality), so the kill matrix would mean nothing.`,
      );
      for (const c of catchersOf(baseline).slice(0, 20)) say(`  - ${c}`);
      for (const b of (baseline.brokenTests ?? []).slice(0, 20)) say(`  - (broken: the kit could not talk to the server) ${b}`);
      say('Fix the suite (or the reference server) first.');
      return undefined;
    }
    baselines[personality] = { seconds: baseline.seconds, warnings: baseline.warnedRequirements };
    say(`baseline passed in ${baseline.seconds.toFixed(0)} s (${personality} personality, ${baseline.warnedRequirements.length} requirements with warnings)`);
  }
  return baselines;
}

/** Every mutant of every personality in one queue (no personality waits for another's last runs); the results in the registry's order. */
async function runMatrix(
  chosen: readonly MutantDefinition[],
  args: MutantsArgs,
  baselineRuns: readonly BaselineRun[],
  certifier: Certifier,
  say: (line: string) => void,
): Promise<(MutantResult & { seconds: number; scope: string })[]> {
  const scope = args.areas ? `, suites ${args.areas.join(',')} only` : args.full ? ', whole suite each' : ', focused on the tests of each requirement first';
  // The table keeps the registry's order per personality; the queue starts with the areas whose
  // tests wait (suite-schedule.ts), so that no long run is left for the end.
  const runs = args.personalities.flatMap((personality) => chosen.map((m) => ({ m, personality })));
  const queue = [...runs].sort((a, b) => scheduleWeight({ id: b.m.area, area: b.m.area }, 0) - scheduleWeight({ id: a.m.area, area: a.m.area }, 0));
  say(
    `running ${chosen.length} mutants on the ${args.personalities.join(' and ')} personalit${args.personalities.length > 1 ? 'ies' : 'y'}, ${args.concurrency} at a time${scope}`,
  );
  let done = 0;
  const warnings = new Map(baselineRuns.map(({ personality, run }) => [personality, new Set(run.warnedRequirements)]));
  const finished = await pool(queue, args.concurrency, async ({ m, personality }) => {
    const r = await runMutant(m, args, { personality, warnings: warnings.get(personality)! }, certifier);
    done += 1;
    say(
      `[${done}/${runs.length}] ${r.status === 'survived' ? 'SURVIVED' : r.status.padEnd(8)} ${r.id} ` +
        `(${personality}, ${r.seconds.toFixed(0)} s, ${r.scope})${r.killedBy[0] ? `: ${r.killedBy[0]}` : ''}`,
    );
    return r;
  });
  return runs.map(({ m, personality }) => finished.find((r) => r.id === m.id && r.personality === personality)!);
}

/** mutants.json, mutants.md and the closing lines; exit 1 when a mutant survived. */
function writeMatrixReports(
  args: MutantsArgs,
  started: number,
  results: readonly (MutantResult & { seconds: number; scope: string })[],
  baselines: Record<string, { seconds: number; warnings: string[] }>,
  say: (line: string) => void,
): number {
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  const survivors = results.filter((r) => r.status === 'survived');
  mkdirSync(args.outDir, { recursive: true });
  const report = {
    mutants: results.map(({ id, section, requirement, personality, status, killedBy, broken }) => ({
      id,
      section,
      requirement,
      personality,
      status,
      killedBy,
      broken,
    })),
    seconds,
    baselines,
    concurrency: args.concurrency,
    scope: args.areas ? `areas ${args.areas.join(',')}` : args.full ? 'full' : 'focused-then-full',
  };
  writeFileSync(join(args.outDir, 'mutants.json'), `${JSON.stringify(report, null, 2)}\n`);
  say(`\n${matrixTable(results)}\n`);
  const inapplicable = results.filter((r) => r.status === 'not-applicable').length;
  const withBroken = results.filter((r) => r.broken.length > 0).length;
  const totals =
    `${results.filter((r) => r.status === 'killed').length} killed, ${survivors.length} ` +
    `survived, ${inapplicable} not applicable, ${withBroken} with broken tests (no verdict), ${seconds} s`;
  // The same table as a page of its own (docs/kill-matrix.md is this file of a full run, copied): no hand-kept copy.
  const page = [
    `# Kill matrix`,
    '',
    `${new Date(started).toISOString().slice(0, 10)}, ` +
      `personalities ${args.personalities.join(' and ')}, ${args.concurrency} at a time, scope ${report.scope}: ${totals}.`,
    '',
    matrixTable(results),
    '',
  ];
  writeFileSync(join(args.outDir, 'mutants.md'), page.join('\n'));
  say(`${totals}. Report: ${join(args.outDir, 'mutants.json')}, ${join(args.outDir, 'mutants.md')}`);
  if (survivors.length > 0)
    say(`Surviving mutants (strengthen the suite; never delete a mutant): ${survivors.map((s) => `${s.id} (${s.personality}, ${s.requirement})`).join(', ')}`);
  return survivors.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mutants(process.argv.slice(2)).then((code) => (process.exitCode = code), exitOnFailure);
}
