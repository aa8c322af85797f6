/**
 * The dependency rules of the folders (README "Layout"), on the project's own files, and
 * the checker itself on made-up module graphs, so that a checker that finds nothing is caught.
 * `npm run arch` runs this file alone.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../harness/config/project-paths.ts';
import {
  cycleFindings,
  levelledChecks,
  metaWrites,
  verdictDecisions,
  importCycles,
  importSpecifiers,
  readImportGraph,
  resolveImport,
  ruleViolations,
  type ImportEdge,
  type ImportGraph,
} from './architecture-rules.ts';

/**
 * Import cycles that exist today, each as its files. Type-only imports count: two files that
 * import each other's types still cannot be read one before the other.
 */
const KNOWN_CYCLES: readonly (readonly string[])[] = [
  // none: the last one (harness/http-client.ts ⇄ harness/redaction.ts) went with the harness split,
  // whose transport/exchange.ts holds the record both read.
];

describe('the project keeps the dependency rules of its folders', () => {
  const graph = readImportGraph();

  it('reads every folder the rules are about', () => {
    for (const folder of ['schemas', 'spec', 'reference', 'harness', 'suites'])
      expect(
        [...graph.keys()].some((f) => f.startsWith(`${folder}/`)),
        folder,
      ).toBe(true);
  });

  it(
    'schemas/ imports nothing else of ours; suites/ never imports reference/; reference/ ' +
      'never imports harness/ or suites/; harness/ folders import only the folders below them',
    () => {
      expect(ruleViolations(graph)).toEqual([]);
    },
  );

  it('has no import cycle but the known ones, and every known one still exists', () => {
    const { unexpected, stale } = cycleFindings(importCycles(graph), KNOWN_CYCLES);
    expect(unexpected, 'new import cycles (files of each)').toEqual([]);
    expect(stale, 'known cycles that no longer exist: remove them from KNOWN_CYCLES').toEqual([]);
  });
});

/** A graph from file → imports, where a name ending in .ts or .json is a file of ours and any other an npm package. */
const graphOf = (edges: Record<string, readonly string[]>): ImportGraph =>
  new Map(
    Object.entries(edges).map(([file, targets]): [string, ImportEdge[]] => [
      file,
      targets.map((t) => (/\.(ts|json)$/.test(t) ? { specifier: t, target: t } : { specifier: t })),
    ]),
  );

