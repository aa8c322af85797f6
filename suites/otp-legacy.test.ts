/**
 * 4.5 (with 2.10, 7.2 and 8): the legacy OTP set under /otp/*. Every test works on numbers in a
 * clean state (per-number state: verification_03, _04; onNumbers below), sends with showcode=1 when
 * it needs the code, and derives every limit from schemas/limits.ts and every wait from the
 * expiration_date it asked for. What POST /otp/reset does (4.5: "listed as restarting", nothing
 * more) is found out once per run, never assumed (harness/kit/otp-legacy-numbers.ts).
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends.
 */
import { describe, expect } from 'vitest';
import {
  type LegacyNumbers,
  expectError,
  expectRefused,
  expectSuccess,
  legacyResetFinding,
  observe,
  optionsToAccept,
  recordBehaviour,
  recordLegacyResetFinding,
  req,
  reqNotTestable,
  SkipTest,
  useTarget,
  warnUnless,
  withLegacyNumbers,
} from '../harness/kit/index.ts';
import { isUnset } from '../schemas/envelope.ts';
import { limitById } from '../schemas/limits.ts';
import {
  DEFAULT_LEGACY_OTP_TEMPLATE,
  LEGACY_OTP_TEMPLATES,
  LegacyOtpSendResult,
  LegacyOtpVerifyResponse,
  renderLegacyOtpTemplate,
  type LegacyOtpTemplateLetter,
} from '../schemas/otp-legacy.ts';
import type { ReportRow } from '../schemas/reports.ts';
import type { CapabilityId } from '../schemas/capabilities.ts';
import {
  EARLY_EXPIRY_SECONDS,
  expirationIn,
  resendBody,
  resendWithCode,
  sendBody,
  sendWithCode,
  SHORT_EXPIRY_SECONDS,
  sendWithCodeExpiringIn,
  verify,
  waitPast,
  without,
} from './support/otp-legacy-flow.ts';
import { differentCodeLike } from './support/otp-legacy-codes.ts';
import { reportRows } from './support/sending-helpers.ts';

const t = useTarget();

const CODE_LENGTH = limitById('otp-legacy-code-length');
const EXPIRY = limitById('otp-legacy-expiry');
const HOUR_MS = 3_600_000;

/** Every test that calls /otp/send or /otp/resend: a charged send outside the embedded target. */
const SENDS = { needs: ['real-delivery'] as CapabilityId[] };

/**
 * A test body on numbers of its own, each asked for in the state the test needs
 * (harness/kit/otp-legacy-numbers.ts): `n.fresh()` a number with no record, `n.pending()` a pending
 * code the kit knows, `n.verified()` a verified number. New ones on the embedded target; on a real
 * target the profile's, held by one test at a time and brought to that state through documented
 * transitions from the state they are in (or a skip saying why none could be). `count`: how many
 * at once; `first`: the state of the test's first ask, to hold the numbers closest to it.
 */
const onNumbers =
  (count: number, body: (numbers: LegacyNumbers) => Promise<void>, first: 'no-record' | 'pending-code' | 'verified' = 'no-record') =>
  (): Promise<void> =>
    withLegacyNumbers(t, count, body, first);

