/**
 * Where the project's own files are, for the commands that start vitest or child CLIs.
 *
 * Two layouts run this module: the source checkout (tsx runs `harness/*.ts`, the suites are
 * `suites/<area>/<part>.test.ts`) and the installed package (Node runs
 * the compiled `dist/harness/*.js`, the suites are `dist/suites/...test.js`). Paths and the suite
 * files' extension are taken from where this module itself runs, so both layouts find their own suites.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/**
 * The folder holding harness/, suites/, reference/ and schemas/: the checkout, or dist/ of the package.
 * This module is harness/config/project-paths, two folders below it.
 */
export const PROJECT_ROOT = resolve(dirname(HERE), '..', '..');
/** The folder of package.json: the checkout, or the parent of dist/. */
export const PACKAGE_ROOT = existsSync(join(PROJECT_ROOT, 'package.json')) ? PROJECT_ROOT : dirname(PROJECT_ROOT);
/**
 * The conformance suites: an area is a folder of files, one per operation or table of the document,
 * `suites/<area>/<part>.test.ts` (`.test.js` once compiled), so that the id in a report (the file's
 * `<area>/<part>`) leads to the operation it tests.
 */
export const SUITES_DIR = join(PROJECT_ROOT, 'suites');
/** `.ts` in the checkout, `.js` in the compiled package. */
const SOURCE_EXTENSION = extname(HERE);
/** The ending of a suite file's name in this layout. */
export const SUITE_FILE_SUFFIX = `.test${SOURCE_EXTENSION}`;

/** A suite file as the run knows it: its id, its path in suites/ without the ending (`otp-v2/state-table`), and its area (`otp-v2`). */
export interface SuiteFileId {
  readonly id: string;
  readonly area: string;
}

/**
 * The suite file at `path` (absolute, or relative to suites/), or undefined when it is not a suite
 * file of this layout, `<area>/<part>.test.ts`.
 */
export function suiteFileAt(path: string): SuiteFileId | undefined {
  const inSuites = (isAbsolute(path) ? relative(SUITES_DIR, path) : path).split(sep).join('/');
  if (!inSuites.endsWith(SUITE_FILE_SUFFIX)) return undefined;
  const id = inSuites.slice(0, -SUITE_FILE_SUFFIX.length);
  const parts = id.split('/');
  if (parts.length !== 2 || parts.some((part) => part === '' || part === '..')) return undefined;
  return { id, area: parts[0]! };
}

/** The area of the suite file at `path` (absolute, or relative to suites/), or undefined when it is not a suite file of this layout. */
export const areaOfSuiteFile = (path: string): string | undefined => suiteFileAt(path)?.area;

/** Every suite file of this layout, as paths relative to suites/ ('otp-v2/state-table.test.ts'), sorted. */
export function listSuiteFiles(): string[] {
  if (!existsSync(SUITES_DIR)) return [];
  const folders = readdirSync(SUITES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory());
  return folders
    .flatMap((folder) => readdirSync(join(SUITES_DIR, folder.name)).map((f) => `${folder.name}/${f}`))
    .filter((f) => suiteFileAt(f) !== undefined)
    .sort();
}

/** The source document (shipped in the package too): the words every requirement quotes. */
export const SPEC_DOCUMENT_PATH = join(PACKAGE_ROOT, 'spec', 'source', 'messaging-service-interface.md');
