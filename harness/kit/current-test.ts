/**
 * The conformance test that is running, for code deep in a call chain (the HTTP client recording
 * exchanges, expectations recording observations). AsyncLocalStorage rather than a module variable:
 * tests of a file may run concurrently (real-time waits overlap, so that a run is not the sum of
 * every wait of the document).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TestContext } from 'vitest';
import { AMBIGUITY_IDS, ambiguityById, type AmbiguityChoices, type AmbiguityId } from '../../schemas/ambiguities.ts';
import type { Observation } from './test-meta.ts';
import './test-meta.ts';

interface Running {
  context: TestContext;
  choices: AmbiguityChoices;
  /** The ambiguities the test read so far (issue 14: a failure says which of them were defaulted). */
  consulted?: Set<AmbiguityId>;
}

const storage = new AsyncLocalStorage<Running>();

export const runAsCurrentTest = <T>(running: Running, body: () => Promise<T>): Promise<T> => storage.run(running, body);

export const currentTest = (): Running | undefined => storage.getStore();

const isAmbiguityId = (key: string): key is AmbiguityId => (AMBIGUITY_IDS as readonly string[]).includes(key);

/** Notes that the running test depends on an ambiguity's option; outside a test nothing is noted. */
export function noteConsulted(ambiguity: AmbiguityId): void {
  storage.getStore()?.consulted?.add(ambiguity);
}

/**
 * The choices as tests read them: every read of an option inside a test is noted as consulted, so
 * that a failure can name the ambiguities it depended on (reads at file load, outside tests, are not).
 */
export function consultingChoices(choices: AmbiguityChoices): AmbiguityChoices {
  return new Proxy(choices, {
    get(target, key, receiver) {
      if (typeof key === 'string' && isAmbiguityId(key)) noteConsulted(key);
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * Records what the target did on an ambiguity. `matches` is computed by the caller (it knows what
 * the option means); under record-only it is null. Outside a test (setup) nothing is recorded.
 */
export function observe(ambiguity: AmbiguityId, observed: string, matches: boolean | null): void {
  const running = storage.getStore();
  if (!running) return;
  ambiguityById(ambiguity); // throws on an unknown id: a typo must not vanish silently
  running.consulted?.add(ambiguity);
  const expected = running.choices[ambiguity];
  const entry: Observation = { ambiguity, expected, observed, matches: expected === 'record-only' ? null : matches };
  const meta = running.context.task.meta;
  meta.observations = [...(meta.observations ?? []), entry];
}
