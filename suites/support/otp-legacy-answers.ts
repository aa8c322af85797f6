/**
 * The legacy OTP calls (4.5) with the answer a test expects of each: a send accepted with its body of
 * 4.5, a send, resend or verify refused with the code of 7.2 the test names, a verify accepted. The
 * request bodies are the test's own (otp-legacy-flow.ts builds them), sent as they are.
 */
import { expect } from 'vitest';
import { expectError, expectSuccess, type Target } from '../../harness/kit/index.ts';
import { LegacyOtpSendResult, LegacyOtpVerifyResponse } from '../../schemas/otp-legacy.ts';
import { verify } from './otp-legacy-flow.ts';

type Body = Record<string, unknown>;

/** POST /otp/send with `json`, asserting the success contract and the send result of 4.5 (verification_01); returns its body. */
export async function acceptedSend(t: Target, json: Body): Promise<LegacyOtpSendResult> {
  return expectSuccess(await t.api('otp-legacy/send', { json }), 'otp-legacy/send', LegacyOtpSendResult);
}

/** What the body of an accepted send to `phone` states besides its credit (4.5, with 2.1 and 2.2). */
export function expectSendResult(body: LegacyOtpSendResult, phone: string): void {
  expect(body.status, 'status repeated in the body (2.1)').toBe(200);
  expect(body.total_messages, 'one code, one message').toBeGreaterThanOrEqual(1);
  expect(body.number, 'number is the recipient (2.2: with country code)').toMatch(new RegExp(`${phone}$`));
  expect(body.reference, 'reference: default true, returns the message reference (4.5)').toEqual(expect.any(String));
  expect(body.reference!.length).toBeGreaterThan(0);
  expect(body.fallback, 'an SMS send did not fall back').toBe(false);
}

/** POST /otp/send with `json`, asserting the refusal `code` (7.2). */
export async function refusedSend(t: Target, json: Body, code: string): Promise<void> {
  expectError(await t.api('otp-legacy/send', { json }), code, 'otp-legacy/send');
}

/** POST /otp/resend with `json`, asserting the refusal `code` (7.2). */
export async function refusedResend(t: Target, json: Body, code: string): Promise<void> {
  expectError(await t.api('otp-legacy/resend', { json }), code, 'otp-legacy/resend');
}

/** POST /otp/verify of `code` for `phone`, asserting validation_01 and the verify result of 4.5; returns its body. */
export async function acceptedVerify(t: Target, phone: string, code: string): Promise<LegacyOtpVerifyResponse> {
  return expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
}

/** POST /otp/verify of `code` for `phone`, asserting the refusal `refusal` (7.2 validation_*). */
export async function refusedVerify(t: Target, phone: string, code: string, refusal: string): Promise<void> {
  expectError(await verify(t, phone, code), refusal, 'otp-legacy/verify');
}
