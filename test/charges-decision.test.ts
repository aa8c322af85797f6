/**
 * Charged sends are one decision (5.2): --allow-charges with the profile's phoneNumbers gives the
 * run real delivery, declared or not, and half of it is said in one line at the start. A skip
 * reason never names a remedy the run already applied: with --allow-charges given it says what
 * else is missing, and the cost guard says the same.
 */
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../harness/config/profile.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { CostGuard, type CostGuardCalls } from '../harness/kit/cost-guard.ts';
import { chargesNotice, effectiveCapabilities, skipReason } from '../harness/kit/effective-capabilities.ts';
import { skipReasonOf } from '../harness/kit/test-skip.ts';
import { needsOf } from '../harness/report/skip-remedies.ts';
import { operationById } from '../schemas/operations.ts';

const NUMBERS = ['5512340001', '5512340002'];

const config = (run: { allowCharges: boolean; phoneNumbers?: string[]; capabilities?: Record<string, unknown>; managerKey?: string }): RunConfig => ({
  baseUrl: 'http://127.0.0.1:1',
  apiKey: 'account-key',
  ...(run.managerKey !== undefined ? { managerKey: run.managerKey } : {}),
  embedded: false,
  profile: parseProfile({ phoneNumbers: run.phoneNumbers ?? [], capabilities: run.capabilities ?? {} }, 'p.yaml'),
  allowCharges: run.allowCharges,
  runId: 'abcd12',
  seed: 1,
  outDir: '/tmp/x',
});

describe('--allow-charges with phoneNumbers', () => {
  it('gives real delivery without the profile declaring it; either half alone does not', () => {
    expect(effectiveCapabilities(config({ allowCharges: true, phoneNumbers: NUMBERS })).has('real-delivery')).toBe(true);
    expect(effectiveCapabilities(config({ allowCharges: true, capabilities: { 'real-delivery': true } })).has('real-delivery')).toBe(false);
    expect(effectiveCapabilities(config({ allowCharges: false, phoneNumbers: NUMBERS, capabilities: { 'real-delivery': true } })).has('real-delivery')).toBe(
      false,
    );
  });

  it('half of the decision is one line at the start of the run; the whole of it, or none of it, says nothing', () => {
    expect(chargesNotice(config({ allowCharges: true }))).toMatch(/^--allow-charges given, but the profile has no phoneNumbers/);
    expect(chargesNotice(config({ allowCharges: false, phoneNumbers: NUMBERS }))).toMatch(
      /^the profile lists 2 phoneNumbers, but --allow-charges was not given/,
    );
    expect(chargesNotice(config({ allowCharges: false, capabilities: { 'real-delivery': true } }))).toMatch(/declares real-delivery, but --allow-charges/);
    expect(chargesNotice(config({ allowCharges: true, phoneNumbers: NUMBERS }))).toBeUndefined();
    expect(chargesNotice(config({ allowCharges: false }))).toBeUndefined();
  });
});

describe('skip reasons name what the run lacks, never what it gave', () => {
  it('real-delivery: --allow-charges given is not asked for again; its stable prefix and id stay', () => {
    const given = skipReason(['real-delivery'], config({ allowCharges: true }));
    expect(given).toMatch(/^target capability missing: real-delivery \(/);
    expect(given).toContain('--allow-charges given, but the profile has no phoneNumbers');
    expect(given.replace('--allow-charges given', '')).not.toContain('--allow-charges');
    expect(skipReason(['real-delivery'], config({ allowCharges: false, phoneNumbers: NUMBERS }))).toContain(
      'the profile lists 2 phoneNumbers, but --allow-charges was not given',
    );
    // The reports group skips by the capability ids a reason names: the words add none.
    expect(needsOf(given)).toEqual(['real-delivery']);
  });

  it('the other capabilities: the flag or field that is missing, and the triggerless ones say no flag helps', () => {
    expect(skipReason(['manager-key'], config({ allowCharges: false }))).toMatch(/^target capability missing: manager-key \(.*: no --manager-key given\)$/);
    expect(skipReason(['test-clock'], config({ allowCharges: false }))).toContain('the profile does not declare capabilities.test-clock: true');
    expect(skipReason(['ip-allow-list'], config({ allowCharges: false, capabilities: { 'ip-allow-list': true } }))).toContain('has no keys.restricted');
    expect(skipReason(['fault-injection'], config({ allowCharges: false }))).toContain('declared or not');
    expect(needsOf(skipReason(['fault-injection'], config({ allowCharges: false })))).toEqual(['no-real-target']);
  });

  it('the cost guard: without --allow-charges it says so; with it, only the numbers are missing', async () => {
    const refusal = async (run: RunConfig, numbers: string): Promise<string | undefined> => {
      const calls: CostGuardCalls = {
        config: run,
        fileSubaccount: () => undefined,
        api: () => Promise.reject(new Error('no call expected')),
        credits: () => Promise.resolve(100),
      };
      const error = await new CostGuard(calls).check(operationById('sms/send'), { json: { numbers, message: 'hola' } }).catch((e: unknown) => e);
      return skipReasonOf(error);
    };
    expect(await refusal(config({ allowCharges: false }), '5512349999')).toMatch(
      /^cost guard: sms\/send without sandbox would be charged, and --allow-charges was not given/,
    );
    const noNumbers = await refusal(config({ allowCharges: true }), '5512349999');
    expect(noNumbers).toMatch(/^cost guard: .* outside the profile's phoneNumbers \(--allow-charges given, but the profile lists no numbers\)/);
    expect(noNumbers?.replace('--allow-charges given', '')).not.toContain('--allow-charges');
    expect(await refusal(config({ allowCharges: true, phoneNumbers: NUMBERS }), '5512349999')).toMatch(/outside the profile's phoneNumbers \(it lists 2\)/);
    expect(await refusal(config({ allowCharges: true, phoneNumbers: NUMBERS }), NUMBERS[0]!)).toBeUndefined();
  });
});
