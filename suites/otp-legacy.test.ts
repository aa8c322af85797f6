/**
 * 4.5 (with 2.10, 7.2 and 8): the legacy OTP set under /otp/*. Every test works on numbers in a
 * clean state (per-number state: verification_03, _04; onNumbers below), sends with showcode=1 when
 * it needs the code, and derives every limit from schemas/limits.ts and every wait from the
 * expiration_date it asked for.
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends.
 */
import { describe, expect } from 'vitest';
import { observe } from '../harness/kit/current-test.ts';
import { expectError, expectRefused, expectSuccess } from '../harness/kit/expectations.ts';
import { reqNotTestable } from '../harness/kit/not-testable-test.ts';
import { req } from '../harness/kit/requirement-test.ts';
import { useTarget } from '../harness/kit/target.ts';
import { isUnset } from '../schemas/envelope.ts';
import { formatMexicoDate } from '../schemas/formats.ts';
import { limitById } from '../schemas/limits.ts';
import {
  DEFAULT_LEGACY_OTP_TEMPLATE,
  LEGACY_OTP_TEMPLATES,
  LegacyOtpSendResult,
  LegacyOtpVerifyResponse,
  renderLegacyOtpTemplate,
  type LegacyOtpTemplateLetter,
} from '../schemas/otp-legacy.ts';
import { ReportsGenerateResponse } from '../schemas/reports.ts';
import { MEXICO_COUNTRY_CODE } from '../schemas/sms.ts';
import type { CapabilityId } from '../schemas/capabilities.ts';
import {
  expirationIn,
  resetLegacyNumber,
  resendBody,
  resendWithCode,
  sendBody,
  sendWithCode,
  SHORT_EXPIRY_SECONDS,
  verify,
  waitPast,
  without,
} from './support/otp-legacy-flow.ts';
import { differentCodeLike } from './support/otp-legacy-codes.ts';
import { withCleanNumbers, type CleanNumbers } from './support/clean-numbers.ts';

const t = useTarget();

const CODE_LENGTH = limitById('otp-legacy-code-length');
const EXPIRY = limitById('otp-legacy-expiry');
const HOUR_MS = 3_600_000;

/** Every test that calls /otp/send or /otp/resend: a charged send outside the embedded target. */
const SENDS = { needs: ['real-delivery'] as CapabilityId[] };

/**
 * A test body on numbers of its own in a clean state (support/clean-numbers.ts): fresh ones on the
 * embedded target; on a real target the profile's, held by one test at a time and reset through
 * POST /otp/reset before each use, so that no code pending (verification_03) or number verified
 * (verification_04, validation_06) of an earlier test is met. `count`: how many at once.
 */
const onNumbers = (count: number, body: (numbers: CleanNumbers) => Promise<void>) => (): Promise<void> =>
  withCleanNumbers(t, { count, reset: resetLegacyNumber(t) }, body);

/**
 * Real waits overlap (concurrent tests), and so do virtual ones where each test has a clock of its
 * own. A virtual clock shared by every test must not: a test advancing it would age a sibling's
 * near-future expiration between its computation and its send, so there the expiry tests run one
 * after the other (each wait is instant anyway).
 */
const OVERLAP_WAITS = t.clock.waitsMayOverlap;

