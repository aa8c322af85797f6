/**
 * Runs the suite files with vitest in this process (workers are forked per file), with the
 * reporters of a certification: first the boundary that redacts what the workers send
 * (report/run-redaction.ts), then progress lines, the result collector (summary), JUnit and Allure
 * results. The run configuration reaches the workers as vitest's provided value `runConfig`
 * (config/run-config.ts, kit/run-context.ts).
 *
 * The run ends at its deadline or when it is interrupted (`interrupt`: certify's SIGINT and
 * SIGTERM), the same way: no test starts any more, the tests in flight get a grace to end and their
 * files' teardowns run (subaccounts emptied and archived, webhooks put back), then what still runs
 * is abandoned and reported as not finished.
 */
import { join, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { statSync } from 'node:fs';
import { BaseSequencer, startVitest, type Reporter, type TestSpecification } from 'vitest/node';
import { AllureReporter } from '../report/allure-reporter.ts';
import { redactResultsFolder } from '../report/allure-report.ts';
import { RedactingReporter } from '../report/run-redaction.ts';
import type { RunSecrets } from './run-secrets.ts';
import { writeHarFile } from '../report/har-file.ts';
import { ProgressReporter } from '../report/progress-reporter.ts';
import { scaledTimeout } from '../config/latency-scale.ts';
import { HOOK_TIMEOUT_MS } from '../config/test-timeouts.ts';
import { areaOfSuiteFile, PROJECT_ROOT, SUITE_FILE_SUFFIX, suiteFileAt } from '../config/project-paths.ts';
import { ResultCollector, type TestRecord } from '../report/result-collector.ts';
import { moduleCacheFolder } from './module-cache-folder.ts';
import { RunDeadline, type Unfinished } from './run-deadline.ts';
import { RunConfig } from '../config/run-config.ts';
import { removeRunState } from '../kit/run-state.ts';
import { scheduleOrder } from './suite-schedule.ts';

/** Files with long waits first, then the heaviest (suite-schedule.ts declares which and why). */
class LongWaitsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return scheduleOrder(files.map((spec) => ({ spec, file: suiteFileAt(spec.moduleId), sizeBytes: statSync(spec.moduleId).size }))).map((f) => f.spec);
  }
}

export interface RunSuitesOptions {
  config: RunConfig;
  /** Absolute paths of the suite files. */
  files: readonly string[];
  outDir: string;
  /** Shown in Allure's environment panel. */
  environment: Record<string, string>;
  /** When the run must end (epoch ms, certify --max-duration): then it is cancelled and reported incomplete. */
  deadlineAtMs: number;
  /** The run's secrets: what the workers send is redacted against them, and they learn the workers' (report/run-redaction.ts). */
  secrets: RunSecrets;
  /**
   * Ends the run as its deadline would when it fires (its reason names what: "SIGINT"). Given, the
   * caller owns SIGINT and SIGTERM: vitest's own handlers, which end the process at once, are removed.
   */
  interrupt?: AbortSignal;
  /** Where each finished suite file's progress line goes (report/progress-reporter.ts); stdout when absent. */
  progress?: (line: string) => void;
}

export interface SuitesOutcome {
  records: TestRecord[];
  runErrors: string[];
  /** Set when the deadline passed or the run was interrupted: what did not run to an end. */
  unfinished: Unfinished | undefined;
  /** What interrupted the run ("SIGINT"), when it was interrupted rather than ended by its deadline. */
  interruptedBy: string | undefined;
}

/**
 * The run stops short of its deadline by this margin (at most 8 s, a quarter of a short run): the
 * tests in flight get most of it to end, the reports the rest, so that the command ends in time.
 */
const stopMarginMs = (remainingMs: number): number => Math.min(8_000, Math.max(0, remainingMs) / 4);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * After an interruption, how long the tests in flight and their files' teardowns get before they
 * are abandoned: a test that waits (a cooldown, an event) is stopped by vitest's abort signal or
 * ends on its own; a teardown is a few calls per subaccount. A second signal ends the process at
 * once (certify-command.ts).
 */
export const INTERRUPT_GRACE_MS = 15_000;
/** How long the workers get to stop once the run is abandoned (one stuck in a test may not answer). */
const STOP_WAIT_MS = 2_000;

