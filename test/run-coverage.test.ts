/**
 * A verdict that states its reach: what "decided" means for a test and a requirement, the figures
 * (rounded down, compared exactly against --min-coverage), the skipped tests grouped by what would
 * run them with a remedy that never names what the run already had, and the summary's first lines.
 */
import { describe, expect, it } from 'vitest';
import { CAPABILITY_IDS } from '../schemas/capabilities.ts';
import { notTestableReason, skipReason, TRIGGERLESS_CAPABILITIES } from '../harness/kit/effective-capabilities.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import { belowMinimum, decidesRequirement, decidesTest, failLevelReach, shareOf, testReach, testReachText } from '../harness/report/run-coverage.ts';
import { NEEDS, needsOf, NO_MEANS, skipGroups, skipGroupText, type RunMeans } from '../harness/report/skip-remedies.ts';
import { REQUIREMENT_STATUSES, withBaseline } from '../harness/report/summary.ts';
import { summaryMarkdown } from '../harness/report/summary-markdown.ts';
import { gatePasses } from '../harness/report/run-verdict.ts';
import { TEST_STATUSES } from '../harness/report/test-status.ts';
import { CERTIFY_FLAGS } from '../harness/config/certify-flags.ts';
import { parseArgv, parseOptions } from '../harness/config/flag-table.ts';
import { UsageError } from '../harness/config/cli-errors.ts';
import { compareWithBaseline } from '../harness/report/baseline.ts';
import { summaryOfRecords } from './summary-of-records.ts';

const SANDBOX =
  "sandbox budget: 80 of the day's 100 sends already used by this run in this account; give a manager key (each suite file then sends from a subaccount of its own)";

const record = (name: string, status: TestRecord['status'], skipReason?: string, requirements = ['op:credits/consult']): TestRecord => ({
  name,
  file: 'suites/x.test.ts',
  status,
  requirements,
  skipReason,
  observations: [],
  warnings: [],
  recorded: [],
  error: status === 'failed' ? 'expected 401, got 200' : undefined,
  durationMs: 1,
});

const summarize = summaryOfRecords;

describe('what decides', () => {
  it('a test decides when it passed, failed, warned or recorded; skipped, not testable, inconclusive and broken do not', () => {
    expect(TEST_STATUSES.filter(decidesTest)).toEqual(['passed', 'failed', 'warned', 'recorded']);
  });

  it('a requirement is decided when passed, failed, a known deviation, warned or recorded', () => {
    expect(REQUIREMENT_STATUSES.filter(decidesRequirement)).toEqual(['passed', 'failed', 'known-deviation', 'warning', 'recorded']);
  });

  it('figures round down, and --min-coverage compares exactly', () => {
    const reach = testReach([
      ...Array.from({ length: 192 }, () => ({ status: 'passed' as const, notSelected: false })),
      ...Array.from({ length: 231 }, () => ({ status: 'skipped' as const, notSelected: false })),
    ]);
    expect(reach).toMatchObject({ decided: 192, total: 423, percent: 45, skipped: 231 });
    expect(testReachText(reach)).toBe('192 of 423 tests decided (45 %); 231 skipped');
    expect(shareOf(2, 3).percent, 'never claims more than was proven').toBe(66);
    expect(shareOf(0, 0).percent).toBe(0);
    expect(belowMinimum(shareOf(899, 1000), 90)).toBe(true);
    expect(belowMinimum(shareOf(900, 1000), 90)).toBe(false);
    expect(belowMinimum(shareOf(0, 10), undefined)).toBe(false);
  });

  it('inconclusive and broken tests are undecided and named; tests --requirements left out are outside the total', () => {
    const reach = testReach([
      { status: 'passed', notSelected: false },
      { status: 'inconclusive', notSelected: false },
      { status: 'broken', notSelected: false },
      { status: 'not-testable', notSelected: false },
      { status: 'skipped', notSelected: true },
    ]);
    expect(reach).toMatchObject({ decided: 1, total: 4, skipped: 1, notTestable: 1, inconclusive: 1, broken: 1, notSelected: 1 });
    expect(testReachText(reach)).toBe('1 of 4 tests decided (25 %); 1 skipped; 1 inconclusive; 1 broken; 1 not selected (--requirements)');
  });

  it('fail-level requirements only', () => {
    expect(
      failLevelReach([
        { level: 'fail', status: 'passed' },
        { level: 'fail', status: 'skipped' },
        { level: 'fail', status: 'not-covered' },
        { level: 'warn', status: 'passed' },
      ]),
    ).toEqual({ decided: 1, total: 3, percent: 33 });
  });
});

