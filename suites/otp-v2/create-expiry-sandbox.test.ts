/**
 * 4.4 POST /v2/otp, expiration_date and sandbox: expires_at 24 h by default, kept up to 3 days and
 * clamped beyond (8), refused in the past; sandbox needs code_in_response unless code_custom, and
 * charges nothing.
 */
import { describe, expect } from 'vitest';
import { type Answer, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { isUnset } from '../../schemas/envelope.ts';
import { formatMexicoDateTime } from '../../schemas/formats.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';
import { expiresAtMs } from '../support/otp-v2-clock.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import type { OtpSubject } from '../support/otp-v2-subject.ts';
import { expectRefusedCreate } from '../support/otp-v2-refusals.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * As in the area's files whose tests wait: concurrent where one test's waits age nothing of another's
 * (real time, a clock per test); the tests here keep their order (describe.sequential).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

const HOUR = 3_600_000;

describe('3.1 and 4.4: what needs no waiting', { concurrent: CONCURRENT }, () => {
  describe.sequential('4.4 POST /v2/otp: parameters, message and limits', () => {
    req(
      ['limit:otp-v2-expiry', 'rule:otp2.expires-at', 'rule:otp2.expiration-future', 'err:otp_invalid_param'],
      'expires_at: 24 h by default, expiration_date kept up to 3 days, clamped beyond, refused in the past',
      async () => {
        // The target computes an expiry when it handles the create: between the kit's readings of its
        // clock before and after the call, widened by how far those readings may be off (nothing on a
        // test clock) and by the whole second expires_at shows.
        const created = async (fields: Record<string, unknown> = {}) => {
          const from = await t.clock.now();
          const made = await d.states.pending(await d.calls.subject(), fields);
          return { ...made, from, to: await t.clock.now() };
        };
        const judgeExpiresAfter = (requirement: string, made: { answer: Answer; from: number; to: number }, hours: number, why: string) => {
          const slack = 1_000 + d.clock.nowUncertaintySeconds() * 1000;
          const [low, high] = [made.from + hours * HOUR - slack, made.to + hours * HOUR + slack];
          const actual = expiresAtMs(made.answer);
          const text =
            `${why}: expires_at ${formatMexicoDateTime(actual)}, the create was handled ${hours} h ` +
            `before ${formatMexicoDateTime(low)} to ${formatMexicoDateTime(high)} by the kit's clock`;
          judge(requirement, why, () => {
            expect(actual, text).toBeGreaterThanOrEqual(low);
            expect(actual, text).toBeLessThanOrEqual(high);
          });
        };
        const now = await t.clock.now();
        const byDefault = await created();
        judge('rule:otp2.expires-at', 'expires_at is YYYY-MM-DD HH:mm:ss (4.4, 2.10)', () =>
          expect(byDefault.body.expires_at, 'expires_at format YYYY-MM-DD HH:mm:ss (2.10)').toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        );
        judgeExpiresAfter('rule:otp2.expires-at', byDefault, OTP_V2_RULES.defaultExpiryHours, 'default 24 hours (4.4, 8)');
        const within = formatMexicoDateTime(now + (OTP_V2_RULES.maxExpiryHours - 1) * HOUR);
        const kept = await d.states.pending(await d.calls.subject(), { expiration_date: within });
        judge('limit:otp-v2-expiry', 'an expiration_date within 3 days is kept (4.4, 8)', () =>
          expect(kept.body.expires_at, 'an expiration_date within 3 days is kept').toBe(within),
        );
        const beyond = await created({ expiration_date: formatMexicoDateTime(now + (OTP_V2_RULES.maxExpiryHours + 1) * HOUR) });
        judgeExpiresAfter('limit:otp-v2-expiry', beyond, OTP_V2_RULES.maxExpiryHours, 'larger values are clamped to 3 days (4.4, 8)');
        for (const past of [formatMexicoDateTime(now - HOUR), formatMexicoDateTime(now - 24 * HOUR)])
          await expectRefusedCreate(
            'rule:otp2.expiration-future',
            d,
            await d.calls.subject(),
            { expiration_date: past },
            'otp_invalid_param',
            `expiration_date ${past} in the past`,
          );
        await expectRefusedCreate(
          'rule:otp2.expiration-future',
          d,
          await d.calls.subject(),
          { expiration_date: '2031/01/01 10:00' },
          'otp_invalid_param',
          'expiration_date not YYYY-MM-DD HH:mm:ss',
        );
      },
    );

    req(
      ['rule:otp2.sandbox-needs-code-in-response', 'err:otp_missing_param', 'rule:otp2.sandbox-free'],
      'sandbox=true needs code_in_response=true unless code_custom is used; it charges nothing',
      async () => {
        const s: OtpSubject = { ...(await d.calls.subject()), phone: t.phone(), sandbox: true };
        const before = await d.calls.balance(s);
        await expectRefusedCreate(
          'rule:otp2.sandbox-needs-code-in-response',
          d,
          s,
          { code_in_response: undefined },
          'otp_missing_param',
          'sandbox without code_in_response',
          true,
        );
        await expectRefusedCreate(
          'rule:otp2.sandbox-needs-code-in-response',
          d,
          d.calls.sibling(s),
          { code_in_response: false },
          'otp_missing_param',
          'sandbox with code_in_response=false',
          true,
        );
        const custom = d.calls.sibling(s);
        const customCreate = await d.calls.create(custom, { code_in_response: undefined, code_custom: 'Sb12Xy' });
        const byCustom = d.states.expectCreated(customCreate, 'created', 'otp2:none-create');
        judge('rule:otp2.code-in-response', 'sandbox with code_custom and no code_in_response: no code in the answer (4.4, 2.10)', () =>
          expect(isUnset(byCustom.code), 'code only when requested').toBe(true),
        );
        expectSuccess(await d.calls.verify(custom, 'Sb12Xy'), 'otp-v2/verify');
        const withCode = d.calls.sibling(s);
        const { code } = await d.states.pending(withCode);
        expectSuccess(await d.calls.verify(withCode, code), 'otp-v2/verify');
        const after = await d.calls.balance(s);
        if (before !== undefined && after !== undefined)
          judge('rule:otp2.sandbox-free', 'sandbox=true charges nothing (4.4)', () => expect(after, 'sandbox=true charges nothing (4.4)').toBe(before));
      },
    );
  });
});
