/**
 * The CLI as a child process, for project tests that certify or discover a server running in the
 * test's own process: asynchronous (spawn, not spawnSync), so that the in-process server keeps
 * answering while the child runs; the MC_* variables are emptied so the caller's flags alone count.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../bin/messaging-conformance.js', import.meta.url));

export function cli(args: readonly string[], timeoutMs: number): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, MC_TARGET: '', MC_API_KEY: '', MC_MANAGER_KEY: '', MC_PROFILE: '' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    });
  });
}
