/**
 * Finders for the shape the project keeps (CONTRIBUTING, "The rules": Shape): the length of a
 * function, a describe and a file, and the checks of a test that names more than one requirement.
 * Each takes a file's text and answers line numbers, so that the tests can try them on made-up text
 * as well as on the project's files.
 */
import ts from 'typescript';

/** A function or a describe longer than its bound, as its first line and its length in lines. */
export type LongBlock = { line: number; lines: number; kind: 'function' | 'describe' };

const isFunctionLike = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

const calleeOf = (node: ts.Node, file: ts.SourceFile): string | undefined =>
  node.parent !== undefined && ts.isCallExpression(node.parent) ? node.parent.expression.getText(file) : undefined;

function lineSpan(node: ts.Node, file: ts.SourceFile): { line: number; lines: number } {
  const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
  const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
  return { line: first + 1, lines: last - first + 1 };
}

/**
 * The functions over `maxFunction` lines and the bodies of describe() over `maxDescribe` lines. A
 * describe's body is a function too, judged by the describe bound only: it holds its tests, and a
 * test's body is judged as a function.
 */
export function longBlocks(fileName: string, text: string, maxFunction: number, maxDescribe: number): LongBlock[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: LongBlock[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionLike(node)) {
      const span = lineSpan(node, file);
      const isDescribe = /^describe\b/.test(calleeOf(node, file) ?? '');
      if (span.lines > (isDescribe ? maxDescribe : maxFunction)) found.push({ ...span, kind: isDescribe ? 'describe' : 'function' });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The number of lines of a text as an editor counts them (a last newline ends the last line). */
export const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** The assertion library's own checks: an expectation, a soft one, and a failure written out. */
const BARE_CHECKS: ReadonlySet<string> = new Set(['expect', 'expect.soft', 'expect.fail', 'expect.unreachable']);

/**
 * The lines of the bare `expect(...)` calls (and `expect.fail(...)`) inside the call that starts at `line` (a test's req()),
 * those outside the check of a `judge(...)`. In a test that names several requirements, a bare
 * expect is judged at the highest of their levels (harness/kit/requirement-test.ts) and reported
 * against all of them: a check about one requirement must say which, through judge, which takes its
 * level from the catalogue. Undefined when no call starts at `line`.
 */
export function bareExpectsInCallAt(fileName: string, text: string, line: number): number[] | undefined {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let call: ts.CallExpression | undefined;
  const find = (node: ts.Node): void => {
    if (call !== undefined) return;
    if (ts.isCallExpression(node) && file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1 === line) call = node;
    else ts.forEachChild(node, find);
  };
  find(file);
  if (call === undefined) return undefined;
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (callee === 'judge') return;
      if (BARE_CHECKS.has(callee)) lines.push(lineSpan(node, file).line);
    }
    ts.forEachChild(node, visit);
  };
  for (const argument of call.arguments) visit(argument);
  return lines;
}
