/**
 * What the worker processes of one run decide or count together: suite files run in parallel
 * workers (each with its own modules), and tests within a file may be concurrent, so a value that
 * must hold for the whole run (what the target's POST /otp/reset does, the sandbox sends this run
 * made in an account) lives in the run's output folder, not in memory:
 * `<out>/.run-state/<run id>/<name>.json`, read and written only under the lock file `<name>.lock`
 * beside it (phone-number-locks.ts: created with 'wx', taken over when its holder died). A state
 * file is replaced by a rename, so a reader never sees half of one. Runs never meet: the run id is
 * part of the path, and the certify process removes the run's folder when the run ends
 * (run/run-suites.ts). Nothing secret is written here (5.2: an account is named by a digest of its
 * key, never the key).
 */
import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { tryLockFile } from './phone-number-locks.ts';

/** The run a state belongs to: its output folder and id (RunConfig.outDir, RunConfig.runId). */
export interface RunPlace {
  readonly outDir: string;
  readonly runId: string;
}

export const runStateFolder = (place: RunPlace): string => join(place.outDir, '.run-state', place.runId);

const statePath = (place: RunPlace, name: string): string => join(runStateFolder(place), `${name}.json`);
const lockPath = (place: RunPlace, name: string): string => join(runStateFolder(place), `${name}.lock`);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a waiter looks again, ms: the holders of these locks keep them for a few file operations or a few calls. */
const POLL_MS = 15;

/** A wait for a lock of the run that ran out: the holder is stuck, or holds it for longer than its users allow. */
export class RunLockTimeout extends Error {
  override readonly name = 'RunLockTimeout';
}

/**
 * Runs `body` holding the run's lock `name`, waiting at most `waitMs` for it (RunLockTimeout past
 * that). Not re-entrant: `body` must not take the same lock again.
 */
async function withRunLock<T>(place: RunPlace, name: string, body: () => T | Promise<T>, waitMs: number): Promise<T> {
  const path = lockPath(place, name);
  const deadline = Date.now() + waitMs;
  while (!tryLockFile(path)) {
    if (Date.now() >= deadline) throw new RunLockTimeout(`the run's lock "${name}" was held by another test for more than ${Math.round(waitMs / 1000)} s`);
    await sleep(POLL_MS);
  }
  try {
    return await body();
  } finally {
    rmSync(path, { force: true });
  }
}

/** The state `name` of the run, or undefined when none was written (or it does not parse). */
export function readRunState<S extends z.ZodType>(place: RunPlace, name: string, schema: S): z.output<S> | undefined {
  let text: string;
  try {
    text = readFileSync(statePath(place, name), 'utf8');
  } catch {
    return undefined;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}

/** Replaces the state `name` of the run (call it under the lock of `name`). */
function writeRunState(place: RunPlace, name: string, value: unknown): void {
  mkdirSync(runStateFolder(place), { recursive: true });
  const path = statePath(place, name);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value)}\n`);
  renameSync(temporary, path);
}

/**
 * Reads the state `name` (or `initial`), lets `update` compute the next state and a result, writes
 * the state and returns the result, all under the lock: concurrent updaters of any worker never
 * lose each other's changes.
 */
export function updateRunState<S extends z.ZodType, R>(
  place: RunPlace,
  name: string,
  schema: S,
  initial: z.output<S>,
  update: (state: z.output<S>) => { state: z.output<S>; result: R },
  waitMs = 30_000,
): Promise<R> {
  return withRunLock(
    place,
    name,
    () => {
      const { state, result } = update(readRunState(place, name, schema) ?? initial);
      writeRunState(place, name, state);
      return result;
    },
    waitMs,
  );
}

/**
 * A value decided once per run: the first caller runs `decide` under the lock (other callers, in any
 * worker, wait for it, at most `waitMs`) and writes what it returned; every caller then reads that.
 * When `decide` throws nothing is written, and the next caller decides again (a test that could
 * not decide, e.g. because the cost guard refused its send, must not decide for the others).
 */
export async function decideOncePerRun<S extends z.ZodType>(
  place: RunPlace,
  name: string,
  schema: S,
  decide: () => Promise<z.output<S>>,
  waitMs: number,
): Promise<z.output<S>> {
  const known = readRunState(place, name, schema);
  if (known !== undefined) return known;
  return withRunLock(
    place,
    `${name}.decide`,
    async () => {
      // Decided by the holder this caller waited for.
      const decided = readRunState(place, name, schema);
      if (decided !== undefined) return decided;
      const value = await decide();
      writeRunState(place, name, value);
      return value;
    },
    waitMs,
  );
}

/** Removes the run's state folder (the certify process, once every worker has ended). */
export function removeRunState(place: RunPlace): void {
  rmSync(runStateFolder(place), { recursive: true, force: true });
  try {
    rmdirSync(join(place.outDir, '.run-state'));
  } catch {
    // Another run's state is still there (or none was ever written).
  }
}
