/**
 * The suite files that hold a test of a requirement, as the traceability matrix lists them
 * (spec/requirements.yaml: generated from vitest's collection by `npm run spec`, checked by
 * `spec:check`). The kill matrix's pointed runs (`--requirements ID`) start only these files: a
 * file of the area without a test of the id would start a worker and provision a subaccount only to
 * skip every test as not selected.
 *
 * When the matrix is absent or does not list the id, the answer is undefined and the run keeps every
 * file of its areas: slower, never a different verdict.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { areaOfSuiteFile, PACKAGE_ROOT } from '../config/project-paths.ts';

const TRACEABILITY_PATH = join(PACKAGE_ROOT, 'spec', 'requirements.yaml');

/** The part of spec/requirements.yaml read here: each id and the files of its tests ('suites/otp-v2/state-table.test.ts'). */
const Traceability = z.object({
  requirements: z.array(z.object({ id: z.string(), tests: z.array(z.object({ file: z.string() })) })),
});

let filesById: ReadonlyMap<string, readonly string[]> | undefined;

function readTraceability(): ReadonlyMap<string, readonly string[]> {
  if (filesById !== undefined) return filesById;
  const parsed = existsSync(TRACEABILITY_PATH) ? Traceability.safeParse(parse(readFileSync(TRACEABILITY_PATH, 'utf8'))) : undefined;
  const byId = new Map<string, readonly string[]>();
  for (const r of parsed?.success ? parsed.data.requirements : []) byId.set(r.id, [...new Set(r.tests.map((t) => t.file.replace(/^suites\//, '')))].sort());
  filesById = byId;
  return byId;
}

/**
 * The files (relative to suites/: 'otp-v2/state-table.test.ts') of `areas` holding a test of
 * `requirement`; undefined when the matrix lists none there, so that the run keeps every file.
 */
export function testFilesOf(requirement: string, areas: readonly string[]): string[] | undefined {
  const files = (readTraceability().get(requirement) ?? []).filter((f) => areas.includes(areaOfSuiteFile(f) ?? ''));
  return files.length === 0 ? undefined : files;
}