/** A test body on one number whose first ask is a pending code the kit knows (a resend meets one, 4.5; a verify needs one, 7.2). */
const onPendingCode = (body: (numbers: LegacyNumbers) => Promise<void>): (() => Promise<void>) => onNumbers(1, body, 'pending-code');

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
  req(
    ['op:otp-legacy/send', 'err:verification_01', 'rule:otp-legacy.send-fields'],
    'answers verification_01 with total_messages, number, credit, reference and fallback; credit is what the balance lost',
    onNumbers(1, async (n) => {
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
    }),
    SENDS,
  );

  req(
    ['rule:otp-legacy.send-fields'],
    'reference=false leaves the message reference out (4.5)',
    onNumbers(1, async (n) => {
      const body = expectSuccess(
        await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { reference: false }) }),
        'otp-legacy/send',
        LegacyOtpSendResult,
      );
      // How an unset reference is written (absent, null or "") is latitude unset-field.
      expect(isUnset(body.reference), `reference=false: no reference (got ${JSON.stringify(body.reference)})`).toBe(true);
      const withRef = expectSuccess(
        await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { reference: true }) }),
        'otp-legacy/send',
        LegacyOtpSendResult,
      );
      expect(withRef.reference, 'reference=true: the reference').toEqual(expect.stringMatching(/./));
    }),
    SENDS,
  );

  req(
    ['op:otp-legacy/send'],
    'success message: code_successfully_generated or the Spanish text (ambiguity otp-legacy-send-success-message)',
    onNumbers(1, async (n) => {
      const answer = await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh()) });
      const body = expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
      const choice = t.choices['otp-legacy-send-success-message'];
      const isToken = body.message === 'code_successfully_generated';
      observe('otp-legacy-send-success-message', `message=${body.message}`, choice === 'token' ? isToken : body.message.length > 0);
      // 4.5 "message=code_successfully_generated (one page shows the Spanish text form)": the sentence
      // allows both. Only an option observed or declared narrows it; the register's default does not.
      const accepted = optionsToAccept(t.config.profile, 'otp-legacy-send-success-message', ['token', 'any-text']);
      expect(body.message.length, 'a message text (2.1)').toBeGreaterThan(0);
      if (!accepted.includes('any-text')) expect(body.message, 'profile otp-legacy-send-success-message=token').toBe('code_successfully_generated');
      else
        recordBehaviour(
          'success message of /otp/send (4.5: the token, or the Spanish text form of one page)',
          isToken ? 'the token code_successfully_generated' : `a text: "${body.message}"`,
        );
    }),
    SENDS,
  );

  req(
    ['rule:otp-legacy.showcode'],
    'verification_code only with showcode=1; the code returned is the one that verifies',
    onNumbers(1, async (n) => {
      const absent = expectSuccess(
        await t.api('otp-legacy/send', { json: without(sendBody(t, await n.fresh()), 'showcode') }),
        'otp-legacy/send',
        LegacyOtpSendResult,
      );
      expect(isUnset(absent.verification_code), 'showcode absent (default 0): no code').toBe(true);
      const zero = expectSuccess(
        await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { showcode: 0 }) }),
        'otp-legacy/send',
        LegacyOtpSendResult,
      );
      expect(isUnset(zero.verification_code), 'showcode=0: no code').toBe(true);
      const phone = await n.fresh();
      const { code } = await sendWithCode(t, phone);
      expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    }),
    SENDS,
  );
});

// -------------------------------------------------------------------------------------------------
// Templates a to n (4.5)
// -------------------------------------------------------------------------------------------------

/**
 * Whether the target's report lists the legacy OTP messages (4.12: "Returns every message of the
 * period"): undefined until a test has waited for one. The template tests read the text sent from
 * the report; where it does not list them, that text cannot be read, and they are skipped (after
 * one test has waited the whole budget for it, and before they spend a send) instead of failing
 * against the templates of 4.5, which the target may well keep. Whether the report must list them
 * is the test of that name, a warning.
 */
let otpMessagesReported: boolean | undefined;

/**
 * The report row of a legacy OTP message (4.12), waited for within the profile's budget for what
 * the document does not time (it does not say how soon a send is reported), asking again after 1,
 * 2, 4, 8 ... seconds: report requests have a per-account limit whose value is not shown (8), and
 * asking every second could spend it on the wait. Undefined when it is not there, at once when an
 * earlier test waited the whole budget for one in vain.
 */
async function reportedOtpMessage(reference: string, since: number): Promise<ReportRow | undefined> {
  if (otpMessagesReported === false) return undefined;
  const budget = t.config.profile.timeBudgets.untimedWaitSeconds;
  for (let waited = 0, pause = 1; ; pause *= 2) {
    const row = (await reportRows(t, { since })).find((r) => r.reference === reference);
    if (row !== undefined) {
      otpMessagesReported = true;
      return row;
    }
    if (waited >= budget) {
      otpMessagesReported ??= false;
      return undefined;
    }
    const step = Math.min(pause, budget - waited);
    await t.clock.wait(step);
    waited += step;
  }
}

const notReported = (what: string) =>
  new SkipTest(
    `the report does not list the OTP message ${what} (4.12 "every message of the period"; see the ` +
      `test "a legacy OTP message is listed in the report"), so the text it was sent with cannot be read`,
  );

/** Skips a test that reads a sent text from the report once a test waited the whole budget for an OTP message in vain: before it spends a send. */
function textReadable(): void {
  if (otpMessagesReported === false) throw notReported('an earlier test sent');
}

