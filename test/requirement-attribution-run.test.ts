/**
 * A failure or a warning names only the requirements whose checks failed, end to end: the fixture's
 * tests run with vitest and the reporters of certify (status-fixture/run-statuses.ts), and the
 * summary names as failed (or warned) the requirements of the failed check, not every requirement of its test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestRecord } from '../harness/report/result-collector.ts';
import type { Summary } from '../harness/report/summary.ts';
import { fileScratchDir } from './scratch-dir.ts';
import { runFixture } from './status-fixture/run-fixture.ts';

describe('a failed check or a warning of a test of several requirements', () => {
  const out = fileScratchDir('mc-attribution-');
  let records: TestRecord[] = [];
  let summary: Summary;
  const status = (id: string) => summary.requirements.find((r) => r.id === id);

  beforeAll(async () => {
    const output = await runFixture(out, 'attribution.fixture.ts');
    records = JSON.parse(readFileSync(join(out, 'records.json'), 'utf8')) as TestRecord[];
    summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Summary;
    expect(records.length, output.slice(-2000)).toBe(5);
  }, 120_000);

  it('every test failed or warned, as before: the attribution changes no test status', () => {
    expect(records.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'warned', 'warned']);
  });

  it('the records name the requirements of the failed check; an untagged failure names none apart', () => {
    const byName = (name: string) => records.find((r) => r.name.endsWith(` ${name}`));
    expect(byName('a tagged check fails: only its requirement failed')?.failedRequirements).toEqual(['rule:sms.total-messages']);
    expect(byName('a tagged check of a requirement the test does not name: that one failed')?.failedRequirements).toEqual(['rule:sms.total-messages']);
    expect(byName('an untagged check fails: every requirement of the test failed')?.failedRequirements).toBeUndefined();
  });

  it("the failure quotes only the failed requirement's words", () => {
    const error = records.find((r) => r.name.endsWith(' a tagged check fails: only its requirement failed'))?.error ?? '';
    expect(error).toContain('rule:sms.total-messages (§');
    expect(error).not.toContain('rule:sms.references-per-recipient (§');
  });

  it('the summary: the tagged requirement failed, the ones the failure was not about are failed only by the untagged test', () => {
    expect(status('rule:sms.total-messages')?.status).toBe('failed');
    expect(status('rule:sms.total-messages')?.tests).toHaveLength(3);
    // Failed only because the untagged test failed on all three.
    expect(status('rule:sms.references-per-recipient')?.reason).toContain('an assertion about the send as a whole');
    // The test that names find-country-code stopped at another rule's check: not decided.
    expect(status('rule:sms.find-country-code')).toMatchObject({
      status: 'skipped',
      reason: 'not decided: the test stopped at a failed check of rule:sms.total-messages',
    });
  });

  it('a judged warning names its requirement; an untagged one names every requirement of the test', () => {
    const byName = (name: string) => records.find((r) => r.name.endsWith(` ${name}`));
    expect(byName('a judged reading does not hold: only its requirement warned')?.warnedRequirements).toEqual(['rule:envelope.form-bodies']);
    expect(byName('an untagged check of a test of readings fails: every requirement warned')?.warnedRequirements).toEqual([
      'rule:envelope.request-id',
      'rule:envelope.message-token',
    ]);
  });

  it('the summary: the judged reading warned, the other requirement of its test passed; the untagged warning is about both of its', () => {
    expect(status('rule:envelope.form-bodies')).toMatchObject({ status: 'warning' });
    expect(status('rule:envelope.form-bodies')?.reason).toContain('a form body read like JSON (2.1)');
    expect(status('rule:envelope.status-repeated')).toMatchObject({ status: 'passed' });
    expect(status('rule:envelope.request-id')).toMatchObject({ status: 'warning' });
    expect(status('rule:envelope.message-token')).toMatchObject({ status: 'warning' });
  });
});
