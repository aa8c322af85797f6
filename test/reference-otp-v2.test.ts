/**
 * Self-tests of the reference server's current OTP handlers (4.4, 4.5, 3.1, 7.3, 8) through HTTP,
 * with the virtual clock of the test hook. Every row of the current OTP table
 * (schemas/otp-v2-transitions.ts) is reached through HTTP; the last test of the rows checks that
 * none was missed. The engine's unit tests are in reference-otp-engine.test.ts, the legacy
 * endpoints in reference-otp-legacy.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OtpErrorBody } from '../schemas/envelope.ts';
import { formatMexicoDateTime, parseMexicoDateTime } from '../schemas/formats.ts';
import { OTP_CODE_ALPHABETS, OtpCreateResponse, OtpDeleteResponse, OtpStatusResponse, OtpVerifyResponse } from '../schemas/otp-v2.ts';
import { OTP_V2_TRANSITIONS } from '../schemas/otp-v2-transitions.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';
import { type Answer, Client, type Fields, freshNumber } from './reference-otp-client.ts';

const MESSAGE = '{{company}}: tu codigo es {{code}}';
const createBody = (phone: string, extra: Fields = {}): Fields => ({
  phone_number: phone,
  country_code: '52',
  company: 'ACME',
  message: MESSAGE,
  code_in_response: true,
  ...extra,
});
const target = (phone: string): Fields => ({ phone_number: phone, country_code: '52' });

/** Rows of the table reached through HTTP (checked by the last test of the v2 block). */
const reached = new Set<string>();
const reach = (id: string): void => {
  expect(OTP_V2_TRANSITIONS.some((r) => r.id === id)).toBe(true);
  reached.add(id);
};

function expectOtpError(a: Answer, status: number, slug: string): void {
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  OtpErrorBody.parse(a.body);
  expect(a.body.error).toBe(slug);
}

function expectCreated(a: Answer, status: number, action: string): OtpCreateResponse {
  expect(a.status, JSON.stringify(a.body)).toBe(status);
  const body = OtpCreateResponse.parse(a.body);
  expect(body.action).toBe(action);
  expect(body.state).toBe('pending');
  return body;
}

/** Sends `n` wrong codes, expecting 401 with attempts_remaining counting down from `from - 1`. */
async function wrongAttempts(c: Client, phone: string, n: number, from = 7): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const a = await c.post('/v2/otp/verify', { ...target(phone), code: 'nope' });
    expectOtpError(a, 401, 'otp_incorrect_code');
    expect(a.body.attempts_remaining).toBe(from - i);
  }
}

// One server for the table and the parameters: the rows' record of reached ids spans their describes.
let server: RunningReferenceServer;
let c: Client;

beforeAll(async () => {
  server = await startReferenceServer({ testClock: true, rateLimit: 0 });
  c = new Client(server);
});
afterAll(async () => server.close());