/** The text a legacy OTP message was sent with, read from the report; skips the test where the report does not list it. */
async function textSent(reference: string | null | undefined, since: number): Promise<string> {
  if (typeof reference !== 'string' || reference === '')
    throw new Error('the send returned no reference to find its message in the report (4.5: reference "default true; returns the message reference")');
  const row = await reportedOtpMessage(reference, since);
  if (row === undefined) throw notReported(reference);
  return row.message;
}

describe('templates a to n (4.5)', () => {
  req(
    ['rule:reports.send-listed', 'op:reports/generate'],
    'a legacy OTP message is listed in the report of its period, with its reference and number (4.12: every message of the period)',
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const since = await t.clock.now();
      const { body } = await sendWithCode(t, phone);
      expect(body.reference, 'reference: default true, returns the message reference (4.5)').toEqual(expect.any(String));
      const row = await reportedOtpMessage(body.reference!, since);
      // 4.12 "Returns every message of the period" reads as every message the account sent, OTP codes
      // included; but the report is the "sending report" (2.8: rows with a campaign name), and a careful
      // team can read it as the report of the account's sends, verification codes accounted apart:
      // a warning for an OTP message left out. A row that is there must name its recipient.
      warnUnless('the report of the period lists the legacy OTP message (4.12 "every message of the period"; 2.8 "sending report")', () =>
        expect(row, `the report of the period lists the OTP message ${body.reference}`).toBeDefined(),
      );
      if (row !== undefined) expect(row.number, 'the row names the recipient').toMatch(new RegExp(`${phone}$`));
    }),
    SENDS,
  );

  const letters = Object.keys(LEGACY_OTP_TEMPLATES) as LegacyOtpTemplateLetter[];
  for (const letter of letters) {
    req(
      ['rule:otp-legacy.templates', 'op:reports/generate'],
      `template ${letter}: accepted, and the message sent is its text with {{company}} and {{code}} substituted (report 4.12)`,
      onNumbers(1, async (n) => {
        textReadable();
        const phone = await n.fresh();
        const company = t.name('co');
        const since = await t.clock.now();
        const { body, code } = await sendWithCode(t, phone, { template: letter, company });
        expect(await textSent(body.reference, since), `template ${letter} with {{company}} and {{code}} substituted`).toBe(
          renderLegacyOtpTemplate(letter, { company, code }),
        );
      }),
      SENDS,
    );
  }

  req(
    ['rule:otp-legacy.templates'],
    'without template: the default a, or a refusal (ambiguity otp-legacy-template-required)',
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const company = t.name('co');
      const since = await t.clock.now();
      const answer = await t.api('otp-legacy/send', { json: without(sendBody(t, phone, { company, showcode: 1 }), 'template') });
      const choice = t.choices['otp-legacy-template-required'];
      const accepted = answer.body.success === true;
      observe(
        'otp-legacy-template-required',
        accepted ? `accepted (${String(answer.body.code)})` : `refused (${String(answer.body.code)})`,
        choice === 'optional' ? accepted : !accepted,
      );
      // 4.5 "default a (one page lists it as required)": the document gives both. Only an option
      // observed or declared narrows it; the register's default does not.
      const allowed = optionsToAccept(t.config.profile, 'otp-legacy-template-required', ['optional', 'required']);
      if (!accepted) {
        expect(
          allowed,
          `a send without template was refused (${String(answer.body.code)}), and the profile says otp-legacy-template-required=optional`,
        ).toContain('required');
        expectRefused(answer, 'otp-legacy/send');
        return;
      }
      expect(allowed, 'a send without template was accepted, and the profile says otp-legacy-template-required=required').toContain('optional');
      const body = expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
      expect(await textSent(body.reference, since), 'default template a (4.5)').toBe(
        renderLegacyOtpTemplate(DEFAULT_LEGACY_OTP_TEMPLATE, { company, code: body.verification_code! }),
      );
    }),
    SENDS,
  );

  req(
    ['rule:otp-legacy.templates'],
    'a letter outside a to n is refused; formal_tone=true is accepted with every template (4.5)',
    onNumbers(1, async (n) => {
      const refused = await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { template: 'o' }) });
      expectRefused(refused, 'otp-legacy/send');
      expect(refused.body.code, 'a refusal is not verification_01').not.toBe('verification_01');
      for (const template of ['a', 'n'] as const)
        expectSuccess(
          await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { template, formal_tone: true }) }),
          'otp-legacy/send',
          LegacyOtpSendResult,
        );
    }),
    SENDS,
  );
});

