/**
 * What the end-to-end tests of certify and discover against a hostile, broken or interrupted target
 * share (hostile-target.test.ts, hostile-interrupted.test.ts): certify in a child process with no
 * MC_* variable of the environment, the reference server as a remote target behind the seeded fault
 * proxy (fault-proxy.ts), and the search of an output folder for the run's keys in every form.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbeddedTarget } from '../harness/run/embedded-target.ts';
import { startFaultProxy, type FaultProxy, type FaultProxyOptions } from './fault-proxy.ts';
import { testScratchDir } from './scratch-dir.ts';
import type { TestContext } from 'vitest';

export const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));
export const MB = 1024 * 1024;

export interface Run {
  exit: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  out: string;
  seconds: number;
  /** The highest resident memory of certify and its workers together, bytes (when sampled). */
  peakRss: number;
}

/** Resident memory of `pid` and every process under it, bytes, from /proc (Linux). */
function treeRss(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      parent.set(Number(entry), Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // The process ended while it was read.
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid, hops = 0; p !== undefined && p > 1 && hops < 64; p = parent.get(p), hops++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, bytes] of rss) if (inTree(pid)) total += bytes;
  return total;
}

/**
 * A folder for a concurrent test, removed when that test finishes: scratch-dir.ts's testScratchDir
 * finds the running test by itself, which is ambiguous when tests run side by side.
 */
export function concurrentScratchDir(context: TestContext, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  context.onTestFinished(() => rm(dir, { recursive: true, force: true, maxRetries: 3 }));
  return dir;
}

export interface CertifyOptions {
  out?: string;
  /** Sample the memory of the process tree every 200 ms. */
  sampleMemory?: boolean;
  /** Called with the child once it runs (to signal it). */
  started?: (child: ChildProcess) => void;
  killAfterMs?: number;
}

/** One certify in a child process, with no MC_* variable of the environment. */
export function certify(flags: string[], options: CertifyOptions = {}): Promise<Run> {
  const out = options.out ?? testScratchDir('mc-hostile-');
  const begun = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'certify', '--out', out, ...flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MC_TARGET: '', MC_API_KEY: '', MC_MANAGER_KEY: '', MC_PROFILE: '' },
    });
    let stdout = '';
    let stderr = '';
    let peakRss = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const sampler = options.sampleMemory ? setInterval(() => (peakRss = Math.max(peakRss, treeRss(child.pid!))), 200) : undefined;
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 150_000);
    options.started?.(child);
    child.on('error', reject);
    child.on('close', (exit, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({ exit, signal, stdout, stderr, out, seconds: (Date.now() - begun) / 1000, peakRss });
    });
  });
}

export async function withProxy<T>(
  target: EmbeddedTarget,
  options: Omit<FaultProxyOptions, 'target' | 'seed'>,
  body: (proxy: FaultProxy) => Promise<T>,
): Promise<T> {
  const proxy = await startFaultProxy({ target: target.server.baseUrl, seed: 19, rateLimitShare: 0, delayShare: 0, ...options });
  try {
    return await body(proxy);
  } finally {
    await proxy.close();
  }
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** base64 of `key` at an offset of 0, 1 or 2 bytes, only the characters the key alone decides. */
function base64At(key: string, offset: number): string {
  const bytes = Buffer.concat([Buffer.alloc(offset), Buffer.from(key)]);
  const text = bytes.toString('base64');
  return text.slice(offset === 0 ? 0 : offset + 1, 4 * Math.floor(bytes.length / 3) + (bytes.length % 3));
}

/**
 * Where any of `keys` is in the files under `dir`: raw, percent-encoded, or base64 at any alignment,
 * and inside every base64 payload (the Allure page's d("…","…") entries and data: URLs), decoded.
 * This test's own search, independent of the kit's leak check.
 */
export function keysIn(dir: string, keys: readonly string[]): string[] {
  const found: string[] = [];
  const forms = keys.flatMap((k) => [k, encodeURIComponent(k), base64At(k, 0), base64At(k, 1), base64At(k, 2)]);
  const search = (text: string, where: string) => {
    for (const form of forms) if (text.includes(form)) found.push(`${where} holds a key`);
  };
  for (const path of filesUnder(dir)) {
    const text = readFileSync(path).toString('latin1');
    const where = relative(dir, path);
    search(text, where);
    for (const [, name, payload] of text.matchAll(/(?:d\("([^"]+)",\s*"|;base64,)([A-Za-z0-9+/=]{16,})/g))
      search(Buffer.from(payload!, 'base64').toString('latin1'), `${where}: ${name ?? 'data: URL'}`);
  }
  return [...new Set(found)];
}

export interface SummaryJson {
  ok: boolean;
  runErrors: string[];
  brokenTests: string[];
  incomplete?: string;
  leakCheck?: { passed: boolean; secrets: number; findings: string[] };
  requirements: { id: string; status: string; reason?: string }[];
}

export const summaryOf = (run: Run): SummaryJson => JSON.parse(readFileSync(join(run.out, 'summary.json'), 'utf8')) as SummaryJson;
