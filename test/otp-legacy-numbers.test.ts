/**
 * Numbers for the legacy OTP set in the state a test asks for (harness/kit/otp-legacy-numbers.ts),
 * against made-up targets that read 4.5's "listed as restarting an OTP verification" each way:
 *  - clears: a reset number answers verification_01 to the next send; the profile's numbers are
 *    used again and again;
 *  - restarts: a new code is sent and the number is pending; a number with no record can only be
 *    one never sent a code, and once none is left the test is skipped with what would help, but a
 *    pending code the kit knows (a resend with showcode=1) and a verified number are still reached;
 *  - refuses the shape tried: the same, with the reset never used;
 *  - needs company: phone_number and country_code refused for want of company, the fields a send
 *    takes accepted (a restart).
 * And two readings of a send after a code expired (7.2 _25 "restart needed"): the send is the
 * restart (verification_01), so a pending number is let expire and serves again; or it answers
 * verification_25, so it does not. A number an earlier run left pending is looked at (a free
 * verify) and used where it serves.
 */
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../harness/config/profile.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { noteAnswer } from '../harness/kit/answer-watchers.ts';
import type { LegacyNumbersTarget } from '../harness/kit/otp-legacy-number-records.ts';
import { type LegacyNumbers, withLegacyNumbers } from '../harness/kit/otp-legacy-numbers.ts';
import { legacyResetFinding } from '../harness/kit/otp-legacy-reset-finding.ts';
import type { Answer, ApiRequest } from '../harness/kit/target-contract.ts';
import { SkipTest } from '../harness/kit/test-skip.ts';
import type { TargetClock } from '../harness/kit/target-clock.ts';
import { parseMexicoDateTime } from '../schemas/formats.ts';
import { fileScratchDir } from './scratch-dir.ts';

const outDir = fileScratchDir('mc-legacy-numbers-');
const NUMBERS = ['5512340001', '5512340002', '5512340003', '5512340004'];
const ATTEMPT_LIMIT = 3;

type ResetReading = 'clears' | 'restarts' | 'refuses' | 'needs-company';
/** A send after a code expired: the restart (a new code), verification_25, or (undefined) a target that keeps no expiry at all. */
type ExpiredSendReading = 'restarts' | 'verification_25' | undefined;
const START = Date.UTC(2026, 10, 28, 18, 0, 0);

const answer = (body: Record<string, unknown>): Answer => ({ status: 200, headers: {}, text: JSON.stringify(body), json: body, body });
const fail = (code: string) => answer({ success: false, status: 200, code, message: code });
const ok = (code: string, extra: Record<string, unknown> = {}) => answer({ success: true, status: 200, code, message: 'ok', ...extra });

interface Verification {
  verified: boolean;
  code: string;
  wrong: number;
  expiresAt?: number;
}

/** A legacy OTP set in memory (4.5, 7.2), with the given reading of POST /otp/reset; it counts the calls. */
class LegacyOtpTarget implements LegacyNumbersTarget {
  readonly config: RunConfig;
  readonly calls: string[] = [];
  private readonly numbers = new Map<string, Verification>();
  private names = 0;
  private codes = 0;

  private elapsed = 0;
  /** Real time in the made-up target: waits move it. */
  readonly clock: TargetClock = {
    virtual: false,
    waitsMayOverlap: true,
    wait: async (seconds) => void (this.elapsed += seconds * 1000),
    now: async () => START + this.elapsed,
    observeDateHeader: () => undefined,
  };

  constructor(
    readonly reading: ResetReading,
    runId: string,
    leftPending: readonly string[] = [],
    readonly expiredSend: ExpiredSendReading = undefined,
  ) {
    this.config = {
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'key',
      embedded: false,
      profile: parseProfile(
        { phoneNumbers: NUMBERS, capabilities: { 'real-delivery': true, 'legacy-otp-attempt-limit': true, legacyOtpAttemptLimit: ATTEMPT_LIMIT } },
        'test',
      ),
      allowCharges: true,
      runId,
      seed: 1,
      outDir,
    };
    for (const phone of leftPending) this.numbers.set(phone, { verified: false, code: 'OLD1', wrong: 0 });
  }

  readonly key = 'key';
  name = (label = ''): string => `mc${label}${(this.names += 1)}`;
  phone = (): string => '5599990001';

  /** Like the target handle (target.ts): every answer goes to the watchers of the scope. */
  api = async (operationId: string, request: ApiRequest = {}): Promise<Answer> => {
    const reply = this.answer(operationId, (request.json ?? {}) as Record<string, unknown>);
    await noteAnswer(operationId, request, reply);
    return reply;
  };

  private newCode(phone: string, json: Record<string, unknown>, wrong = 0): Answer {
    const code = `C${(this.codes += 1)}`;
    this.numbers.set(phone, { verified: false, code, wrong });
    return ok('verification_01', json.showcode === 1 ? { verification_code: code } : {});
  }