// -------------------------------------------------------------------------------------------------
// POST /otp/send: success contract (4.5, 2.10)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/send: success (4.5, 2.10)', () => {
  req(['op:otp-legacy/send', 'err:verification_01', 'rule:otp-legacy.send-fields'], 'answers verification_01 with total_messages, number, credit, reference and fallback; credit is what the balance lost', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const before = await t.credits();
    const answer = await t.api('otp-legacy/send', { json: sendBody(t, phone) });
    const body = expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
    expect(body.status, 'status repeated in the body (2.1)').toBe(200);
    expect(body.total_messages, 'one code, one message').toBeGreaterThanOrEqual(1);
    expect(body.number, 'number is the recipient (2.2: with country code)').toMatch(new RegExp(`${phone}$`));
    expect(body.reference, 'reference: default true, returns the message reference (4.5)').toEqual(expect.any(String));
    expect(body.reference!.length).toBeGreaterThan(0);
    expect(body.fallback, 'an SMS send did not fall back').toBe(false);
    const after = await t.credits();
    expect(before - after, 'credit is the credits consumed (2.2, 2.10)').toBeCloseTo(body.credit, 2);
    expect(body.credit, 'a sent code is charged').toBeGreaterThan(0);
  }), SENDS);

  req(['rule:otp-legacy.send-fields'], 'reference=false leaves the message reference out (4.5)', onNumbers(1, async (n) => {
    const body = expectSuccess(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { reference: false }) }), 'otp-legacy/send', LegacyOtpSendResult);
    // How an unset reference is written (absent, null or "") is latitude unset-field.
    expect(isUnset(body.reference), `reference=false: no reference (got ${JSON.stringify(body.reference)})`).toBe(true);
    const withRef = expectSuccess(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { reference: true }) }), 'otp-legacy/send', LegacyOtpSendResult);
    expect(withRef.reference, 'reference=true: the reference').toEqual(expect.stringMatching(/./));
  }), SENDS);

  req(['op:otp-legacy/send'], 'success message: code_successfully_generated or the Spanish text (ambiguity otp-legacy-send-success-message)', onNumbers(1, async (n) => {
    const answer = await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh()) });
    const body = expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
    const choice = t.choices['otp-legacy-send-success-message'];
    const isToken = body.message === 'code_successfully_generated';
    observe('otp-legacy-send-success-message', `message=${body.message}`, choice === 'token' ? isToken : body.message.length > 0);
    if (choice === 'token') expect(body.message).toBe('code_successfully_generated');
    else expect(body.message.length, 'a message text').toBeGreaterThan(0);
  }), SENDS);

  req(['rule:otp-legacy.showcode'], 'verification_code only with showcode=1; the code returned is the one that verifies', onNumbers(1, async (n) => {
    const absent = expectSuccess(await t.api('otp-legacy/send', { json: without(sendBody(t, await n.fresh()), 'showcode') }), 'otp-legacy/send', LegacyOtpSendResult);
    expect(isUnset(absent.verification_code), 'showcode absent (default 0): no code').toBe(true);
    const zero = expectSuccess(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { showcode: 0 }) }), 'otp-legacy/send', LegacyOtpSendResult);
    expect(isUnset(zero.verification_code), 'showcode=0: no code').toBe(true);
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
  }), SENDS);
});

// -------------------------------------------------------------------------------------------------
// Templates a to n (4.5)
// -------------------------------------------------------------------------------------------------

