/**
 * The conformance test that is running, for code deep in a call chain (the HTTP client recording
 * exchanges, expectations recording observations). AsyncLocalStorage rather than a module variable:
 * tests of a file may run concurrently (real-time waits overlap, so that a run is not the sum of
 * every wait of the document).
 *
 * And the suite file that is running in this worker (files of a worker run one after the other),
 * whose meta carries to the certify process what does not belong to a test: the secrets the worker
 * learned (5.2: every report is redacted against them), the keys the target echoed, and the cleanup
 * steps that failed (reportCleanupFailure: what was left on the target).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { beforeAll, TestRunner, type TestContext } from 'vitest';
import { ambiguityById, type AmbiguityChoices, type AmbiguityId, isAmbiguityId } from '../../schemas/ambiguities.ts';
import { knownSecrets, onKeyEcho, onSecretLearned, redactKnown } from '../transport/redaction.ts';
import type { Observation } from './test-meta.ts';
import { appendToReport, setInReport, type ReportingTask } from './test-report.ts';

interface Running {
  context: TestContext;
  choices: AmbiguityChoices;
  /** The ambiguities the test read so far (a failure says which of them were defaulted). */
  consulted?: Set<AmbiguityId>;
}

const storage = new AsyncLocalStorage<Running>();

export const runAsCurrentTest = <T>(running: Running, body: () => Promise<T>): Promise<T> => storage.run(running, body);

export const currentTest = (): Running | undefined => storage.getStore();

/** Notes that the running test depends on an ambiguity's option; outside a test nothing is noted. */
function noteConsulted(ambiguity: AmbiguityId): void {
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
 * The choices as a handle made at file load reads them (t.choices): inside a test, the running
 * test's own (noted as consulted; a test run again under another option of a defaulted ambiguity
 * reads that option, defaulted-ambiguities.ts); outside a test, `fallback`.
 */
export function runningTestChoices(fallback: AmbiguityChoices): AmbiguityChoices {
  return new Proxy(fallback, {
    get(target, key, receiver) {
      const running = storage.getStore();
      if (running === undefined || typeof key !== 'string' || !isAmbiguityId(key)) return Reflect.get(target, key, receiver);
      return running.choices[key];
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
  // What the target did is often its own words (a code, a message): no key of the run may stay in it (5.2).
  const entry: Observation = { ambiguity, expected, observed: redactKnown(observed), matches: expected === 'record-only' ? null : matches };
  appendToReport(running.context.task, 'observations', entry);
}

// ---------------------------------------------------------------------------------------------
// The suite file running in this worker, and what its meta carries to the certify process.
// ---------------------------------------------------------------------------------------------

/** The part of vitest's file task used here. */
interface SuiteFileTask extends ReportingTask {
  readonly filepath: string;
}

let runningFile: SuiteFileTask | undefined;
/** Echoes and cleanup failures noted before any file ran (nothing, in practice): given to the first file. */
const unplaced: { keyEchoes: string[]; cleanupFailures: string[] } = { keyEchoes: [], cleanupFailures: [] };
/** Secrets this worker already handed over on a test's meta. */
const shipped = new Set<string>();
let listening = false;

function appendTo(file: SuiteFileTask | undefined, field: 'keyEchoes' | 'cleanupFailures', line: string): void {
  if (file === undefined) unplaced[field].push(line);
  else appendToReport(file, field, line);
}

function listenOnce(): void {
  if (listening) return;
  listening = true;
  onSecretLearned((secret) => {
    if (runningFile !== undefined) appendToReport(runningFile, 'learnedSecrets', secret);
  });
  onKeyEcho((echo) => appendTo(runningFile, 'keyEchoes', echo));
}

/** A suite file starts in this worker: its meta gets every secret known so far, and what comes later. */
function noteRunningFile(file: SuiteFileTask): void {
  listenOnce();
  runningFile = file;
  setInReport(file, 'learnedSecrets', knownSecrets());
  for (const field of ['keyEchoes', 'cleanupFailures'] as const) for (const line of unplaced[field].splice(0)) appendTo(file, field, line);
}

const watchedSuites = new WeakSet<object>();

/**
 * Called while a suite file is collected (req() does, requirement-test.ts): the describe block being
 * collected notes, when it starts, that its file is the one running. A hook per block, not per file:
 * a block is what req() can reach while it is collected, and a worker runs one file at a time.
 */
export function watchCollectingSuite(): void {
  listenOnce();
  const collector = TestRunner.getCurrentSuite();
  if (collector === undefined || watchedSuites.has(collector)) return;
  watchedSuites.add(collector);
  // vitest reads a hook's first parameter as its fixtures, which must be an object pattern.
  // biome-ignore lint/correctness/noEmptyPattern: vitest requires the pattern, and this hook needs no fixture
  beforeAll(({}, suite) => noteRunningFile(suite.file));
}

/**
 * Puts on a finished test's meta the secrets the worker learned since its last test ended: the
 * certify process redacts this test's reports against them at once, before its file ends (and a
 * file cut short by the run's deadline never sends its own meta).
 */
export function shipLearnedSecrets(task: ReportingTask): void {
  const fresh = knownSecrets().filter((secret) => !shipped.has(secret));
  if (fresh.length === 0) return;
  for (const secret of fresh) shipped.add(secret);
  appendToReport(task, 'learnedSecrets', ...fresh);
}

/** What a failed cleanup step reports: what it tried, and what it left on the target. */
export interface CleanupFailure {
  /** The step, as a reader of the report recognises it: "withdrawing the credits of subaccount x@example.com (4.11)". */
  step: string;
  /** What is still on the target because of it: "subaccount x@example.com, not archived, with an unknown balance". */
  leftOnTarget: string;
  /** Why it failed (an error, an answer), if known. */
  cause?: unknown;
}

const causeText = (cause: unknown): string =>
  (cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : (JSON.stringify(cause) ?? String(cause)))
    .replace(/\s*\n\s*/g, ' ')
    .slice(0, 500);

/**
 * Reports a cleanup step of a suite file that failed (a teardown that could not empty or archive a
 * subaccount, restore a webhook, delete what a test made): a run error in summary.md, summary.json
 * and junit.xml naming what was left on the target, so that a run never ends silently with debris.
 * Callable from teardown code, where no test runs; the text is redacted (5.2) before it is kept.
 */
export function reportCleanupFailure(failure: CleanupFailure): void {
  const line = redactKnown(
    `cleanup failed: ${failure.step}${failure.cause === undefined ? '' : ` (${causeText(failure.cause)})`}; left on the target: ${failure.leftOnTarget}`,
  );
  if (runningFile === undefined && !listening) {
    process.stderr.write(`${line}\n`);
    return;
  }
  appendTo(runningFile, 'cleanupFailures', line);
}
