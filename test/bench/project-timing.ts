/**
 * The project's own figures: how long `npm test` takes (timed here with --npm-test, in this checkout
 * with its dependencies installed, as after `npm ci` on a clean clone) and how long CI took, read
 * from the record `.ci/run` writes (reports/ci-timing.json: each step's wall time, its exit code,
 * the total). A figure that was not measured is null, never guessed.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from './server-process.ts';

export interface CommandTiming {
  seconds: number;
  exitCode: number | null;
  /** Where the captured output is (npm-test.out). */
  outDir: string;
}

/** Longer than `npm test` should ever take: killed past it, and reported so. */
const NPM_TEST_TIMEOUT_MS = 30 * 60 * 1000;

/** Runs `npm test` in the project and times it; its output goes to a file beside nothing else. */
export async function timeNpmTest(): Promise<CommandTiming> {
  const outDir = mkdtempSync(join(tmpdir(), 'mc-bench-npm-test-'));
  const out = openSync(join(outDir, 'npm-test.out'), 'w');
  const started = performance.now();
  try {
    const exitCode = await new Promise<number | null>((resolveExit, reject) => {
      const child = spawn('npm', ['test'], { cwd: PROJECT_ROOT, stdio: ['ignore', out, out] });
      const timer = setTimeout(() => child.kill('SIGKILL'), NPM_TEST_TIMEOUT_MS);
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolveExit(code);
      });
    });
    return { seconds: Math.round((performance.now() - started) / 100) / 10, exitCode, outDir };
  } finally {
    closeSync(out);
  }
}

/** What .ci/run writes when it ends (its write_timing). */
export const CiTiming = z.object({
  finishedAt: z.string(),
  commit: z.string(),
  node: z.string(),
  cores: z.number(),
  totalSeconds: z.number(),
  exit: z.number(),
  steps: z.array(z.object({ name: z.string(), seconds: z.number(), exit: z.number() })),
});
export type CiTiming = z.infer<typeof CiTiming>;

export const DEFAULT_CI_TIMING = join(PROJECT_ROOT, 'reports', 'ci-timing.json');

/** The record of the last .ci/run, or undefined when there is none at `path`. */
export function readCiTiming(path: string): CiTiming | undefined {
  return existsSync(path) ? CiTiming.parse(JSON.parse(readFileSync(path, 'utf8'))) : undefined;
}

/** The `npm test` step of CI on the machine's Node (its first), as a timing. */
export function npmTestOfCi(ci: CiTiming): Omit<CommandTiming, 'outDir'> | undefined {
  const step = ci.steps.find((s) => s.name.startsWith('npm test'));
  return step === undefined ? undefined : { seconds: step.seconds, exitCode: step.exit };
}
