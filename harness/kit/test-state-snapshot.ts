/**
 * What one run of a test body leaves on its test: the observations, warnings and records on its
 * meta, and the exchanges a failure would show (failure-exchanges.ts). A test run again under
 * another option of a defaulted ambiguity (defaulted-ambiguities.ts) starts from what was there
 * before its first run, and a search that found no option puts the first run's back, so that the
 * reports show one run: the one that decided.
 */
import type { TestContext } from 'vitest';
import { keepNotedExchanges } from './failure-exchanges.ts';
import { reportOf, setInReport } from './test-report.ts';

/** Keeps the state of the test now; the function returned puts it back. */
export function keepTestState(context: TestContext): () => void {
  // What a run of the body writes; secrets learned (learnedSecrets) are never dropped.
  const report = reportOf(context.task);
  const { observations, warnings, warnedRequirements, recorded, failedRequirements } = report;
  const copy = <T>(list: readonly T[] | undefined): T[] | undefined => (list === undefined ? undefined : [...list]);
  const kept = {
    observations: copy(observations),
    warnings: copy(warnings),
    warnedRequirements: copy(warnedRequirements),
    recorded: copy(recorded),
    failedRequirements: copy(failedRequirements),
  };
  const restoreExchanges = keepNotedExchanges(context.task);
  return () => {
    setInReport(context.task, 'observations', copy(kept.observations));
    setInReport(context.task, 'warnings', copy(kept.warnings));
    setInReport(context.task, 'warnedRequirements', copy(kept.warnedRequirements));
    setInReport(context.task, 'recorded', copy(kept.recorded));
    setInReport(context.task, 'failedRequirements', copy(kept.failedRequirements));
    restoreExchanges();
  };
}