  private answer(operationId: string, json: Record<string, unknown>): Answer {
    const phone = String(json.phone_number);
    const record = this.numbers.get(phone);
    const expired = record?.expiresAt !== undefined && START + this.elapsed >= record.expiresAt;
    this.calls.push(`${operationId} ${phone}${typeof json.expiration_date === 'string' ? ' (expiration_date)' : ''}`);
    switch (operationId) {
      case 'otp-legacy/send':
        if (record?.verified) return fail('verification_04');
        if (expired) return this.expiredSend === 'restarts' ? this.newCode(phone, json, record.wrong) : fail('verification_25');
        if (record) return fail('verification_03');
        return this.newCode(phone, json);
      case 'otp-legacy/resend': {
        if (record?.verified) return fail('verification_04');
        const reply =
          !record || json.reset_code === true
            ? this.newCode(phone, json, record?.wrong)
            : ok('verification_01', json.showcode === 1 ? { verification_code: record.code } : {});
        const now = this.numbers.get(phone)!;
        if (this.expiredSend !== undefined && typeof json.expiration_date === 'string') now.expiresAt = parseMexicoDateTime(json.expiration_date);
        return reply;
      }
      case 'otp-legacy/verify':
        if (!record) return fail('validation_04');
        if (record.verified) return fail('validation_06');
        if (expired) return fail('validation_02');
        if (record.wrong >= ATTEMPT_LIMIT) return fail('validation_03');
        if (json.verification_code === record.code) {
          record.verified = true;
          return ok('validation_01');
        }
        record.wrong += 1;
        return fail('validation_05');
      case 'otp-legacy/reset':
        if (this.reading === 'refuses' || (this.reading === 'needs-company' && json.company === undefined)) return fail('verification_20');
        if (!record) return fail('validation_04');
        if (this.reading === 'needs-company') return this.newCode(phone, json, record.wrong);
        if (this.reading === 'restarts') return this.newCode(phone, {}, record.wrong);
        this.numbers.delete(phone);
        return ok('reset');
      default:
        throw new Error(`not offered: ${operationId}`);
    }
  }
}

const skipOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SkipTest);
  return (error as SkipTest).reason;
};

/** A test that sends to one number with no record, as most of the suite's tests do. */
const sendOnce = (t: LegacyOtpTarget) =>
  withLegacyNumbers(t, 1, async (n) => {
    const phone = await n.fresh();
    const sent = await t.api('otp-legacy/send', { json: { phone_number: phone } });
    expect(sent.body.code, `${phone} had no record`).toBe('verification_01');
    return phone;
  });

/** A test on a pending code the kit knows: a wrong code, then the right one (validation_05, validation_01). */
const verifyPending = (t: LegacyOtpTarget, options = {}) =>
  withLegacyNumbers(
    t,
    1,
    async (n: LegacyNumbers) => {
      const { phone, code } = await n.pending(0, options);
      expect((await t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: 'WRONG' } })).body.code).toBe('validation_05');
      expect((await t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: code } })).body.code).toBe('validation_01');
      return phone;
    },
    'pending-code',
  );