describe('current OTP (/v2/otp) through HTTP: creating, resending and rotating a pending code', () => {
  it('none → pending: 201 created, one message charged, default code 6 digits, 24 h expiry (3.1, 4.4)', async () => {
    const phone = freshNumber();
    const before = await c.credit();
    const now = await c.now();
    const body = expectCreated(await c.post('/v2/otp', createBody(phone)), 201, 'created');
    reach('none-create');
    expect(body.attempts_remaining).toBe(7);
    expect(body.resend_available_in).toBe(30);
    expect(body.code).toMatch(/^\d{6}$/);
    expect(Math.abs(parseMexicoDateTime(body.expires_at)! - (now + 24 * 3_600_000))).toBeLessThan(5_000);
    expect(await c.credit()).toBe(before - 1);
    const quiet = await c.post('/v2/otp', createBody(freshNumber(), { code_in_response: false }));
    expect(OtpCreateResponse.parse(quiet.body).code).toBeUndefined();
  });

  it('pending within the cooldown: 429 otp_throttled with resend_available_in and Retry-After, nothing charged', async () => {
    const phone = freshNumber();
    await c.post('/v2/otp', createBody(phone));
    const before = await c.credit();
    const a = await c.post('/v2/otp', createBody(phone));
    expectOtpError(a, 429, 'otp_throttled');
    reach('pending-create-throttled');
    const wait = a.body.resend_available_in as number;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(a.headers.get('retry-after')).toBe(String(wait));
    expect(await c.credit()).toBe(before);
  });

  it('pending, cooldown elapsed: same code resent (other channel, code_length ignored), attempts kept, charged', async () => {
    const phone = freshNumber();
    const first = expectCreated(await c.post('/v2/otp', createBody(phone)), 201, 'created');
    await wrongAttempts(c, phone, 1);
    reach('pending-verify-wrong');
    await c.advance(31);
    const before = await c.credit();
    const again = expectCreated(await c.post('/v2/otp', createBody(phone, { channel: 'voice', code_length: 10 })), 200, 'resent');
    reach('pending-create-resend');
    expect(again.code).toBe(first.code);
    expect(again.attempts_remaining).toBe(6);
    expect(await c.credit()).toBe(before - 1);
  });

  it('pending, code_rotate=true: 200 restarted, new code of the requested length, 7 fresh attempts', async () => {
    const phone = freshNumber();
    const first = expectCreated(await c.post('/v2/otp', createBody(phone)), 201, 'created');
    await wrongAttempts(c, phone, 2);
    await c.advance(31);
    const before = await c.credit();
    const rotated = expectCreated(await c.post('/v2/otp', createBody(phone, { code_rotate: true, code_length: 10, code_format: 'letters' })), 200, 'restarted');
    reach('pending-create-rotate');
    expect(rotated.attempts_remaining).toBe(7);
    expect(rotated.code).toMatch(/^[A-Za-z]{10}$/);
    expect(await c.credit()).toBe(before - 1);
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: first.code! }), 401, 'otp_incorrect_code');
  });

  it('code_custom: the same code is a resend that keeps attempts (code_rotate ignored); a different one a new round', async () => {
    const phone = freshNumber();
    await c.post('/v2/otp', createBody(phone, { code_custom: 'Ab12' }));
    await wrongAttempts(c, phone, 1);
    await c.advance(31);
    const same = expectCreated(await c.post('/v2/otp', createBody(phone, { code_custom: 'Ab12', code_rotate: true })), 200, 'resent');
    reach('pending-create-custom-same');
    expect(same.attempts_remaining).toBe(6);
    await c.advance(31);
    const before = await c.credit();
    const other = expectCreated(await c.post('/v2/otp', createBody(phone, { code_custom: 'Zz99' })), 200, 'restarted');
    reach('pending-create-custom-different');
    expect(other.attempts_remaining).toBe(7);
    expect(other.code).toBe('Zz99');
    expect(await c.credit()).toBe(before - 1);
    // 4.4: case-sensitive, compared as sent.
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: 'zz99' }), 401, 'otp_incorrect_code');
    const ok = await c.post('/v2/otp/verify', { ...target(phone), code: 'Zz99' });
    expect(ok.status).toBe(200);
    expect(OtpVerifyResponse.parse(ok.body).state).toBe('verified');
  });
});