/**
 * Suite files run at once when they may (a manager key, no shared clock): each then calls with a
 * subaccount key of its own (kit/target.ts, 4.11), so files do not share one rate limit (8). The
 * bound is the certifying machine's, a forked worker per file, not the target's: one per core for
 * the files that compute, and more for the files that mostly wait in real time (the resend cooldown
 * of 3.1 and 8, the event retries of 6.3), at most 8. Each worker loads the kit once (about 2 s of
 * CPU), so more workers than that cost more than they overlap. On 2 cores (docs/benchmarks.md): with
 * the test clock nothing waits, and 4 workers certified the embedded server as fast as 6 (23 s) with
 * 17 % less CPU; in real time the waiting files (the suites' folders hold many) need the overlap:
 * `serve` with slow event retries took 75 s with 4 workers, 59 s with 6 and 50 s with 8; the written
 * profile's run 65, 51 and 46 s; the embedded server in real time 49, 47 and 45 s.
 */
const parallelFileWorkers = (virtualClock: boolean): number => Math.min(8, availableParallelism() + (virtualClock ? 2 : 6));

/**
 * Tests of one file marked concurrent that run at once. They mostly wait (the 30 s resend cooldown
 * and code expiry of 3.1 and 8, the event retries of 6.3) while their calls stay paced per key, so
 * the bound is set high enough to let them overlap instead of queueing behind each other's waits.
 */
const CONCURRENT_TESTS_PER_FILE = 32;

/**
 * A reporter whose only job is, once vitest exists (onInit), to remove the SIGINT and SIGTERM
 * listeners vitest added: they end the process at once (exit 130), which would skip the teardowns
 * and the reports. The caller of runSuites handles the signals instead (`interrupt`).
 */
function signalHandover(before: ReadonlyMap<NodeJS.Signals, ReadonlySet<unknown>>): Reporter {
  return {
    onInit() {
      for (const [signal, kept] of before) for (const listener of process.listeners(signal)) if (!kept.has(listener)) process.removeListener(signal, listener);
    },
  };
}

/** Writes the run's HAR (report/har-file.ts); what went wrong, as run errors (the verdicts stand, the record of them does not). */
function harFileErrors(config: RunConfig, harFile: string, secrets: RunSecrets): string[] {
  try {
    const har = writeHarFile({ place: config, harFile, redact: (text) => secrets.redact(text) });
    return har.incomplete ? [`the HAR ${harFile} lacks exchanges: a worker could not write its entries (its warning is in the run's output)`] : [];
  } catch (error) {
    return [`the HAR ${harFile} was not written: ${secrets.redact((error as Error).message)}`];
  }
}

export async function runSuites(options: RunSuitesOptions): Promise<SuitesOutcome> {
  const { config } = options;
  const collector = new ResultCollector();
  // reportMatchers off: matcher steps would record the values given to expect(), keys included (5.2).
  const allure = new AllureReporter({ resultsDir: join(options.outDir, 'allure-results'), environmentInfo: options.environment, reportMatchers: false });
  const exitCodeBefore = process.exitCode;
  const margin = stopMarginMs(options.deadlineAtMs - Date.now());
  const deadline = new RunDeadline(options.deadlineAtMs - margin);
  const boundary = new RedactingReporter(options.secrets);
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  const handover = options.interrupt === undefined ? [] : [signalHandover(new Map(signals.map((s) => [s, new Set<unknown>(process.listeners(s))])))];
  const onInterrupt = () => deadline.interrupt(String(options.interrupt?.reason ?? 'an interruption'));
  if (options.interrupt?.aborted) onInterrupt();
  else options.interrupt?.addEventListener('abort', onInterrupt, { once: true });
  // The boundary first: every later reporter reads what it already redacted.
  const reporters = [boundary, ...handover, new ProgressReporter(options.files.length, options.progress), collector, allure, deadline];
  const run = startVitest(
    'test',
    options.files.map((f) => relative(PROJECT_ROOT, f)),
    vitestOptions(options, reporters),
  );
  await endOrAbandon(run, deadline, {
    margin,
    deadlineAtMs: options.deadlineAtMs,
    stopListening: () => options.interrupt?.removeEventListener('abort', onInterrupt),
  });
  // What the workers decided and counted together (kit/run-state.ts) belongs to this run alone.
  removeRunState({ outDir: config.outDir, runId: config.runId });
  const runErrors = await closingRunErrors(options, collector, boundary, allure);
  // vitest sets the exit code of the process; the certify command decides it from the summary.
  process.exitCode = exitCodeBefore;
  return {
    records: collector.records,
    runErrors,
    unfinished: deadline.hasPassed ? deadline.unfinished(options.files) : undefined,
    interruptedBy: deadline.interruptedBy,
  };
}

