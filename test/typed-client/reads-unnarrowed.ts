/**
 * Must NOT compile: a success field read off an answer whose `success` has not been
 * tested. An HTTP 200 may carry an error body (7.1, 5), where the field is absent; each line marked
 * `// expect TSxxxx` must fail with that diagnostic (the test checks codes and lines, and that
 * nothing else fails). Likewise a 401 of the current OTP set is a wrong code (7.3, 4.4 body) or an
 * authentication error (5, common body): attempts_remaining needs the first ruled out.
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

type SmsSend200 = paths['/sms/send']['post']['responses'][200]['content']['application/json'];
type OtpVerify401 = paths['/v2/otp/verify']['post']['responses'][401]['content']['application/json'];

export const sentCount = (answer: SmsSend200): number => answer.total_messages; // expect TS2339

export async function sentCountFromClient(baseUrl: string): Promise<number | undefined> {
  const { data } = await createClient<paths>({ baseUrl }).POST('/sms/send', { body: { numbers: '5512345678', message: 'Hola' } });
  return data?.total_messages; // expect TS2339
}

export const attemptsLeft = (answer: OtpVerify401) => answer.attempts_remaining; // expect TS2339