describe('current OTP (/v2/otp) through HTTP: locking, verifying, expiry and deletion', () => {
  it('locking: the 7th wrong code answers 429 and locks; locked rows of create and verify', async () => {
    const phone = freshNumber();
    await c.post('/v2/otp', createBody(phone, { code_custom: 'Lock1' }));
    await wrongAttempts(c, phone, 6);
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: 'nope' }), 429, 'otp_max_attempts');
    reach('pending-verify-exhausted');
    const locked = await c.post('/v2/otp/verify', { ...target(phone), code: 'Lock1' });
    expectOtpError(locked, 429, 'otp_max_attempts');
    expect(locked.body.state).toBe('locked');
    reach('locked-verify');

    const before = await c.credit();
    expectOtpError(await c.post('/v2/otp', createBody(phone)), 429, 'otp_max_attempts');
    reach('locked-create-no-rotate');
    expectOtpError(await c.post('/v2/otp', createBody(phone, { code_custom: 'Lock1' })), 429, 'otp_max_attempts');
    reach('locked-create-custom-same');
    expect(await c.credit()).toBe(before);

    const custom = expectCreated(await c.post('/v2/otp', createBody(phone, { code_custom: 'Lock2' })), 200, 'restarted');
    reach('locked-create-custom-different');
    expect(custom.attempts_remaining).toBe(7);
    await wrongAttempts(c, phone, 6);
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: 'nope' }), 429, 'otp_max_attempts');
    const rotated = expectCreated(await c.post('/v2/otp', createBody(phone, { code_rotate: true })), 200, 'restarted');
    reach('locked-create-rotate');
    expect(rotated.attempts_remaining).toBe(7);
    expect(rotated.code).not.toBe('Lock2');
    expect(await c.credit()).toBe(before - 2);
  });

  it('verified: verify again 409; create starts a new cycle (201 restarted, state pending)', async () => {
    const phone = freshNumber();
    const first = expectCreated(await c.post('/v2/otp', createBody(phone)), 201, 'created');
    const ok = await c.post('/v2/otp/verify', { ...target(phone), code: first.code! });
    expect(ok.status).toBe(200);
    reach('pending-verify-correct');
    const before = await c.credit();
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: first.code! }), 409, 'otp_already_verified');
    reach('verified-verify');
    const again = expectCreated(await c.post('/v2/otp', createBody(phone)), 201, 'restarted');
    reach('verified-create');
    expect(again.attempts_remaining).toBe(7);
    expect(await c.credit()).toBe(before - 1);
  });

  it('none: verify answers 404 otp_not_found', async () => {
    const a = await c.post('/v2/otp/verify', { ...target(freshNumber()), code: '123456' });
    expectOtpError(a, 404, 'otp_not_found');
    expect(a.body.state).toBe('none');
    reach('none-verify');
  });

  it('expiry: pending past expires_at is expired; verify 410; create 201 created with a new code', async () => {
    const phone = freshNumber();
    const now = await c.now();
    const first = expectCreated(await c.post('/v2/otp', createBody(phone, { expiration_date: formatMexicoDateTime(now + 60_000) })), 201, 'created');
    expect(parseMexicoDateTime(first.expires_at)).toBeLessThanOrEqual(now + 60_000);
    await c.advance(62);
    const status = await c.call('GET', '/v2/otp/status', undefined, { phone_number: phone, country_code: '52' });
    expect(OtpStatusResponse.parse(status.body).state).toBe('expired');
    reach('pending-expires');
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: first.code! }), 410, 'otp_expired');
    reach('expired-verify');
    const before = await c.credit();
    const again = expectCreated(await c.post('/v2/otp', createBody(phone, { code_length: 8 })), 201, 'created');
    reach('expired-create');
    expect(again.code).toMatch(/^\d{8}$/);
    expect(await c.credit()).toBe(before - 1);
  });

  it('DELETE (body or query) returns to none, sends and charges nothing; status reads the counters', async () => {
    const phone = freshNumber();
    await c.post('/v2/otp', createBody(phone));
    const status = await c.call('GET', '/v2/otp/status', undefined, { phone_number: phone, country_code: '52' });
    const read = OtpStatusResponse.parse(status.body);
    expect(read).toMatchObject({ state: 'pending', attempts_remaining: 7 });
    expect(read.resend_available_in).toBeGreaterThan(0);
    const before = await c.credit();
    const del = await c.call('DELETE', '/v2/otp', target(phone));
    expect(del.status).toBe(200);
    expect(OtpDeleteResponse.parse(del.body).state).toBe('none');
    reach('any-delete');
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: '000000' }), 404, 'otp_not_found');
    expectCreated(await c.post('/v2/otp', createBody(phone)), 201, 'created');
    expect((await c.call('DELETE', '/v2/otp', undefined, { phone_number: phone, country_code: '52' })).body.state).toBe('none');
    expect((await c.call('DELETE', '/v2/otp', target(phone))).status).toBe(200);
    expect(await c.credit()).toBe(before - 1);
  });

  it('every row of the table was reached through HTTP', () => {
    const missing = OTP_V2_TRANSITIONS.map((r) => r.id).filter((id) => !reached.has(id));
    expect(missing).toEqual([]);
  });
});

