/**
 * The dependency rules of the project's folders (README "Layout") and the checker that
 * test/architecture.test.ts and `npm run arch` run: schemas/ is the document as data and imports
 * nothing else of ours; the suites test a target over HTTP only, so suites/ never imports
 * reference/; the reference server stands alone, so reference/ never imports harness/ or suites/;
 * and no file imports itself through others (an import cycle).
 *
 * The import graph is read with the TypeScript parser (static imports, `export ... from`, dynamic
 * `import('...')` and `import('...')` types), not by regular expressions, so that a specifier in a
 * comment or a string is not taken for an import.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const PROJECT_ROOT = resolve(import.meta.dirname, '..');

/** The folders whose files the rules are about. */
const CHECKED_FOLDERS = ['schemas', 'spec', 'reference', 'harness', 'suites'] as const;

/** An import of one file: its specifier as written and, for one of ours, the file it names (project-relative, '/'-separated). */
export interface ImportEdge {
  specifier: string;
  /** Set for an import of ours (relative, or of the package's own name); undefined for npm packages and node: built-ins. */
  target?: string;
  /** An import of ours that names no file. */
  unresolved?: boolean;
}

/** Project-relative file → its imports. */
export type ImportGraph = ReadonlyMap<string, readonly ImportEdge[]>;

/** The module specifiers a TypeScript source imports, in source order. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      out.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression))
      out.push(node.moduleReference.expression.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      out.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      out.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const toProjectPath = (absolute: string): string => relative(PROJECT_ROOT, absolute).split(sep).join('/');

const PACKAGE = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string | { default?: string }>;
};

/** The source file an import of the package's own name stands for: its export's dist/X.js is X.ts. */
function ownPackageTarget(specifier: string): string | undefined {
  const subpath = specifier === PACKAGE.name ? '.' : `.${specifier.slice(PACKAGE.name.length)}`;
  const entry = PACKAGE.exports[subpath];
  const built = typeof entry === 'string' ? entry : entry?.default;
  if (built === undefined) return undefined;
  const source = built.replace(/^\.\/dist\//, './').replace(/\.js$/, '.ts');
  return existsSync(join(PROJECT_ROOT, source))
    ? toProjectPath(join(PROJECT_ROOT, source))
    : existsSync(join(PROJECT_ROOT, built))
      ? toProjectPath(join(PROJECT_ROOT, built))
      : undefined;
}

/** The file a relative specifier names (the project imports with .ts extensions; .js, bare and index forms are tried too). */
function relativeTarget(fromFile: string, specifier: string): string | undefined {
  const base = resolve(PROJECT_ROOT, dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found === undefined ? undefined : toProjectPath(found);
}

export function resolveImport(fromFile: string, specifier: string): ImportEdge {
  if (specifier.startsWith('.')) {
    const target = relativeTarget(fromFile, specifier);
    return target === undefined ? { specifier, unresolved: true } : { specifier, target };
  }
  if (specifier === PACKAGE.name || specifier.startsWith(`${PACKAGE.name}/`)) {
    const target = ownPackageTarget(specifier);
    return target === undefined ? { specifier, unresolved: true } : { specifier, target };
  }
  return { specifier };
}

/**
 * Where a file writes vitest's test metadata itself (`task.meta`, `.meta.x =`): only the kit may
 * (kit/test-meta.ts and the modules of req() and the checks); a suite or its helpers skip, warn or
 * record through the kit, so that every report reads what they wrote. Comments are not code.
 */
export function metaWrites(text: string): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    if (/\btask\.meta\b|\.meta\s*(\.\s*\w+\s*)?(=(?!=)|\[)/.test(code)) lines.push(i + 1);
  });
  return lines;
}

/**
 * Lines of `text` (1-based) that decide a verdict word from a condition (`ok ? 'PASS' : 'FAIL'`, a
 * code mapped to 'INCOMPLETE'): only report/run-verdict.ts may, so that every report, the exit code
 * and the closing line say the same.
 */
export function verdictDecisions(text: string): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    if (/\?\s*['"`](PASS|FAIL|INCOMPLETE|NOTHING CERTIFIED)['"`]|['"`](PASS|FAIL|INCOMPLETE)['"`]\s*:(?!\s*string)/.test(code)) lines.push(i + 1);
  });
  return lines;
}

/**
 * Lines of `text` (1-based) where a suite judges without naming the requirement the check is about:
 * a check at a level it picked (`checkAt`), a tag of ids (`checkFor`), or a requirement's level read
 * to pick one (`requirementById(...).level`). A suite judges with the kit's `judge(id, ...)`, which
 * takes the level from the catalogue and tags the failure with the id. Comments are not code.
 */
export function levelledChecks(text: string): number[] {
  const lines: number[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    if (/\b(checkAt|checkFor)\s*(<[^>]*>)?\s*\(|\brequirementById\s*\([^)]*\)\s*\.\s*level\b/.test(code)) lines.push(i + 1);
  });
  return lines;
}

