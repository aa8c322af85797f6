/**
 * Temporary folders for the project's own tests, removed when the test or the file that made them
 * ends, passed or failed (runs used to leave their certify outputs and profiles in the system
 * temporary folder).
 *
 * Removal is asynchronous and has its own timeout: the consumer install of package-install.test.ts
 * holds about 10,000 files, and on a loaded CI disk removing it with rmSync outlasted vitest's 10 s
 * hook timeout, failing a file whose eight tests had all passed.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

const REMOVAL_TIMEOUT_MS = 120_000;

const remove = (dir: string) => rm(dir, { recursive: true, force: true, maxRetries: 3 });

/** A folder for the file or describe block that calls this while it is collected; removed after its last test. */
export function fileScratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => remove(dir), REMOVAL_TIMEOUT_MS);
  return dir;
}

/** A folder for the running test (call it inside the test); removed when that test finishes. */
export function testScratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => remove(dir), REMOVAL_TIMEOUT_MS);
  return dir;
}
