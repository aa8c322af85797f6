/**
 * The deadline of a certification run (certify --max-duration): a target that answers the
 * preflight and then hangs must not hold the run for ever. A vitest reporter, so that it holds the
 * running Vitest from the start (onInit): when the deadline passes it cancels the run (no file or
 * test starts any more) and says which suite files had not finished; run-suites.ts waits a short
 * grace for the tests in flight and the teardowns of their files, then abandons them.
 *
 * An interruption (SIGINT, SIGTERM: `interrupt`) is the same deadline, passed now: the run ends the
 * way it ends at its deadline, teardowns and partial reports included.
 */
import type { CancelReason } from 'vitest';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

/** vitest types a reason of its own as a branded string. */
const DEADLINE_REASON = 'run-deadline' as CancelReason;

export interface Unfinished {
  /** Suite files (absolute paths) with a test that did not run to an end, or never collected. */
  files: string[];
  /** Collected tests without an end (cancelled, abandoned in flight, or never started). */
  tests: number;
}

export class RunDeadline implements Reporter {
  private vitest: Vitest | undefined;
  private timer: NodeJS.Timeout | undefined;
  private passed = false;
  private interruption: string | undefined;
  /** Test ids per suite file (absolute path), as collected. */
  private readonly collected = new Map<string, Set<string>>();
  /**
   * Ids of the tests that ran to an end: any result before the deadline, passed or failed after it.
   * A set, not a count: a test in flight when the run is cancelled may be reported more than once.
   */
  private readonly ran = new Set<string>();
  private announce: () => void = () => undefined;
  /** Resolves when the deadline passes; never, when the run ends first. */
  readonly expired: Promise<void> = new Promise((resolve) => {
    this.announce = resolve;
  });

  /** `atMs`: the deadline as an epoch time (Date.now()). */
  constructor(private readonly atMs: number) {}

  get hasPassed(): boolean {
    return this.passed;
  }

  /** What interrupted the run ("SIGINT"), when an interruption rather than the clock ended it. */
  get interruptedBy(): string | undefined {
    return this.interruption;
  }

  /** Ends the run now, as its deadline would: `by` names what interrupted it (a signal). Once only. */
  interrupt(by: string): void {
    if (this.passed) return;
    this.interruption = by;
    clearTimeout(this.timer);
    this.expire();
  }

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    // An interruption before vitest started: cancel as soon as there is a run to cancel.
    if (this.passed) {
      this.vitest.cancelCurrentRun(DEADLINE_REASON).catch(() => undefined);
      return;
    }
    // Unref'd: the timer alone must not keep a finished process alive.
    this.timer = setTimeout(() => this.expire(), Math.max(0, this.atMs - Date.now())).unref();
  }

  onTestModuleCollected(testModule: TestModule): void {
    this.collected.set(testModule.moduleId, new Set([...testModule.children.allTests()].map((t) => t.id)));
  }

  onTestCaseResult(testCase: TestCase): void {
    // After the deadline a skipped test is one the cancellation stopped.
    if (this.passed && testCase.result().state === 'skipped') return;
    this.ran.add(testCase.id);
  }

  onTestRunEnd(): void {
    clearTimeout(this.timer);
  }

  /** What did not run to an end among `files` (absolute paths): the files concerned and their tests. */
  unfinished(files: readonly string[]): Unfinished {
    const out: Unfinished = { files: [], tests: 0 };
    for (const file of files) {
      const collected = this.collected.get(file);
      const missing = collected === undefined ? undefined : [...collected].filter((id) => !this.ran.has(id)).length;
      if (missing === 0) continue;
      out.files.push(file);
      out.tests += missing ?? 0;
    }
    return out;
  }

  /** Stops the abandoned run's workers, waiting at most `waitMs` (a worker stuck in a test may not answer). */
  async stop(waitMs: number): Promise<void> {
    clearTimeout(this.timer);
    const closing = this.vitest?.close().catch(() => undefined);
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, waitMs).unref())]);
  }

  private expire(): void {
    if (this.passed) return;
    this.passed = true;
    this.announce();
    // Graceful: vitest lets the tests in flight end; run-suites.ts bounds how long it waits for them.
    this.vitest?.cancelCurrentRun(DEADLINE_REASON).catch(() => undefined);
  }
}
