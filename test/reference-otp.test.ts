/**
 * Self-tests of the reference server's OTP handlers (4.4, 4.5, 3.1, 7.2, 7.3, 8) through HTTP,
 * with the virtual clock of the test hook, plus unit tests of the engine where simpler. Every row
 * of the current OTP table (schemas/otp-v2-transitions.ts) is reached through HTTP; the last test
 * checks that none was missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, OtpErrorBody } from '../schemas/envelope.ts';
import { formatMexicoDateTime, parseMexicoDateTime } from '../schemas/formats.ts';
import { LegacyOtpSendResult, LegacyOtpVerifyResponse } from '../schemas/otp-legacy.ts';
import { OTP_CODE_ALPHABETS, OtpCreateResponse, OtpDeleteResponse, OtpStatusResponse, OtpVerifyResponse } from '../schemas/otp-v2.ts';
import { matchOtpTransition, OTP_V2_TRANSITIONS } from '../schemas/otp-v2-transitions.ts';
import { applyRow, createFacts, createStateOf, generateCode, RecordBook, RETENTION_MS, verifyFacts, type OtpRecord } from '../reference/otp-v2-engine.ts';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.ts';

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

type Fields = Record<string, unknown>;

/** A client for one server and key. */
class Client {
  constructor(
    private readonly server: RunningReferenceServer,
    private readonly key: string = server.keys.account,
  ) {}

  async call(method: string, path: string, body?: Fields, query?: Record<string, string>): Promise<Answer> {
    const url = new URL(path, this.server.baseUrl);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const res = await fetch(url, {
      method,
      headers: { apikey: this.key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
  }

  post = (path: string, body: Fields): Promise<Answer> => this.call('POST', path, body);

  async credit(): Promise<number> {
    return Number((await this.post('/credits/consult', {})).body.credit);
  }

  async now(): Promise<number> {
    const res = await fetch(new URL('/__test/clock', this.server.baseUrl));
    return ((await res.json()) as { now: number }).now;
  }

  async advance(seconds: number): Promise<void> {
    const res = await fetch(new URL('/__test/clock/advance', this.server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds }),
    });
    expect(res.status).toBe(200);
  }
}

let serial = 0;
/** A fresh 10-digit number per scenario, so that scenarios do not share verifications. */
const freshNumber = (prefix = '55'): string => `${prefix}${String(++serial).padStart(8, '0')}`;

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

describe('current OTP (/v2/otp) through HTTP', () => {
  let server: RunningReferenceServer;
  let c: Client;

  beforeAll(async () => {
    server = await startReferenceServer({ testClock: true, rateLimit: 0 });
    c = new Client(server);
  });
  afterAll(async () => server.close());

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

describe('OTP engine', () => {
  const record = (over: Partial<OtpRecord> = {}): OtpRecord => ({
    state: 'pending',
    code: 'Ab12',
    attemptsRemaining: 7,
    expiresAt: 1e12,
    lastSentAt: 0,
    channel: 'sms',
    ...over,
  });

  it('lastAttempt follows otp-v2-lock-point', () => {
    expect(verifyFacts(record({ attemptsRemaining: 1 }), 'x', 'seventh-wrong-locks').facts.lastAttempt).toBe(true);
    expect(verifyFacts(record({ attemptsRemaining: 1 }), 'x', 'after-seventh-wrong').facts.lastAttempt).toBe(false);
    expect(verifyFacts(record({ attemptsRemaining: 0 }), 'x', 'after-seventh-wrong').facts.lastAttempt).toBe(true);
    expect(verifyFacts(record({ attemptsRemaining: 1 }), 'Ab12', 'seventh-wrong-locks')).toEqual({
      state: 'pending',
      facts: { codeMatches: true, lastAttempt: false },
    });
  });

  it("once the round's 7 attempts are used no code verifies, the right one included (3.1, 8)", () => {
    // after-seventh-wrong: the 7th wrong code left 0; the right code is the 8th attempt.
    const usedUp = verifyFacts(record({ attemptsRemaining: 0 }), 'Ab12', 'after-seventh-wrong');
    expect(usedUp).toEqual({ state: 'pending', facts: { codeMatches: false, lastAttempt: true } });
    expect(matchOtpTransition(usedUp.state, 'verify', usedUp.facts)?.id).toBe('pending-verify-exhausted');
    const locked = verifyFacts(record({ state: 'locked', attemptsRemaining: 0 }), 'Ab12', 'seventh-wrong-locks');
    expect(matchOtpTransition(locked.state, 'verify', locked.facts)?.id).toBe('locked-verify');
    // A resend of such a round is one of a locked verification.
    expect(createStateOf(record({ attemptsRemaining: 0 }))).toBe('locked');
    expect(createStateOf(record({ attemptsRemaining: 1 }))).toBe('pending');
  });

  it('facts of create: cooldown and code_custom', () => {
    expect(createFacts(record({ lastSentAt: 1000 }), { codeRotate: false }, 20_000)).toEqual({ codeRotate: false, withinCooldown: true, customCode: 'absent' });
    expect(createFacts(record({ lastSentAt: 1000 }), { codeRotate: true, codeCustom: 'Ab12' }, 31_001).customCode).toBe('same');
    expect(createFacts(record(), { codeRotate: false, codeCustom: 'ab12' }, 0).customCode).toBe('different');
    expect(createFacts(record({ lastSentAt: undefined }), { codeRotate: false }, 0).withinCooldown).toBe(false);
  });

  it('applies rows: verified restart is pending; delete is none; the 7th wrong locks with 0 left', () => {
    const restart = matchOtpTransition('verified', 'create')!;
    expect(applyRow(record({ state: 'verified' }), restart, { newCode: 'N3w1', expiresAt: 5, channel: 'voice', sentAt: 9 }, 9)).toMatchObject({
      state: 'pending',
      code: 'N3w1',
      attemptsRemaining: 7,
      lastSentAt: 9,
      channel: 'voice',
    });
    expect(applyRow(record(), matchOtpTransition('pending', 'delete')!, {}, 0)).toBeUndefined();
    const exhausted = matchOtpTransition('pending', 'verify', verifyFacts(record({ attemptsRemaining: 1 }), 'x', 'seventh-wrong-locks').facts)!;
    expect(applyRow(record({ attemptsRemaining: 1 }), exhausted, {}, 0)).toMatchObject({ state: 'locked', attemptsRemaining: 0 });
  });

  it('generates codes from the format alphabet', () => {
    expect(generateCode(10, 'numeric')).toMatch(/^\d{10}$/);
    expect(generateCode(8, 'letters')).toMatch(/^[A-Za-z]{8}$/);
  });

  it('keeps memory bounded: stale records are dropped when touched, the oldest go past the cap', () => {
    const book = new RecordBook<{ settled?: number }>((r) => r.settled, 3);
    book.put('a', { settled: 0 }, 0);
    expect(book.get('a', RETENTION_MS)).toBeDefined();
    expect(book.get('a', RETENTION_MS + 1)).toBeUndefined();
    for (const k of ['b', 'c', 'd', 'e']) book.put(k, {}, 0);
    expect(book.size).toBe(3);
    expect(book.get('b', 0)).toBeUndefined();
    expect(book.get('e', 0)).toBeDefined();
  });
});

describe('legacy OTP (/otp/*) through HTTP', () => {
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
