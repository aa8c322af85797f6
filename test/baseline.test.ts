/** harness/report/baseline.ts: a run compared with an earlier summary.json of the same target. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineMarkdown, compareWithBaseline, readBaseline, type BaselineSummary } from '../harness/report/baseline.ts';
import { testScratchDir } from './scratch-dir.ts';

const requirement = (id: string, status: string, tests: string[]) => ({ id, status, tests });

const before: BaselineSummary = {
  target: 'http://127.0.0.1:1',
  startedAt: '2026-11-25T10:00:00Z',
  requirements: [requirement('op:a', 'failed', ['a1']), requirement('op:b', 'passed', ['b1']), requirement('op:c', 'passed', ['c1', 'gone'])],
  ambiguities: [
    { id: 'auth-error-http-status', observed: [{ value: 'HTTP 200 for auth_01' }] },
    { id: 'sandbox-daily-limit', observed: [] },
  ],
  failedTests: ['a1'],
  brokenTests: [],
};

const now = {
  requirements: [requirement('op:a', 'failed', ['a1']), requirement('op:b', 'failed', ['b1']), requirement('op:c', 'warning', ['c1', 'new'])],
  ambiguities: [
    { id: 'auth-error-http-status', title: '', expected: '', verdict: 'mismatch', observed: [{ value: 'HTTP 401 for auth_01', count: 1, matches: false }] },
    { id: 'sandbox-daily-limit', title: '', expected: '', verdict: 'matches', observed: [{ value: '100', count: 1, matches: true }] },
  ],
  failedTests: ['a1', 'b1'],
  brokenTests: [],
};

describe('comparing with a baseline', () => {
  it('lists what changed: newly failing and warning requirements, a changed observation, tests that appeared or vanished', () => {
    const c = compareWithBaseline(now, before);
    expect(c.newlyFailing).toEqual(['op:b']);
    expect(c.newlyWarning).toEqual(['op:c']);
    expect(c.newlyPassing).toEqual([]);
    expect(c.observationChanges).toEqual([{ ambiguity: 'auth-error-http-status', before: ['HTTP 200 for auth_01'], after: ['HTTP 401 for auth_01'] }]);
    expect(c.appearedTests).toEqual(['new']);
    expect(c.vanishedTests).toEqual(['gone']);
    expect(c.newFailedTests).toEqual(['b1']);
    expect(c.regression).toBe(true);
  });

  it('a failure already in the baseline is no regression; one that passes now is newly passing', () => {
    const same = compareWithBaseline({ ...now, requirements: [requirement('op:a', 'failed', ['a1'])], failedTests: ['a1'] } as typeof now, before);
    expect(same.regression).toBe(false);
    const fixed = compareWithBaseline({ ...now, requirements: [requirement('op:a', 'passed', ['a1'])], failedTests: [] } as typeof now, before);
    expect(fixed.newlyPassing).toEqual(['op:a']);
    expect(fixed.regression).toBe(false);
  });

  it('the markdown head says regression or not, with the requirement ids quoted', () => {
    const lines = baselineMarkdown(compareWithBaseline(now, before), (t) => `\`${t}\``).join('\n');
    expect(lines).toMatch(/\*\*Regression\*\*: 1 tests newly failed/);
    expect(lines).toContain('Requirements newly failing: `op:b`');
  });

  it('a file that is not a summary is one clear error naming it', () => {
    const dir = testScratchDir('mc-baseline-');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"hello": 1}');
    expect(() => readBaseline(bad)).toThrow(/bad\.json is not a summary\.json of certify: target/);
    writeFileSync(bad, 'not json');
    expect(() => readBaseline(bad)).toThrow(/is not JSON/);
    expect(() => readBaseline(join(dir, 'missing.json'))).toThrow(/cannot read .*ENOENT/);
  });
});
