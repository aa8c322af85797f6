/**
 * Helpers of the legacy OTP suite (4.5, 7.2): request bodies built from the schemas' field rules,
 * near-future expiration dates on the target's clock, and the send → verify steps most tests share.
 * Nothing here knows a value of a particular server: limits come from schemas/limits.ts, waits from
 * the expiration the test itself asked for.
 */
import { expect } from 'vitest';
import { type Answer, expectSuccess, expiryAhead, judge, type NearExpiry, secondsUntilPast, sendBeforeExpiry, type Target } from '../../harness/kit/index.ts';
import { LegacyOtpSendResult, type LegacyOtpResendRequest, type LegacyOtpSendRequest } from '../../schemas/otp-legacy.ts';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';

/** A body field may be deliberately wrong (7.2 refusals), so the request type is loosened. */
type Loose<T> = { [K in keyof T]?: unknown } & Record<string, unknown>;
export type SendBody = Loose<LegacyOtpSendRequest>;
export type ResendBody = Loose<LegacyOtpResendRequest>;

/** 4.5 send body: phone_number (10 digits), country_code 52, company; template given unless `omit`. */
export function sendBody(t: Target, phone: string, extra: SendBody = {}): SendBody {
  return { phone_number: phone, country_code: MEXICO_COUNTRY_CODE, company: t.name('co'), template: 'a', ...extra };
}

/** Removes fields from a body (a required field left out: verification_20, validation_08...). */
export function without<T extends Record<string, unknown>>(body: T, ...fields: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));
}

/** POST /otp/send with showcode=1, asserting verification_01; returns the parsed body and the code. */
export async function sendWithCode(t: Target, phone: string, extra: SendBody = {}): Promise<{ body: LegacyOtpSendResult; code: string; answer: Answer }> {
  return sentCode(await t.api('otp-legacy/send', { json: sendBody(t, phone, { showcode: 1, ...extra }) }));
}

function sentCode(answer: Answer): { body: LegacyOtpSendResult; code: string; answer: Answer } {
  const body = expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
  expectShownCode(body);
  return { body, code: body.verification_code!, answer };
}

/**
 * sendWithCode with an expiration_date `seconds` ahead of the target's clock; a verification_13
 * (7.2 bad expiration date) that may be a late arrival of the date is sent again further ahead
 * (harness/kit/near-expiry.ts). Returns the date the code was sent with.
 */
export async function sendWithCodeExpiringIn(
  t: Target,
  phone: string,
  seconds: number,
  extra: SendBody = {},
): Promise<{ body: LegacyOtpSendResult; code: string; answer: Answer; expiry: NearExpiry }> {
  const { answer, expiry } = await sendBeforeExpiry(
    t.clock,
    seconds,
    (e) => t.api('otp-legacy/send', { json: sendBody(t, phone, { showcode: 1, ...extra, expiration_date: e.text }) }),
    (a) => a.body.code === 'verification_13',
  );
  return { ...sentCode(answer), expiry };
}

/**
 * 4.5 resend body: phone_number, country_code, company (required), template as in send. template is
 * given so that the resend does not depend on ambiguity otp-legacy-template-required.
 */
export function resendBody(phone: string, company: string, extra: ResendBody = {}): ResendBody {
  return { phone_number: phone, country_code: MEXICO_COUNTRY_CODE, company, template: 'a', ...extra };
}

/** POST /otp/resend with showcode=1, asserting verification_01; returns the code it sent. */
export async function resendWithCode(t: Target, phone: string, company: string, extra: ResendBody = {}): Promise<{ body: LegacyOtpSendResult; code: string }> {
  const answer = await t.api('otp-legacy/resend', { json: resendBody(phone, company, { showcode: 1, ...extra }) });
  const body = expectSuccess(answer, 'otp-legacy/resend', LegacyOtpSendResult);
  expectShownCode(body);
  return { body, code: body.verification_code! };
}

/** showcode=1 returns the code (4.5), which the test goes on with. */
function expectShownCode(body: LegacyOtpSendResult): void {
  judge('rule:otp-legacy.showcode', 'showcode=1 returns verification_code (4.5)', () =>
    expect(body.verification_code, 'showcode=1 returns verification_code (4.5)').toEqual(expect.any(String)),
  );
}

export const verify = (t: Target, phone: string, code: unknown, extra: Record<string, unknown> = {}): Promise<Answer> =>
  t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: code, ...extra } });

/**
 * An expiration_date `seconds` ahead of the target's clock (4.5: YYYY-MM-DD HH:mm:ss, read in
 * America/Mexico_City like every date of the document), rounded up to the next whole second so that
 * the text is never earlier than asked. Returns the text and the instant it names.
 */
export const expirationIn = (t: Target, seconds: number): Promise<NearExpiry> => expiryAhead(t.clock, seconds);

/** Lets the target's clock pass the instant `at` (ms), within the profile's expiry budget. */
export async function waitPast(t: Target, at: number): Promise<void> {
  const seconds = await secondsUntilPast(t.clock, at);
  const budget = t.config.profile.timeBudgets.expirySeconds;
  if (seconds > budget) throw new Error(`waiting ${seconds.toFixed(1)} s for an expiry exceeds timeBudgets.expirySeconds (${budget})`);
  await t.clock.wait(seconds);
}

/** A near-future expiration for the expiry tests: short, so that real-time runs stay short. */
export const SHORT_EXPIRY_SECONDS = 3;

/** An expiration that a call made right after the send surely precedes, however busy the machine (a minute; nothing waits for it). */
export const EARLY_EXPIRY_SECONDS = 60;