// -------------------------------------------------------------------------------------------------
// Field limits and their codes (4.5, 7.2, 8): the code's length and type; then, in a second describe
// of the same title, the recipient, the sender and the expiry.
// -------------------------------------------------------------------------------------------------

// biome-ignore lint/suspicious/noIdenticalTestTitle: both halves keep the title, so that their tests keep their names (baselines match them)
describe('POST /otp/send: field rules and their codes (7.2)', () => {
  req(
    ['limit:otp-legacy-code-length'],
    `code_length ${CODE_LENGTH.min} to ${CODE_LENGTH.max} gives a code of that length; default ${CODE_LENGTH.default}`,
    onNumbers(1, async (n) => {
      const byDefault = await sendWithCode(t, await n.fresh());
      expect(byDefault.code, `default length ${CODE_LENGTH.default} (8)`).toHaveLength(CODE_LENGTH.default!);
      for (const length of [CODE_LENGTH.min!, CODE_LENGTH.max!]) {
        const { code } = await sendWithCode(t, await n.fresh(), { code_length: length });
        expect(code, `code_length=${length}`).toHaveLength(length);
      }
    }),
    SENDS,
  );

  req(
    ['err:verification_09', 'limit:otp-legacy-code-length'],
    `code_length ${CODE_LENGTH.min! - 1} and ${CODE_LENGTH.max! + 1} answer verification_09`,
    onNumbers(1, async (n) => {
      for (const length of [CODE_LENGTH.min! - 1, CODE_LENGTH.max! + 1])
        expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { code_length: length }) }), 'verification_09', 'otp-legacy/send');
    }),
    SENDS,
  );

  req(
    ['op:otp-legacy/send'],
    'code_type numeric, letters, alphanumeric (default) shape the code (4.5)',
    onNumbers(1, async (n) => {
      const length = CODE_LENGTH.max!;
      const shapes = { numeric: /^\d+$/, letters: /^[A-Za-z]+$/, alphanumeric: /^[A-Za-z0-9]+$/ } as const;
      for (const [codeType, shape] of Object.entries(shapes)) {
        const { code } = await sendWithCode(t, await n.fresh(), { code_type: codeType, code_length: length });
        expect(code, `code_type=${codeType}`).toMatch(shape);
      }
      const { code } = await sendWithCode(t, await n.fresh(), { code_length: length });
      expect(code, 'default alphanumeric').toMatch(shapes.alphanumeric);
    }),
    SENDS,
  );

  req(
    ['err:verification_15'],
    'a code_type outside alphanumeric, numeric, letters answers verification_15',
    onNumbers(1, async (n) => {
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { code_type: 'hex' }) }), 'verification_15', 'otp-legacy/send');
    }),
    SENDS,
  );
});

// -------------------------------------------------------------------------------------------------
// The same rules for the recipient, the sender and the expiry (4.5, 7.2, 8).
// -------------------------------------------------------------------------------------------------

