/**
 * Where the project's own files are, for the commands that start vitest or child CLIs.
 *
 * Two layouts run this module: the source checkout (tsx runs `harness/*.ts`, the suites are
 * `suites/<area>.test.ts`) and the installed package (Node runs the compiled `dist/harness/*.js`,
 * the suites are `dist/suites/<area>.test.js`). Paths and the suite files' extension are taken
 * from where this module itself runs, so both layouts find their own suites.
 */
import { existsSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/**
 * The folder holding harness/, suites/, reference/ and schemas/: the checkout, or dist/ of the package.
 * This module is harness/config/project-paths, two folders below it.
 */
export const PROJECT_ROOT = resolve(dirname(HERE), '..', '..');
/** The folder of package.json: the checkout, or the parent of dist/. */
export const PACKAGE_ROOT = existsSync(join(PROJECT_ROOT, 'package.json')) ? PROJECT_ROOT : dirname(PROJECT_ROOT);
/** The conformance suites: one file per area, `suites/<area>.test.ts` (`.test.js` once compiled). */
export const SUITES_DIR = join(PROJECT_ROOT, 'suites');
/** `.ts` in the checkout, `.js` in the compiled package. */
const SOURCE_EXTENSION = extname(HERE);
/** The ending of a suite file's name in this layout. */
export const SUITE_FILE_SUFFIX = `.test${SOURCE_EXTENSION}`;

export const suiteFileName = (area: string): string => `${area}${SUITE_FILE_SUFFIX}`;
/** The area of a suite file's name, or undefined when the name is not a suite file of this layout. */
export const areaOfSuiteFile = (name: string): string | undefined => (name.endsWith(SUITE_FILE_SUFFIX) ? name.slice(0, -SUITE_FILE_SUFFIX.length) : undefined);

/** The source document (shipped in the package too): the words every requirement quotes. */
export const SPEC_DOCUMENT_PATH = join(PACKAGE_ROOT, 'spec', 'source', 'messaging-service-interface.md');