/** The lines of the files of suites/ (every folder) that `find` flags, as `suites/<file>:<line>`; suites/ must hold the suites. */
function linesOfSuites(find: (text: string) => number[]): string[] {
  const files = readdirSync(join(PROJECT_ROOT, 'suites'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(20);
  return files.flatMap((f) => find(readFileSync(join(PROJECT_ROOT, 'suites', f), 'utf8')).map((line) => `suites/${f}:${line}`));
}

describe('the suites write no test metadata themselves', () => {
  it('no file of suites/ touches task.meta: the kit (req(), the checks, SkipTest) writes what every report reads', () => {
    expect(linesOfSuites(metaWrites)).toEqual([]);
  });

  it('in harness/kit, only test-report.ts touches a task meta: the one door of the report to the run', () => {
    const dir = join(PROJECT_ROOT, 'harness', 'kit');
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'test-report.ts');
    const touches = files.flatMap((f) => metaWrites(readFileSync(join(dir, f), 'utf8')).map((line) => `harness/kit/${f}:${line}`));
    expect(touches).toEqual([]);
    expect(metaWrites(readFileSync(join(dir, 'test-report.ts'), 'utf8')).length).toBeGreaterThan(0);
  });

  it('the finder sees a write, a read of task.meta and an index, and not a comment or a comparison', () => {
    const text = [
      'context.task.meta.skipReason = reason;',
      'const m = ctx.task.meta;',
      'x.meta["warnings"] = [];',
      'y.meta = {};',
      '// context.task.meta.skipReason = reason;',
      ' * task.meta in a doc comment',
      'if (a.meta === b) {}',
    ].join('\n');
    expect(metaWrites(text)).toEqual([1, 2, 3, 4]);
  });
});

describe('the suites judge with one verb', () => {
  it("no file of suites/ picks a check's level or tags it by hand: judge(id, ...) takes the level of the catalogue's id", () => {
    expect(linesOfSuites(levelledChecks)).toEqual([]);
  });

  it('the finder sees a levelled check, a tag and a level read from the catalogue, and not judge, a comment or another level', () => {
    const text = [
      "checkAt(level, 'what', () => undefined);",
      "checkFor(['rule:sms.total-messages'], () => undefined);",
      "const level = requirementById('limit:v1-sender-length').level;",
      "judge('rule:envelope.no-server-error', 'not a 5xx', () => undefined);",
      '// checkAt(level, what, check)',
      ' * checkFor in a doc comment',
      'const lowered = profile.level;',
    ].join('\n');
    expect(levelledChecks(text)).toEqual([1, 2, 3]);
  });
});

describe('one module decides the verdict', () => {
  it('no file of harness/ but report/run-verdict.ts turns a condition into PASS, FAIL or INCOMPLETE', () => {
    const files = readdirSync(join(PROJECT_ROOT, 'harness'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const decisions = files
      .filter((f) => f !== join('report', 'run-verdict.ts'))
      .flatMap((f) => verdictDecisions(readFileSync(join(PROJECT_ROOT, 'harness', f), 'utf8')).map((line) => `harness/${f}:${line}`));
    expect(decisions).toEqual([]);
    expect(verdictDecisions(readFileSync(join(PROJECT_ROOT, 'harness', 'report', 'run-verdict.ts'), 'utf8')).length).toBeGreaterThan(0);
  });

  it('the finder sees a word chosen by a condition, and not a type, a comment or a word written as such', () => {
    const text = [
      "const v = s.ok ? 'PASS' : 'FAIL';",
      'const w = code === 2 ? "NOTHING CERTIFIED" : other;',
      "const colours = { PASS: '#1b7f3b' };",
      "type Verdict = 'PASS' | 'FAIL';",
      "// s.ok ? 'PASS' : 'FAIL'",
      "return '# Conformance summary: ' + word;",
    ].join('\n');
    expect(verdictDecisions(text)).toEqual([1, 2]);
  });
});

describe('the checker, on made-up graphs', () => {
  it('reads static, type-only, side-effect, re-export and dynamic imports and import types, and nothing in comments or strings', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import './side-effect.ts';",
      "export { c } from './c.ts';",
      "export * as d from './d.ts';",
      "const e = await import('./e.ts');",
      "type F = import('./f.ts').F;",
      "// import { g } from './g.ts';",
      'const h = "import(\'./h.ts\')";',
    ].join('\n');
    expect(importSpecifiers('x.ts', text)).toEqual(['./a.ts', '../b.ts', './side-effect.ts', './c.ts', './d.ts', './e.ts', './f.ts']);
  });

  it('resolves relative imports and the package’s own name to files, and flags what names no file', () => {
    expect(resolveImport('reference/server.ts', '../schemas/index.ts')).toEqual({ specifier: '../schemas/index.ts', target: 'schemas/index.ts' });
    expect(resolveImport('suites/sms.test.ts', 'messaging-conformance/reference')).toEqual({
      specifier: 'messaging-conformance/reference',
      target: 'reference/server.ts',
    });
    expect(resolveImport('schemas/sms.ts', 'zod')).toEqual({ specifier: 'zod' });
    expect(resolveImport('schemas/sms.ts', './no-such-file.ts')).toEqual({ specifier: './no-such-file.ts', unresolved: true });
  });

  it('reports each import that breaks a folder rule, and none of the allowed ones', () => {
    const graph = graphOf({
      'schemas/a.ts': ['schemas/b.ts', 'zod', 'reference/x.ts', 'package.json'],
      'suites/s.test.ts': ['schemas/a.ts', 'harness/kit/index.ts', 'harness/kit/target.ts', 'reference/server.ts'],
      'reference/r.ts': ['schemas/a.ts', 'harness/cli.ts', 'suites/s.test.ts'],
      'harness/h.ts': ['reference/server.ts', 'suites/s.test.ts'],
    });
    const violations = ruleViolations(graph);
    expect(violations.map((v) => v.split(':')[0])).toEqual([
      'schemas/a.ts → reference/x.ts',
      'schemas/a.ts → package.json',
      // A suite reaches the harness through the kit's door only: another kit module breaks the rule.
      'suites/s.test.ts → harness/kit/target.ts',
      'suites/s.test.ts → reference/server.ts',
      'suites/s.test.ts → reference/server.ts',
      'reference/r.ts → harness/cli.ts',
      'reference/r.ts → suites/s.test.ts',
    ]);
    expect(ruleViolations(new Map([['spec/emit.ts', [{ specifier: './gone.ts', unresolved: true }]]]))).toEqual([
      'spec/emit.ts → ./gone.ts: names no file of ours',
    ]);
  });

  it('holds the harness/ folders to their layers: none imports a folder above it', () => {
    const graph = graphOf({
      'harness/config/c.ts': ['harness/transport/t.ts', 'schemas/s.ts'],
      'harness/kit/k.ts': ['harness/config/c.ts', 'harness/transport/t.ts', 'harness/report/spec-page.ts'],
      'harness/report/r.ts': ['harness/kit/k.ts', 'harness/run/result-collector.ts'],
      'harness/run/u.ts': ['harness/report/r.ts', 'reference/server.ts', 'harness/commands/c.ts'],
      'harness/commands/c.ts': ['harness/run/u.ts', 'harness/discovery/d.ts', 'reference/server.ts'],
      'harness/cli.ts': ['harness/commands/c.ts'],
    });
    expect(ruleViolations(graph).map((v) => v.split(':')[0])).toEqual([
      'harness/config/c.ts → harness/transport/t.ts',
      'harness/kit/k.ts → harness/report/spec-page.ts',
      'harness/report/r.ts → harness/run/result-collector.ts',
      'harness/run/u.ts → harness/commands/c.ts',
    ]);
  });

  it('finds every cycle with its files, a file importing itself included, and no cycle in a chain', () => {
    const graph = graphOf({
      'harness/a.ts': ['harness/b.ts'],
      'harness/b.ts': ['harness/c.ts', 'schemas/s.ts'],
      'harness/c.ts': ['harness/a.ts'],
      'spec/self.ts': ['spec/self.ts'],
      'schemas/s.ts': ['schemas/t.ts'],
      'schemas/t.ts': [],
    });
    expect(importCycles(graph)).toEqual([['harness/a.ts', 'harness/b.ts', 'harness/c.ts'], ['spec/self.ts']]);
  });

  it('allows exactly the known cycles: a known cycle that grew is new, and one that is gone is stale', () => {
    const known = [
      ['harness/a.ts', 'harness/b.ts'],
      ['spec/x.ts', 'spec/y.ts'],
    ];
    expect(
      cycleFindings(
        [
          ['harness/b.ts', 'harness/a.ts'],
          ['spec/x.ts', 'spec/y.ts'],
        ],
        known,
      ),
    ).toEqual({ unexpected: [], stale: [] });
    expect(cycleFindings([['harness/a.ts', 'harness/b.ts', 'harness/c.ts']], known)).toEqual({
      unexpected: ['harness/a.ts ⇄ harness/b.ts ⇄ harness/c.ts'],
      stale: ['harness/a.ts ⇄ harness/b.ts', 'spec/x.ts ⇄ spec/y.ts'],
    });
  });
});
