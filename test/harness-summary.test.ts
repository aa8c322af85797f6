/**
 * The certification summary: every requirement of the catalogue with a status, the
 * ambiguity verdicts, per-area totals, and the pass/fail decision with expected failures; plus the
 * pieces around it: the requirement-id check of req(), capability skips, the key-leak check.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { REQUIREMENTS, requirementById } from '../schemas/requirements.ts';
import { parseExpectedFailures, reconcile } from '../harness/report/expected-failures.ts';
import { findLeaks } from '../harness/run/leak-check.ts';
import { missingCapabilities, requirementsOf } from '../harness/kit/requirement-test.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { compareWithBaseline } from '../harness/report/baseline.ts';
import { buildSummary, withBaseline, withLeakCheck } from '../harness/report/summary.ts';
import { summaryHeadMarkdown, summaryMarkdown } from '../harness/report/summary-markdown.ts';
import { gatePasses, nothingCertified } from '../harness/report/run-verdict.ts';
import { testScratchDir } from './scratch-dir.ts';
import { summaryOfRecords, testRecord } from './summary-of-records.ts';

const record = testRecord;

const summarize = (records: TestRecord[], expected = parseExpectedFailures([], 'none')) => summaryOfRecords(records, { expected });

describe('buildSummary: the catalogue, expected failures and levels', () => {
  it('lists every requirement of the catalogue, not-covered when no test names it', () => {
    const s = summarize([record('a', 'passed', ['op:credits/consult'])]);
    expect(s.requirements).toHaveLength(REQUIREMENTS.length);
    expect(s.requirements.find((r) => r.id === 'op:credits/consult')).toMatchObject({ status: 'passed', tests: ['a'] });
    expect(s.requirements.find((r) => r.id === 'err:auth_01')?.status).toBe('not-covered');
    expect(s.ok).toBe(true);
  });

  it('fails on a failed MUST, and a failure listed as expected becomes a known deviation', () => {
    const records = [record('auth', 'failed', ['err:auth_01']), record('ok', 'passed', ['err:auth_01'])];
    const failed = summarize(records);
    expect(failed.requirements.find((r) => r.id === 'err:auth_01')).toMatchObject({ status: 'failed', reason: 'expected 401, got 200' });
    expect(failed.ok).toBe(false);
    const known = summarize(records, parseExpectedFailures([{ id: 'err:auth_01', reason: 'ticket 1' }], 'x'));
    expect(known.requirements.find((r) => r.id === 'err:auth_01')?.status).toBe('known-deviation');
    expect(known.totals).toMatchObject({ failed: 0, knownDeviations: 1 });
    expect(known.ok).toBe(true);
  });

  it('an expected failure that passes fails the run', () => {
    const s = summarize([record('a', 'passed', ['err:auth_01'])], parseExpectedFailures([{ id: 'err:auth_01', reason: 'old' }], 'x'));
    expect(s.expectedFailures[0]?.outcome).toBe('unexpected-pass');
    expect(s.ok).toBe(false);
  });

  it('a failed SHOULD is a warning and does not fail the run', () => {
    // A SHOULD is a reading whose record says so (schemas/quote-level.ts), at level warn.
    const should = REQUIREMENTS.find((r) => r.why?.startsWith('a SHOULD'))!;
    const s = summarize([record('s', 'failed', [should.id])]);
    expect(s.requirements.find((r) => r.id === should.id)?.status).toBe('warning');
    expect(requirementById(should.id).level).toBe('warn');
  });

  it('keeps the skip reason and reports ambiguity verdicts', () => {
    const s = summarize([
      record('skip', 'skipped', ['err:server_01']),
      record('obs', 'passed', ['err:auth_01'], {
        observations: [{ ambiguity: 'auth-error-http-status', expected: 'http-status', observed: 'HTTP 200 for auth_01', matches: false }],
      }),
    ]);
    expect(s.requirements.find((r) => r.id === 'err:server_01')).toMatchObject({ status: 'skipped', reason: expect.stringContaining('fault-injection') });
    expect(s.ambiguities.find((a) => a.id === 'auth-error-http-status')).toMatchObject({
      verdict: 'mismatch',
      observed: [{ value: 'HTTP 200 for auth_01', count: 1 }],
    });
    expect(s.ambiguities.find((a) => a.id === 'sandbox-daily-limit')?.verdict).toBe('not-observed');
    const md = summaryMarkdown(s);
    expect(md).toContain('| auth-error-http-status | http-status | HTTP 200 for auth_01 (×1) | mismatch |');
    expect(md).toMatch(/### envelope/);
  });

  it('levels: a failed reading warns (fails the run only with --strict), a passed silence is recorded, a failed statement fails', () => {
    const reading = REQUIREMENTS.find((r) => r.level === 'warn')!;
    const silence = REQUIREMENTS.find((r) => r.level === 'record')!;
    const stated = REQUIREMENTS.find((r) => r.level === 'fail')!;
    // req() turns the failure of a test that proves only readings into a warning: the test passes.
    const records = [
      record('r', 'passed', [reading.id], { warnings: ['a reading did not hold'] }),
      record('s', 'passed', [silence.id], { recorded: [{ what: 'x', observed: 'HTTP 404' }] }),
    ];
    const s = summarize(records);
    expect(s.requirements.find((r) => r.id === reading.id)).toMatchObject({ status: 'warning', level: 'warn' });
    expect(s.requirements.find((r) => r.id === silence.id)).toMatchObject({ status: 'recorded', level: 'record' });
    expect(s.totals.recorded).toBe(1);
    expect(s.levels.warn.warning).toBe(1);
    expect(s.levels.record.recorded).toBe(1);
    expect(s.ok).toBe(true);
    const strict = buildSummary({
      target: 't',
      profile: 'p',
      startedAt: '',
      seconds: 0,
      records: [record('w', 'passed', [stated.id], { warnings: ['a reading'] })],
      choices: DEFAULT_AMBIGUITY_CHOICES,
      reconciliation: reconcile([], []),
      runErrors: [],
      strict: true,
    });
    expect(strict.totals.warnings).toBe(1);
    expect(strict.ok, '--strict: a warning fails the run').toBe(false);
    const failed = summarize([record('f', 'failed', [stated.id])]);
    expect(failed.requirements.find((r) => r.id === stated.id)).toMatchObject({ status: 'failed', level: 'fail', quote: expect.any(String) });
    expect(failed.ok).toBe(false);
  });
});

describe('buildSummary: summary.md totals, broken and inconclusive tests', () => {
  it('summary.md starts with requirement totals per level, and no line of it is over 300 characters', () => {
    const long = 'x'.repeat(5000);
    const s = summarize([
      record('f', 'failed', ['err:auth_01'], { error: `${long}\nsecond line` }),
      record('o', 'passed', ['op:credits/consult'], {
        observations: Array.from({ length: 60 }, (_, i) => ({
          ambiguity: 'unnamed-validation-codes' as const,
          expected: 'record-only',
          observed: `contacts/add: code invalid_${i} ${long.slice(0, 80)}`,
          matches: null,
        })),
      }),
    ]);
    const md = summaryMarkdown(s);
    const lines = md.split('\n');
    expect(lines[0]).toBe('# Conformance summary: FAIL: 2 of 2 tests decided (100 %); 0 skipped');
    expect(md.indexOf('## Requirements per level')).toBeLessThan(md.indexOf('## Requirements per area'));
    expect(md).toMatch(/\| all \| \d+ \|/);
    expect(
      lines.filter((l) => l.length > 300),
      'lines over 300 characters',
    ).toEqual([]);
    expect(md).toContain('60 distinct: ');
    expect(JSON.stringify(s)).toContain(long);
  });

  it('a broken test fails the run but is no failure of its requirement; the failure of another test still wins', () => {
    const broken = record('b', 'broken', ['err:auth_01'], {
      broken: 'cannot reach http://h: read ECONNRESET',
      error: 'cannot reach http://h: read ECONNRESET',
    });
    const s = summarize([broken, record('ok', 'passed', ['err:auth_01']), record('p', 'passed', ['op:credits/consult'])]);
    expect(s.requirements.find((r) => r.id === 'err:auth_01')).toMatchObject({ status: 'broken', reason: 'cannot reach http://h: read ECONNRESET' });
    expect(s.totals).toMatchObject({ tests: 3, passed: 2, failed: 0, broken: 1, inconclusive: 0 });
    expect(s.requirementTotals.broken).toBe(1);
    expect(s.areas.reduce((n, a) => n + a.broken, 0)).toBe(1);
    expect(s).toMatchObject({ ok: false, failedTests: [], brokenTests: ['b'] });
    expect(nothingCertified(s), 'two tests passed').toBe(false);
    const both = summarize([broken, record('f', 'failed', ['err:auth_01'])]);
    expect(both.requirements.find((r) => r.id === 'err:auth_01')?.status).toBe('failed');
    expect(both).toMatchObject({ failedTests: ['f'], brokenTests: ['b'] });
    // An expected failure covers a failure, never transport trouble.
    const expected = parseExpectedFailures([{ id: 'err:auth_01', reason: 'ticket 1' }], 'x');
    expect(summarize([broken], expected)).toMatchObject({ ok: false, totals: { broken: 1, knownDeviations: 0 } });
  });

  it('an inconclusive test does not fail the run (but under --strict), and reads apart from a pass and a warning', () => {
    const stated = REQUIREMENTS.find((r) => r.level === 'fail')!;
    const records = [record('i', 'inconclusive', [stated.id], { inconclusive: 'round trip 20 s, wider than the 5 s margin' })];
    const s = summarize(records);
    expect(s.requirements.find((r) => r.id === stated.id)).toMatchObject({ status: 'inconclusive', reason: 'round trip 20 s, wider than the 5 s margin' });
    expect(s.totals).toMatchObject({ passed: 0, inconclusive: 1, failed: 0, broken: 0 });
    expect(s.ok).toBe(true);
    const strict = buildSummary({
      target: 't',
      profile: 'p',
      startedAt: '',
      seconds: 0,
      records,
      choices: DEFAULT_AMBIGUITY_CHOICES,
      reconciliation: reconcile(records, []),
      runErrors: [],
      strict: true,
    });
    expect(strict.ok, '--strict: an inconclusive test fails the run').toBe(false);
    // A warning of another test of the requirement is a verdict, and shows first.
    const warned = summarize([...records, record('w', 'passed', [stated.id], { warnings: ['a reading'] })]);
    expect(warned.requirements.find((r) => r.id === stated.id)?.status).toBe('warning');
  });
});

describe('buildSummary: the tests behind a failed requirement, broken and inconclusive columns, nothing certified, run errors', () => {
  it('summary.md: under the failed requirements, the tests that failed each, by name and inert; a passing test of one is not listed', () => {
    const s = summarize([
      record('auth_01 > no key answers auth_01', 'failed', ['err:auth_01']),
      record('consult > | pipes | and <b>tags</b>', 'failed', ['op:credits/consult', 'err:auth_01']),
      record('auth_01 > passes', 'passed', ['err:auth_01']),
    ]);
    const listed = summaryHeadMarkdown(s).split('### The tests that failed them\n\n')[1]!.split('\n\n')[0]!.split('\n');
    expect(listed.sort()).toEqual(
      [
        '- err:auth_01: `consult > ¦ pipes ¦ and <b>tags</b>`',
        '- err:auth_01: `auth_01 > no key answers auth_01`',
        '- op:credits/consult: `consult > ¦ pipes ¦ and <b>tags</b>`',
      ].sort(),
    );
    expect(summaryHeadMarkdown(summarize([record('p', 'passed', ['err:auth_01'])]))).not.toContain('The tests that failed them');
  });

  it('summary.md: broken and inconclusive have columns, the head line counts them, and sections say why', () => {
    const s = summarize([
      record('b', 'broken', ['err:auth_01'], { broken: 'POST http://h/sms/send timed out after 30 s (no response headers)' }),
      record('i', 'inconclusive', ['op:credits/consult'], { inconclusive: 'round trip 20 s' }),
      record('f', 'failed', ['err:auth_02']),
    ]);
    const head = summaryHeadMarkdown(s);
    expect(head).toContain('Tests: 0 passed, 1 failed, 1 broken, 1 inconclusive, 0 skipped (0 not testable)');
    expect(head).toContain(
      '| Level | Requirements | Passed | Failed | Known deviations | Broken | Warned | Inconclusive | Recorded | Skipped | Not testable | Not covered |',
    );
    expect(head).toContain('## Broken (the kit could not talk to the target: no verdict)');
    expect(head).toContain(
      `| err:auth_01 | ${s.requirements.find((r) => r.id === 'err:auth_01')!.section} | POST http://h/sms/send timed out after 30 s (no response headers) |`,
    );
    expect(head).toContain('## Inconclusive');
    expect(head).toContain('| op:credits/consult | fail | round trip 20 s |');
    expect(summaryMarkdown(s)).toMatch(/\| err:auth_01 \| [^|]+ \| fail \| broken \| 1 \|/);
  });

  it('nothing certified: no verdict, and tests broke or files did not set up', () => {
    const allBroken = summarize([
      record('b1', 'broken', ['err:auth_01']),
      record('b2', 'broken', ['op:credits/consult']),
      record('s', 'skipped', ['err:server_01']),
    ]);
    expect(nothingCertified(allBroken)).toBe(true);
    const setupFailed = buildSummary({
      target: 't',
      profile: 'p',
      startedAt: '',
      seconds: 0,
      records: [record('s', 'skipped', ['err:auth_01'])],
      choices: DEFAULT_AMBIGUITY_CHOICES,
      reconciliation: reconcile([], []),
      runErrors: ['suites/x.test.ts: cannot reach http://h'],
    });
    expect(nothingCertified(setupFailed)).toBe(true);
    expect(nothingCertified(summarize([record('s', 'skipped', ['err:server_01'])])), 'all skipped, nothing went wrong').toBe(false);
    expect(nothingCertified(summarize([record('b', 'broken', ['err:auth_01']), record('f', 'failed', ['err:auth_02'])])), 'a failure is a verdict').toBe(false);
  });

  it('a failure names only the requirements its failed check was about; the others of the test are undecided by it', () => {
    const ids = ['op:sms/send', 'rule:sms.total-messages', 'rule:sms.references-per-recipient'];
    const s = summarize([record('send', 'failed', ids, { failedRequirements: ['rule:sms.total-messages'] })]);
    const status = (id: string) => s.requirements.find((r) => r.id === id);
    expect(status('rule:sms.total-messages')).toMatchObject({ status: 'failed', reason: 'expected 401, got 200' });
    expect(status('rule:sms.references-per-recipient')).toMatchObject({
      status: 'skipped',
      reason: 'not decided: the test stopped at a failed check of rule:sms.total-messages',
    });
    expect(status('op:sms/send')?.status).toBe('skipped');
    // Another test that passed decides the undecided one; without the attribution all three failed.
    const withPass = summarize([
      record('send', 'failed', ids, { failedRequirements: ['rule:sms.total-messages'] }),
      record('other', 'passed', ['rule:sms.references-per-recipient']),
    ]);
    expect(withPass.requirements.find((r) => r.id === 'rule:sms.references-per-recipient')?.status).toBe('passed');
    expect(
      summarize([record('send', 'failed', ids)])
        .requirements.filter((r) => ids.includes(r.id))
        .map((r) => r.status),
    ).toEqual(['failed', 'failed', 'failed']);
    // An expected failure of the failed requirement covers the test; one of an undecided requirement does not.
    const covered = (id: string) =>
      summarize([record('send', 'failed', ids, { failedRequirements: ['rule:sms.total-messages'] })], parseExpectedFailures([{ id, reason: 'known' }], 'x')).ok;
    expect(covered('rule:sms.total-messages')).toBe(true);
    expect(covered('rule:sms.references-per-recipient')).toBe(false);
  });

  it('a run error fails the run', () => {
    const s = buildSummary({
      ...{ target: 't', profile: 'p', startedAt: '', seconds: 0, records: [], choices: DEFAULT_AMBIGUITY_CHOICES },
      reconciliation: reconcile([], []),
      runErrors: ['suites/x.test.ts: boom'],
    });
    expect(s.ok).toBe(false);
  });
});

describe('document coverage and the baseline gate', () => {
  it("summary.json carries the catalogue's coverage of the document, and summary.md one line of it near the top", () => {
    const s = summarize([record('a', 'passed', ['op:credits/consult'])]);
    const { units, quoted, untestable, uncovered, quotedShare } = s.documentCoverage;
    expect(units).toBeGreaterThan(0);
    expect(quoted + untestable + uncovered).toBe(units);
    expect(quotedShare).toBeCloseTo(quoted / units, 3);
    const lines = summaryHeadMarkdown(s).split('\n');
    const at = lines.findIndex((l) => l.startsWith('Document coverage: '));
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(lines.indexOf('## Requirements per level'));
    expect(lines[at]).toContain(`${quoted} of the document's ${units} sentences and table rows (${(quotedShare * 100).toFixed(1)}%)`);
  });

  it('--fail-on regression: a known failure passes the gate, a new one fails it; a run error or a leak fails it whatever the baseline', () => {
    const before = summarize([record('old', 'failed', ['err:auth_01']), record('b', 'passed', ['op:credits/consult'])]);
    const same = summarize([record('old', 'failed', ['err:auth_01']), record('b', 'passed', ['op:credits/consult'])]);
    const gated = withBaseline(same, compareWithBaseline(same, before), 'regression');
    expect(same.ok).toBe(false);
    expect(gatePasses(gated)).toBe(true);
    expect(summaryHeadMarkdown(gated).split('\n')[0]).toBe(
      '# Conformance summary: FAIL; gate (--fail-on regression): PASS, nothing failed or broke that had not in the baseline; ' +
        '2 of 2 tests decided (100 %); 0 skipped',
    );
    expect(summaryHeadMarkdown(gated).split('\n')[4]).toMatch(/^## Compared with the baseline of /);
    // Under --fail-on failure the baseline only informs.
    expect(gatePasses(withBaseline(same, compareWithBaseline(same, before), 'failure'))).toBe(false);

    const worse = summarize([record('old', 'failed', ['err:auth_01']), record('b', 'failed', ['op:credits/consult'])]);
    const regressed = withBaseline(worse, compareWithBaseline(worse, before), 'regression');
    expect(regressed.baseline).toMatchObject({ newlyFailing: ['op:credits/consult'], newFailedTests: ['b'], regression: true });
    expect(gatePasses(regressed)).toBe(false);

    expect(gatePasses({ ...gated, runErrors: ['setup failed'] })).toBe(false);
    expect(gatePasses({ ...gated, incomplete: 'deadline passed' })).toBe(false);
    expect(gatePasses(withLeakCheck(gated, { passed: false, secrets: 1, findings: ['summary.json: $.x'] }))).toBe(false);
  });
});

describe('req() requirement ids and capabilities', () => {
  it('refuses an id the catalogue does not hold, and an empty list', () => {
    expect(() => requirementsOf(['op:credits/consult', 'err:auth_42'])).toThrow(/unknown requirement id\(s\): err:auth_42/);
    expect(() => requirementsOf([])).toThrow(/at least one/);
  });

  it('names the capabilities a test lacks', () => {
    const reqs = requirementsOf(['err:auth_99', 'op:credits/consult']);
    expect(missingCapabilities(reqs, ['test-clock'], new Set(['test-clock']))).toEqual(['fault-injection']);
    expect(missingCapabilities(reqs, [], new Set(['fault-injection']))).toEqual([]);
  });
});

describe('findLeaks', () => {
  it('finds a key, raw or URL-encoded, in any file of the output folder, and nothing else', () => {
    const out = testScratchDir('mc-leak-');
    mkdirSync(join(out, 'allure-results'));
    const key = 'k3y/with+special=chars0123';
    writeFileSync(join(out, 'summary.md'), 'nothing to see [REDACTED]');
    expect(findLeaks(out, [key])).toEqual([]);
    writeFileSync(join(out, 'allure-results', 'a-attachment.json'), `{"url":"http://h/v1?apikey=${encodeURIComponent(key)}"}`);
    writeFileSync(join(out, 'junit.xml'), `<x>${key}</x>`);
    expect(findLeaks(out, [key]).sort()).toEqual(['allure-results/a-attachment.json', 'junit.xml']);
  });
});
