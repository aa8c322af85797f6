/**
 * How the contacts files (suites/contacts/, 4.6) judge a refusal: the document names no error codes
 * for these operations (7.1: "code value for ... contact-update ... validation failures: not shown"),
 * so a refusal is success=false, then its body through expectRefused, which records the code the
 * target chose.
 */
import { expect } from 'vitest';
import { type Answer, expectRefused, judge, type RefusalKind } from '../../harness/kit/index.ts';

/**
 * A refusal judged as `requirement` under `label`: success=false, then the refusal's body
 * (expectRefused). Returns whether it was refused; below fail a refusal that did not come is one
 * warning, and there is no refusal body to read.
 */
export function refusedAs(requirement: string, label: string, answer: Answer, operationId: string, what: string, kind?: RefusalKind): boolean {
  const refused = judge(requirement, label, () => expect(answer.body.success, `${what}: refused (${answer.text.slice(0, 200)})`).toBe(false));
  if (refused) expectRefused(requirement, answer, operationId, what, kind);
  return refused;
}
