/**
 * The one decision of a test's status (harness/report/test-status.ts) from vitest's outcome and the
 * kit's meta, table-driven over every status; what the reports make of it (Allure, junit.xml, the
 * expected failures, the kill matrix); and the check that tells transport trouble from a verdict
 * (harness/transport/transport-error.ts).
 */
import { describe, expect, it } from 'vitest';
import { MUTANTS } from '../reference/mutants.ts';
import { requirementById } from '../schemas/requirements.ts';
import { killersOf, matrixTable, type RunOutcome } from '../harness/commands/mutants-command.ts';
import { Inconclusive } from '../harness/kit/inconclusive.ts';
import { isNonVerdict } from '../harness/kit/non-verdict.ts';
import { NOT_TESTABLE_PREFIX, SkipTest } from '../harness/kit/test-skip.ts';
import { allureStatusOf } from '../harness/report/allure-status.ts';
import { parseExpectedFailures, reconcile } from '../harness/report/expected-failures.ts';
import { junitXml } from '../harness/report/junit-report.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { isPassing, isSkipped, TEST_STATUSES, testStatus, type TestFacts, type TestStatus } from '../harness/report/test-status.ts';
import {
  isTransportError,
  TargetTimeoutError,
  TargetUnreachableError,
  transportFailureOf,
  UnreadableAnswerError,
} from '../harness/transport/transport-error.ts';

const NOT_TESTABLE = `${NOT_TESTABLE_PREFIX} the profile declares fault-injection, but the kit has no documented way to trigger it`;

describe('testStatus', () => {
  const table: [string, TestFacts, TestStatus][] = [
    ['passed, nothing noted', { state: 'passed' }, 'passed'],
    ['passed with a warning', { state: 'passed', warnings: ['a reading'] }, 'warned'],
    ['passed with recorded behaviour', { state: 'passed', recorded: [{ what: 'x', observed: 'y' }] }, 'recorded'],
    ['passed with a warning and a record: the warning first', { state: 'passed', warnings: ['w'], recorded: [{ what: 'x', observed: 'y' }] }, 'warned'],
    [
      'passed but inconclusive (warnings before it too)',
      { state: 'passed', warnings: ['w'], inconclusive: 'round trip wider than the margin' },
      'inconclusive',
    ],
    ['failed', { state: 'failed' }, 'failed'],
    ['failed with warnings: still failed', { state: 'failed', warnings: ['w'] }, 'failed'],
    ['failed on transport trouble', { state: 'failed', broken: 'cannot reach http://h: connect ECONNREFUSED' }, 'broken'],
    ['skipped', { state: 'skipped', skipReason: 'target capability missing: test-clock' }, 'skipped'],
    ['skipped, not testable', { state: 'skipped', skipReason: NOT_TESTABLE }, 'not-testable'],
    ['never ended (the deadline passed)', { state: 'pending' }, 'skipped'],
    ['no state at all', { state: undefined }, 'skipped'],
    ["the runner's pass (Allure's view)", { state: 'pass', warnings: ['w'] }, 'warned'],
    ["the runner's fail with transport trouble", { state: 'fail', broken: 'reset' }, 'broken'],
    ["the runner's skip", { state: 'skip' }, 'skipped'],
    ["the runner's todo", { state: 'todo' }, 'skipped'],
  ];
  it.each(table)('%s', (_what, facts, status) => {
    expect(testStatus(facts)).toBe(status);
  });

  it('decides every status of the list, and a decided status again to itself', () => {
    expect(new Set(table.map(([, , status]) => status))).toEqual(new Set(TEST_STATUSES));
    for (const status of TEST_STATUSES) expect(testStatus({ state: status }), status).toBe(status);
  });

  it('groups: a pass with or without warnings and records; a skip with or without the means to test', () => {
    expect(TEST_STATUSES.filter(isPassing)).toEqual(['passed', 'warned', 'recorded']);
    expect(TEST_STATUSES.filter(isSkipped)).toEqual(['skipped', 'not-testable']);
  });

  it('Allure: broken is broken, failed failed, inconclusive unknown (no status), the rest passed or skipped', () => {
    expect(Object.fromEntries(TEST_STATUSES.map((s) => [s, allureStatusOf(s)]))).toEqual({
      passed: 'passed',
      failed: 'failed',
      warned: 'passed',
      recorded: 'passed',
      inconclusive: undefined,
      broken: 'broken',
      skipped: 'skipped',
      'not-testable': 'skipped',
    });
  });
});

