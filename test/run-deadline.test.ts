/**
 * The run deadline's account of what did not finish (certify --max-duration): counted by test, so that
 * a test reported twice (in flight when the run was cancelled) never makes the count negative.
 */
import type { TestCase, TestModule } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { RunDeadline } from '../harness/run/run-deadline.ts';

/** The parts of vitest's objects the deadline reads. */
function moduleOf(file: string, ids: string[]): TestModule {
  const tests = ids.map((id) => ({ id, module: { moduleId: file }, result: () => ({ state: 'failed' }) }));
  return { moduleId: file, children: { allTests: () => tests[Symbol.iterator]() } } as unknown as TestModule;
}
function caseOf(file: string, id: string, state: 'passed' | 'failed' | 'skipped'): TestCase {
  return { id, module: { moduleId: file }, result: () => ({ state }) } as unknown as TestCase;
}

describe('the run deadline counts what did not finish', () => {
  it('per test: one reported twice counts once, a file whose tests all ended is not listed', () => {
    const deadline = new RunDeadline(Date.now() + 60_000);
    deadline.onTestModuleCollected(moduleOf('/s/a.test.ts', ['a1', 'a2', 'a3']));
    deadline.onTestModuleCollected(moduleOf('/s/b.test.ts', ['b1']));
    deadline.onTestCaseResult(caseOf('/s/a.test.ts', 'a1', 'passed'));
    deadline.onTestCaseResult(caseOf('/s/a.test.ts', 'a1', 'failed'));
    deadline.onTestCaseResult(caseOf('/s/b.test.ts', 'b1', 'passed'));
    deadline.interrupt('SIGINT');
    // After the deadline a skipped test is one the cancellation stopped: not an end.
    deadline.onTestCaseResult(caseOf('/s/a.test.ts', 'a2', 'skipped'));
    expect(deadline.unfinished(['/s/a.test.ts', '/s/b.test.ts', '/s/c.test.ts'])).toEqual({
      files: ['/s/a.test.ts', '/s/c.test.ts'],
      tests: 2,
    });
  });
});