describe('POST /otp/send: field rules and their codes (7.2)', () => {
  req(
    ['err:verification_07'],
    'a phone_number that is not 10 digits answers verification_07 (9, 11 digits, letters)',
    onNumbers(1, async (n) => {
      const ten = await n.fresh();
      for (const bad of [ten.slice(0, 9), `${ten}1`, `${ten.slice(0, 8)}ab`])
        expectError(await t.api('otp-legacy/send', { json: sendBody(t, bad) }), 'verification_07', 'otp-legacy/send');
    }),
    SENDS,
  );

  req(
    ['err:verification_08'],
    'a country_code other than 52 answers verification_08',
    onNumbers(1, async (n) => {
      for (const bad of ['1', '53'])
        expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { country_code: bad }) }), 'verification_08', 'otp-legacy/send');
    }),
    SENDS,
  );

  req(
    ['err:verification_20'],
    'company missing or empty answers verification_20',
    onNumbers(1, async (n) => {
      expectError(await t.api('otp-legacy/send', { json: without(sendBody(t, await n.fresh()), 'company') }), 'verification_20', 'otp-legacy/send');
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { company: '' }) }), 'verification_20', 'otp-legacy/send');
    }),
    SENDS,
  );

  req(
    ['err:verification_11'],
    "company of the profile's maximum length is accepted, one more character answers verification_11",
    onNumbers(1, async (n) => {
      const max = t.config.profile.capabilities.legacyOtpCompanyMax!;
      expectSuccess(
        await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { company: 'C'.repeat(max) }) }),
        'otp-legacy/send',
        LegacyOtpSendResult,
      );
      expectError(
        await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { company: 'C'.repeat(max + 1) }) }),
        'verification_11',
        'otp-legacy/send',
      );
    }),
    SENDS,
  );

  req(
    ['err:verification_13', 'limit:otp-legacy-expiry'],
    `expiration_date malformed or in the past answers verification_13; just under ${EXPIRY.max! / 24} days is accepted`,
    onNumbers(1, async (n) => {
      const past = await expirationIn(t, -120);
      const justUnder = await expirationIn(t, EXPIRY.max! * 3600 - 120);
      for (const bad of ['2030/01/01 10:00', 'tomorrow', past.text])
        expectError(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { expiration_date: bad }) }), 'verification_13', 'otp-legacy/send');
      const phone = await n.fresh();
      const { code } = await sendWithCode(t, phone, { expiration_date: justUnder.text });
      expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    }),
    SENDS,
  );

  req(
    ['limit:otp-legacy-expiry'],
    `expiration_date more than ${EXPIRY.max! / 24} days ahead: refused with verification_13, or accepted (clamped), recorded`,
    onNumbers(1, async (n) => {
      // 4.5 says only "max 3 days"; the current set says "maximum 3 days (larger values are clamped)"
      // (4.4). Refusing (7.2 "_13 bad expiration date") and clamping are both readings: which one
      // the target took is recorded, and neither fails it.
      const tooFar = await expirationIn(t, EXPIRY.max! * 3600 + 120);
      const answer = await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { expiration_date: tooFar.text }) });
      warnUnless('an expiration_date past the maximum is not a server error', () => expect(answer.status).toBeLessThan(500));
      const code = String(answer.body.code);
      const seen = answer.body.success === true ? `accepted (${code}): clamped or kept` : `refused (${code})`;
      recordBehaviour(`/otp/send with expiration_date ${EXPIRY.max! / 24} days and 2 minutes ahead (4.5 "max 3 days")`, seen);
      if (answer.body.success !== true)
        warnUnless('a refusal of an expiration_date past the maximum names verification_13 (7.2 "bad expiration date")', () =>
          expect(code).toBe('verification_13'),
        );
    }),
    SENDS,
  );

  req(
    ['err:verification_18'],
    "the profile's number with an unsupported area code answers verification_18",
    async () => {
      const number = t.config.profile.capabilities.unsupportedAreaCodeNumber!;
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, number) }), 'verification_18', 'otp-legacy/send');
    },
    SENDS,
  );
});

// -------------------------------------------------------------------------------------------------
// Per-number state on send (7.2)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/send: state of the number (7.2)', () => {
  req(
    ['err:verification_03'],
    'a second send while the code awaits verification answers verification_03, and the first code still verifies',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, phone) }), 'verification_03', 'otp-legacy/send');
      expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    }),
    SENDS,
  );

  req(
    ['err:verification_04'],
    'a send to a number already verified answers verification_04',
    onNumbers(
      1,
      async (n) => {
        const phone = await n.verified();
        expectError(await t.api('otp-legacy/send', { json: sendBody(t, phone) }), 'verification_04', 'otp-legacy/send');
      },
      'verified',
    ),
    SENDS,
  );

  // 7.2: only a channel that fails, or an internal fault, provokes these; the kit can trigger neither.
  reqNotTestable(['err:verification_05'], 'a send whose delivery fails answers verification_05', 'delivery-failure');
  reqNotTestable(['err:verification_10'], 'a failure creating the record answers verification_10', 'fault-injection');
});

// -------------------------------------------------------------------------------------------------
// Expiry (7.2, 8): near-future expiration dates, overlapping waits
// -------------------------------------------------------------------------------------------------

