/**
 * What one run of a test body leaves on its test: the observations, warnings and records on its
 * meta, and the exchanges a failure would show (failure-exchanges.ts). A test run again under
 * another option of a defaulted ambiguity (defaulted-ambiguities.ts) starts from what was there
 * before its first run, and a search that found no option puts the first run's back, so that the
 * reports show one run: the one that decided.
 */
import type { TestContext } from 'vitest';
import { keepNotedExchanges } from './failure-exchanges.ts';
import './test-meta.ts';

/** The meta fields a run of the body writes; secrets learned (learnedSecrets) are never dropped. */
const RUN_FIELDS = ['observations', 'warnings', 'recorded', 'failedRequirements'] as const;

/** Keeps the state of the test now; the function returned puts it back. */
export function keepTestState(context: TestContext): () => void {
  const meta = context.task.meta;
  const kept = Object.fromEntries(RUN_FIELDS.map((field) => [field, meta[field] === undefined ? undefined : [...meta[field]]]));
  const restoreExchanges = keepNotedExchanges(context.task);
  return () => {
    for (const field of RUN_FIELDS) {
      const value = kept[field];
      if (value === undefined) delete meta[field];
      else Object.assign(meta, { [field]: [...value] });
    }
    restoreExchanges();
  };
}