describe('templates a to n (4.5)', () => {
  const letters = Object.keys(LEGACY_OTP_TEMPLATES) as LegacyOtpTemplateLetter[];
  for (const letter of letters) {
    req(['rule:otp-legacy.templates', 'op:reports/generate'], `template ${letter}: accepted, and the message sent is its text with {{company}} and {{code}} substituted (report 4.12)`, onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const company = t.name('co');
      const { body, code } = await sendWithCode(t, phone, { template: letter, company });
      expect(body.reference, 'the reference that finds the message in the report').toEqual(expect.any(String));
      const today = formatMexicoDate(await t.clock.now());
      const report = expectSuccess(await t.api('reports/generate', { json: { start_date: today, end_date: today } }), 'reports/generate', ReportsGenerateResponse);
      const row = report.report.find((r) => r.reference === body.reference);
      expect(row, `the report of today lists the OTP message ${body.reference} (4.12: every message of the period)`).toBeDefined();
      expect(row!.message, `template ${letter} with {{company}} and {{code}} substituted`).toBe(renderLegacyOtpTemplate(letter, { company, code }));
    }), SENDS);
  }

  req(['rule:otp-legacy.templates'], 'without template: the default a, or a refusal (ambiguity otp-legacy-template-required)', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    const answer = await t.api('otp-legacy/send', { json: without(sendBody(t, phone, { company, showcode: 1 }), 'template') });
    const choice = t.choices['otp-legacy-template-required'];
    const accepted = answer.body.success === true;
    observe('otp-legacy-template-required', accepted ? `accepted (${String(answer.body.code)})` : `refused (${String(answer.body.code)})`, choice === 'optional' ? accepted : !accepted);
    if (choice === 'required') {
      expectRefused(answer, 'otp-legacy/send');
      return;
    }
    const body = expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
    const today = formatMexicoDate(await t.clock.now());
    const report = expectSuccess(await t.api('reports/generate', { json: { start_date: today, end_date: today } }), 'reports/generate', ReportsGenerateResponse);
    const row = report.report.find((r) => r.reference === body.reference);
    expect(row?.message, 'default template a (4.5)').toBe(renderLegacyOtpTemplate(DEFAULT_LEGACY_OTP_TEMPLATE, { company, code: body.verification_code! }));
  }), SENDS);

  req(['rule:otp-legacy.templates'], 'a letter outside a to n is refused; formal_tone=true is accepted with every template (4.5)', onNumbers(1, async (n) => {
    const refused = await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { template: 'o' }) });
    expectRefused(refused, 'otp-legacy/send');
    expect(refused.body.code, 'a refusal is not verification_01').not.toBe('verification_01');
    for (const template of ['a', 'n'] as const)
      expectSuccess(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { template, formal_tone: true }) }), 'otp-legacy/send', LegacyOtpSendResult);
  }), SENDS);
});

// -------------------------------------------------------------------------------------------------
// Field limits and their codes (4.5, 7.2, 8)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/send: field rules and their codes (7.2)', () => {
  req(['limit:otp-legacy-code-length'], `code_length ${CODE_LENGTH.min} to ${CODE_LENGTH.max} gives a code of that length; default ${CODE_LENGTH.default}`, onNumbers(1, async (n) => {
    const byDefault = await sendWithCode(t, await n.fresh());
    expect(byDefault.code, `default length ${CODE_LENGTH.default} (8)`).toHaveLength(CODE_LENGTH.default!);
    for (const length of [CODE_LENGTH.min!, CODE_LENGTH.max!]) {
      const { code } = await sendWithCode(t, await n.fresh(), { code_length: length });
      expect(code, `code_length=${length}`).toHaveLength(length);
    }
  }), SENDS);

  req(['err:verification_09', 'limit:otp-legacy-code-length'], `code_length ${CODE_LENGTH.min! - 1} and ${CODE_LENGTH.max! + 1} answer verification_09`, onNumbers(1, async (n) => {
    for (const length of [CODE_LENGTH.min! - 1, CODE_LENGTH.max! + 1])
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { code_length: length }) }), 'verification_09', 'otp-legacy/send');
  }), SENDS);

  req(['op:otp-legacy/send'], 'code_type numeric, letters, alphanumeric (default) shape the code (4.5)', onNumbers(1, async (n) => {
    const length = CODE_LENGTH.max!;
    const shapes = { numeric: /^\d+$/, letters: /^[A-Za-z]+$/, alphanumeric: /^[A-Za-z0-9]+$/ } as const;
    for (const [codeType, shape] of Object.entries(shapes)) {
      const { code } = await sendWithCode(t, await n.fresh(), { code_type: codeType, code_length: length });
      expect(code, `code_type=${codeType}`).toMatch(shape);
    }
    const { code } = await sendWithCode(t, await n.fresh(), { code_length: length });
    expect(code, 'default alphanumeric').toMatch(shapes.alphanumeric);
  }), SENDS);

  req(['err:verification_15'], 'a code_type outside alphanumeric, numeric, letters answers verification_15', onNumbers(1, async (n) => {
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { code_type: 'hex' }) }), 'verification_15', 'otp-legacy/send');
  }), SENDS);

  req(['err:verification_07'], 'a phone_number that is not 10 digits answers verification_07 (9, 11 digits, letters)', onNumbers(1, async (n) => {
    const ten = await n.fresh();
    for (const bad of [ten.slice(0, 9), `${ten}1`, `${ten.slice(0, 8)}ab`])
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, bad) }), 'verification_07', 'otp-legacy/send');
  }), SENDS);

  req(['err:verification_08'], 'a country_code other than 52 answers verification_08', onNumbers(1, async (n) => {
    for (const bad of ['1', '53'])
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { country_code: bad }) }), 'verification_08', 'otp-legacy/send');
  }), SENDS);

  req(['err:verification_20'], 'company missing or empty answers verification_20', onNumbers(1, async (n) => {
    expectError(await t.api('otp-legacy/send', { json: without(sendBody(t, await n.fresh()), 'company') }), 'verification_20', 'otp-legacy/send');
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { company: '' }) }), 'verification_20', 'otp-legacy/send');
  }), SENDS);

  req(['err:verification_11'], 'company of the profile\'s maximum length is accepted, one more character answers verification_11', onNumbers(1, async (n) => {
    const max = t.config.profile.capabilities.legacyOtpCompanyMax!;
    expectSuccess(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { company: 'C'.repeat(max) }) }), 'otp-legacy/send', LegacyOtpSendResult);
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { company: 'C'.repeat(max + 1) }) }), 'verification_11', 'otp-legacy/send');
  }), SENDS);

  req(['err:verification_13', 'limit:otp-legacy-expiry'], `expiration_date malformed, in the past or more than ${EXPIRY.max! / 24} days ahead answers verification_13; just under the maximum is accepted`, onNumbers(1, async (n) => {
    const past = await expirationIn(t, -120);
    const tooFar = await expirationIn(t, EXPIRY.max! * 3600 + 120);
    const justUnder = await expirationIn(t, EXPIRY.max! * 3600 - 120);
    for (const bad of ['2030/01/01 10:00', 'tomorrow', past.text, tooFar.text])
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { expiration_date: bad }) }), 'verification_13', 'otp-legacy/send');
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone, { expiration_date: justUnder.text });
    expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
  }), SENDS);

  req(['err:verification_18'], 'the profile\'s number with an unsupported area code answers verification_18', async () => {
    const number = t.config.profile.capabilities.unsupportedAreaCodeNumber!;
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, number) }), 'verification_18', 'otp-legacy/send');
  }, SENDS);
});