describe('a number in the state a test asks for, on each reading of POST /otp/reset', () => {
  it('clears: every ask for no record resets a held number; the numbers are used again and again', async () => {
    const t = new LegacyOtpTarget('clears', 'clr1');
    const { finding } = await legacyResetFinding(t);
    expect(finding.effect).toBe('clears');
    expect(finding.seen).toMatch(/with a code pending answered HTTP 200 success=true code=reset, and the send after it verification_01/);
    const used = [];
    for (let i = 0; i < 10; i++) used.push(await sendOnce(t));
    expect(new Set(used).size, 'the profile numbers serve every test').toBeLessThanOrEqual(NUMBERS.length);
    expect(await verifyPending(t)).toMatch(/^55/);
  });

  it('restarts: numbers with no record until none is left, then a skip that says why and what would help', async () => {
    const t = new LegacyOtpTarget('restarts', 'rst2');
    const tests = await Promise.allSettled(Array.from({ length: 5 }, () => sendOnce(t)));
    const probes = t.calls.filter((c) => c.startsWith('otp-legacy/reset'));
    expect(probes.length, 'the probe ran once for all of them (two resets at most)').toBeLessThanOrEqual(2);
    const passed = tests.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(new Set(passed).size, 'each test had a number of its own, never reset').toBe(passed.length);
    // The probe ran on a number a test had already used: every number with no record served one test.
    expect(passed).toHaveLength(NUMBERS.length);
    const [skipped] = tests.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(skipped?.reason).toBeInstanceOf(SkipTest);
    const reason = (skipped!.reason as SkipTest).reason;
    expect(reason).toMatch(
      /^a number a send generates a code for \(no record, 7\.2 validation_04; .*\) could not be had: this target's \/otp\/reset restarts the verification/,
    );
    expect(reason).toMatch(/55123400\d\d: it is pending with a code the kit (does not know|knows), and only a reset that clears leads back to no record/);
    expect(reason).toContain('add numbers to phoneNumbers');
  });

  it('restarts: a pending code the kit knows and a verified number are still reached, through a resend with showcode=1', async () => {
    const t = new LegacyOtpTarget('restarts', 'rst3');
    for (let i = 0; i < NUMBERS.length - 1; i++) await sendOnce(t);
    for (let i = 0; i < 6; i++) await verifyPending(t);
    expect(
      t.calls.some((c) => c.startsWith('otp-legacy/resend')),
      'a pending code the kit did not know was shown by a resend',
    ).toBe(true);
    const verified = await withLegacyNumbers(
      t,
      1,
      async (n) => {
        const phone = await n.verified();
        expect((await t.api('otp-legacy/send', { json: { phone_number: phone } })).body.code).toBe('verification_04');
        return phone;
      },
      'verified',
    );
    expect(NUMBERS).toContain(verified);
  });

  it('refuses the shape tried: the reset is never used, the other states are still reached', async () => {
    const t = new LegacyOtpTarget('refuses', 'ref4');
    const { finding } = await legacyResetFinding(t);
    expect(finding).toMatchObject({ effect: 'other', resetAccepted: false });
    for (let i = 0; i < NUMBERS.length - 1; i++) await sendOnce(t);
    expect(await skipOf(sendOnce(t))).toMatch(/could not be had: .*this target's POST \/otp\/reset does not clear a number.*; add numbers to phoneNumbers/);
    await verifyPending(t);
  });
});

describe('a number in the state a test asks for: numbers left by earlier runs, the hourly count, expiry and too few numbers', () => {
  it('an earlier run left a number pending: looked at, passed over for no record, used for a pending code', async () => {
    const t = new LegacyOtpTarget('restarts', 'dirty5', [NUMBERS[2]!]);
    await legacyResetFinding(t);
    const first = await sendOnce(t);
    const second = await sendOnce(t);
    expect([first, second]).not.toContain(NUMBERS[2]);
    expect(await verifyPending(t)).toBeDefined();
  });

  it("7.2's hourly count: a test that needs every attempt of the hour gets a number no wrong code of the run reached, or a skip", async () => {
    const t = new LegacyOtpTarget('restarts', 'hour6');
    // One test spends a wrong code on each of the four numbers.
    await withLegacyNumbers(
      t,
      NUMBERS.length,
      async (n) => {
        for (let i = 0; i < NUMBERS.length; i++) {
          const { phone } = await n.pending(i);
          expect((await t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: 'WRONG' } })).body.code).toBe('validation_05');
        }
      },
      'pending-code',
    );
    const reason = await skipOf(verifyPending(t, { attempts: ATTEMPT_LIMIT }));
    expect(reason).toMatch(/^a number with a pending code the kit knows could not be had: .*wrong codes of the last hour \(7\.2 validation_03\)/);
    expect(reason).toContain('run again after an hour');
  });

  it('needs company, and a send after expiry is the restart: a pending or verified number is let expire and serves every test again', async () => {
    const t = new LegacyOtpTarget('needs-company', 'exp8', [], 'restarts');
    const { finding } = await legacyResetFinding(t);
    expect(finding).toMatchObject({ effect: 'restarts', shape: 'send-fields', resetAccepted: true });
    const used = [];
    for (let i = 0; i < 10; i++) used.push(await sendOnce(t));
    expect(new Set(used).size, 'the profile numbers serve every test').toBeLessThanOrEqual(NUMBERS.length);
    expect(t.calls.filter((c) => c.startsWith('otp-legacy/resend') && c.endsWith('(expiration_date)')).length, 'codes let expire').toBeGreaterThan(0);
    expect(await verifyPending(t)).toMatch(/^55/);
    // A verified number: reset (with the send's fields), then let expire.
    for (let i = 0; i < 3; i++) await sendOnce(t);
  });

  it('a send after expiry answers verification_25: found out once, then the tests that need a send that generates a code skip saying so', async () => {
    const t = new LegacyOtpTarget('restarts', 'exp9', [], 'verification_25');
    for (let i = 0; i < NUMBERS.length; i++) await sendOnce(t);
    const reason = await skipOf(sendOnce(t));
    expect(reason).toMatch(/nor does a send after an expired code generate a new one here \(ambiguity otp-legacy-expired-send-code\)/);
    expect(
      t.calls.filter((c) => c.startsWith('otp-legacy/resend') && c.endsWith('(expiration_date)')),
      'one code let expire, to find out',
    ).toHaveLength(1);
    expect(await skipOf(sendOnce(t))).toContain('add numbers to phoneNumbers');
  });

  it('skips a test that needs more numbers at once than the profile has', async () => {
    const t = new LegacyOtpTarget('clears', 'many7');
    expect(await skipOf(withLegacyNumbers(t, 5, async () => undefined))).toContain('this test needs 5 numbers at once, the profile has 4');
  });
});
