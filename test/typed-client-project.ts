/**
 * The typed-client project of test/typed-client.test.ts, in a folder of its own: the fixtures of
 * test/typed-client/ (kept out of the project's own typecheck, since they import types that only
 * exist once generated), types generated from spec/openapi.yaml by the openapi-typescript CLI (the
 * usual way: `npx openapi-typescript spec/openapi.yaml`), and two tsconfigs under `strict`: one for
 * the fixtures that must compile (emitted, so that the client runs), one for the one that must not.
 * Child processes are asynchronous: the reference server runs in the test's own process.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { PACKAGE_ROOT } from '../harness/config/project-paths.ts';

const FIXTURES = join(PACKAGE_ROOT, 'test', 'typed-client');
const SPEC_YAML = join(PACKAGE_ROOT, 'spec', 'openapi.yaml');

/** A manifest's `bin`: one path, or paths by command name. */
const Manifest = z.object({ bin: z.union([z.string(), z.record(z.string(), z.string())]) });

/** The script of a dev dependency's command, found through its manifest (export maps may hide bin/). */
function binOf(pkg: string, command: string): string {
  const manifest = createRequire(join(PACKAGE_ROOT, 'package.json')).resolve(`${pkg}/package.json`);
  const { bin } = Manifest.parse(JSON.parse(readFileSync(manifest, 'utf8')));
  const script = typeof bin === 'string' ? bin : bin[command];
  if (script === undefined) throw new Error(`${pkg} has no command ${command}`);
  return join(dirname(manifest), script);
}

/** Must compile: the client program (run against the server), the narrowing fixture and the snippet of docs/package.md. */
export const COMPILING = ['client.ts', 'narrowing.ts', 'docs-snippet.ts'] as const;
const PACKAGE_DOC = join(PACKAGE_ROOT, 'docs', 'package.md');
/** Must not compile: success fields read off answers whose `success` was not tested. */
export const NOT_COMPILING = 'reads-unnarrowed.ts';
/** The end of a line of the must-not-compile fixture that names the diagnostic it must raise. */
const EXPECT_MARK = /\/\/ expect (TS\d+)\s*$/;

export interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(file: string, args: readonly string[], cwd: string, timeout = 120_000): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(process.execPath, [file, ...args], { cwd, encoding: 'utf8', timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ status, stdout, stderr });
    });
  });
}

export interface Diagnostic {
  file: string;
  line: number;
  code: string;
  message: string;
}

/** The `file(line,col): error TSxxxx: message` lines of tsc's output. */
export function diagnosticsOf(output: string): Diagnostic[] {
  return [...output.matchAll(/^(\S+?)\((\d+),\d+\): error (TS\d+): (.*)$/gm)].map((m) => ({
    file: m[1] ?? '',
    line: Number(m[2]),
    code: m[3] ?? '',
    message: m[4] ?? '',
  }));
}

/** The diagnostics the must-not-compile fixture announces: `// expect TS2339` at the end of a line. */
export function expectedDiagnostics(): { file: string; line: number; code: string }[] {
  return readFileSync(join(FIXTURES, NOT_COMPILING), 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      const code = EXPECT_MARK.exec(text)?.[1];
      return code === undefined ? [] : [{ file: NOT_COMPILING, line: index + 1, code }];
    });
}

/**
 * The TypeScript block of docs/package.md's "## Typed clients", as a module: its free variables
 * baseUrl and apikey declared, so that the snippet users copy is the one that compiles.
 */
function docsSnippet(): string {
  const section = readFileSync(PACKAGE_DOC, 'utf8')
    .split(/^## Typed clients$/m)[1]
    ?.split(/^##/m)[0];
  const block = section === undefined ? undefined : /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (block === undefined) throw new Error('docs/package.md has no ```ts block under ## Typed clients');
  return `declare const baseUrl: string;\ndeclare const apikey: string;\n${block}export {};\n`;
}

const compilerOptions = {
  strict: true,
  module: 'nodenext',
  moduleResolution: 'nodenext',
  target: 'es2022',
  lib: ['es2023', 'dom'],
  types: ['node'],
  skipLibCheck: false,
};

/** Writes the project into `dir` and generates its types; the generator's outcome. */
export async function writeTypedClientProject(dir: string): Promise<Outcome> {
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, file), join(dir, file));
  writeFileSync(join(dir, 'docs-snippet.ts'), docsSnippet());
  // openapi-fetch, openapi-typescript, typescript and @types/node are this project's dev dependencies.
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'typed-client', private: true, type: 'module' }));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, outDir: 'out' }, files: COMPILING }));
  writeFileSync(join(dir, 'tsconfig.unnarrowed.json'), JSON.stringify({ compilerOptions: { ...compilerOptions, noEmit: true }, files: [NOT_COMPILING] }));
  return run(binOf('openapi-typescript', 'openapi-typescript'), [SPEC_YAML, '--output', 'schema.d.ts'], dir);
}

export const compile = (dir: string, tsconfig: string): Promise<Outcome> => run(binOf('typescript', 'tsc'), ['-p', tsconfig], dir);
