/**
 * 4.5 POST /otp/send, its fields and the codes 7.2 gives their refusals (with the limits of 8): the
 * code's length and type; the recipient, the sender and the expiry (each limit from schemas/limits.ts,
 * each wait from the expiration_date the test asked for); and the per-number state a send meets
 * (7.2 verification_03, _04). Every test works on numbers in the state it asks for
 * (support/otp-legacy-held-numbers.ts).
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends
 * (support/otp-legacy-sends.ts).
 */
import { describe } from 'vitest';
import { req, reqNotTestable, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { acceptedSend, acceptedVerify, refusedSend } from '../support/otp-legacy-answers.ts';
import { expectCodeLengths, expectCodeTypes } from '../support/otp-legacy-code-shapes.ts';
import { expirationIn, sendBody, sendWithCode, without } from '../support/otp-legacy-flow.ts';
import { heldNumbers } from '../support/otp-legacy-held-numbers.ts';
import { recordExpiryPastMaximum } from '../support/otp-legacy-readings.ts';
import { SENDS } from '../support/otp-legacy-sends.ts';

const t = useTarget();
const { onNumbers, onPendingCode } = heldNumbers(t);

const CODE_LENGTH = limitById('otp-legacy-code-length');
const EXPIRY = limitById('otp-legacy-expiry');

// ---- Field limits and their codes (4.5, 7.2, 8): the code's length and type; then, in a second describe
// of the same title, the recipient, the sender and the expiry.

// biome-ignore lint/suspicious/noIdenticalTestTitle: both halves keep the title, so that their tests keep their names (baselines match them)
describe('POST /otp/send: field rules and their codes (7.2)', () => {
  req(
    ['limit:otp-legacy-code-length'],
    `code_length ${CODE_LENGTH.min} to ${CODE_LENGTH.max} gives a code of that length; default ${CODE_LENGTH.default}`,
    onNumbers(1, async (n) => expectCodeLengths(t, n)),
    SENDS,
  );

  req(
    ['err:verification_09', 'limit:otp-legacy-code-length'],
    `code_length ${CODE_LENGTH.min! - 1} and ${CODE_LENGTH.max! + 1} answer verification_09`,
    onNumbers(1, async (n) => {
      for (const length of [CODE_LENGTH.min! - 1, CODE_LENGTH.max! + 1])
        await refusedSend(t, sendBody(t, await n.fresh(), { code_length: length }), 'verification_09', 'err:verification_09');
    }),
    SENDS,
  );

  req(
    ['op:otp-legacy/send'],
    'code_type numeric, letters, alphanumeric (default) shape the code (4.5)',
    onNumbers(1, async (n) => expectCodeTypes(t, n)),
    SENDS,
  );

  req(
    ['err:verification_15'],
    'a code_type outside alphanumeric, numeric, letters answers verification_15',
    onNumbers(1, async (n) => refusedSend(t, sendBody(t, await n.fresh(), { code_type: 'hex' }), 'verification_15', 'err:verification_15')),
    SENDS,
  );
});

// ---- The same rules for the recipient, the sender and the expiry (4.5, 7.2, 8) ------------------

describe('POST /otp/send: field rules and their codes (7.2)', () => {
  req(
    ['err:verification_07'],
    'a phone_number that is not 10 digits answers verification_07 (9, 11 digits, letters)',
    onNumbers(1, async (n) => {
      const ten = await n.fresh();
      for (const bad of [ten.slice(0, 9), `${ten}1`, `${ten.slice(0, 8)}ab`]) await refusedSend(t, sendBody(t, bad), 'verification_07', 'err:verification_07');
    }),
    SENDS,
  );

  req(
    ['err:verification_08'],
    'a country_code other than 52 answers verification_08',
    onNumbers(1, async (n) => {
      for (const bad of ['1', '53']) await refusedSend(t, sendBody(t, await n.fresh(), { country_code: bad }), 'verification_08', 'err:verification_08');
    }),
    SENDS,
  );

  req(
    ['err:verification_20'],
    'company missing or empty answers verification_20',
    onNumbers(1, async (n) => {
      await refusedSend(t, without(sendBody(t, await n.fresh()), 'company'), 'verification_20', 'err:verification_20');
      await refusedSend(t, sendBody(t, await n.fresh(), { company: '' }), 'verification_20', 'err:verification_20');
    }),
    SENDS,
  );

  req(
    ['err:verification_11'],
    "company of the profile's maximum length is accepted, one more character answers verification_11",
    onNumbers(1, async (n) => {
      const max = t.config.profile.capabilities.legacyOtpCompanyMax!;
      await acceptedSend(t, sendBody(t, await n.fresh(), { company: 'C'.repeat(max) }));
      await refusedSend(t, sendBody(t, await n.fresh(), { company: 'C'.repeat(max + 1) }), 'verification_11', 'err:verification_11');
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
        await refusedSend(t, sendBody(t, await n.fresh(), { expiration_date: bad }), 'verification_13', 'err:verification_13');
      const phone = await n.fresh();
      const { code } = await sendWithCode(t, phone, { expiration_date: justUnder.text });
      await acceptedVerify(t, phone, code);
    }),
    SENDS,
  );

  req(
    ['limit:otp-legacy-expiry', 'rule:envelope.no-server-error', 'rule:otp-legacy.expiry-refusal-code'],
    `expiration_date more than ${EXPIRY.max! / 24} days ahead: refused with verification_13, or accepted (clamped), recorded`,
    onNumbers(1, async (n) => {
      const tooFar = await expirationIn(t, EXPIRY.max! * 3600 + 120);
      recordExpiryPastMaximum(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { expiration_date: tooFar.text }) }));
    }),
    SENDS,
  );

  req(
    ['err:verification_18'],
    "the profile's number with an unsupported area code answers verification_18",
    () => refusedSend(t, sendBody(t, t.config.profile.capabilities.unsupportedAreaCodeNumber!), 'verification_18', 'err:verification_18'),
    SENDS,
  );
});

// ---- Per-number state on send (7.2) -------------------------------------------------------------

describe('POST /otp/send: state of the number (7.2)', () => {
  req(
    ['err:verification_03'],
    'a second send while the code awaits verification answers verification_03, and the first code still verifies',
    onPendingCode(async (n) => {
      const { phone, code } = await n.pending(0, { attempts: 1 });
      await refusedSend(t, sendBody(t, phone), 'verification_03', 'err:verification_03');
      await acceptedVerify(t, phone, code);
    }),
    SENDS,
  );

  req(
    ['err:verification_04'],
    'a send to a number already verified answers verification_04',
    onNumbers(1, async (n) => refusedSend(t, sendBody(t, await n.verified()), 'verification_04', 'err:verification_04'), 'verified'),
    SENDS,
  );

  // 7.2: only a channel that fails, or an internal fault, provokes these; the kit can trigger neither.
  reqNotTestable(['err:verification_05'], 'a send whose delivery fails answers verification_05', 'delivery-failure');
  reqNotTestable(['err:verification_10'], 'a failure creating the record answers verification_10', 'fault-injection');
});
