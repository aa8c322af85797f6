/**
 * A typed client written the way a user writes one: types generated from
 * spec/openapi.yaml by openapi-typescript (schema.d.ts, written beside this file by the test), the
 * requests made with openapi-fetch, compiled under `strict`. Run as
 * `node client.js <baseUrl> <apikey>`; prints one JSON line: every exchange with its HTTP status,
 * the body as openapi-fetch handed it over, and what the typed code read from it.
 *
 * What it shows: an answer with HTTP 200 is the success body or an error body (7.1: validation
 * and business errors carry their status in the body; 5: the current OTP reference delivers
 * authentication errors with HTTP 200), so the code narrows on `success` before reading a success
 * field, and reads `code` from an error whichever way it came (`data` for 2xx, `error` otherwise).
 */
import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

type SmsSendBody = paths['/sms/send']['post']['requestBody']['content']['application/json'];

/** What the typed code read: the fields it could reach after narrowing. */
interface Reading {
  via: 'data' | 'error';
  success: boolean;
  code?: string;
  bodyStatus?: number;
  totalMessages?: number;
  otpError?: string;
  attemptsRemaining?: number | null | '';
  verificationCode?: string;
}

interface Exchange {
  name: string;
  http: number;
  body: unknown;
  reading: Reading;
}

const [baseUrl, apikey] = process.argv.slice(2);
if (baseUrl === undefined || apikey === undefined) throw new Error('usage: node client.js <baseUrl> <apikey>');
const client = createClient<paths>({ baseUrl, headers: { apikey } });
// Section 5: a key the service does not know (auth_05).
const stranger = createClient<paths>({ baseUrl, headers: { apikey: 'not-a-key-of-this-service' } });

async function sendSms(via: typeof client, name: string, body: SmsSendBody): Promise<Exchange> {
  const { data, error, response } = await via.POST('/sms/send', { body });
  if (error !== undefined) {
    // A 4xx: the auth bodies of 5, rate_01, or an error whose status the document does not state.
    return { name, http: response.status, body: error, reading: { via: 'error', success: error.success, code: error.code, bodyStatus: error.status } };
  }
  // HTTP 200: the success body of 2.2, or an error body; `success` tells them apart.
  if (data.success === false) {
    return { name, http: response.status, body: data, reading: { via: 'data', success: false, code: data.code, bodyStatus: data.status } };
  }
  return { name, http: response.status, body: data, reading: { via: 'data', success: true, code: data.code, totalMessages: data.total_messages } };
}

/** 4.4: a verification in sandbox, its code returned (code_in_response), then verified with a wrong code. */
async function verifyWrongCode(phone: string): Promise<Exchange[]> {
  const body = {
    phone_number: phone,
    country_code: '52',
    company: 'ACME',
    message: '{{company}}: tu codigo es {{code}}',
    sandbox: true,
    code_in_response: true,
  };
  const created = await client.POST('/v2/otp', { body });
  const createdExchange: Exchange =
    created.error !== undefined
      ? { name: 'otp-create', http: created.response.status, body: created.error, reading: { via: 'error', success: false } }
      : created.data.success === false
        ? { name: 'otp-create', http: created.response.status, body: created.data, reading: { via: 'data', success: false, code: created.data.code } }
        : {
            name: 'otp-create',
            http: created.response.status,
            body: created.data,
            reading: {
              via: 'data',
              success: true,
              ...(typeof created.data.code === 'string' && created.data.code !== '' ? { verificationCode: created.data.code } : {}),
            },
          };
  const code = createdExchange.reading.verificationCode;
  if (code === undefined) return [createdExchange];
  // The same length and alphabet, one character changed: wrong, not malformed.
  const wrong = code.slice(0, -1) + (code.endsWith('1') ? '2' : '1');
  const { data, error, response } = await client.POST('/v2/otp/verify', { body: { phone_number: phone, country_code: '52', code: wrong } });
  if (error === undefined)
    return [createdExchange, { name: 'otp-verify-wrong', http: response.status, body: data, reading: { via: 'data', success: data.success } }];
  // 7.3: the errors of this set carry the 4.4 body, told apart from the common body of 2.1 by `error`.
  const reading: Reading =
    'error' in error
      ? {
          via: 'error',
          success: false,
          otpError: error.error,
          ...(error.attempts_remaining === undefined ? {} : { attemptsRemaining: error.attempts_remaining }),
        }
      : { via: 'error', success: false, code: error.code };
  return [createdExchange, { name: 'otp-verify-wrong', http: response.status, body: error, reading }];
}

const exchanges: Exchange[] = [
  await sendSms(client, 'sms-sent', { numbers: '5512345678', message: 'Hola desde un cliente tipado', sandbox: 1 }),
  // 4.2: numbers is required; 7.1 names no code for it.
  await sendSms(client, 'sms-refused', { numbers: '', message: 'Hola' }),
  await sendSms(stranger, 'sms-stranger', { numbers: '5512345678', message: 'Hola', sandbox: 1 }),
  ...(await verifyWrongCode('5512345679')),
];
console.log(JSON.stringify(exchanges));
