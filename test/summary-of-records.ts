/**
 * The summary of a run made of the given test records alone (fixed target, profile, clock and the
 * register's default choices), for the tests of the summary and of what a run decided.
 */
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { type ExpectedFailure, parseExpectedFailures, reconcile } from '../harness/report/expected-failures.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import type { RunMeans } from '../harness/report/skip-remedies.ts';
import { buildSummary } from '../harness/report/summary.ts';

/** A test's record as a worker reports it: what its status implies by default (a skip's reason, a failure's error), then `extra`. */
export const testRecord = (name: string, status: TestRecord['status'], requirements: string[], extra: Partial<TestRecord> = {}): TestRecord => ({
  name,
  file: 'suites/x.test.ts',
  status,
  requirements,
  skipReason: status === 'skipped' ? 'target capability missing: fault-injection' : undefined,
  observations: [],
  warnings: [],
  recorded: [],
  error: status === 'failed' ? 'expected 401, got 200' : undefined,
  durationMs: 1,
  ...extra,
});

export interface RunExtras {
  expected?: ExpectedFailure[];
  means?: RunMeans;
  minCoverage?: number;
}

export const summaryOfRecords = (records: TestRecord[], { expected = parseExpectedFailures([], 'none'), ...extra }: RunExtras = {}) =>
  buildSummary({
    target: 't',
    profile: 'p',
    startedAt: new Date(0).toISOString(),
    seconds: 1,
    records,
    choices: DEFAULT_AMBIGUITY_CHOICES,
    reconciliation: reconcile(records, expected),
    runErrors: [],
    ...extra,
  });
