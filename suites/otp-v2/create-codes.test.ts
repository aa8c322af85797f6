/**
 * 4.4 POST /v2/otp, the parameters of the code: code_length, code_format, code_custom (its length,
 * its exclusivity, its case) and code_in_response; the limits of 8 on the code's length.
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { isUnset } from '../../schemas/envelope.ts';
import { limitById } from '../../schemas/limits.ts';
import { codeFitsFormat, OTP_CODE_FORMATS } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import { expectRefusedCreate } from '../support/otp-v2-refusals.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * As in the area's files whose tests wait: concurrent where one test's waits age nothing of another's
 * (real time, a clock per test); the tests here keep their order (describe.sequential).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

const codeLength = limitById('otp-v2-code-length');
const customLength = limitById('otp-v2-code-custom-length');

/** A create of a fresh number with `fields` that 4.4 refuses with 400 otp_invalid_param, judged as `refusalId`. */
const refusedInvalid = async (refusalId: string, fields: Record<string, unknown>, why: string, slugStated = false): Promise<void> =>
  expectRefusedCreate(refusalId, d, await d.calls.subject(), fields, 'otp_invalid_param', why, slugStated);

describe('3.1 and 4.4: what needs no waiting', { concurrent: CONCURRENT }, () => {
  describe.sequential('4.4 POST /v2/otp: codes', () => {
    req(
      ['op:otp-v2/create', 'rule:otp2.code-in-response', 'rule:otp2.code-format', 'limit:otp-v2-code-length'],
      'default code: numeric, 6 characters; code only when requested',
      async () => {
        const s = await d.calls.subject();
        const { body } = await d.states.pending(s);
        judge('limit:otp-v2-code-length', `default code length ${codeLength.default} (8)`, () =>
          expect(body.code!.length, `default code length (8: ${codeLength.default})`).toBe(codeLength.default),
        );
        judge('rule:otp2.code-format', 'default code_format numeric (4.4)', () =>
          expect(codeFitsFormat(body.code!, 'numeric'), `default code_format numeric (4.4): ${body.code}`).toBe(true),
        );
        // Not requested: no code field (code_custom lets sandbox do without code_in_response, 4.4).
        for (const flag of [undefined, false]) {
          const x = d.calls.sibling(s);
          const answer = await d.calls.create(x, { code_in_response: flag, code_custom: 'Qw12Er' });
          const created = d.states.expectCreated(answer, 'created', 'otp2:none-create');
          judge('rule:otp2.code-in-response', 'code only when requested (4.4, 2.10)', () =>
            expect(isUnset(created.code), `code_in_response=${String(flag)}: no code in the answer (4.4, 2.10; unset as absent, null or "")`).toBe(true),
          );
          await expectSuccess(await d.calls.verify(x, 'Qw12Er'), 'otp-v2/verify');
        }
      },
    );

    req(['rule:otp2.code-format'], "code_format numeric, alphanumeric and letters: the generated code uses the format's characters", async () => {
      for (const format of OTP_CODE_FORMATS) {
        const s = await d.calls.subject();
        const { code } = await d.states.pending(s, { code_format: format, code_length: codeLength.max });
        judge('limit:otp-v2-code-length', `code_length=${codeLength.max} gives a code of that length (4.4, 8)`, () =>
          expect(code.length, `code_length ${codeLength.max}`).toBe(codeLength.max),
        );
        judge('rule:otp2.code-format', `code_format=${format}: the code uses its characters (4.4)`, () =>
          expect(codeFitsFormat(code, format), `code_format=${format}: ${code}`).toBe(true),
        );
        expectSuccess(await d.calls.verify(s, code), 'otp-v2/verify');
      }
    });

    req(
      ['limit:otp-v2-code-length', 'err:otp_invalid_param', 'rule:otp2.error-body'],
      `code_length ${codeLength.min} and ${codeLength.max} accepted, ${codeLength.min! - 1} and ${codeLength.max! + 1} refused`,
      async () => {
        for (const length of [codeLength.min!, codeLength.max!]) {
          const s = await d.calls.subject();
          const { code } = await d.states.pending(s, { code_length: length });
          judge('limit:otp-v2-code-length', `code_length=${length} gives a code of that length (4.4, 8)`, () =>
            expect(code.length, `code_length=${length}`).toBe(length),
          );
        }
        for (const length of [codeLength.min! - 1, codeLength.max! + 1])
          await refusedInvalid('limit:otp-v2-code-length', { code_length: length }, `code_length=${length}`);
      },
    );

    req(
      ['limit:otp-v2-code-custom-length', 'err:otp_invalid_param'],
      `code_custom of ${customLength.min} and ${customLength.max} letters/digits ` +
        `accepted; ${customLength.min! - 1}, ${customLength.max! + 1} and other characters refused`,
      async () => {
        const alnum = 'aB3dE6gH9jK2';
        for (const length of [customLength.min!, customLength.max!]) {
          const s = await d.calls.subject();
          const custom = alnum.slice(0, length);
          const { code } = await d.states.pending(s, { code_custom: custom });
          judge('limit:otp-v2-code-custom-length', `code_custom of ${length} characters is the code (4.4 "stored and compared as sent")`, () =>
            expect(code, 'code_custom is the code (stored as sent)').toBe(custom),
          );
          expectSuccess(await d.calls.verify(s, custom), 'otp-v2/verify');
        }
        for (const custom of [alnum.slice(0, customLength.min! - 1), alnum.slice(0, customLength.max! + 1), 'ab-12', 'ab 12c'])
          await refusedInvalid('limit:otp-v2-code-custom-length', { code_custom: custom }, `code_custom="${custom}"`);
      },
    );

    req(['rule:otp2.code-custom-exclusive', 'err:otp_invalid_param'], 'code_custom with code_length or code_format: 400 otp_invalid_param', async () => {
      await refusedInvalid('rule:otp2.code-custom-exclusive', { code_custom: 'Ab12Cd', code_length: 6 }, 'code_custom + code_length', true);
      await refusedInvalid('rule:otp2.code-custom-exclusive', { code_custom: 'Ab12Cd', code_format: 'alphanumeric' }, 'code_custom + code_format', true);
    });

    req(['rule:otp2.code-custom-case-sensitive', 'err:otp_incorrect_code'], 'code_custom is compared as sent: another case is a wrong code', async () => {
      const s = await d.calls.subject();
      await d.states.pending(s, { code_custom: 'AbCd12' });
      await d.states.wrongAttemptWith(s, 'abcd12', OTP_V2_RULES.attemptsPerRound - 1);
      await d.states.wrongAttemptWith(s, 'ABCD12', OTP_V2_RULES.attemptsPerRound - 2);
      expectSuccess(await d.calls.verify(s, 'AbCd12'), 'otp-v2/verify');
    });
  });
});
