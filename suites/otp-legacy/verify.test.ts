/**
 * 4.5 POST /otp/verify and its codes of 7.2: the right code verifies the number (validation_01, then
 * validation_06 and verification_04), a wrong one does not (validation_05), the hourly limit of
 * wrong codes the profile declares (validation_03), and the refusals of its fields. The tests on a
 * pending code get it as support/otp-legacy-held-numbers.ts lends it; those that need no code use
 * numbers of their own.
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends
 * (support/otp-legacy-sends.ts).
 */
import { describe, expect } from 'vitest';
import { expectError, judge, req, reqNotTestable, useTarget } from '../../harness/kit/index.ts';
import { acceptedVerify, refusedSend, refusedVerify } from '../support/otp-legacy-answers.ts';
import { differentCodeLike } from '../support/otp-legacy-codes.ts';
import { sendBody, verify } from '../support/otp-legacy-flow.ts';
import { heldNumbers } from '../support/otp-legacy-held-numbers.ts';
import { SENDS } from '../support/otp-legacy-sends.ts';

const t = useTarget();
const { onPendingCode } = heldNumbers(t);

// ---- POST /otp/verify (4.5, 7.2) ----------------------------------------------------------------

describe('POST /otp/verify (4.5, 7.2)', () => {
  req(
    ['op:otp-legacy/verify', 'err:validation_01', 'rule:otp-legacy.verify-marks-verified'],
    'the right code answers validation_01 and the number becomes verified',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      const body = await acceptedVerify(t, phone, code);
      judge('op:otp-legacy/verify', 'the success answer has status 200 (4.5)', () => expect(body.status).toBe(200));
      // Verified: a second verify and a new send both say so (7.2 validation_06, verification_04).
      const again = (await verify(t, phone, code)).body.code;
      judge('rule:otp-legacy.verify-marks-verified', 'a second verify answers validation_06 (4.5, 7.2)', () =>
        expect(again, 'the number is verified').toBe('validation_06'),
      );
      const resent = (await t.api('otp-legacy/send', { json: sendBody(t, phone) })).body.code;
      judge('rule:otp-legacy.verify-marks-verified', 'a new send answers verification_04 (4.5, 7.2)', () =>
        expect(resent, 'the number is verified').toBe('verification_04'),
      );
    }),
    SENDS,
  );

  req(
    ['err:validation_06'],
    'a verify of a number already verified answers validation_06',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      await acceptedVerify(t, phone, code);
      await refusedVerify(t, phone, code, 'validation_06', 'err:validation_06');
    }),
    SENDS,
  );

  req(
    ['err:validation_05'],
    'a wrong code answers validation_05 and does not verify the number',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      await refusedVerify(t, phone, differentCodeLike(code), 'validation_05', 'err:validation_05');
      await refusedSend(t, sendBody(t, phone), 'verification_03', 'err:validation_05');
    }),
    SENDS,
  );

  req(['err:validation_04'], 'a number without any code answers validation_04', () =>
    refusedVerify(t, t.phone(), 'A1B2', 'validation_04', 'err:validation_04'),
  );

  req(['err:validation_07'], 'a phone_number that is not 10 digits answers validation_07', async () => {
    const ten = t.phone();
    for (const bad of [ten.slice(0, 9), `${ten}1`, `${ten.slice(0, 8)}ab`]) await refusedVerify(t, bad, 'A1B2', 'validation_07', 'err:validation_07');
  });

  req(['err:validation_08'], 'verification_code missing or empty answers validation_08', async () => {
    expectError('err:validation_08', await t.api('otp-legacy/verify', { json: { phone_number: t.phone() } }), 'validation_08', 'otp-legacy/verify');
    await refusedVerify(t, t.phone(), '', 'validation_08', 'err:validation_08');
  });

  req(
    ['err:validation_03'],
    "wrong codes up to the profile's hourly limit answer validation_05, the next one validation_03",
    onPendingCode(async (n) => {
      const limit = t.config.profile.capabilities.legacyOtpAttemptLimit!;
      // 7.2 "attempts per hour": a number no wrong code of this run reached within the hour, whatever a new code does to the count.
      const { phone, code } = await n.pending(0, { attempts: limit });
      const wrong = differentCodeLike(code);
      for (let i = 1; i <= limit; i++) await refusedVerify(t, phone, wrong, 'validation_05', 'err:validation_03');
      await refusedVerify(t, phone, wrong, 'validation_03', 'err:validation_03');
    }),
    SENDS,
  );

  reqNotTestable(['err:validation_10'], 'a general failure of verify answers validation_10', 'fault-injection');
});
