/**
 * Runs the suite files with vitest in this process (workers are forked per file), with the
 * reporters of a certification: progress lines, the result collector (summary), JUnit and Allure
 * results. The run configuration reaches the workers as vitest's provided value `runConfig`
 * (config/run-config.ts, kit/run-context.ts).
 */
import { basename, join, relative } from 'node:path';
import { statSync } from 'node:fs';
import { BaseSequencer, startVitest, type TestSpecification } from 'vitest/node';
import { AllureReporter } from '../report/allure-reporter.ts';
import { ProgressReporter } from '../report/progress-reporter.ts';
import { scaledTimeout } from '../config/latency-scale.ts';
import { areaOfSuiteFile, PROJECT_ROOT, SUITE_FILE_SUFFIX } from '../config/project-paths.ts';
import { ResultCollector, type TestRecord } from '../report/result-collector.ts';
import { RunDeadline, type Unfinished } from './run-deadline.ts';
import { RunConfig } from '../config/run-config.ts';
import { scheduleWeight } from './suite-schedule.ts';

/** Files with long waits first, then the heaviest (suite-schedule.ts declares which and why). */
class LongWaitsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (f: TestSpecification) => scheduleWeight(areaOfSuiteFile(basename(f.moduleId)), statSync(f.moduleId).size);
    const weights = new Map(files.map((f) => [f, weight(f)]));
    return [...files].sort((a, b) => weights.get(b)! - weights.get(a)!);
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
}

export interface SuitesOutcome {
  records: TestRecord[];
  runErrors: string[];
  /** Set when the deadline passed: what did not run to an end. */
  unfinished: Unfinished | undefined;
}

/**
 * The run stops short of its deadline by this margin (at most 8 s, a quarter of a short run): the
 * tests in flight get most of it to end, the reports the rest, so that the command ends in time.
 */
const stopMarginMs = (remainingMs: number): number => Math.min(8_000, Math.max(0, remainingMs) / 4);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export async function runSuites(options: RunSuitesOptions): Promise<SuitesOutcome> {
  const { config } = options;
  const collector = new ResultCollector();
  // reportMatchers off: matcher steps would record the values given to expect(), keys included (5.2).
  const allure = new AllureReporter({ resultsDir: join(options.outDir, 'allure-results'), environmentInfo: options.environment, reportMatchers: false });
  // Without a manager key every file shares one account and its rate limit (8): one at a time.
  // A virtual clock is shared by files unless the target keeps clock domains apart (the embedded
  // server does, target-clock.ts); a file advancing a shared one would age another file's codes.
  const sharedClock = config.profile.capabilities['test-clock'] && !config.embedded;
  const parallel = !sharedClock && config.managerKey !== undefined;
  const exitCodeBefore = process.exitCode;
  const margin = stopMarginMs(options.deadlineAtMs - Date.now());
  const deadline = new RunDeadline(options.deadlineAtMs - margin);
  const run = startVitest(
    'test',
    options.files.map((f) => relative(PROJECT_ROOT, f)),
    {
      root: PROJECT_ROOT,
      config: false,
      // The workers' one channel to the run (kit/run-context.ts injects it): in memory, never a file.
      provide: { runConfig: RunConfig.parse(config) },
      watch: false,
      include: [`suites/**/*${SUITE_FILE_SUFFIX}`],
      pool: 'forks',
      isolate: false,
      fileParallelism: parallel,
      maxWorkers: parallel ? 8 : 1,
      // Tests marked concurrent mostly wait (cooldowns, expiry, event retries): let them all overlap.
      maxConcurrency: 32,
      sequence: { sequencer: LongWaitsFirstSequencer },
      // Scaled with the latency the preflight measured (latency-scale.ts, issue 14).
      testTimeout: scaledTimeout(120_000, config.latencyMs),
      hookTimeout: scaledTimeout(120_000, config.latencyMs),
      reporters: [
        new ProgressReporter(options.files.length),
        collector,
        allure,
        deadline,
      ],
    },
  );
  // Issue 19: a hanging target must not hold the run past its deadline. The run ends, or the
  // deadline passes and the tests in flight get a short grace; then they are abandoned.
  const ended = await Promise.race([run.then(() => true), deadline.expired.then(() => sleep(margin / 2)).then(() => false)]);
  if (ended) await (await run).close();
  else {
    run.catch(() => undefined);
    await deadline.stop(margin / 4);
  }
  const runErrors = [...collector.runErrors];
  // A results file that could not be written is a fault of the run, not of the target.
  await allure.flushed().catch((e: unknown) => runErrors.push((e as Error).message));
  // vitest sets the exit code of the process; the certify command decides it from the summary.
  process.exitCode = exitCodeBefore;
  return { records: collector.records, runErrors, unfinished: deadline.hasPassed ? deadline.unfinished(options.files) : undefined };
}
