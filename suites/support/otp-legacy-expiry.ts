/**
 * The expiry of a legacy OTP code (7.2 verification_02, _25, validation_02; 8: the default and the
 * maximum of expiration_date): what a verify, a send and a resend answer on either side of the date.
 * Every wait is derived from the expiration_date the test asked for (support/otp-legacy-flow.ts), or
 * from the default of schemas/limits.ts on the test clock.
 */
import { expect } from 'vitest';
import { expectError, expectSuccess, judge, optionsToAccept, SkipTest, type Target } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { acceptedVerify, refusedVerify } from './otp-legacy-answers.ts';
import { differentCodeLike } from './otp-legacy-codes.ts';
import { EARLY_EXPIRY_SECONDS, resendBody, sendBody, sendWithCode, SHORT_EXPIRY_SECONDS, sendWithCodeExpiringIn, waitPast } from './otp-legacy-flow.ts';

const EXPIRY = limitById('otp-legacy-expiry');
const HOUR_MS = 3_600_000;

/**
 * The codes a send or resend after expiry may answer (ambiguity otp-legacy-expired-send-code): 7.2
 * names _02 and _25 but not the call that meets them, and a target may take that call as the
 * restart and generate a new code. The profile's option when observed or declared; any of them
 * when only defaulted.
 */
const EXPIRED_CODES = {
  either: ['verification_02', 'verification_25'],
  verification_02: ['verification_02'],
  verification_25: ['verification_25'],
  'new-code': ['verification_01'],
} as const;

const expiredCodes = (t: Target): string[] =>
  optionsToAccept(t.config.profile, 'otp-legacy-expired-send-code', ['either', 'new-code']).flatMap((option) => [...EXPIRED_CODES[option]]);

/**
 * `operationId` with `json` on a number whose code expired answers one of the codes the profile
 * allows; `code` is the one the test is about, and a target that answers with a new code instead
 * skips it, saying why.
 */
async function expectExpiredCode(
  t: Target,
  operationId: 'otp-legacy/send' | 'otp-legacy/resend',
  json: Record<string, unknown>,
  code: 'verification_02' | 'verification_25',
): Promise<void> {
  const answer = await t.api(operationId, { json });
  const answered = String(answer.body.code);
  const allowed = expiredCodes(t);
  judge('otp-legacy-expired-send-code', `${operationId} after expiry: ${answered}`, allowed.includes(answered));
  judge(`err:${code}`, `${operationId} after expiry answers a code the profile allows (7.2)`, () =>
    expect(allowed, `${operationId} after expiry (${answer.text.slice(0, 200)})`).toContain(answered),
  );
  if (answered === 'verification_01') {
    // The target's reading: the call after expiry is the restart. What _02 and _25 answer is then
    // not reached by it, so the code's test has nothing to judge: a skip, never a pass.
    expectSuccess(answer, operationId);
    judge('otp-legacy-expired-send-code', `${operationId} after the code expired`, 'a new code was generated (verification_01)');
    throw new SkipTest(
      `this target answers ${operationId} after expiry with a new code (verification_01, ` +
        `ambiguity otp-legacy-expired-send-code=new-code): the situation of ${code} is not reached`,
    );
  }
  expectError(`err:${code}`, answer, answered, operationId);
}

/** A resend to `phone` after its code expired answers verification_02 (or what the profile allows). */
export async function expectResendAfterExpiry(t: Target, phone: string): Promise<void> {
  const company = t.name('co');
  const { expiry } = await sendWithCodeExpiringIn(t, phone, SHORT_EXPIRY_SECONDS, { company });
  await waitPast(t, expiry.at);
  await expectExpiredCode(t, 'otp-legacy/resend', resendBody(phone, company), 'verification_02');
}

/** A send to `phone` after its code expired without validation answers verification_25 (or what the profile allows). */
export async function expectSendAfterExpiry(t: Target, phone: string): Promise<void> {
  const { expiry } = await sendWithCodeExpiringIn(t, phone, SHORT_EXPIRY_SECONDS);
  await waitPast(t, expiry.at);
  await expectExpiredCode(t, 'otp-legacy/send', sendBody(t, phone), 'verification_25');
}

/** The right code verifies before its expiration_date (on `early`) and answers validation_02 after it (on `late`). */
export async function expectVerifyAroundExpiry(t: Target, early: string, late: string): Promise<void> {
  // The early code's date is far enough ahead that its verify surely arrives before it, on a
  // busy machine too; the late one's is near, and waited past.
  const first = await sendWithCodeExpiringIn(t, early, EARLY_EXPIRY_SECONDS);
  const second = await sendWithCodeExpiringIn(t, late, SHORT_EXPIRY_SECONDS);
  await acceptedVerify(t, early, first.code);
  await waitPast(t, second.expiry.at);
  await refusedVerify(t, late, second.code, 'validation_02', 'err:validation_02');
}

/** A code sent to `phone` without expiration_date is pending until the default expiry (8) and expired after it; on the test clock. */
export async function expectDefaultExpiry(t: Target, phone: string): Promise<void> {
  const sentAt = await t.clock.now();
  const { code } = await sendWithCode(t, phone);
  const defaultEnd = sentAt + EXPIRY.default! * HOUR_MS;
  // Two minutes before the default expiry: still pending (a wrong code is wrong, not expired).
  await t.clock.wait((defaultEnd - (await t.clock.now())) / 1000 - 120);
  await refusedVerify(t, phone, differentCodeLike(code), 'validation_05', 'limit:otp-legacy-expiry');
  await t.clock.wait(240);
  await refusedVerify(t, phone, code, 'validation_02', 'limit:otp-legacy-expiry');
}