// -------------------------------------------------------------------------------------------------
// Per-number state on send (7.2)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/send: state of the number (7.2)', () => {
  req(['err:verification_03'], 'a second send while the code awaits verification answers verification_03, and the first code still verifies', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, phone) }), 'verification_03', 'otp-legacy/send');
    expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
  }), SENDS);

  req(['err:verification_04'], 'a send to a number already verified answers verification_04', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, phone) }), 'verification_04', 'otp-legacy/send');
  }), SENDS);

  // 7.2: only a channel that fails, or an internal fault, provokes these; the kit can trigger neither.
  reqNotTestable(['err:verification_05'], 'a send whose delivery fails answers verification_05', 'delivery-failure');
  reqNotTestable(['err:verification_10'], 'a failure creating the record answers verification_10', 'fault-injection');
});

// -------------------------------------------------------------------------------------------------
// Expiry (7.2, 8): near-future expiration dates, overlapping waits
// -------------------------------------------------------------------------------------------------

describe('expiry (7.2 verification_02, _25, validation_02; 8)', () => {
  /** The codes a send or resend after expiry may answer, per the profile (ambiguity otp-legacy-expired-send-code). */
  const expiredCodes = (): string[] => {
    const choice = t.choices['otp-legacy-expired-send-code'];
    return choice === 'either' ? ['verification_02', 'verification_25'] : [choice];
  };

  const expectExpiredCode = async (operationId: 'otp-legacy/send' | 'otp-legacy/resend', json: Record<string, unknown>): Promise<void> => {
    const answer = await t.api(operationId, { json });
    const code = String(answer.body.code);
    const allowed = expiredCodes();
    observe('otp-legacy-expired-send-code', `${operationId} after expiry: ${code}`, allowed.includes(code));
    expect(allowed, `${operationId} after expiry (${answer.text.slice(0, 200)})`).toContain(code);
    expectError(answer, code, operationId);
  };

  req(['err:verification_02', 'op:otp-legacy/resend'], 'a resend after the code expired answers verification_02 (or _25, per the profile)', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    const expiry = await expirationIn(t, SHORT_EXPIRY_SECONDS);
    await sendWithCode(t, phone, { company, expiration_date: expiry.text });
    await waitPast(t, expiry.at);
    await expectExpiredCode('otp-legacy/resend', resendBody(phone, company));
  }), { ...SENDS, concurrent: OVERLAP_WAITS });

  req(['err:verification_25'], 'a send after the code expired without validation answers verification_25 (or _02, per the profile)', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const expiry = await expirationIn(t, SHORT_EXPIRY_SECONDS);
    await sendWithCode(t, phone, { expiration_date: expiry.text });
    await waitPast(t, expiry.at);
    await expectExpiredCode('otp-legacy/send', sendBody(t, phone));
  }), { ...SENDS, concurrent: OVERLAP_WAITS });

  req(['err:validation_02', 'limit:otp-legacy-expiry'], 'the right code before its expiration_date is accepted, after it answers validation_02', onNumbers(2, async (n) => {
    const early = await n.fresh(0);
    const late = await n.fresh(1);
    const expiry = await expirationIn(t, SHORT_EXPIRY_SECONDS + 1);
    const first = await sendWithCode(t, early, { expiration_date: expiry.text });
    const second = await sendWithCode(t, late, { expiration_date: expiry.text });
    expectSuccess(await verify(t, early, first.code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    await waitPast(t, expiry.at);
    expectError(await verify(t, late, second.code), 'validation_02', 'otp-legacy/verify');
  }), { ...SENDS, concurrent: OVERLAP_WAITS });

  req(['limit:otp-legacy-expiry'], `without expiration_date the code lives ${EXPIRY.default} hours (8)`, onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const sentAt = await t.clock.now();
    const { code } = await sendWithCode(t, phone);
    const defaultEnd = sentAt + EXPIRY.default! * HOUR_MS;
    // Two minutes before the default expiry: still pending (a wrong code is wrong, not expired).
    await t.clock.wait((defaultEnd - (await t.clock.now())) / 1000 - 120);
    expectError(await verify(t, phone, differentCodeLike(code)), 'validation_05', 'otp-legacy/verify');
    await t.clock.wait(240);
    expectError(await verify(t, phone, code), 'validation_02', 'otp-legacy/verify');
  }), { needs: ['real-delivery', 'test-clock'] });
});

