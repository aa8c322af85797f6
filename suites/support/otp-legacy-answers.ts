/**
 * The legacy OTP calls (4.5) with the answer a test expects of each: a send accepted with its body of
 * 4.5, a send, resend or verify refused with the code of 7.2 the test names, a verify accepted. The
 * request bodies are the test's own (otp-legacy-flow.ts builds them), sent as they are.
 */
import { expect } from 'vitest';
import { expectError, expectSuccess, judge, type Target } from '../../harness/kit/index.ts';
import { LegacyOtpSendResult, LegacyOtpVerifyResponse } from '../../schemas/otp-legacy.ts';
import { verify } from './otp-legacy-flow.ts';

type Body = Record<string, unknown>;

/** POST /otp/send with `json`, asserting the success contract and the send result of 4.5 (verification_01); returns its body. */
export async function acceptedSend(t: Target, json: Body): Promise<LegacyOtpSendResult> {
  return expectSuccess(await t.api('otp-legacy/send', { json }), 'otp-legacy/send', LegacyOtpSendResult);
}

/**
 * What the body of an accepted send to `phone` states besides its credit (4.5, with 2.1 and 2.2): the
 * status of the success line of 4.5, and the fields 4.5 lists for the answer.
 */
export function expectSendResult(body: LegacyOtpSendResult, phone: string): void {
  judge('op:otp-legacy/send', 'the success answer has status 200 (4.5, 2.1)', () => expect(body.status, 'status repeated in the body (2.1)').toBe(200));
  judge('rule:otp-legacy.send-fields', 'total_messages of one code (4.5, 2.2)', () =>
    expect(body.total_messages, 'one code, one message').toBeGreaterThanOrEqual(1),
  );
  judge('rule:otp-legacy.send-fields', 'number is the recipient (4.5, 2.2)', () =>
    expect(body.number, 'number is the recipient (2.2: with country code)').toMatch(new RegExp(`${phone}$`)),
  );
  judge('rule:otp-legacy.send-fields', 'the message reference (4.5 reference "default true")', () => {
    expect(body.reference, 'reference: default true, returns the message reference (4.5)').toEqual(expect.any(String));
    expect(body.reference!.length).toBeGreaterThan(0);
  });
  judge('rule:otp-legacy.send-fields', 'fallback of an SMS send (4.5, 2.10)', () => expect(body.fallback, 'an SMS send did not fall back').toBe(false));
}

/** POST /otp/send with `json`, asserting the refusal `code` (7.2) of a request that `refusalId` (the caller's requirement) says is refused. */
export async function refusedSend(t: Target, json: Body, code: string, refusalId: string): Promise<void> {
  expectError(refusalId, await t.api('otp-legacy/send', { json }), code, 'otp-legacy/send');
}

/** POST /otp/resend with `json`, asserting the refusal `code` (7.2) of a request that `refusalId` (the caller's requirement) says is refused. */
export async function refusedResend(t: Target, json: Body, code: string, refusalId: string): Promise<void> {
  expectError(refusalId, await t.api('otp-legacy/resend', { json }), code, 'otp-legacy/resend');
}

/** POST /otp/verify of `code` for `phone`, asserting validation_01 and the verify result of 4.5; returns its body. */
export async function acceptedVerify(t: Target, phone: string, code: string): Promise<LegacyOtpVerifyResponse> {
  return expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
}

/** POST /otp/verify of `code` for `phone`, asserting the refusal `refusal` (7.2 validation_*) of a verify that `refusalId` (the caller's requirement) says is refused. */
export async function refusedVerify(t: Target, phone: string, code: string, refusal: string, refusalId: string): Promise<void> {
  expectError(refusalId, await verify(t, phone, code), refusal, 'otp-legacy/verify');
}
