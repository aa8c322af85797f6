/**
 * Locks on the profile's phone numbers across the worker processes of one run: tests that need a
 * real number in a clean state (the per-number state of 3.1 and 7.2) must not interleave on it, and
 * suite files run in parallel workers, with tests within a file that may be concurrent. The shared
 * medium is the run's output folder: one file per number under `.phone-number-locks/<run id>/`,
 * created with the exclusive flag 'wx' (the file system decides who holds it) and holding the
 * holder's pid. A holder that died leaves a file whose pid is gone; the next waiter removes it.
 * Waiting is bounded: past it the caller learns that it got nothing (and skips its test with that
 * reason). The same lock file, under another name, guards the run's shared state (run-state.ts).
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmdirSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface HeldNumbers {
  /** The numbers held, `count` of them, in the order of the candidates. */
  readonly numbers: readonly string[];
  /** Gives them back (idempotent). */
  release(): void;
}

export interface HoldOptions {
  /** The run's output folder (RunConfig.outDir) and run id: locks of other runs never count. */
  outDir: string;
  runId: string;
  /** The numbers that may be taken (the profile's phoneNumbers). */
  candidates: readonly string[];
  /** How many must be held at once. */
  count: number;
  /** How long to wait for them, ms. */
  waitMs: number;
  /** How often to look again while waiting, ms. */
  pollMs?: number;
}

const DEFAULT_POLL_MS = 100;

export const lockFolder = (outDir: string, runId: string): string => join(outDir, '.phone-number-locks', runId);

const codeOf = (error: unknown): string | undefined => (error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined);

/** Whether the process that wrote the lock file is gone (an unreadable or half-written file is not). */
function holderIsGone(path: string): boolean {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive but not ours to signal.
    return codeOf(error) === 'ESRCH';
  }
}

/** Takes the lock of one number if it is free (or its holder died); false when another holds it. */
const tryLock = (folder: string, number: string): boolean => tryLockFile(join(folder, `${number}.lock`));

/**
 * Creates the lock file `path` (and its folder) if nobody holds it, or takes it over from a holder
 * that died; false when a living process holds it (this one included: a lock is not re-entrant).
 */
export function tryLockFile(path: string): boolean {
  const folder = dirname(path);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ENOENT') mkdirSync(folder, { recursive: true });
      else if (code === 'EEXIST') {
        if (!holderIsGone(path)) return false;
        rmSync(path, { force: true });
      } else throw error;
    }
  }
  return false;
}

function unlock(folder: string, number: string): void {
  rmSync(join(folder, `${number}.lock`), { force: true });
}

/** Removes the run's lock folders once empty (another holder may still be using them: then they stay). */
function tidy(folder: string): void {
  for (const dir of [folder, join(folder, '..')]) {
    try {
      rmdirSync(dir);
    } catch {
      return;
    }
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds `count` of the candidates at once, waiting at most `waitMs`; undefined when they could not
 * all be had in time. Never holds some while waiting for the others (no two waiters can block each
 * other): a round that gets fewer than `count` gives them back and tries again.
 */
export async function holdNumbers(options: HoldOptions): Promise<HeldNumbers | undefined> {
  const folder = lockFolder(options.outDir, options.runId);
  const deadline = Date.now() + options.waitMs;
  if (options.count > options.candidates.length) return undefined;
  for (;;) {
    const held: string[] = [];
    for (const number of options.candidates) {
      if (held.length === options.count) break;
      if (tryLock(folder, number)) held.push(number);
    }
    if (held.length === options.count) {
      let released = false;
      return {
        numbers: held,
        release: () => {
          if (released) return;
          released = true;
          for (const number of held) unlock(folder, number);
          tidy(folder);
        },
      };
    }
    for (const number of held) unlock(folder, number);
    if (Date.now() >= deadline) return undefined;
    await sleep(Math.min(options.pollMs ?? DEFAULT_POLL_MS, Math.max(1, deadline - Date.now())));
  }
}