// -------------------------------------------------------------------------------------------------
// POST /otp/resend (4.5)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/resend (4.5)', () => {
  req(['op:otp-legacy/resend', 'rule:otp-legacy.resend-keeps-code'], 'without reset_code and with reset_code=false the same code is resent; reset_code=true sends a new one and only it verifies', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    const first = await sendWithCode(t, phone, { company, code_length: CODE_LENGTH.max });
    const kept = await resendWithCode(t, phone, company);
    expect(kept.code, 'reset_code absent (default false): same code').toBe(first.code);
    const keptFalse = await resendWithCode(t, phone, company, { reset_code: false });
    expect(keptFalse.code, 'reset_code=false: same code').toBe(first.code);
    const renewed = await resendWithCode(t, phone, company, { reset_code: true, code_length: CODE_LENGTH.max });
    expect(renewed.code, 'reset_code=true: a new random code').not.toBe(first.code);
    expectError(await verify(t, phone, first.code), 'validation_05', 'otp-legacy/verify');
    expectSuccess(await verify(t, phone, renewed.code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
  }), SENDS);

  req(['rule:otp-legacy.resend-keeps-code', 'limit:otp-legacy-code-length'], 'code_length and code_type apply only with reset_code=true', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    const first = await sendWithCode(t, phone, { company, code_type: 'letters' });
    const ignored = await resendWithCode(t, phone, company, { code_length: CODE_LENGTH.max, code_type: 'numeric' });
    expect(ignored.code, 'without reset_code, code_length and code_type are ignored').toBe(first.code);
    const renewed = await resendWithCode(t, phone, company, { reset_code: true, code_length: CODE_LENGTH.max, code_type: 'numeric' });
    expect(renewed.code, 'with reset_code=true they apply').toMatch(new RegExp(`^\\d{${CODE_LENGTH.max}}$`));
  }), SENDS);

  req(['op:otp-legacy/resend'], 'voice=true is accepted; whatsapp=true falls back to SMS (fallback=true) without a WhatsApp instance', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    const first = await sendWithCode(t, phone, { company });
    const voice = await resendWithCode(t, phone, company, { voice: true });
    expect(voice.code, 'a voice resend reads the same code').toBe(first.code);
    const whatsapp = await resendWithCode(t, phone, company, { whatsapp: true });
    expect(whatsapp.code).toBe(first.code);
    expect(whatsapp.body.fallback, t.has('whatsapp-instance') ? 'an active WhatsApp instance: no fallback' : 'no WhatsApp instance: fell back to SMS (4.5, 2.10)').toBe(!t.has('whatsapp-instance'));
  }), SENDS);

  req(['err:verification_12'], 'a voice value that is not a boolean answers verification_12', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    await sendWithCode(t, phone, { company });
    expectError(await t.api('otp-legacy/resend', { json: resendBody(phone, company, { voice: 'call' }) }), 'verification_12', 'otp-legacy/resend');
  }), SENDS);

  req(['err:verification_14'], 'a reset_code value that is not a boolean answers verification_14', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    await sendWithCode(t, phone, { company });
    expectError(await t.api('otp-legacy/resend', { json: resendBody(phone, company, { reset_code: 'again' }) }), 'verification_14', 'otp-legacy/resend');
  }), SENDS);

  req(['err:verification_20', 'err:verification_07'], 'resend requires company (verification_20) and a 10-digit phone_number (verification_07)', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const company = t.name('co');
    await sendWithCode(t, phone, { company });
    expectError(await t.api('otp-legacy/resend', { json: without(resendBody(phone, company), 'company') }), 'verification_20', 'otp-legacy/resend');
    expectError(await t.api('otp-legacy/resend', { json: resendBody(phone.slice(0, 9), company) }), 'verification_07', 'otp-legacy/resend');
  }), SENDS);
});

