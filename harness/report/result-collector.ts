/**
 * A vitest reporter that keeps, for every conformance test, what the reports need: its name and
 * file, its status (test-status.ts: vitest's outcome refined by the kit's meta), the requirement ids
 * and observations of its meta (test-meta.ts), the skip reason, the failure's message (failureText)
 * and, for a broken or inconclusive test, why; for a failed or broken one, its last exchanges with
 * their curl lines (kit/failure-exchanges.ts). The certify command reads it after the run.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { FailureExchange } from '../kit/test-meta.ts';
import type { Observation, RecordedBehaviour } from '../kit/test-meta.ts';
import { isSkipped, testStatus, type TestStatus } from './test-status.ts';
import '../kit/test-meta.ts';

export interface TestRecord {
  /** Suite path and test name: "suites/sms/post.test.ts > sends > accepts an 11-character sender". */
  name: string;
  file: string;
  /** Decided by test-status.ts; a record written by hand is decided again there from this and its fields. */
  status: TestStatus;
  requirements: string[];
  /** A failed test whose failed check was about some of its requirements only: those (meta.failedRequirements). */
  failedRequirements?: string[];
  skipReason: string | undefined;
  observations: Observation[];
  warnings: string[];
  /** The requirements the warnings are about (meta.warnedRequirements); absent: all of the test's. */
  warnedRequirements?: string[];
  /** What the target did where the document is silent. */
  recorded: RecordedBehaviour[];
  /** The message of a failed or broken test (failureText). */
  error: string | undefined;
  durationMs: number;
  /** A broken test: the transport trouble that ended it, one line (meta.broken). */
  broken?: string;
  /** An inconclusive test: why it could not decide (meta.inconclusive). */
  inconclusive?: string;
  /** A failed or broken test: its last exchanges, each with the curl line that sends it again (meta.failureExchanges). */
  failureExchanges?: FailureExchange[];
}

/** Characters of a failure message kept: its head (the assertion) and its tail (the exchanges and the quote). */
export const FAILURE_HEAD_CHARS = 1500;
export const FAILURE_TAIL_CHARS = 3500;

/**
 * A failure's message as the reports keep it. Whole up to a bound; past it the middle is cut (a
 * fast-check report's counterexample and stack), because req() appends to the end what a reader
 * needs: the test's last HTTP exchanges and the document's words.
 */
export function failureText(message: string): string {
  if (message.length <= FAILURE_HEAD_CHARS + FAILURE_TAIL_CHARS) return message;
  const cut = message.length - FAILURE_HEAD_CHARS - FAILURE_TAIL_CHARS;
  return `${message.slice(0, FAILURE_HEAD_CHARS)}\n… (${cut} characters cut) …\n${message.slice(-FAILURE_TAIL_CHARS)}`;
}

export class ResultCollector implements Reporter {
  readonly records: TestRecord[] = [];
  /** Errors outside tests (a suite file that failed to load, setup failures, unhandled rejections). */
  readonly runErrors: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const meta = testCase.meta();
    const diagnostic = testCase.diagnostic();
    const status = testStatus({ ...meta, state: result.state });
    this.records.push({
      name: testCase.fullName,
      file: testCase.module.relativeModuleId,
      status,
      requirements: meta.requirements ?? [],
      skipReason: isSkipped(status) ? (meta.skipReason ?? (result.state === 'skipped' ? result.note : undefined) ?? 'skipped without a reason') : undefined,
      observations: meta.observations ?? [],
      warnings: meta.warnings ?? [],
      recorded: meta.recorded ?? [],
      error: result.state === 'failed' ? failureText(result.errors?.[0]?.message ?? 'failed') : undefined,
      durationMs: diagnostic?.duration ?? 0,
      ...(status === 'failed' && meta.failedRequirements !== undefined ? { failedRequirements: meta.failedRequirements } : {}),
      ...((meta.warnings ?? []).length > 0 && meta.warnedRequirements !== undefined ? { warnedRequirements: [...new Set(meta.warnedRequirements)] } : {}),
      ...(status === 'broken' && meta.broken !== undefined ? { broken: meta.broken } : {}),
      ...(status === 'inconclusive' && meta.inconclusive !== undefined ? { inconclusive: meta.inconclusive } : {}),
      ...((status === 'failed' || status === 'broken') && meta.failureExchanges !== undefined ? { failureExchanges: meta.failureExchanges } : {}),
    });
  }

  // The whole message, bounded like a failure's: a setup or teardown error's cause is below its first line.
  // A describe block's own hook that failed skips its tests with no reason of theirs: it is a run error too.
  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) this.runErrors.push(`${testModule.relativeModuleId}: ${failureText(error.message.trim())}`);
    for (const suite of testModule.children.allSuites())
      for (const error of suite.errors()) this.runErrors.push(`${testModule.relativeModuleId} > ${suite.fullName}: ${failureText(error.message.trim())}`);
  }

  onTestRunEnd(_modules: readonly TestModule[], unhandledErrors: readonly { message?: string }[]): void {
    for (const error of unhandledErrors) this.runErrors.push(`unhandled: ${failureText((error.message ?? String(error)).trim())}`);
  }
}
