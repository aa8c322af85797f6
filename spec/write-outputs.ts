/**
 * Writes the generated files, or compares them with the committed ones (the check of CI: the
 * committed OpenAPI document and requirement catalogue must be the ones the schemas give).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { OutputFile } from './render-outputs.ts';

export async function writeOutputs(root: string, files: readonly OutputFile[]): Promise<void> {
  for (const f of files) {
    const target = resolve(root, f.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, f.content, 'utf8');
  }
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error: unknown) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface StaleFile {
  path: string;
  reason: 'missing' | 'differs';
}

/** The files whose committed content is not the generated one. */
export async function staleOutputs(root: string, files: readonly OutputFile[]): Promise<StaleFile[]> {
  const stale: StaleFile[] = [];
  for (const f of files) {
    const current = await readIfPresent(resolve(root, f.path));
    if (current === undefined) stale.push({ path: f.path, reason: 'missing' });
    else if (current !== f.content) stale.push({ path: f.path, reason: 'differs' });
  }
  return stale;
}
