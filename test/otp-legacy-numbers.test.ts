/**
 * Clean numbers for the legacy OTP set (harness/kit/otp-legacy-numbers.ts). 4.5 lists POST
 * /otp/reset only "as restarting an OTP verification", so the kit finds out once per run what a
 * reset leaves behind, against made-up targets that read it each way:
 *  - clears: a reset number answers verification_01 to the next send; each use resets a held number;
 *  - restarts: a new code is sent and the number is pending (verification_03); each use takes a
 *    number never used in the run, and once they are gone the test is skipped with
 *    "this target's /otp/reset restarts the verification: add numbers to phoneNumbers";
 *  - refuses the shape tried: the same, with a reason that says so.
 * Every number is checked before use with a free verify (validation_04), so that one left pending by
 * an earlier run is passed over.
 */
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../harness/config/profile.ts';
import type { RunConfig } from '../harness/config/run-config.ts';
import { legacyResetFinding, withCleanLegacyNumbers, type LegacyNumbersTarget } from '../harness/kit/otp-legacy-numbers.ts';
import type { Answer, ApiRequest } from '../harness/kit/target-contract.ts';
import { SkipTest } from '../harness/kit/test-skip.ts';
import { fileScratchDir } from './scratch-dir.ts';

const outDir = fileScratchDir('mc-legacy-numbers-');
const NUMBERS = ['5512340001', '5512340002', '5512340003', '5512340004'];

type ResetReading = 'clears' | 'restarts' | 'refuses';

const answer = (body: Record<string, unknown>): Answer => ({ status: 200, headers: {}, text: JSON.stringify(body), json: body, body });
const fail = (code: string) => answer({ success: false, status: 200, code, message: code });
const ok = (code: string) => answer({ success: true, status: 200, code, message: 'ok' });

/** A legacy OTP set in memory (4.5, 7.2), with the given reading of POST /otp/reset; it counts the calls. */
class LegacyOtpTarget implements LegacyNumbersTarget {
  readonly config: RunConfig;
  readonly calls: string[] = [];
  private readonly pending = new Map<string, string>();
  private names = 0;

  constructor(
    readonly reading: ResetReading,
    runId: string,
    leftPending: readonly string[] = [],
  ) {
    this.config = {
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'key',
      embedded: false,
      profile: parseProfile({ phoneNumbers: NUMBERS, capabilities: { 'real-delivery': true } }, 'test'),
      allowCharges: true,
      runId,
      seed: 1,
      outDir,
    };
    for (const phone of leftPending) this.pending.set(phone, 'OLD1');
  }

  name = (label = ''): string => `mc${label}${(this.names += 1)}`;
  phone = (): string => '5599990001';

  api = async (operationId: string, request: ApiRequest = {}): Promise<Answer> => {
    const json = (request.json ?? {}) as Record<string, unknown>;
    const phone = String(json.phone_number);
    this.calls.push(`${operationId} ${phone}`);
    switch (operationId) {
      case 'otp-legacy/send':
        if (this.pending.has(phone)) return fail('verification_03');
        this.pending.set(phone, 'C0DE');
        return ok('verification_01');
      case 'otp-legacy/reset':
        if (this.reading === 'refuses') return fail('verification_20');
        if (this.reading === 'restarts') {
          this.pending.set(phone, 'NEW1');
          return ok('verification_01');
        }
        if (!this.pending.delete(phone)) return fail('validation_04');
        return ok('reset');
      case 'otp-legacy/verify':
        return this.pending.has(phone) ? fail('validation_05') : fail('validation_04');
      default:
        throw new Error(`not offered: ${operationId}`);
    }
  };
}

const skipOf = async (promise: Promise<unknown>): Promise<string> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SkipTest);
  return (error as SkipTest).reason;
};

/** A test that sends to one clean number, as the suite's tests do. */
const sendOnce = (t: LegacyOtpTarget) =>
  withCleanLegacyNumbers(t, 1, async (n) => {
    const phone = await n.fresh();
    const sent = await t.api('otp-legacy/send', { json: { phone_number: phone } });
    expect(sent.body.code, `${phone} was clean`).toBe('verification_01');
    return phone;
  });

describe('what POST /otp/reset does, found once per run', () => {
  it('clears: every use resets a held number, checked clean; the numbers are used again and again', async () => {
    const t = new LegacyOtpTarget('clears', 'clr1');
    const { finding } = await legacyResetFinding(t);
    expect(finding.effect).toBe('clears');
    expect(finding.seen).toMatch(/with a code pending answered HTTP 200 success=true code=reset, and the send after it verification_01/);
    const used = [];
    for (let i = 0; i < 10; i++) used.push(await sendOnce(t));
    expect(new Set(used).size, 'the profile numbers serve every test').toBeLessThanOrEqual(NUMBERS.length);
  });

  it('restarts: numbers never used in the run, then a skip that says what to do', async () => {
    const t = new LegacyOtpTarget('restarts', 'rst2');
    const tests = await Promise.allSettled(Array.from({ length: 5 }, () => sendOnce(t)));
    const probes = t.calls.filter((c) => c.startsWith('otp-legacy/reset'));
    expect(probes, 'the probe ran once for all of them').toHaveLength(1);
    const passed = tests.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    expect(new Set(passed).size, 'each test had a number of its own, never reset').toBe(passed.length);
    expect(passed).toHaveLength(NUMBERS.length - 1);
    const [skipped] = tests.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(skipped?.reason).toBeInstanceOf(SkipTest);
    expect((skipped!.reason as SkipTest).reason).toMatch(
      new RegExp(
        String.raw`^this target's \/otp\/reset restarts the verification: add numbers to phoneNumbers \(a reset of ` +
          String.raw`55123400\d\d answered HTTP 200 success=true code=verification_01, and the send after it verification_03`,
      ),
    );
  });

  it('refuses the shape tried: the same rule, and a reason that says the reset did not clean', async () => {
    const t = new LegacyOtpTarget('refuses', 'ref3');
    const { finding } = await legacyResetFinding(t);
    expect(finding).toMatchObject({ effect: 'other', resetAccepted: false });
    for (let i = 0; i < NUMBERS.length - 1; i++) await sendOnce(t);
    expect(await skipOf(sendOnce(t))).toMatch(
      new RegExp(
        String.raw`^this target's \/otp\/reset does not leave a number clean: add numbers to phoneNumbers \(a reset ` +
          `of .* answered HTTP 200 success=false code=verification_20, and the send after it verification_03`,
      ),
    );
  });

  it('passes over a number an earlier run left pending, and names it when none is left', async () => {
    const t = new LegacyOtpTarget('restarts', 'dirty4', [NUMBERS[2]!]);
    await legacyResetFinding(t);
    const first = await sendOnce(t);
    const second = await sendOnce(t);
    expect([first, second]).not.toContain(NUMBERS[2]);
    expect(await skipOf(sendOnce(t))).toContain(`${NUMBERS[2]} (verify answered validation_05)`);
  });

  it('skips a test that needs more numbers at once than are left', async () => {
    const t = new LegacyOtpTarget('restarts', 'two5');
    await legacyResetFinding(t);
    await sendOnce(t);
    await sendOnce(t);
    expect(await skipOf(withCleanLegacyNumbers(t, 2, async () => undefined))).toContain('this test needs 2 at once; 1 are left');
  });
});