// -------------------------------------------------------------------------------------------------
// POST /otp/verify (4.5, 7.2)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/verify (4.5, 7.2)', () => {
  req(['op:otp-legacy/verify', 'err:validation_01', 'rule:otp-legacy.verify-marks-verified'], 'the right code answers validation_01 and the number becomes verified', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    const body = expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    expect(body.status).toBe(200);
    // Verified: a second verify and a new send both say so (7.2 validation_06, verification_04).
    expect((await verify(t, phone, code)).body.code, 'the number is verified').toBe('validation_06');
    expect((await t.api('otp-legacy/send', { json: sendBody(t, phone) })).body.code, 'the number is verified').toBe('verification_04');
  }), SENDS);

  req(['err:validation_06'], 'a verify of a number already verified answers validation_06', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    expectError(await verify(t, phone, code), 'validation_06', 'otp-legacy/verify');
  }), SENDS);

  req(['err:validation_05'], 'a wrong code answers validation_05 and does not verify the number', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    expectError(await verify(t, phone, differentCodeLike(code)), 'validation_05', 'otp-legacy/verify');
    expectError(await t.api('otp-legacy/send', { json: sendBody(t, phone) }), 'verification_03', 'otp-legacy/send');
  }), SENDS);

  req(['err:validation_04'], 'a number without any code answers validation_04', async () => {
    expectError(await verify(t, t.phone(), 'A1B2'), 'validation_04', 'otp-legacy/verify');
  });

  req(['err:validation_07'], 'a phone_number that is not 10 digits answers validation_07', async () => {
    const ten = t.phone();
    for (const bad of [ten.slice(0, 9), `${ten}1`, `${ten.slice(0, 8)}ab`]) expectError(await verify(t, bad, 'A1B2'), 'validation_07', 'otp-legacy/verify');
  });

  req(['err:validation_08'], 'verification_code missing or empty answers validation_08', async () => {
    expectError(await t.api('otp-legacy/verify', { json: { phone_number: t.phone() } }), 'validation_08', 'otp-legacy/verify');
    expectError(await verify(t, t.phone(), ''), 'validation_08', 'otp-legacy/verify');
  });

  req(['err:validation_03'], 'wrong codes up to the profile\'s hourly limit answer validation_05, the next one validation_03', onNumbers(1, async (n) => {
    const limit = t.config.profile.capabilities.legacyOtpAttemptLimit!;
    const phone = await n.fresh();
    const { code } = await sendWithCode(t, phone);
    const wrong = differentCodeLike(code);
    for (let i = 1; i <= limit; i++) expectError(await verify(t, phone, wrong), 'validation_05', 'otp-legacy/verify');
    expectError(await verify(t, phone, wrong), 'validation_03', 'otp-legacy/verify');
  }), SENDS);

  reqNotTestable(['err:validation_10'], 'a general failure of verify answers validation_10', 'fault-injection');
});

