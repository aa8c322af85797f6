/**
 * A capability the profile declares but the kit has no way to trigger (internal
 * faults, failing channels, keys the profile has no field for) makes its tests "not testable": a
 * skip with that reason and a status of its own in summary.json, never a failing placeholder. And
 * the skips a test finds while running (SkipTest: too few numbers, the cost guard) keep their reason.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_AMBIGUITY_CHOICES } from '../schemas/ambiguities.ts';
import { effectiveCapabilities, skipReason, TRIGGERLESS_CAPABILITIES } from '../harness/kit/effective-capabilities.ts';
import { parseExpectedFailures, reconcile } from '../harness/report/expected-failures.ts';
import { parseProfile } from '../harness/config/profile.ts';
import type { TestRecord } from '../harness/report/result-collector.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { buildSummary } from '../harness/report/summary.ts';
import { summaryHeadMarkdown } from '../harness/report/summary-markdown.ts';
import { CostGuardError } from '../harness/kit/cost-guard.ts';
import { isNotTestable, skipReasonOf, SkipTest } from '../harness/kit/test-skip.ts';

const configWith = (capabilities: Record<string, unknown>): RunConfig => ({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'account-key',
  embedded: false,
  profile: parseProfile({ capabilities }, 'p.yaml'),
  allowCharges: false,
  runId: 'abcd12',
  seed: 1,
  outDir: '/tmp/x',
});

const record = (name: string, requirements: string[], skipReason: string | undefined): TestRecord => ({
  name,
  file: 'suites/x.test.ts',
  status: skipReason === undefined ? 'passed' : 'skipped',
  requirements,
  skipReason,
  observations: [],
  warnings: [],
  recorded: [],
  error: undefined,
  durationMs: 1,
});

describe('capabilities the kit cannot trigger', () => {
  it("are never among the run's capabilities, declared or not", () => {
    const declared = configWith(Object.fromEntries(Object.keys(TRIGGERLESS_CAPABILITIES).map((id) => [id, true])));
    const available = effectiveCapabilities(declared);
    for (const id of Object.keys(TRIGGERLESS_CAPABILITIES)) expect(available.has(id as keyof typeof TRIGGERLESS_CAPABILITIES), id).toBe(false);
  });

  it('skip as not testable when the profile declares them, as missing when it does not', () => {
    const declared = skipReason(['fault-injection'], configWith({ 'fault-injection': true }));
    expect(declared).toMatch(/^not testable: the profile declares fault-injection, but the kit has no documented way to trigger it: /);
    expect(isNotTestable(declared)).toBe(true);
    const undeclared = skipReason(['fault-injection'], configWith({}));
    expect(undeclared).toMatch(/^target capability missing: fault-injection \(/);
    expect(isNotTestable(undeclared)).toBe(false);
    // A capability with a means (a profile parameter, a kit protocol) is only ever missing.
    expect(skipReason(['test-clock'], configWith({}))).toMatch(/^target capability missing: test-clock/);
  });
});

describe('the summary', () => {
  const notTestable = 'not testable: the profile declares fault-injection, but the kit has no documented way to trigger it: ...';
  const summary = buildSummary({
    target: 't',
    profile: 'p',
    startedAt: new Date(0).toISOString(),
    seconds: 1,
    records: [
      record('server_01', ['err:server_01'], notTestable),
      record('auth_99', ['err:auth_99'], 'target capability missing: fault-injection (...)'),
      record('auth_01', ['err:auth_01'], undefined),
      record('auth_07 half', ['err:auth_07'], notTestable),
      record('auth_07 other', ['err:auth_07'], 'too few phone numbers: ...'),
    ],
    choices: DEFAULT_AMBIGUITY_CHOICES,
    reconciliation: reconcile([], parseExpectedFailures([], 'none')),
    runErrors: [],
  });
  const status = (id: string) => summary.requirements.find((r) => r.id === id);

  it('gives a requirement whose every test is not testable that status, with the reason; a mix stays skipped', () => {
    expect(status('err:server_01')).toMatchObject({ status: 'not-testable', reason: notTestable });
    expect(status('err:auth_99')?.status).toBe('skipped');
    expect(status('err:auth_07')?.status).toBe('skipped');
    expect(status('err:auth_01')?.status).toBe('passed');
  });

  it('counts the tests not testable among the skipped ones, per area too, and is not a failure', () => {
    expect(summary.totals).toMatchObject({ skipped: 4, notTestable: 2, failed: 0 });
    expect(summary.ok).toBe(true);
    expect(summary.requirementTotals['not-testable']).toBe(1);
    expect(summary.areas.reduce((n, a) => n + a.notTestable, 0)).toBe(1);
    expect(summaryHeadMarkdown(summary)).toContain('4 skipped (2 not testable)');
  });
});

describe('skips found while a test runs', () => {
  it('carry their reason, through a wrapping error too; the cost guard is one', () => {
    expect(skipReasonOf(new SkipTest('too few phone numbers: 2 needed'))).toBe('too few phone numbers: 2 needed');
    expect(skipReasonOf(new Error('fixture failed', { cause: new SkipTest('not testable: x') }))).toBe('not testable: x');
    expect(skipReasonOf(new CostGuardError('cost guard: would be charged'))).toBe('cost guard: would be charged');
    expect(skipReasonOf(new Error('expected 401, got 200'))).toBeUndefined();
  });
});
