/**
 * Must compile: the checks a user writes on an answer with HTTP 200. Narrowing on
 * `success` reaches the success fields on one side and the error's `code` on the other (7.1, 5);
 * `data.success === false` and `data.code === 'invalid_parameters'` are allowed comparisons (they
 * were TS2367, "no overlap", while the 200 was declared as the success body alone). The legacy v1
 * answers are told apart by `Estatus` (4.16), the common error body by `success`.
 */
import type { paths } from './schema.js';

type SmsSend200 = paths['/sms/send']['post']['responses'][200]['content']['application/json'];
type V1Send200 = paths['/v1/sms/send']['get']['responses'][200]['content']['application/json'];
type OtpVerify401 = paths['/v2/otp/verify']['post']['responses'][401]['content']['application/json'];

export function describeSmsAnswer(answer: SmsSend200): string {
  if (answer.success === false) return `refused: ${answer.code} (body status ${answer.status})`;
  return `${answer.total_messages} sent, first reference ${answer.references[0]?.reference ?? 'none'}`;
}

export const isUnnamedValidationFailure = (answer: SmsSend200): boolean => answer.success === false && answer.code === 'invalid_parameters';

export function describeV1Answer(answer: V1Send200): string {
  if (!('Estatus' in answer)) return `common error ${answer.code}`;
  if (answer.Estatus === 'ok') return `sent, referencia ${answer.referencia}`;
  return `Codigo ${answer.Codigo}: ${answer.mensaje}`;
}

export function attemptsLeft(answer: OtpVerify401): number | undefined {
  // 401 is an authentication error of 5 or a wrong code of 7.3 (4.4 body, with `error`).
  if (!('error' in answer)) return undefined;
  return typeof answer.attempts_remaining === 'number' ? answer.attempts_remaining : undefined;
}
