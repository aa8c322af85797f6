/**
 * The shape CONTRIBUTING asks of the code, on the project's own files: no function over 60 lines,
 * no describe over 100, no source file over 500 outside the data tables and generated files; and
 * every check a suite makes of a target says which requirement it judges (judge).
 * Each finder is tried on made-up text too, so that one that finds nothing is caught.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../harness/config/project-paths.ts';
import { bareExpects, lineCount, longBlocks } from './code-shape-rules.ts';

const MAX_FUNCTION_LINES = 60;
const MAX_DESCRIBE_LINES = 100;
const MAX_FILE_LINES = 500;

/** The folders of the project's sources and tests (fixtures are inputs, not code of ours). */
const SOURCE_FOLDERS = ['bin', 'harness', 'schemas', 'spec', 'suites', 'reference', 'test'] as const;

/**
 * Files longer than MAX_FILE_LINES that are data, each with why. A table cut in two would be two
 * places for one kind of row.
 */
const DATA_TABLES: Readonly<Record<string, string>> = {
  'schemas/stated-limits.ts': 'one row per stated limit of section 8 and the field tables of 4, with its kinds',
};

function sourceFiles(): string[] {
  return SOURCE_FOLDERS.flatMap((folder) =>
    readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|js|mjs)$/.test(f) && !f.endsWith('.d.ts') && !f.split('/').includes('fixtures'))
      .map((f) => `${folder}/${f}`),
  );
}

describe('the project keeps its functions, describes and files short', () => {
  const files = sourceFiles();

  it('finds the sources (more than 300 files)', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it(`no function over ${MAX_FUNCTION_LINES} lines and no describe over ${MAX_DESCRIBE_LINES}`, () => {
    const long = files.flatMap((f) =>
      longBlocks(f, readFileSync(join(PROJECT_ROOT, f), 'utf8'), MAX_FUNCTION_LINES, MAX_DESCRIBE_LINES).map(
        (b) => `${f}:${b.line} ${b.kind} of ${b.lines} lines`,
      ),
    );
    expect(long).toEqual([]);
  });

  it(`no file over ${MAX_FILE_LINES} lines but the data tables, each named with why`, () => {
    const long = files.filter((f) => lineCount(readFileSync(join(PROJECT_ROOT, f), 'utf8')) > MAX_FILE_LINES);
    expect(long).toEqual(Object.keys(DATA_TABLES));
  });

  it('the finder measures functions, methods and describes, and tells a describe from a function', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function long() {\n${body(60)}\n}`,
      `function short() {\n${body(58)}\n}`,
      `describe('a', () => {\n${body(99)}\n});`,
      `describe('b', () => {\n${body(98)}\n});`,
      `class C {\n  m() {\n${body(61)}\n  }\n}`,
    ].join('\n');
    expect(longBlocks('made-up.ts', text, 60, 100)).toEqual([
      { line: 1, lines: 62, kind: 'function' },
      { line: 123, lines: 101, kind: 'describe' },
      { line: 325, lines: 63, kind: 'function' },
    ]);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });
});

/** The suites' files: the tests and the helpers they call (suites/support). */
const suiteFiles = (): string[] => sourceFiles().filter((f) => f.startsWith('suites/'));

describe('every check a suite makes of a target says which requirement it judges', () => {
  it('no bare expect in suites/ nor in the kit: each sits in judge(id, ...), which takes its level from the catalogue and is reported against that id', () => {
    // The kit checks targets too (its assertions, its arrangements): the same verb; its own invariants throw `kit: ...` errors.
    const files = [...suiteFiles(), ...sourceFiles().filter((f) => f.startsWith('harness/kit/'))];
    expect(files.length).toBeGreaterThan(90);
    const bare = files.flatMap((f) => bareExpects(f, readFileSync(join(PROJECT_ROOT, f), 'utf8')).map((line) => `${f}:${line}`));
    expect(bare).toEqual([]);
  });

  it('the finder sees the bare expects of a file, and not those in the check of judge', () => {
    const text = [
      "req(['a', 'b'], 'name', async () => {",
      '  expect(1).toBe(1);',
      "  judge('a', 'what', () => expect(2).toBe(2));",
      '  const f = () => expect.soft(3).toBe(3);',
      "  if (f) expect.fail('written out');",
      '});',
      'function helper(): void {',
      '  expect.unreachable();',
      "  if (!judge('c', 'what', () => {",
      '    expect(4).toBe(4);',
      '  })) return;',
      '}',
    ].join('\n');
    expect(bareExpects('made-up.ts', text)).toEqual([2, 4, 5, 8]);
  });
});