describe('current OTP (/v2/otp) through HTTP: the parameters of create', () => {
  it('message: 160 characters after substitution pass, 161 are refused with the excess in the hint', async () => {
    const fits = `{{company}}{{code}}${'x'.repeat(160 - 4 - 6)}`;
    expectCreated(await c.post('/v2/otp', createBody(freshNumber(), { message: fits })), 201, 'created');
    const phone = freshNumber();
    const before = await c.credit();
    const a = await c.post('/v2/otp', createBody(phone, { message: `${fits}x` }));
    expectOtpError(a, 400, 'otp_message_invalid');
    expect(a.body.hint).toMatch(/\b1\b/);
    expect(await c.credit()).toBe(before);
    expect((await c.call('GET', '/v2/otp/status', undefined, { phone_number: phone, country_code: '52' })).body.state).toBe('none');
  });

  it('message: a resend is checked with the stored (longer) code; refusal leaves the verification untouched', async () => {
    const phone = freshNumber();
    const short = `{{company}}{{code}}${'y'.repeat(100)}`;
    const first = expectCreated(await c.post('/v2/otp', createBody(phone, { code_length: 10, message: short })), 201, 'created');
    await wrongAttempts(c, phone, 1);
    await c.advance(31);
    const before = await c.credit();
    // 160 with a 4-character code, 166 with the stored 10-character one.
    const tight = `{{company}}{{code}}${'z'.repeat(160 - 4 - 4)}`;
    const a = await c.post('/v2/otp', createBody(phone, { code_length: 4, message: tight }));
    expectOtpError(a, 400, 'otp_message_invalid');
    expect(a.body.hint).toMatch(/\b6\b/);
    expect(a.body).toMatchObject({ state: 'pending', attempts_remaining: 6 });
    expect(await c.credit()).toBe(before);
    const resent = expectCreated(await c.post('/v2/otp', createBody(phone, { message: short })), 200, 'resent');
    expect(resent).toMatchObject({ code: first.code, attempts_remaining: 6 });
  });

  it('code_length 4 and 10 pass, 3 and 11 are refused; code_format alphabets', async () => {
    for (const n of [4, 10]) expect(expectCreated(await c.post('/v2/otp', createBody(freshNumber(), { code_length: n })), 201, 'created').code).toHaveLength(n);
    for (const n of [3, 11]) expectOtpError(await c.post('/v2/otp', createBody(freshNumber(), { code_length: n })), 400, 'otp_invalid_param');
    const alnum = expectCreated(await c.post('/v2/otp', createBody(freshNumber(), { code_length: 10, code_format: 'alphanumeric' })), 201, 'created');
    expect([...alnum.code!].every((ch) => OTP_CODE_ALPHABETS.alphanumeric.includes(ch))).toBe(true);
  });

  it('expiration_date: clamped to 3 days; a past date is refused', async () => {
    const now = await c.now();
    const body = expectCreated(
      await c.post('/v2/otp', createBody(freshNumber(), { expiration_date: formatMexicoDateTime(now + 5 * 86_400_000) })),
      201,
      'created',
    );
    const at = parseMexicoDateTime(body.expires_at)!;
    expect(at).toBeLessThanOrEqual(now + 3 * 86_400_000 + 5_000);
    expect(at).toBeGreaterThan(now + 3 * 86_400_000 - 5_000);
    const past = await c.post('/v2/otp', createBody(freshNumber(), { expiration_date: formatMexicoDateTime(now - 60_000) }));
    expectOtpError(past, 400, 'otp_invalid_param');
  });

  it('sandbox: needs code_in_response unless code_custom; charges nothing', async () => {
    const before = await c.credit();
    expectOtpError(await c.post('/v2/otp', createBody(freshNumber(), { sandbox: true, code_in_response: false })), 400, 'otp_missing_param');
    expect(expectCreated(await c.post('/v2/otp', createBody(freshNumber(), { sandbox: true })), 201, 'created').code).toMatch(/^\d{6}$/);
    const custom = expectCreated(
      await c.post('/v2/otp', createBody(freshNumber(), { sandbox: true, code_in_response: false, code_custom: 'Sand1' })),
      201,
      'created',
    );
    expect(custom.code).toBeUndefined();
    expect(await c.credit()).toBe(before);
  });

  it('refused parameters: previous API, conflicting code_custom, bad channel, missing company, bad message', async () => {
    const p = freshNumber();
    expectOtpError(await c.post('/v2/otp', createBody(p, { voice: true })), 400, 'otp_invalid_param');
    expectOtpError(await c.post('/v2/otp', createBody(p, { whatsapp: true })), 400, 'otp_invalid_param');
    expectOtpError(await c.post('/v2/otp', createBody(p, { template: 'a' })), 400, 'otp_invalid_param');
    expectOtpError(await c.post('/v2/otp', createBody(p, { code_custom: 'Abcd', code_length: 6 })), 400, 'otp_invalid_param');
    expectOtpError(await c.post('/v2/otp', createBody(p, { channel: 'fax' })), 400, 'otp_invalid_channel');
    expectOtpError(await c.post('/v2/otp', { phone_number: p, country_code: '52', message: MESSAGE }), 400, 'otp_missing_param');
    expectOtpError(await c.post('/v2/otp', createBody(p, { message: 'sin codigo {{company}}' })), 400, 'otp_message_invalid');
    expectOtpError(await c.post('/v2/otp/verify', target(p)), 400, 'otp_missing_param');
  });

  it('whatsapp ignores company and message and says so; a resend may switch channel', async () => {
    const phone = freshNumber();
    const wa = expectCreated(await c.post('/v2/otp', createBody(phone, { channel: 'whatsapp', message: 'anything' })), 201, 'created');
    expect(wa.warning).toBeTruthy();
    await c.advance(31);
    const sms = expectCreated(await c.post('/v2/otp', createBody(phone, { channel: 'sms' })), 200, 'resent');
    expect(sms.code).toBe(wa.code);
    expect(sms.warning).toBeUndefined();
  });
});

