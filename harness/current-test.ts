/**
 * The conformance test that is running, for code deep in a call chain (the HTTP client recording
 * exchanges, expectations recording observations). AsyncLocalStorage rather than a module variable:
 * tests of a file may run concurrently (real-time waits overlap, so that a run is not the sum of
 * every wait of the document).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TestContext } from 'vitest';
import { ambiguityById, type AmbiguityChoices, type AmbiguityId } from '../schemas/ambiguities.ts';
import type { Observation } from './test-meta.ts';
import './test-meta.ts';

interface Running {
  context: TestContext;
  choices: AmbiguityChoices;
}

const storage = new AsyncLocalStorage<Running>();

export const runAsCurrentTest = <T>(running: Running, body: () => Promise<T>): Promise<T> => storage.run(running, body);

export const currentTest = (): Running | undefined => storage.getStore();

/**
 * Records what the target did on an ambiguity. `matches` is computed by the caller (it knows what
 * the option means); under record-only it is null. Outside a test (setup) nothing is recorded.
 */
export function observe(ambiguity: AmbiguityId, observed: string, matches: boolean | null): void {
  const running = storage.getStore();
  if (!running) return;
  ambiguityById(ambiguity); // throws on an unknown id: a typo must not vanish silently
  const expected = running.choices[ambiguity];
  const entry: Observation = { ambiguity, expected, observed, matches: expected === 'record-only' ? null : matches };
  const meta = running.context.task.meta;
  meta.observations = [...(meta.observations ?? []), entry];
}