describe('isTransportError', () => {
  const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
  it.each([
    [
      'the client could not reach the target',
      new TargetUnreachableError('cannot reach http://h: connect ECONNREFUSED'),
      'cannot reach http://h: connect ECONNREFUSED',
    ],
    [
      'a deadline passed',
      new TargetTimeoutError('POST http://h/sms/send timed out after 30 s (no response headers)'),
      'POST http://h/sms/send timed out after 30 s (no response headers)',
    ],
    [
      'an answer the kit needed could not be read',
      new UnreadableAnswerError("the test clock's answer is not JSON: <html>"),
      "the test clock's answer is not JSON: <html>",
    ],
    ['a raw socket reset, wrapped twice', new Error('outer', { cause: new Error('middle', { cause: reset }) }), 'read ECONNRESET'],
    ["undici's closed socket", Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), 'other side closed'],
    [
      'a serialized error (a plain object from a worker)',
      { name: 'TargetTimeoutError', message: 'GET http://h/x timed out after 2 s\nmore' },
      'GET http://h/x timed out after 2 s',
    ],
  ])('%s is transport trouble', (_what, error, reason) => {
    expect(isTransportError(error)).toBe(true);
    expect(transportFailureOf(error)).toBe(reason);
    expect(isNonVerdict(error)).toBe(true);
  });

  it.each([
    ['an assertion', new Error('expected 401, got 200')],
    ['a SyntaxError of a body the test parsed itself (the target answered)', new SyntaxError('Unexpected token < in JSON')],
    ['a webhook that never came', new Error('waitFor(delivery) timed out after 5000 ms')],
    ['an abort the kit decided', Object.assign(new Error('aborted'), { code: 'UND_ERR_ABORTED' })],
    ['nothing', undefined],
  ])('%s is not', (_what, error) => {
    expect(isTransportError(error)).toBe(false);
    expect(transportFailureOf(error)).toBeUndefined();
  });

  it('follows a bounded cause chain, a cyclic one too', () => {
    let deep: Error = new TargetUnreachableError('deep');
    for (let i = 0; i < 20; i += 1) deep = new Error(`wrap ${i}`, { cause: deep });
    expect(isTransportError(deep)).toBe(false);
    const cyclic: Error & { cause?: unknown } = new Error('cyclic');
    cyclic.cause = cyclic;
    expect(isTransportError(cyclic)).toBe(false);
  });

  it('non-verdicts of the kit: inconclusive and skips pass through the checks too, an assertion does not', () => {
    expect(isNonVerdict(new Inconclusive('too slow'))).toBe(true);
    expect(isNonVerdict(new Error('fixture', { cause: new SkipTest('too few phone numbers') }))).toBe(true);
    expect(isNonVerdict(new Error('expected 1 to be 2'))).toBe(false);
  });
});

const record = (name: string, status: TestStatus, extra: Partial<TestRecord> = {}): TestRecord => ({
  name,
  file: 'suites/x.test.ts',
  status,
  requirements: ['err:auth_01'],
  skipReason: undefined,
  observations: [],
  warnings: [],
  recorded: [],
  error: undefined,
  durationMs: 10,
  ...extra,
});

describe('what the reports make of broken and inconclusive tests', () => {
  it('junit.xml: a broken test is an <error> counted in errors, never a <failure>; an inconclusive one passes with its reason', () => {
    const xml = junitXml({
      suiteName: 's',
      startedAt: new Date(0),
      records: [
        record('broke', 'broken', {
          broken: 'cannot reach http://h: connect ECONNRESET',
          error: 'cannot reach http://h: connect ECONNRESET\n  the HTTP exchange …',
        }),
        record('undecided', 'inconclusive', { inconclusive: 'round trip 20 s' }),
        record('fails', 'failed', { error: 'expected 401' }),
        record('warns', 'warned', { warnings: ['w'] }),
      ],
      runErrors: [],
      wallSeconds: 1,
    });
    expect(xml).toMatch(/<testsuites name="s" tests="4" failures="1" errors="1" skipped="0"/);
    expect(xml).toContain(
      '<error message="cannot reach http://h: connect ECONNRESET" type="TransportError">cannot ' +
        'reach http://h: connect ECONNRESET\n  the HTTP exchange …</error>',
    );
    expect(xml.match(/<failure /g)).toHaveLength(1);
    expect(xml).toContain('<property name="inconclusive" value="round trip 20 s"/>');
    expect(xml).toContain('<system-out>inconclusive: round trip 20 s</system-out>');
  });

  it('expected failures: a broken test is not covered and confirms nothing; an inconclusive one neither', () => {
    const expected = parseExpectedFailures([{ id: 'err:auth_01', reason: 'ticket 1' }], 'x');
    const onlyBroken = reconcile([record('broke', 'broken'), record('undecided', 'inconclusive')], expected);
    expect(onlyBroken.entries[0]?.outcome, 'no verdict: neither a known deviation nor an unexpected pass').toBe('not-run');
    expect(onlyBroken.failures).toEqual([]);
    expect(reconcile([record('fails', 'failed'), record('broke', 'broken')], expected).entries[0]?.outcome).toBe('known-deviation');
  });

  it('the kill matrix: broken tests kill no mutant, a failure does; both are shown', () => {
    const stated = MUTANTS.find((m) => requirementById(m.requirement).level === 'fail')!;
    const run = (extra: Partial<RunOutcome>): RunOutcome => ({
      exitCode: 1,
      timedOut: false,
      seconds: 1,
      ok: false,
      failedTests: [],
      runErrors: [],
      warnedRequirements: [],
      stderr: '',
      ...extra,
    });
    expect(killersOf(stated, run({ brokenTests: ['suites/a.test.ts > t'] }), new Set()), 'only broken').toEqual([]);
    expect(killersOf(stated, run({ exitCode: 2, brokenTests: ['a', 'b'] }), new Set()), 'nothing certified').toEqual([]);
    expect(killersOf(stated, run({ brokenTests: ['b'], failedTests: ['f'] }), new Set())).toEqual(['f']);
    expect(killersOf(stated, run({}), new Set()), 'a failed run without tests to name still kills').toEqual(['(certify exit 1)']);
    const reading = { ...stated, requirement: 'rule:envelope.message-token' };
    expect(killersOf(reading, run({ brokenTests: ['b'], warnedRequirements: [reading.requirement] }), new Set())).toEqual([
      `(new warning) ${reading.requirement}`,
    ]);
    const table = matrixTable([
      {
        id: stated.id,
        section: '4.1',
        requirement: stated.requirement,
        personality: 'default',
        status: 'survived',
        killedBy: [],
        broken: ['suites/a.test.ts > t', 'x'],
      },
    ]);
    expect(table).toContain('| SURVIVED |  |  | 2: suites/a.test.ts > t … |');
  });
});