// -------------------------------------------------------------------------------------------------
// POST /otp/reset (4.5: parameters and response not shown) and the response language (4.5, 9)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/reset and locale', () => {
  req(['op:otp-legacy/reset'], 'reset of a pending number with phone_number and country_code (ambiguity otp-reset-request-shape)', onNumbers(1, async (n) => {
    const phone = await n.fresh();
    await sendWithCode(t, phone);
    const answer = await t.api('otp-legacy/reset', { json: { phone_number: phone, country_code: MEXICO_COUNTRY_CODE } });
    expect(answer.status, 'never a server error').toBeLessThan(500);
    const choice = t.choices['otp-reset-request-shape'];
    const ok = answer.body.success === true;
    observe('otp-reset-request-shape', `HTTP ${answer.status} success=${String(answer.body.success)} code=${String(answer.body.code)}`, choice === 'phone-and-country' ? ok : null);
    if (choice !== 'phone-and-country') return;
    expectSuccess(answer, 'otp-legacy/reset');
    expect(answer.body.success, 'phone-and-country: success=true on a known number').toBe(true);
    // Restarted: the number no longer waits for the old code, so a send is not verification_03.
    const again = await t.api('otp-legacy/send', { json: sendBody(t, phone) });
    observe('otp-reset-request-shape', `send after reset: ${String(again.body.code)}`, again.body.code !== 'verification_03');
    expect(again.body.code, 'a reset verification no longer awaits its code').not.toBe('verification_03');
  }), SENDS);

  req(['rule:otp-legacy.language'], 'locale=en and locale=es: same code, texts per the profile (ambiguity response-language)', async () => {
    const phone = t.phone();
    const es = await verify(t, phone, 'A1B2', { locale: 'es' });
    const en = await verify(t, phone, 'A1B2', { locale: 'en' });
    const none = await verify(t, phone, 'A1B2');
    for (const answer of [es, en, none]) expectError(answer, 'validation_04', 'otp-legacy/verify');
    const differ = es.body.message !== en.body.message;
    const choice = t.choices['response-language'];
    observe('response-language', `es="${String(es.body.message)}" en="${String(en.body.message)}"`, choice === 'locale-honoured' ? differ : choice === 'spanish-only' ? !differ : null);
    expect(none.body.message, 'es is the default locale (4.5)').toBe(es.body.message);
    if (choice === 'locale-honoured') expect(differ, 'locale=en changes the message text').toBe(true);
    if (choice === 'spanish-only') expect(differ, 'texts do not change with locale').toBe(false);
  });
});