/** Every .ts file under the checked folders (project-relative), with its imports. */
export function readImportGraph(folders: readonly string[] = CHECKED_FOLDERS): ImportGraph {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? (e.name === 'node_modules' ? [] : walk(join(dir, e.name))) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  const graph = new Map<string, ImportEdge[]>();
  for (const folder of folders)
    for (const absolute of walk(join(PROJECT_ROOT, folder))) {
      const file = toProjectPath(absolute);
      graph.set(
        file,
        importSpecifiers(file, readFileSync(absolute, 'utf8')).map((s) => resolveImport(file, s)),
      );
    }
  return graph;
}

/** Whether `file` (project-relative) lies in `folder`, at any depth ("harness" holds "harness/kit/x.ts"), or is that file. */
const inFolder = (file: string, folder: string): boolean => file === folder || file.startsWith(`${folder}/`);

/**
 * A folder that must not import others of ours: `allowed` lists what it may import (undefined:
 * anything but `forbidden`). A file obeys the rules of every folder it lies in.
 */
interface FolderRule {
  folder: string;
  why: string;
  allowed?: readonly string[];
  forbidden?: readonly string[];
}

const FOLDER_RULES: readonly FolderRule[] = [
  { folder: 'schemas', allowed: ['schemas'], why: 'schemas/ is the document as data and imports nothing else of ours' },
  { folder: 'suites', forbidden: ['reference'], why: 'the suites test a target over HTTP only and never import reference/' },
  { folder: 'suites', allowed: ['suites', 'schemas', 'harness/kit/index.ts'], why: 'a suite reaches the harness through one door, harness/kit/index.ts' },
  { folder: 'reference', forbidden: ['harness', 'suites'], why: 'the reference server never imports harness/ or suites/' },
  // harness/ by role (each folder's README): config and transport read nothing else of the
  // harness; kit builds on them; report reads kit's records; run installs report's reporters;
  // commands use them all. Read upwards, no arrow comes back down.
  { folder: 'harness/config', allowed: ['harness/config', 'schemas'], why: 'harness/config/ is what a run is told; it reads no other harness folder' },
  { folder: 'harness/transport', allowed: ['harness/transport', 'schemas'], why: 'harness/transport/ is HTTP only; it reads no other harness folder' },
  {
    folder: 'harness/kit',
    allowed: ['harness/kit', 'harness/config', 'harness/transport', 'schemas'],
    why: 'harness/kit/ (what a suite imports) builds on config/ and transport/ only',
  },
  {
    folder: 'harness/discovery',
    allowed: ['harness/discovery', 'harness/config', 'harness/transport', 'schemas'],
    why: 'harness/discovery/ probes over transport/ only',
  },
  {
    folder: 'harness/report',
    allowed: ['harness/report', 'harness/config', 'harness/kit', 'schemas'],
    why: 'harness/report/ reads the records of kit/, never the run or the commands',
  },
  {
    folder: 'harness/run',
    allowed: ['harness/run', 'harness/config', 'harness/transport', 'harness/kit', 'harness/report', 'reference', 'schemas'],
    why: 'harness/run/ installs the reporters of report/ and starts reference/, never the commands',
  },
];

/** Each import that breaks a folder rule, or names no file of ours, as "from → to: why". */
export function ruleViolations(graph: ImportGraph, rules: readonly FolderRule[] = FOLDER_RULES): string[] {
  const out: string[] = [];
  for (const [file, edges] of graph) {
    for (const edge of edges) {
      if (edge.unresolved) {
        out.push(`${file} → ${edge.specifier}: names no file of ours`);
        continue;
      }
      if (edge.target === undefined) continue;
      const to = edge.target;
      for (const rule of rules) {
        if (!inFolder(file, rule.folder)) continue;
        const broken = rule.allowed ? !rule.allowed.some((f) => inFolder(to, f)) : (rule.forbidden ?? []).some((f) => inFolder(to, f));
        if (broken) out.push(`${file} → ${edge.target}: ${rule.why}`);
      }
    }
  }
  return out;
}

/**
 * The import cycles of the graph: each strongly connected component of more than one file (or a
 * file importing itself), as its files sorted. Tarjan's algorithm, iterative so that a long chain
 * of imports cannot overflow the stack.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const successors = (file: string): string[] => (graph.get(file) ?? []).flatMap((e) => (e.target !== undefined && graph.has(e.target) ? [e.target] : []));
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; next: number }[] = [{ file: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const succ = successors(frame.file);
      if (frame.next < succ.length) {
        const to = succ[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ file: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        if (component.length > 1 || succ.includes(frame.file)) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/**
 * The cycles that are not allowed (any cycle not exactly one of `known`), and the known ones that
 * no longer exist (so that the allow-list shrinks with the code rather than rotting).
 */
export function cycleFindings(cycles: readonly string[][], known: readonly (readonly string[])[]): { unexpected: string[]; stale: string[] } {
  const key = (files: readonly string[]): string => [...files].sort().join(' ⇄ ');
  const knownKeys = new Set(known.map(key));
  const foundKeys = new Set(cycles.map(key));
  return {
    unexpected: cycles.map(key).filter((k) => !knownKeys.has(k)),
    stale: [...knownKeys].filter((k) => !foundKeys.has(k)),
  };
}