/** vitest's options for the run: the workers, their parallelism and timeouts, the order of the files, the reporters. */
function vitestOptions(options: RunSuitesOptions, reporters: Reporter[]): Parameters<typeof startVitest>[2] {
  const { config } = options;
  // Without a manager key every file shares one account and its rate limit (8): one at a time.
  // A virtual clock is shared by files unless the target keeps clock domains apart (the embedded
  // server does, target-clock.ts); a file advancing a shared one would age another file's codes.
  const sharedClock = config.profile.capabilities['test-clock'] && !config.embedded;
  const parallel = !sharedClock && config.managerKey !== undefined;
  return {
    root: PROJECT_ROOT,
    config: false,
    // The workers' one channel to the run (kit/run-context.ts injects it): in memory, never a file.
    // The areas of the files of this run: the sandbox plan shares the run account's quota among them (kit/sandbox-plan.ts).
    provide: { runConfig: RunConfig.parse({ ...config, suiteAreas: options.files.map((f) => areaOfSuiteFile(f)).filter((a) => a !== undefined) }) },
    watch: false,
    include: [`suites/*/*${SUITE_FILE_SUFFIX}`],
    pool: 'forks',
    // The workers' modules as transformed by an earlier run, looked up by their content (a changed
    // source is transformed again): the transform of the kit's modules was a second of every run.
    experimental: { fsModuleCache: true, fsModuleCachePath: moduleCacheFolder(PROJECT_ROOT) },
    isolate: false,
    fileParallelism: parallel,
    maxWorkers: parallel ? parallelFileWorkers(config.profile.capabilities['test-clock']) : 1,
    maxConcurrency: CONCURRENT_TESTS_PER_FILE,
    sequence: { sequencer: LongWaitsFirstSequencer },
    // Scaled with the latency the preflight measured (latency-scale.ts): a slow target is not failed by the kit's clock.
    testTimeout: scaledTimeout(HOOK_TIMEOUT_MS, config.latencyMs),
    hookTimeout: scaledTimeout(HOOK_TIMEOUT_MS, config.latencyMs),
    reporters,
  };
}

/**
 * A hanging target must not hold the run past its deadline, nor an interrupted run the process.
 * The run ends; or the deadline passes (or the run is interrupted), vitest starts no test any
 * more, and the tests in flight get a grace to end and their files' teardowns to run (after an
 * interruption up to INTERRUPT_GRACE_MS); then what still runs is abandoned. Once that is decided,
 * a further interruption is no longer listened to (stopListening).
 */
async function endOrAbandon(
  run: ReturnType<typeof startVitest>,
  deadline: RunDeadline,
  { margin, deadlineAtMs, stopListening }: { margin: number; deadlineAtMs: number; stopListening: () => void },
): Promise<void> {
  const settled = run.then(
    () => true,
    () => true,
  );
  let ended = await Promise.race([settled, deadline.expired.then(() => false)]);
  const interrupted = () => deadline.interruptedBy !== undefined;
  if (!ended)
    ended = await Promise.race([
      settled,
      sleep(interrupted() ? Math.min(INTERRUPT_GRACE_MS, Math.max(margin, deadlineAtMs - Date.now())) : margin / 2).then(() => false),
    ]);
  stopListening();
  if (ended) await (await run.catch(() => undefined))?.close();
  else {
    run.catch(() => undefined);
    await deadline.stop(interrupted() ? STOP_WAIT_MS : margin / 4);
  }
}

/**
 * What went wrong in the run itself, once it ended: the collector's errors, failed cleanups, the HAR,
 * keys the target echoed, Allure results not written or not redacted again.
 */
async function closingRunErrors(options: RunSuitesOptions, collector: ResultCollector, boundary: RedactingReporter, allure: AllureReporter): Promise<string[]> {
  const { config } = options;
  // Files that never ended (abandoned) are cleaned here too, with every secret learned by now.
  boundary.finish();
  const runErrors = [...collector.runErrors, ...boundary.cleanupFailures];
  // The run's HAR (certify --har) from what the workers appended, redacted with every secret learned by now.
  if (config.harFile !== undefined) runErrors.push(...harFileErrors(config, config.harFile, options.secrets));
  if (boundary.keyEchoCount > 0)
    runErrors.push(
      `the target sent a key of the run back outside the apikey member of 4.11 in ${boundary.keyEchoCount} ` +
        `answers (5.2: a key gives full access to the account; every report has it ` +
        `redacted): ${boundary.keyEchoes.slice(0, 5).join('; ')}${boundary.keyEchoes.length > 5 ? '; …' : ''}`,
    );
  // A results file that could not be written is a fault of the run, not of the target.
  await allure.flushed().catch((e: unknown) => runErrors.push((e as Error).message));
  // Results written before the last secret was learned are redacted again, against all of them.
  await redactResultsFolder(join(options.outDir, 'allure-results'), (text) => options.secrets.redact(text)).catch((e: unknown) =>
    runErrors.push(`Allure results not redacted again: ${(e as Error).message}`),
  );
  return runErrors;
}