describe('expiry (7.2 verification_02, _25, validation_02; 8)', () => {
  /**
   * The codes a send or resend after expiry may answer (ambiguity otp-legacy-expired-send-code): 7.2
   * names _02 and _25 but not the call that meets them, and a target may take that call as the
   * restart and generate a new code. The profile's option when observed or declared; any of them
   * when only defaulted.
   */
  const EXPIRED_CODES = {
    either: ['verification_02', 'verification_25'],
    verification_02: ['verification_02'],
    verification_25: ['verification_25'],
    'new-code': ['verification_01'],
  } as const;
  const expiredCodes = (): string[] =>
    optionsToAccept(t.config.profile, 'otp-legacy-expired-send-code', ['either', 'new-code']).flatMap((option) => [...EXPIRED_CODES[option]]);

  const expectExpiredCode = async (
    operationId: 'otp-legacy/send' | 'otp-legacy/resend',
    json: Record<string, unknown>,
    code: 'verification_02' | 'verification_25',
  ): Promise<void> => {
    const answer = await t.api(operationId, { json });
    const answered = String(answer.body.code);
    const allowed = expiredCodes();
    observe('otp-legacy-expired-send-code', `${operationId} after expiry: ${answered}`, allowed.includes(answered));
    expect(allowed, `${operationId} after expiry (${answer.text.slice(0, 200)})`).toContain(answered);
    if (answered === 'verification_01') {
      // The target's reading: the call after expiry is the restart. What _02 and _25 answer is then
      // not reached by it, so the code's test has nothing to judge: a skip, never a pass.
      expectSuccess(answer, operationId);
      recordBehaviour(`${operationId} after the code expired`, 'a new code was generated (verification_01)');
      throw new SkipTest(
        `this target answers ${operationId} after expiry with a new code (verification_01, ` +
          `ambiguity otp-legacy-expired-send-code=new-code): the situation of ${code} is not reached`,
      );
    }
    expectError(answer, answered, operationId);
  };

  req(
    ['err:verification_02', 'op:otp-legacy/resend'],
    'a resend after the code expired answers verification_02 (or _25, per the profile)',
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const company = t.name('co');
      const { expiry } = await sendWithCodeExpiringIn(t, phone, SHORT_EXPIRY_SECONDS, { company });
      await waitPast(t, expiry.at);
      await expectExpiredCode('otp-legacy/resend', resendBody(phone, company), 'verification_02');
    }),
    { ...SENDS, concurrent: OVERLAP_WAITS },
  );

  req(
    ['err:verification_25'],
    'a send after the code expired without validation answers verification_25 (or _02, per the profile)',
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const { expiry } = await sendWithCodeExpiringIn(t, phone, SHORT_EXPIRY_SECONDS);
      await waitPast(t, expiry.at);
      await expectExpiredCode('otp-legacy/send', sendBody(t, phone), 'verification_25');
    }),
    { ...SENDS, concurrent: OVERLAP_WAITS },
  );

  req(
    ['err:validation_02', 'limit:otp-legacy-expiry'],
    'the right code before its expiration_date is accepted, after it answers validation_02',
    onNumbers(2, async (n) => {
      const early = await n.fresh(0);
      const late = await n.fresh(1);
      // The early code's date is far enough ahead that its verify surely arrives before it, on a
      // busy machine too; the late one's is near, and waited past.
      const first = await sendWithCodeExpiringIn(t, early, EARLY_EXPIRY_SECONDS);
      const second = await sendWithCodeExpiringIn(t, late, SHORT_EXPIRY_SECONDS);
      expectSuccess(await verify(t, early, first.code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
      await waitPast(t, second.expiry.at);
      expectError(await verify(t, late, second.code), 'validation_02', 'otp-legacy/verify');
    }),
    { ...SENDS, concurrent: OVERLAP_WAITS },
  );

  req(
    ['limit:otp-legacy-expiry'],
    `without expiration_date the code lives ${EXPIRY.default} hours (8)`,
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const sentAt = await t.clock.now();
      const { code } = await sendWithCode(t, phone);
      const defaultEnd = sentAt + EXPIRY.default! * HOUR_MS;
      // Two minutes before the default expiry: still pending (a wrong code is wrong, not expired).
      await t.clock.wait((defaultEnd - (await t.clock.now())) / 1000 - 120);
      expectError(await verify(t, phone, differentCodeLike(code)), 'validation_05', 'otp-legacy/verify');
      await t.clock.wait(240);
      expectError(await verify(t, phone, code), 'validation_02', 'otp-legacy/verify');
    }),
    { needs: ['real-delivery', 'test-clock'] },
  );
});