describe('current OTP: no balance and the after-seventh-wrong lock point', () => {
  let server: RunningReferenceServer;
  let c: Client;

  beforeAll(async () => {
    server = await startReferenceServer({ testClock: true, rateLimit: 0, accountCredits: 0, ambiguities: { 'otp-v2-lock-point': 'after-seventh-wrong' } });
    c = new Client(server);
  });
  afterAll(async () => server.close());

  it('402 otp_insufficient_credits (sms_07): the code stays registered and the send can be retried at once', async () => {
    const phone = freshNumber();
    const a = await c.post('/v2/otp', createBody(phone));
    expectOtpError(a, 402, 'otp_insufficient_credits');
    expect(String(a.body.message)).toContain('sms_07');
    expect(a.body.state).toBe('pending');
    expectOtpError(await c.post('/v2/otp', createBody(phone)), 402, 'otp_insufficient_credits');
    expect(await c.credit()).toBe(0);
  });

  it('wrong codes 1 to 7 answer 401 (6 to 0 left), the next answers 429 and locks', async () => {
    const phone = freshNumber();
    expectCreated(await c.post('/v2/otp', createBody(phone, { sandbox: true, code_custom: 'Late1' })), 201, 'created');
    await wrongAttempts(c, phone, 7);
    const locked = await c.post('/v2/otp/verify', { ...target(phone), code: 'nope' });
    expectOtpError(locked, 429, 'otp_max_attempts');
    expect(locked.body.state).toBe('locked');
  });

  it('after wrong codes 1 to 7 the right code is an 8th attempt: 429, locked, never verified (3.1, 8)', async () => {
    const phone = freshNumber();
    expectCreated(await c.post('/v2/otp', createBody(phone, { sandbox: true, code_custom: 'Late2' })), 201, 'created');
    await wrongAttempts(c, phone, 7);
    const eighth = await c.post('/v2/otp/verify', { ...target(phone), code: 'Late2' });
    expectOtpError(eighth, 429, 'otp_max_attempts');
    expect(eighth.body.state).toBe('locked');
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: 'Late2' }), 429, 'otp_max_attempts');
    expectOtpError(await c.post('/v2/otp', createBody(phone, { sandbox: true, code_custom: 'Late2' })), 429, 'otp_max_attempts');
  });

  it('after wrong codes 1 to 7 a resend without code_rotate answers 429 otp_max_attempts (locked), within the cooldown too; a rotation starts a round', async () => {
    const phone = freshNumber();
    expectCreated(await c.post('/v2/otp', createBody(phone, { sandbox: true, code_custom: 'Late3' })), 201, 'created');
    await wrongAttempts(c, phone, 7);
    const resend = await c.post('/v2/otp', createBody(phone, { sandbox: true, code_custom: 'Late3' }));
    expectOtpError(resend, 429, 'otp_max_attempts');
    expect(resend.body.state).toBe('locked');
    const plain = await c.post('/v2/otp', createBody(phone, { sandbox: true }));
    expectOtpError(plain, 429, 'otp_max_attempts');
    expectOtpError(await c.post('/v2/otp/verify', { ...target(phone), code: 'Late3' }), 429, 'otp_max_attempts');
    const rotated = expectCreated(await c.post('/v2/otp', createBody(phone, { sandbox: true, code_rotate: true })), 200, 'restarted');
    expect(rotated.attempts_remaining).toBe(7);
    expect((await c.post('/v2/otp/verify', { ...target(phone), code: String(rotated.code) })).status).toBe(200);
  });
});
