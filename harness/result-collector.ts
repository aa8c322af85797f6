/**
 * A vitest reporter that keeps, for every conformance test, what the reports need: its name and
 * file, outcome, the requirement ids and observations of its meta (test-meta.ts), the skip reason,
 * the first error line. The certify command reads it after the run.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { Observation, RecordedBehaviour } from './test-meta.ts';
import './test-meta.ts';

export interface TestRecord {
  /** Suite path and test name: "suites/sms.test.ts > sends > accepts an 11-character sender". */
  name: string;
  file: string;
  status: 'passed' | 'failed' | 'skipped';
  requirements: string[];
  skipReason: string | undefined;
  observations: Observation[];
  warnings: string[];
  /** What the target did where the document is silent. */
  recorded: RecordedBehaviour[];
  error: string | undefined;
  durationMs: number;
}

export class ResultCollector implements Reporter {
  readonly records: TestRecord[] = [];
  /** Errors outside tests (a suite file that failed to load, setup failures, unhandled rejections). */
  readonly runErrors: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const meta = testCase.meta();
    const diagnostic = testCase.diagnostic();
    const status = result.state === 'passed' ? 'passed' : result.state === 'failed' ? 'failed' : 'skipped';
    this.records.push({
      name: testCase.fullName,
      file: testCase.module.relativeModuleId,
      status,
      requirements: meta.requirements ?? [],
      skipReason: status === 'skipped' ? (meta.skipReason ?? (result.state === 'skipped' ? result.note : undefined) ?? 'skipped without a reason') : undefined,
      observations: meta.observations ?? [],
      warnings: meta.warnings ?? [],
      recorded: meta.recorded ?? [],
      error: result.state === 'failed' ? (result.errors?.[0]?.message ?? 'failed').split('\n').slice(0, 6).join('\n') : undefined,
      durationMs: diagnostic?.duration ?? 0,
    });
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.runErrors.push(`${testModule.relativeModuleId}: ${error.message.split('\n')[0]}`);
  }

  onTestRunEnd(_modules: readonly TestModule[], unhandledErrors: readonly { message?: string }[]): void {
    for (const error of unhandledErrors) this.runErrors.push(`unhandled: ${(error.message ?? String(error)).split('\n')[0]}`);
  }
}
