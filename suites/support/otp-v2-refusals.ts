/**
 * The refusals of the current OTP set (4.4, 7.3) as the files of suites/otp-v2/ check them: the
 * slug of 7.3's parameter row at its reading's level, and a refused create that must leave its
 * number without a verification (3.1 none).
 */
import { expect } from 'vitest';
import { type Answer, expectError, expectErrorBody, judge } from '../../harness/kit/index.ts';
import { OtpErrorBody } from '../../schemas/envelope.ts';
import type { OtpDriver } from './otp-v2-driver.ts';
import type { OtpSubject } from './otp-v2-subject.ts';

/**
 * 4.4 verify: a number nobody created a verification for answers 404, judged as 3.1's row none +
 * verify (stated: fail): a refused create that registered one would be pending, and answer otherwise.
 */
export async function expectNoVerification(d: OtpDriver, s: OtpSubject, why: string): Promise<void> {
  const answer = await d.calls.verify(s, '123456');
  judge('otp2:none-verify', `${why}: no verification was registered (3.1 none + verify: HTTP 404)`, () =>
    expect(answer.status, `${why}: no verification was registered (verify answers 404) — ${answer.text.slice(0, 200)}`).toBe(404),
  );
}

/** 7.3's one row for both slugs: "| 400 | otp_missing_param, otp_invalid_param | missing or invalid parameter ...". */
const PARAM_SLUGS: readonly string[] = ['otp_missing_param', 'otp_invalid_param'];

/**
 * A refusal with `slug`. For the two slugs of 7.3's parameter row, which slug names which cause is a
 * reading (a careful team may answer otp_invalid_param for a missing field: the row pairs neither),
 * so the 400 and one of the two fail, and the exact slug is checked at the level of its err:
 * requirement; unless `slugStated`, where a sentence of 4.4 names the slug itself ("(400
 * otp_invalid_param)", "(else 400 otp_missing_param)"). Any other slug has a row of its own. The
 * refusal itself is judged as `refusalId`, the caller's requirement the refusal proves.
 */
export function expectOtpRefusal(refusalId: string, answer: Answer, slug: string, operationId: 'otp-v2/create' | 'otp-v2/verify', slugStated = false): void {
  if (slugStated || !PARAM_SLUGS.includes(slug)) {
    expectError(refusalId, answer, slug, operationId);
    return;
  }
  const body = expectErrorBody('rule:otp2.error-body', OtpErrorBody, answer.json, `${operationId} → ${slug}: the error body of 4.4`, answer);
  // That the refusal is a 400 with one of the row's two slugs is stated (7.3's row, 4.4's operations).
  judge('rule:otp2.invalid-parameter-refused', `${operationId}: 400 with a slug of 7.3's row for a missing or invalid parameter`, () => {
    expect(answer.status, `${operationId}: a missing or invalid parameter answers 400 (7.3) — ${answer.text.slice(0, 200)}`).toBe(400);
    expect(PARAM_SLUGS, `${operationId}: the slug of 7.3's row for a missing or invalid parameter`).toContain(body.error);
  });
  judge(`err:${slug}`, `${operationId}: ${slug} for this cause (7.3 pairs neither slug with a cause)`, () => expect(body.error).toBe(slug));
}

/** A refused create (judged as `refusalId`, as in expectOtpRefusal) must leave the number without a verification. */
export async function expectRefusedCreate(
  refusalId: string,
  d: OtpDriver,
  s: OtpSubject,
  fields: Record<string, unknown>,
  code: string,
  why: string,
  slugStated = false,
): Promise<void> {
  const answer = await d.calls.create(s, fields, true);
  expectOtpRefusal(refusalId, answer, code, 'otp-v2/create', slugStated);
  await expectNoVerification(d, s, why);
}
