/**
 * Wall time of `certify` against the embedded reference server, as a user runs it (tsx, a fresh
 * process, reports written, HTML skipped), with the test clock and in real time. The exit code and
 * the summary's totals are kept: a failing certification is a figure of the benchmark, not hidden.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from './server-process.ts';

/**
 * test-clock and real-time certify the embedded server; slow-retries certifies a reference server
 * started as a separate target without test hooks whose event retries follow a slow schedule;
 * serve-profile certifies `serve --allow-loopback-webhooks --write-profile` with the command it
 * prints, every capability it offers declared, the loopback receiver reachable (certify-target-timing.ts).
 */
export type CertifyMode = 'test-clock' | 'real-time' | 'slow-retries' | 'serve-profile';

interface CertifyTotals {
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
}

export interface CertifyTiming {
  mode: CertifyMode;
  seconds: number;
  exitCode: number | null;
  signal: string | null;
  /** Totals of summary.json, when certify got that far. */
  totals?: CertifyTotals;
  ok?: boolean;
  /** Suite files that could not run (summary.json runErrors): a cause of exit 1 beside failed tests. */
  runErrors?: number;
  /** Where the reports and the captured output are (certify.out, certify.err). */
  outDir: string;
}

/** Longer than any real-time run should take; a run past it is killed and reported as such. */
const TIMEOUT_MS = 15 * 60 * 1000;

export const tsxCli = (): string => createRequire(join(PROJECT_ROOT, 'package.json')).resolve('tsx/cli');

function readSummary(outDir: string): Pick<CertifyTiming, 'totals' | 'ok' | 'runErrors'> {
  const path = join(outDir, 'summary.json');
  if (!existsSync(path)) return {};
  try {
    const summary = JSON.parse(readFileSync(path, 'utf8')) as { totals?: CertifyTotals; ok?: boolean; runErrors?: unknown[] };
    return { totals: summary.totals, ok: summary.ok, runErrors: summary.runErrors?.length ?? 0 };
  } catch {
    return {};
  }
}

export async function timeCertify(mode: Exclude<CertifyMode, 'slow-retries'>): Promise<CertifyTiming> {
  return timeCertifyWith(mode, mode === 'real-time' ? ['--real-time'] : []);
}

/** Runs `certify --no-html --out <a fresh folder> ...flags` as a user runs it and times it. */
export async function timeCertifyWith(mode: CertifyMode, flags: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<CertifyTiming> {
  const outDir = mkdtempSync(join(tmpdir(), `mc-bench-certify-${mode}-`));
  const out = openSync(join(outDir, 'certify.out'), 'w');
  const err = openSync(join(outDir, 'certify.err'), 'w');
  const args = [tsxCli(), 'harness/cli.ts', 'certify', '--no-html', '--out', outDir, ...flags];
  const started = performance.now();
  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: string | null }>((resolveExit, reject) => {
      const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['ignore', out, err], env: { ...process.env, ...env } });
      const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
      child.once('error', reject);
      child.once('exit', (c, s) => {
        clearTimeout(timer);
        resolveExit({ code: c, signal: s });
      });
    });
    const seconds = (performance.now() - started) / 1000;
    return { mode, seconds: Math.round(seconds * 10) / 10, exitCode: code, signal, ...readSummary(outDir), outDir };
  } finally {
    closeSync(out);
    closeSync(err);
  }
}