// -------------------------------------------------------------------------------------------------
// POST /otp/resend (4.5)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/resend (4.5)', () => {
  req(
    ['op:otp-legacy/resend', 'rule:otp-legacy.resend-keeps-code'],
    'without reset_code and with reset_code=false the same code is resent; reset_code=true sends a new one and only it verifies',
    onPendingCode(async (n) => {
      // A pending code the kit knows, however it was reached (a send or a resend with showcode=1).
      const first = await n.pending();
      const { phone, company } = first;
      const kept = await resendWithCode(t, phone, company);
      expect(kept.code, 'reset_code absent (default false): same code').toBe(first.code);
      const keptFalse = await resendWithCode(t, phone, company, { reset_code: false });
      expect(keptFalse.code, 'reset_code=false: same code').toBe(first.code);
      const renewed = await resendWithCode(t, phone, company, { reset_code: true, code_length: CODE_LENGTH.max });
      expect(renewed.code, 'reset_code=true: a new random code').not.toBe(first.code);
      expectError(await verify(t, phone, first.code), 'validation_05', 'otp-legacy/verify');
      expectSuccess(await verify(t, phone, renewed.code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
    }),
    SENDS,
  );

  req(
    ['rule:otp-legacy.resend-keeps-code', 'limit:otp-legacy-code-length'],
    'code_length and code_type apply only with reset_code=true',
    onPendingCode(async (n) => {
      const first = await n.pending(0, { attempts: 0 });
      const { phone, company } = first;
      const ignored = await resendWithCode(t, phone, company, { code_length: CODE_LENGTH.max, code_type: 'numeric' });
      expect(ignored.code, 'without reset_code, code_length and code_type are ignored').toBe(first.code);
      const renewed = await resendWithCode(t, phone, company, { reset_code: true, code_length: CODE_LENGTH.max, code_type: 'numeric' });
      expect(renewed.code, 'with reset_code=true they apply').toMatch(new RegExp(`^\\d{${CODE_LENGTH.max}}$`));
    }),
    SENDS,
  );

  req(
    ['op:otp-legacy/resend', 'rule:otp-legacy.whatsapp-fallback'],
    'voice=true is accepted; whatsapp=true falls back to SMS (fallback=true) without a WhatsApp instance',
    onPendingCode(async (n) => {
      const first = await n.pending(0, { attempts: 0 });
      const { phone, company } = first;
      const voice = await resendWithCode(t, phone, company, { voice: true });
      expect(voice.code, 'a voice resend reads the same code').toBe(first.code);
      const whatsapp = await resendWithCode(t, phone, company, { whatsapp: true });
      expect(whatsapp.code).toBe(first.code);
      expect(
        whatsapp.body.fallback,
        t.has('whatsapp-instance') ? 'an active WhatsApp instance: no fallback' : 'no WhatsApp instance: fell back to SMS (4.5, 2.10)',
      ).toBe(!t.has('whatsapp-instance'));
    }),
    SENDS,
  );

  req(
    ['err:verification_12'],
    'a voice value that is not a boolean answers verification_12',
    onPendingCode(async (n) => {
      // A resend meets a pending code (4.5), whichever: these refusals are of a field, not of the state.
      const { phone, company } = await n.pending(0, { attempts: 0 });
      expectError(await t.api('otp-legacy/resend', { json: resendBody(phone, company, { voice: 'call' }) }), 'verification_12', 'otp-legacy/resend');
    }),
    SENDS,
  );

  req(
    ['err:verification_14'],
    'a reset_code value that is not a boolean answers verification_14',
    onPendingCode(async (n) => {
      // A resend meets a pending code (4.5), whichever: these refusals are of a field, not of the state.
      const { phone, company } = await n.pending(0, { attempts: 0 });
      expectError(await t.api('otp-legacy/resend', { json: resendBody(phone, company, { reset_code: 'again' }) }), 'verification_14', 'otp-legacy/resend');
    }),
    SENDS,
  );

  req(
    ['err:verification_20', 'err:verification_07'],
    'resend requires company (verification_20) and a 10-digit phone_number (verification_07)',
    onPendingCode(async (n) => {
      // A resend meets a pending code (4.5), whichever: these refusals are of a field, not of the state.
      const { phone, company } = await n.pending(0, { attempts: 0 });
      expectError(await t.api('otp-legacy/resend', { json: without(resendBody(phone, company), 'company') }), 'verification_20', 'otp-legacy/resend');
      expectError(await t.api('otp-legacy/resend', { json: resendBody(phone.slice(0, 9), company) }), 'verification_07', 'otp-legacy/resend');
    }),
    SENDS,
  );
});

