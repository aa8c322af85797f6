/**
 * The summary of a run made of the given test records alone (fixed target, profile, clock and the
 * register's default choices), for the tests of the summary and of what a run decided.
 */
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { type ExpectedFailure, parseExpectedFailures, reconcile } from '../harness/report/expected-failures.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import type { RunMeans } from '../harness/report/skip-remedies.ts';
import { buildSummary } from '../harness/report/summary.ts';

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
