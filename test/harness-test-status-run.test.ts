/**
 * The statuses of harness/report/test-status.ts end to end: a suite file whose tests end each way
 * (status-fixture/statuses.fixture.ts) run with vitest and the reporters of certify, in a child
 * process (status-fixture/run-statuses.ts). A transport error is `broken` wherever it is met (in a
 * warn-level test, inside warnUnlessAsync and checkAt, wrapped in another error), never a warning
 * of a passing test; Inconclusive passes in vitest and is `inconclusive` everywhere; the records,
 * junit.xml, Allure, the summary and the progress line agree.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRecord } from '../harness/report/result-collector.ts';
import type { Summary } from '../harness/report/summary.ts';
import { fileScratchDir } from './scratch-dir.ts';
import { runFixture } from './status-fixture/run-fixture.ts';

const REFUSED = 'cannot reach http://127.0.0.1:1: connect ECONNREFUSED';

interface AllureResult {
  name: string;
  status: string;
  labels: { name: string; value: string }[];
  statusDetails?: { message?: string };
}

describe('a suite file whose tests end with every status', () => {
  const out = fileScratchDir('mc-statuses-');
  let records: TestRecord[] = [];
  const byName = (name: string) => records.find((r) => r.name.endsWith(` ${name}`));

  beforeAll(async () => {
    const output = await runFixture(out);
    records = JSON.parse(readFileSync(join(out, 'records.json'), 'utf8')) as TestRecord[];
    expect(records.length, output.slice(-2000)).toBe(8);
  }, 120_000);

  it('a transport error inside warnUnlessAsync of a warn-level test makes it broken, not passed with a warning', () => {
    expect(byName('warn level: a transport error inside warnUnlessAsync')).toMatchObject({ status: 'broken', broken: REFUSED, warnings: [] });
    expect(byName('warn level: a transport error thrown by the body')).toMatchObject({ status: 'broken', broken: REFUSED, warnings: [] });
    // The control: a reading that does not hold is a warning of a passing test.
    expect(byName('warn level: a reading that does not hold')).toMatchObject({ status: 'warned', warnings: [expect.stringContaining('one is two')] });
  });

  it("undici's own refusal, wrapped by the test, is broken too; its reason is the trouble, its message the test's", () => {
    const r = byName('fail level: undici refused, wrapped, inside checkAt at warn level');
    expect(r).toMatchObject({ status: 'broken', broken: 'connect ECONNREFUSED 127.0.0.1:1' });
    expect(r?.error).toContain('the test clock could not be read');
    expect(r?.error, 'a broken test carries no quote: it says nothing of the requirement').not.toContain('the document says');
  });

  it('Inconclusive passes in vitest, with its reason and the warnings met before it', () => {
    const r = byName('fail level: inconclusive');
    expect(r).toMatchObject({
      status: 'inconclusive',
      inconclusive: 'round trip 20 s, wider than the 5 s margin of the window',
      warnings: [expect.stringContaining('a reading before')],
    });
    expect(r?.error, 'vitest passed it').toBeUndefined();
  });

  it("a failed statement and a kit error on the target's answer are failed; a pass is passed", () => {
    expect(byName('fail level: a statement that does not hold')).toMatchObject({ status: 'failed', error: expect.stringContaining('the document says') });
    expect(byName('fail level: the kit stops on an answer that is no error of transport')?.status).toBe('failed');
    expect(byName('fail level: passes')?.status).toBe('passed');
  });

  it('junit.xml: broken tests are errors, the failures failures, the inconclusive one passes with its reason', () => {
    const xml = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(xml).toMatch(/<testsuites name="fixture" tests="8" failures="2" errors="3" skipped="0"/);
    expect(xml).toContain(`<error message="${REFUSED}" type="TransportError">`);
    expect(xml).toContain('<property name="inconclusive" value="round trip 20 s, wider than the 5 s margin of the window"/>');
    expect(xml).toContain('<system-out>inconclusive: round trip 20 s, wider than the 5 s margin of the window</system-out>');
  });

  it('Allure: broken is broken, failed is failed (a plain error too), inconclusive unknown with a tag and its reason, a warning tagged', () => {
    const dir = join(out, 'allure-results');
    const results = readdirSync(dir)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AllureResult);
    const of = (name: string) => results.find((r) => r.name.endsWith(` ${name}`));
    const tags = (name: string) =>
      of(name)
        ?.labels.filter((l) => l.name === 'tag')
        .map((l) => l.value) ?? [];
    expect(of('warn level: a transport error inside warnUnlessAsync')?.status).toBe('broken');
    expect(tags('warn level: a transport error inside warnUnlessAsync')).toContain('broken');
    expect(of('fail level: undici refused, wrapped, inside checkAt at warn level')?.status).toBe('broken');
    expect(of('fail level: a statement that does not hold')?.status).toBe('failed');
    // allure-vitest alone would call this one broken: its error is no assertion.
    expect(of('fail level: the kit stops on an answer that is no error of transport')?.status).toBe('failed');
    // No status in the result file: Allure reads it as unknown, apart from the passed ones.
    expect(of('fail level: inconclusive')?.status).toBeUndefined();
    expect(of('fail level: inconclusive')).toMatchObject({
      statusDetails: { message: 'inconclusive: round trip 20 s, wider than the 5 s margin of the window' },
    });
    expect(tags('fail level: inconclusive')).toContain('inconclusive');
    expect(of('warn level: a reading that does not hold')?.status).toBe('passed');
    expect(tags('warn level: a reading that does not hold')).toEqual(['warning']);
    expect(of('warn level: a reading that does not hold')?.statusDetails?.message).toMatch(/^warned \(1 warning; the test passed\):\n- /);
  });

  it('the summary counts them apart and does not pass; the progress line names them', () => {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    expect(summary.totals).toMatchObject({ tests: 8, passed: 2, failed: 2, broken: 3, inconclusive: 1, warnings: 2 });
    expect(summary.brokenTests).toHaveLength(3);
    expect(summary.failedTests).toHaveLength(2);
    expect(summary.ok).toBe(false);
    expect(readFileSync(join(out, 'progress.txt'), 'utf8')).toMatch(
      /^✗ test\/status-fixture\/statuses\.fixture\.ts +2 passed, 2 failed, 3 broken, 1 inconclusive, 0 skipped/,
    );
  });
});
