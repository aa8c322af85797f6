/**
 * Finders for the shape the project keeps (CONTRIBUTING, "The rules": Shape): the length of a
 * function, a describe and a file, and the checks a suite makes outside judge().
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
 * The lines of the bare `expect(...)` calls (and `expect.soft`, `expect.fail`, `expect.unreachable`)
 * of a file, those outside the check of a `judge(...)`. A bare expect is judged at the level of its
 * whole test (harness/kit/requirement-test.ts) and reported against every requirement the test
 * names, and in a helper against those of whichever test calls it: a check of a target says which
 * requirement it judges, through judge, which takes its level from the catalogue.
 */
export function bareExpects(fileName: string, text: string): number[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      // The kit's own assertions judge through judgeOrEnd (harness/kit/expectations.ts), which is judge and an end.
      if (callee === 'judge' || callee === 'judgeOrEnd') return;
      if (BARE_CHECKS.has(callee)) lines.push(lineSpan(node, file).line);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return lines;
}
