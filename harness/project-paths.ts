/** Where the project's own files are, for the commands that start vitest or child CLIs. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The conformance suites: one file per area, `suites/<area>.test.ts`. */
export const SUITES_DIR = join(PROJECT_ROOT, 'suites');
