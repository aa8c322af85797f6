/**
 * Runs a fixture file of this folder through run-statuses.ts in a child process (so that its vitest
 * run is not nested in the calling test's) and resolves to what the child printed; the reports are
 * in `out`. A child that fails rejects with the tail of its output.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const RUNNER = join(import.meta.dirname, 'run-statuses.ts');

export function runFixture(out: string, fixture?: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, out, ...(fixture === undefined ? [] : [fixture])], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`run-statuses exited ${code}: ${text.slice(-2000)}`))));
  });
}