// -------------------------------------------------------------------------------------------------
// POST /otp/verify (4.5, 7.2)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/verify (4.5, 7.2)', () => {
  req(
    ['op:otp-legacy/verify', 'err:validation_01', 'rule:otp-legacy.verify-marks-verified'],
    'the right code answers validation_01 and the number becomes verified',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      const body = expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
      expect(body.status).toBe(200);
      // Verified: a second verify and a new send both say so (7.2 validation_06, verification_04).
      expect((await verify(t, phone, code)).body.code, 'the number is verified').toBe('validation_06');
      expect((await t.api('otp-legacy/send', { json: sendBody(t, phone) })).body.code, 'the number is verified').toBe('verification_04');
    }),
    SENDS,
  );

  req(
    ['err:validation_06'],
    'a verify of a number already verified answers validation_06',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      expectSuccess(await verify(t, phone, code), 'otp-legacy/verify', LegacyOtpVerifyResponse);
      expectError(await verify(t, phone, code), 'validation_06', 'otp-legacy/verify');
    }),
    SENDS,
  );

  req(
    ['err:validation_05'],
    'a wrong code answers validation_05 and does not verify the number',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      expectError(await verify(t, phone, differentCodeLike(code)), 'validation_05', 'otp-legacy/verify');
      expectError(await t.api('otp-legacy/send', { json: sendBody(t, phone) }), 'verification_03', 'otp-legacy/send');
    }),
    SENDS,
  );

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

  req(
    ['err:validation_03'],
    "wrong codes up to the profile's hourly limit answer validation_05, the next one validation_03",
    onPendingCode(async (n) => {
      const limit = t.config.profile.capabilities.legacyOtpAttemptLimit!;
      // 7.2 "attempts per hour": a number no wrong code of this run reached within the hour, whatever a new code does to the count.
      const { phone, code } = await n.pending(0, { attempts: limit });
      const wrong = differentCodeLike(code);
      for (let i = 1; i <= limit; i++) expectError(await verify(t, phone, wrong), 'validation_05', 'otp-legacy/verify');
      expectError(await verify(t, phone, wrong), 'validation_03', 'otp-legacy/verify');
    }),
    SENDS,
  );

  reqNotTestable(['err:validation_10'], 'a general failure of verify answers validation_10', 'fault-injection');
});

// -------------------------------------------------------------------------------------------------
// POST /otp/reset (4.5: parameters and response not shown) and the response language (4.5, 9)
// -------------------------------------------------------------------------------------------------

describe('POST /otp/reset and locale', () => {
  req(
    ['op:otp-legacy/reset'],
    'reset of a pending number with phone_number and country_code: its answer, and what it leaves behind (ambiguity otp-reset-request-shape)',
    async () => {
      // 4.5 gives neither the parameters nor the response, and "restarting" reads both as leaving
      // the number clean and as starting a new verification: the run finds out once which one this
      // target does (a pending number reset, then sent a code: verification_01 or verification_03),
      // and this test records it. Nothing of it can fail the target.
      const { finding, probedHere } = await legacyResetFinding(t);
      if (!probedHere) recordLegacyResetFinding(finding);
      if (finding.resetStatus !== null) warnUnless('POST /otp/reset is not answered with a server error', () => expect(finding.resetStatus).toBeLessThan(500));
    },
    SENDS,
  );

  req(['rule:otp-legacy.language'], 'locale=en and locale=es: same code, texts per the profile (ambiguity response-language)', async () => {
    const phone = t.phone();
    const es = await verify(t, phone, 'A1B2', { locale: 'es' });
    const en = await verify(t, phone, 'A1B2', { locale: 'en' });
    const none = await verify(t, phone, 'A1B2');
    for (const answer of [es, en, none]) expectError(answer, 'validation_04', 'otp-legacy/verify');
    const differ = es.body.message !== en.body.message;
    const choice = t.choices['response-language'];
    observe(
      'response-language',
      `es="${String(es.body.message)}" en="${String(en.body.message)}"`,
      choice === 'locale-honoured' ? differ : choice === 'spanish-only' ? !differ : null,
    );
    expect(none.body.message, 'es is the default locale (4.5)').toBe(es.body.message);
    if (choice === 'locale-honoured') expect(differ, 'locale=en changes the message text').toBe(true);
    if (choice === 'spanish-only') expect(differ, 'texts do not change with locale').toBe(false);
  });
});
