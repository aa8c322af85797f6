/**
 * Runs that several test files of one `vitest run` read, where they ask the same question of the
 * same run: the file that makes the run keeps what the others read in a folder of that vitest run
 * (vitest.config.ts makes it in its global setup, `setup` below, and removes it at the end). A file
 * that finds nothing kept (run alone, or before the maker) makes the run itself: a shared run saves
 * time, it never decides a verdict.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VARIABLE = 'MC_SHARED_RUNS_DIR';

/**
 * `serve --allow-loopback-webhooks` (no test hooks), `discover`, then `certify --profile` with this
 * seed, default personality: the README's path for a staging server (discover-target.test.ts) and
 * the run as the machine is that saturated-certify.test.ts compares its saturated run with. Kept:
 * the per-test verdicts of junit.xml (junit-verdicts.ts), once the run passed its own checks.
 */
export const DISCOVERED_DEFAULT_RUN = { name: 'discover-certify-default', seed: '7' } as const;

/** vitest's global setup (vitest.config.ts): the folder, in the environment the test workers inherit; removed when the run ends. */
export function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'mc-shared-runs-'));
  process.env[VARIABLE] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env[VARIABLE];
  };
}

const placeOf = (name: string): string | undefined => {
  const dir = process.env[VARIABLE];
  return dir === undefined || dir === '' ? undefined : join(dir, `${name}.json`);
};

/** Keeps `value` under `name` for the later files of this vitest run (nothing outside a run of vitest.config.ts). */
export function keepSharedRun(name: string, value: unknown): void {
  const place = placeOf(name);
  if (place === undefined) return;
  mkdirSync(join(place, '..'), { recursive: true });
  writeFileSync(place, JSON.stringify(value));
}

/** What an earlier file of this vitest run kept under `name`, or undefined. */
export function sharedRun<T>(name: string): T | undefined {
  const place = placeOf(name);
  return place !== undefined && existsSync(place) ? (JSON.parse(readFileSync(place, 'utf8')) as T) : undefined;
}
