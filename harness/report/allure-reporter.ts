/**
 * The Allure reporter of a certify run: allure-vitest's, with a results writer that neither
 * fsyncs nor blocks. allure-js-commons' FileSystemWriter makes every file durable (temp file,
 * fsync, rename) synchronously on the main thread, which also serves the embedded reference
 * server, and allure-vitest writes everything at the end of the run. Measured on the benchmark
 * machine, when every request and response was an attachment file: 4 to 9 s at the end
 * of every certify. Here each suite file's results go to the writer when the file ends and are
 * written in the background; the report step awaits `flushed()`. Durability is not needed: the
 * results are read once, right after the run.
 *
 * Each test's Allure status is its status (test-status.ts, allure-status.ts), not allure-vitest's
 * guess from the error's shape: a transport error is `broken`, a failure of the target `failed`.
 */
import { mkdirSync } from 'node:fs';
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringifyEnvInfo, type Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter, { type AllureVitestReporterConfig } from 'allure-vitest/reporter';
import type { TestResult } from 'allure-js-commons';
import type { RunnerTask } from 'vitest';
import type { TestModule, Vitest } from 'vitest/node';
import { applyTestStatus } from './allure-status.ts';
import { testStatus } from './test-status.ts';
import '../kit/test-meta.ts';

type WriterParameter<K extends keyof Writer, I extends number> = Parameters<Writer[K]>[I];

/** Files written at once; more only queue in libuv's thread pool and hold more descriptors. */
const WRITES_IN_FLIGHT = 16;

/** Writes each result file once, straight to its name, in the background; `flushed()` awaits them. */
export class PlainResultsWriter implements Writer {
  private readonly queue: (() => Promise<void>)[] = [];
  private inFlight = 0;
  private readonly idle: (() => void)[] = [];
  private readonly failures: string[] = [];

  constructor(private readonly resultsDir: string) {
    mkdirSync(resultsDir, { recursive: true });
  }

  private enqueue(write: () => Promise<void>): void {
    this.queue.push(write);
    this.pump();
  }

  private pump(): void {
    while (this.inFlight < WRITES_IN_FLIGHT && this.queue.length > 0) {
      const write = this.queue.shift()!;
      this.inFlight += 1;
      write()
        .catch((e: unknown) => void this.failures.push((e as Error).message))
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
    if (this.inFlight === 0 && this.queue.length === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Resolves once every file is written; rejects naming the files that could not be. */
  async flushed(): Promise<void> {
    if (this.inFlight > 0 || this.queue.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failures.length > 0)
      throw new Error(
        `Allure results not written: ${this.failures.slice(0, 3).join('; ')}${this.failures.length > 3 ? ` (and ${this.failures.length - 3} more)` : ''}`,
      );
  }

  private write(name: string, content: string | Buffer): void {
    const path = join(this.resultsDir, name);
    this.enqueue(() => writeFile(path, content));
  }

  writeResult(result: WriterParameter<'writeResult', 0>): void {
    this.write(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  writeGroup(result: WriterParameter<'writeGroup', 0>): void {
    this.write(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.write(distFileName, content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    const to = join(this.resultsDir, distFileName);
    this.enqueue(() => copyFile(from, to));
  }

  writeEnvironmentInfo(info: WriterParameter<'writeEnvironmentInfo', 0>): void {
    this.write('environment.properties', stringifyEnvInfo(info));
  }

  writeCategoriesDefinitions(categories: WriterParameter<'writeCategoriesDefinitions', 0>): void {
    this.write('categories.json', JSON.stringify(categories));
  }

  writeGlobals(distFileName: string, info: WriterParameter<'writeGlobals', 1>): void {
    this.write(distFileName, JSON.stringify(info));
  }
}

/** The part of allure-vitest's reporter this one replaces or wraps (a private field of allure-vitest 3.12). */
interface RuntimeHolder {
  allureReporterRuntime?: { writer: Writer; updateTest: (uuid: string, update: (result: TestResult) => void) => void };
}

/** The runner task behind a reported module (not in vitest's public types; allure-vitest reads it too). */
const taskOf = (testModule: TestModule): RunnerTask | undefined => (testModule as unknown as { task?: RunnerTask }).task;

export class AllureReporter extends AllureVitestReporter {
  private readonly resultsDir: string;
  /** The writer in use; undefined if a later allure-vitest moved the field (then it writes durably, slower). */
  private writer: PlainResultsWriter | undefined;
  private readonly handled = new Set<string>();
  /** While allure-vitest writes a test's result: how to set its status (handleTask). */
  private settleStatus: ((result: TestResult) => void) | undefined;

  constructor(config: AllureVitestReporterConfig & { resultsDir: string }) {
    super(config);
    this.resultsDir = config.resultsDir;
  }

  /** True once the background writer is in place (test/harness-allure-reporter.test.ts). */
  get usesPlainWriter(): boolean {
    return this.writer !== undefined;
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    const runtime = (this as unknown as RuntimeHolder).allureReporterRuntime;
    if (runtime && 'writer' in runtime) {
      this.writer = new PlainResultsWriter(this.resultsDir);
      runtime.writer = this.writer;
    }
    // allure-vitest sets a result's status inside its update of the test, from the error; the
    // status of test-status.ts is set after it, in the same update.
    if (runtime && typeof runtime.updateTest === 'function') {
      const update = runtime.updateTest.bind(runtime);
      runtime.updateTest = (uuid, change) =>
        update(uuid, (result) => {
          change(result);
          this.settleStatus?.(result);
        });
    }
  }

  /** A test's result is written inside this call (synchronously), with the status of test-status.ts. */
  override handleTask(task: RunnerTask): void {
    if (task.type !== 'test') {
      super.handleTask(task);
      return;
    }
    const meta = task.meta;
    const status = testStatus({ ...meta, state: task.result?.state ?? task.mode });
    this.settleStatus = (result) => applyTestStatus(result, status, meta);
    try {
      super.handleTask(task);
    } finally {
      this.settleStatus = undefined;
    }
  }

  /** A file's results go to the writer when the file ends, not all at the end of the run. */
  onTestModuleEnd(testModule: TestModule): void {
    const task = taskOf(testModule);
    if (!task) return;
    this.handled.add(testModule.id);
    this.handleTask(task);
  }

  override onTestRunEnd(modules: readonly TestModule[]): void {
    super.onTestRunEnd(modules.filter((m) => !this.handled.has(m.id)));
  }

  /** Resolves once every result file is on disk. */
  async flushed(): Promise<void> {
    await this.writer?.flushed();
  }
}
