/**
 * Self-tests of the reference server's legacy OTP handlers (/otp/*, 4.5, 2.10, 7.2) through HTTP,
 * with the virtual clock of the test hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../schemas/envelope.ts';
import { formatMexicoDateTime } from '../schemas/formats.ts';
import { LegacyOtpSendResult, LegacyOtpVerifyResponse } from '../schemas/otp-legacy.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { type Answer, Client, type Fields, freshNumber } from './reference-otp-client.ts';

let server: RunningReferenceServer;
let c: Client;

beforeAll(async () => {
  server = await startReferenceServer({ testClock: true, rateLimit: 0 });
  c = new Client(server);
});
afterAll(async () => server.close());

const send = (phone: string, extra: Fields = {}) => c.post('/otp/send', { phone_number: phone, country_code: '52', company: 'ACME', ...extra });
const resend = (phone: string, extra: Fields = {}) => c.post('/otp/resend', { phone_number: phone, country_code: '52', company: 'ACME', ...extra });
const verify = (phone: string, code: string, extra: Fields = {}) => c.post('/otp/verify', { phone_number: phone, verification_code: code, ...extra });
const codeOf = (a: Answer): string => String(a.body.verification_code);

function expectCode(a: Answer, code: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  expect(a.body.code, JSON.stringify(a.body)).toBe(code);
  if (a.body.success === false) ErrorBody.parse(a.body);
}

describe('legacy OTP (/otp/*) through HTTP: send, verify, expiry and resend', () => {
  it('send: verification_01 with the 2.10 fields, default code of 4 alphanumeric characters, one message charged', async () => {
    const phone = freshNumber('33');
    const before = await c.credit();
    const a = await send(phone, { showcode: 1 });
    expectCode(a, 'verification_01');
    const body = LegacyOtpSendResult.parse(a.body);
    expect(body).toMatchObject({ message: 'code_successfully_generated', total_messages: 1, number: `52${phone}`, credit: 1, fallback: false });
    expect(body.reference).toBeTruthy();
    expect(codeOf(a)).toMatch(/^[0-9A-Za-z]{4}$/);
    expect(await c.credit()).toBe(before - 1);
    const quiet = await send(freshNumber('33'), { reference: false });
    expect(quiet.body.verification_code).toBeUndefined();
    expect(quiet.body.reference).toBeUndefined();
  });

  it('send to a pending number verification_03, verify wrong _05, right _01, again _06, send to it _04', async () => {
    const phone = freshNumber('33');
    const code = codeOf(await send(phone, { showcode: 1, code_type: 'numeric', code_length: 6 }));
    expect(code).toMatch(/^\d{6}$/);
    expectCode(await send(phone), 'verification_03');
    expectCode(await verify(phone, 'zzzzzz'), 'validation_05');
    const ok = await verify(phone, code);
    expectCode(ok, 'validation_01');
    LegacyOtpVerifyResponse.parse(ok.body);
    expectCode(await verify(phone, code), 'validation_06');
    expectCode(await send(phone), 'verification_04');
  });

  it('verify: no record _04, wrong number _07, code missing _08', async () => {
    expectCode(await verify(freshNumber('33'), '1234'), 'validation_04');
    expectCode(await verify('123456789', '1234'), 'validation_07');
    expectCode(await c.post('/otp/verify', { phone_number: freshNumber('33') }), 'validation_08');
  });

  it('expiry: verify _02, send and resend verification_25, reset then send afresh', async () => {
    const phone = freshNumber('33');
    const now = await c.now();
    const code = codeOf(await send(phone, { showcode: 1, expiration_date: formatMexicoDateTime(now + 60_000) }));
    await c.advance(62);
    expectCode(await verify(phone, code), 'validation_02');
    expectCode(await send(phone), 'verification_25');
    expectCode(await resend(phone), 'verification_25');
    const reset = await c.post('/otp/reset', { phone_number: phone, country_code: '52' });
    expect(reset.body).toMatchObject({ success: true, status: 200 });
    expectCode(await verify(phone, code), 'validation_04');
    expectCode(await send(phone), 'verification_01');
  });

  it('resend: reset_code false keeps the code (code_length ignored), true makes a new one; whatsapp falls back, voice does not', async () => {
    const phone = freshNumber('33');
    const code = codeOf(await send(phone, { showcode: 1 }));
    const same = await resend(phone, { showcode: 1, code_length: 9 });
    expectCode(same, 'verification_01');
    expect(codeOf(same)).toBe(code);
    const wa = await resend(phone, { showcode: 1, whatsapp: true });
    expect(LegacyOtpSendResult.parse(wa.body).fallback).toBe(true);
    const voice = await resend(phone, { showcode: 1, voice: true });
    expect(LegacyOtpSendResult.parse(voice.body).fallback).toBe(false);
    const renewed = await resend(phone, { showcode: 1, reset_code: true, code_length: 8, code_type: 'numeric' });
    expect(codeOf(renewed)).toMatch(/^\d{8}$/);
    expectCode(await verify(phone, code), 'validation_05');
    expectCode(await verify(phone, codeOf(renewed)), 'validation_01');
    expectCode(await resend(phone), 'verification_04');
  });
});

describe('legacy OTP (/otp/*) through HTTP: validation codes, locale, reset and the hourly limit of wrong codes', () => {
  it('validation codes of send and resend (7.2)', async () => {
    const p = freshNumber('33');
    expectCode(await send('123456789'), 'verification_07');
    expectCode(await send(p, { country_code: '1' }), 'verification_08');
    expectCode(await send(p, { code_length: 3 }), 'verification_09');
    expectCode(await send(p, { code_length: 11 }), 'verification_09');
    expectCode(await c.post('/otp/send', { phone_number: p, country_code: '52' }), 'verification_20');
    expectCode(await send(p, { company: 'x'.repeat(51) }), 'verification_11');
    expectCode(await send(p, { expiration_date: '2020-13-01' }), 'verification_13');
    expectCode(await send(p, { expiration_date: formatMexicoDateTime((await c.now()) + 4 * 86_400_000) }), 'verification_13');
    expectCode(await send(p, { code_type: 'hex' }), 'verification_15');
    expectCode(await resend(p, { voice: 'x' }), 'verification_12');
    expectCode(await resend(p, { reset_code: 'x' }), 'verification_14');
    expectCode(await send(p), 'verification_01');
  });

  it('locale en answers in English, es (default) in Spanish', async () => {
    const phone = freshNumber('33');
    await send(phone);
    const es = await send(phone);
    const en = await send(phone, { locale: 'en' });
    expectCode(en, 'verification_03');
    expect(en.body.message).not.toBe(es.body.message);
    expect(String(en.body.message)).toMatch(/already sent/);
  });

  it('reset: unknown number validation_04, bad number verification_07', async () => {
    expectCode(await c.post('/otp/reset', { phone_number: freshNumber('33'), country_code: '52' }), 'validation_04');
    expectCode(await c.post('/otp/reset', { phone_number: '12', country_code: '52' }), 'verification_07');
  });

  it('verify: more than 10 wrong codes within an hour answer validation_03, even with the right code', async () => {
    const phone = freshNumber('33');
    const code = codeOf(await send(phone, { showcode: 1 }));
    for (let i = 0; i < 10; i++) expectCode(await verify(phone, 'bad!'), 'validation_05');
    expectCode(await verify(phone, 'bad!'), 'validation_03');
    expectCode(await verify(phone, code), 'validation_03');
    await c.advance(3601);
    expectCode(await verify(phone, code), 'validation_01');
  });
});