describe('skip reasons grouped by what would run them', () => {
  it('reads each reason by its prefix and the capability ids it names', () => {
    expect(needsOf(skipReason(['manager-key']))).toEqual(['manager-key']);
    // A description holding "; " is no second capability (unsupported-area-code's does).
    expect(needsOf(skipReason(['unsupported-area-code', 'real-delivery']))).toEqual(['real-delivery', 'unsupported-area-code']);
    expect(needsOf(skipReason(['webhook-reachable', 'real-delivery']))).toEqual(needsOf(skipReason(['real-delivery', 'webhook-reachable'])));
    expect(needsOf('target capability missing: real-delivery; webhook-reachable'), 'ids alone, without descriptions').toEqual([
      'real-delivery',
      'webhook-reachable',
    ]);
    expect(needsOf(SANDBOX)).toEqual(['sandbox-budget']);
    expect(needsOf('a subaccount needs the manager key (5.3): give --manager-key to run this test')).toEqual(['manager-key']);
    expect(needsOf('cost guard: payments/send-request without sandbox would be charged: pass --allow-charges to allow it')).toEqual(['real-delivery']);
    expect(needsOf('cost guard: credit budget reached (40 consumed of --max-credits 40): charged sends are skipped from here on')).toEqual(['credit-budget']);
    expect(needsOf("cost guard: sms/send would be charged to 3 number(s) outside the profile's phoneNumbers (the profile has 1)")).toEqual(['phone-numbers']);
    expect(needsOf('too few phone numbers: this test needs 2 numbers in a clean state at once, the profile has 1 (phoneNumbers)')).toEqual(['phone-numbers']);
    expect(needsOf('report budget: this run had made 3 report requests')).toEqual(['report-budget']);
    expect(needsOf('no wallet: none in the account')).toEqual(['other']);
    expect(needsOf(undefined)).toEqual(['other']);
  });

  it('what no real target can run stands alone, with no remedy, whatever else the reason names', () => {
    for (const id of Object.keys(TRIGGERLESS_CAPABILITIES) as (keyof typeof TRIGGERLESS_CAPABILITIES)[]) {
      expect(needsOf(skipReason([id]))).toEqual(['no-real-target']);
      expect(needsOf(skipReason(['real-delivery', id]))).toEqual(['no-real-target']);
      expect(needsOf(notTestableReason(id, 'no way'))).toEqual(['no-real-target']);
    }
    const [group] = skipGroups([{ name: 'a', skipReason: notTestableReason('fault-injection', 'no way') }]);
    expect(group).toMatchObject({ kind: 'no-real-target', count: 1 });
    expect(group?.remedy).toBeUndefined();
    expect(skipGroupText(group!)).toMatch(/^1 no real target can run these/);
  });

  it('the README run of serve: each group with the one change that runs it, the largest first, no remedy last', () => {
    const skipped = [
      ...Array.from({ length: 69 }, (_, i) => ({ name: `charged ${i}`, skipReason: skipReason(['real-delivery']) })),
      ...Array.from({ length: 54 }, (_, i) => ({ name: `budget ${i}`, skipReason: SANDBOX })),
      ...Array.from({ length: 29 }, (_, i) => ({ name: `manager ${i}`, skipReason: skipReason(['manager-key']) })),
      ...Array.from({ length: 24 }, (_, i) => ({ name: `both ${i}`, skipReason: skipReason(['real-delivery', 'webhook-reachable']) })),
      ...Array.from({ length: 22 }, (_, i) => ({ name: `hook ${i}`, skipReason: skipReason(['webhook-reachable']) })),
      ...Array.from({ length: 6 }, (_, i) => ({ name: `fault ${i}`, skipReason: skipReason(['fault-injection']) })),
      { name: 'chosen out', skipReason: 'not selected: the run was limited with --requirements' },
    ];
    const lines = skipGroups(skipped).map(skipGroupText);
    expect(lines).toEqual([
      '69 need charged sends: --allow-charges and phoneNumbers, capabilities.real-delivery: true in the profile',
      '54 hit the sandbox budget: --manager-key',
      '29 need a manager key: --manager-key',
      '24 need charged sends and a reachable webhook receiver: --allow-charges --webhook-public-url URL (or ' +
        'capabilities.webhook-reachable: true) and phoneNumbers, capabilities.real-delivery: true in the profile',
      '22 need a reachable webhook receiver: --webhook-public-url URL (or capabilities.webhook-reachable: true)',
      '6 no real target can run these (the kit has no documented way to trigger what they check)',
    ]);
    expect(skipGroups(skipped)[0]?.tests).toHaveLength(69);
  });

  it('a remedy never names what the run already had', () => {
    const had: RunMeans = {
      managerKey: true,
      allowCharges: true,
      webhookPublicUrl: true,
      phoneNumbers: 4,
      declared: CAPABILITY_IDS,
      restrictedKey: true,
      realDeliveryOnCharges: true,
      maxCredits: 40,
    };
    for (const [id, need] of Object.entries(NEEDS)) {
      const changes = need.remedy(had);
      const text = JSON.stringify(changes ?? {});
      for (const given of ['--manager-key', '--allow-charges', '--webhook-public-url', 'capabilities.', 'keys.restricted', '"phoneNumbers"'])
        expect(text, `${id} with everything given`).not.toContain(given);
    }
    expect(skipGroupText(skipGroups([{ name: 'b', skipReason: SANDBOX }], { ...NO_MEANS, managerKey: true })[0]!)).toBe('1 hit the sandbox budget');
    // --allow-charges and numbers given: only what is still lacking, or nothing when charges alone give real delivery.
    const charged = [{ name: 'c', skipReason: skipReason(['real-delivery']) }];
    const given = { ...NO_MEANS, allowCharges: true, phoneNumbers: 4 };
    expect(skipGroups(charged, given)[0]?.remedy).toBe('capabilities.real-delivery: true in the profile');
    expect(skipGroups(charged, { ...given, realDeliveryOnCharges: true })[0]?.remedy).toBeUndefined();
    expect(skipGroups(charged, { ...NO_MEANS, allowCharges: true })[0]?.remedy).toBe('phoneNumbers, capabilities.real-delivery: true in the profile');
  });
});

describe('the summary states its reach', () => {
  const records = [record('p1', 'passed'), record('p2', 'passed'), record('s1', 'skipped', skipReason(['manager-key'])), record('s2', 'skipped', SANDBOX)];

  it('summary.json coverage, and summary.md opens with the verdict, the reach and the grouped remedies', () => {
    const s = summarize(records);
    expect(s.coverage.tests).toMatchObject({ decided: 2, total: 4, percent: 50, skipped: 2 });
    expect(s.coverage.failLevelRequirements.total).toBeGreaterThan(0);
    expect(s.coverage.skipGroups.map((g) => g.kind)).toEqual(['manager-key', 'sandbox-budget']);
    expect(s.ok).toBe(true);
    const lines = summaryMarkdown(s).split('\n');
    expect(lines[0]).toBe('# Conformance summary: PASS: 2 of 4 tests decided (50 %); 2 skipped');
    expect(lines[2]).toMatch(/^Reach: fail-level requirements: \d+ of \d+ decided \(\d+ %\)\. What would run the 2 skipped tests:$/);
    expect(lines.slice(4, 6)).toEqual(['- 1 need a manager key: --manager-key', '- 1 hit the sandbox budget: --manager-key']);
  });

  it('--min-coverage: below it the run fails and the first line says why; at it the run passes', () => {
    const below = summarize(records, { minCoverage: 90 });
    expect(below.coverage).toMatchObject({ minCoverage: 90, belowMinimum: true });
    expect(below.ok).toBe(false);
    expect(summaryMarkdown(below).split('\n')[0]).toBe(
      '# Conformance summary: FAIL: coverage 50 % below --min-coverage 90; 2 of 4 tests decided (50 %); 2 skipped',
    );
    expect(summarize(records, { minCoverage: 50 }).ok).toBe(true);
    // Under --fail-on regression too: the gate asked for is not waived by a baseline.
    const gated = withBaseline(below, compareWithBaseline(below, below), 'regression');
    expect(gatePasses(gated)).toBe(false);
    expect(gatePasses(withBaseline(summarize(records), compareWithBaseline(below, below), 'regression'))).toBe(true);
  });

  it('a remedy the run already applied is not named', () => {
    const means: RunMeans = { ...NO_MEANS, managerKey: true };
    const s = summarize([record('s2', 'skipped', SANDBOX)], { means });
    expect(s.coverage.skipGroups.map(skipGroupText)).toEqual(['1 hit the sandbox budget']);
  });
});

describe('--min-coverage', () => {
  it('takes a percentage from 0 to 100, on the command line and in the API; absent, the coverage is not judged', () => {
    expect(parseArgv(CERTIFY_FLAGS, ['--min-coverage', '90'], {}, {}).minCoverage).toBe(90);
    expect(parseArgv(CERTIFY_FLAGS, ['--min-coverage', '87.5'], {}, {}).minCoverage).toBe(87.5);
    expect(parseArgv(CERTIFY_FLAGS, [], {}, {}).minCoverage).toBeUndefined();
    expect(parseOptions(CERTIFY_FLAGS, { minCoverage: 90 }, {}).minCoverage).toBe(90);
    expect(() => parseArgv(CERTIFY_FLAGS, ['--min-coverage', '150'], {}, {})).toThrow(UsageError);
    expect(() => parseOptions(CERTIFY_FLAGS, { minCoverage: -1 }, {})).toThrow(/--min-coverage takes a percentage from 0 to 100/);
  });
});
