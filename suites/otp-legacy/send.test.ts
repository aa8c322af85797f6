/**
 * 4.5 POST /otp/send (with 2.10): the success answer of the legacy OTP send (verification_01 with
 * total_messages, number, credit, reference and fallback; reference=false, showcode), and the
 * templates a to n, whose text is read from the report of its period (4.12:
 * support/otp-legacy-report-texts.ts, one reader for this file). Every test works on numbers in a clean state
 * (per-number state: verification_03, _04; support/otp-legacy-held-numbers.ts) and sends with
 * showcode=1 when it needs the code.
 *
 * Legacy OTP sends are never sandbox (4.5 has no sandbox field): against a target other than the
 * embedded one they are charged, hence `needs: ['real-delivery']` on every test that sends
 * (support/otp-legacy-sends.ts).
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { isUnset } from '../../schemas/envelope.ts';
import { LEGACY_OTP_TEMPLATES, type LegacyOtpTemplateLetter } from '../../schemas/otp-legacy.ts';
import { acceptedSend, acceptedVerify, expectSendResult } from '../support/otp-legacy-answers.ts';
import { sendBody, sendWithCode, without } from '../support/otp-legacy-flow.ts';
import { heldNumbers } from '../support/otp-legacy-held-numbers.ts';
import { expectSuccessMessage } from '../support/otp-legacy-readings.ts';
import { ReportedOtpTexts } from '../support/otp-legacy-report-texts.ts';
import { SENDS } from '../support/otp-legacy-sends.ts';
import { expectDefaultTemplate, expectTemplateText } from '../support/otp-legacy-templates.ts';

const t = useTarget();
const { onNumbers } = heldNumbers(t);
const report = new ReportedOtpTexts(t);

// ---- POST /otp/send: success contract (4.5, 2.10) -----------------------------------------------

describe('POST /otp/send: success (4.5, 2.10)', () => {
  req(
    ['op:otp-legacy/send', 'err:verification_01', 'rule:otp-legacy.send-fields'],
    'answers verification_01 with total_messages, number, credit, reference and fallback; credit is what the balance lost',
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const before = await t.credits();
      const body = await acceptedSend(t, sendBody(t, phone));
      expectSendResult(body, phone);
      const after = await t.credits();
      // 1: "sending operations consume it"; 2.2 credit: credits consumed (the legacy answer carries it, 2.10).
      judge('rule:sms.charges-credits', 'credit is what the balance lost (2.2, 2.10)', () =>
        expect(before - after, 'credit is the credits consumed (2.2, 2.10)').toBeCloseTo(body.credit, 2),
      );
      judge('rule:sms.charges-credits', 'a sent code is charged (1)', () => expect(body.credit, 'a sent code is charged').toBeGreaterThan(0));
    }),
    SENDS,
  );

  req(
    ['rule:otp-legacy.send-fields'],
    'reference=false leaves the message reference out (4.5)',
    onNumbers(1, async (n) => {
      const body = await acceptedSend(t, sendBody(t, await n.fresh(), { reference: false }));
      // How an unset reference is written (absent, null or "") is latitude unset-field.
      judge('rule:otp-legacy.send-fields', 'reference=false: no message reference (4.5)', () =>
        expect(isUnset(body.reference), `reference=false: no reference (got ${JSON.stringify(body.reference)})`).toBe(true),
      );
      const withRef = await acceptedSend(t, sendBody(t, await n.fresh(), { reference: true }));
      judge('rule:otp-legacy.send-fields', 'reference=true: the message reference (4.5)', () =>
        expect(withRef.reference, 'reference=true: the reference').toEqual(expect.stringMatching(/./)),
      );
    }),
    SENDS,
  );

  req(
    ['op:otp-legacy/send'],
    'success message: code_successfully_generated or the Spanish text (ambiguity otp-legacy-send-success-message)',
    onNumbers(1, async (n) => expectSuccessMessage(t, await acceptedSend(t, sendBody(t, await n.fresh())))),
    SENDS,
  );

  req(
    ['rule:otp-legacy.showcode'],
    'verification_code only with showcode=1; the code returned is the one that verifies',
    onNumbers(1, async (n) => {
      const absent = await acceptedSend(t, without(sendBody(t, await n.fresh()), 'showcode'));
      judge('rule:otp-legacy.showcode', 'showcode absent (default 0): no code (4.5)', () =>
        expect(isUnset(absent.verification_code), 'showcode absent (default 0): no code').toBe(true),
      );
      const zero = await acceptedSend(t, sendBody(t, await n.fresh(), { showcode: 0 }));
      judge('rule:otp-legacy.showcode', 'showcode=0: no code (4.5)', () => expect(isUnset(zero.verification_code), 'showcode=0: no code').toBe(true));
      const phone = await n.fresh();
      const { code } = await sendWithCode(t, phone);
      await acceptedVerify(t, phone, code);
    }),
    SENDS,
  );
});

// ---- Templates a to n (4.5), their text read from the report (4.12: support/otp-legacy-report-texts.ts)

describe('templates a to n (4.5)', () => {
  req(
    ['rule:reports.send-listed', 'op:reports/generate', 'rule:reports.lists-legacy-otp'],
    'a legacy OTP message is listed in the report of its period, with its reference and number (4.12: every message of the period)',
    onNumbers(1, async (n) => {
      const phone = await n.fresh();
      const since = await t.clock.now();
      const { body } = await sendWithCode(t, phone);
      judge('rule:otp-legacy.send-fields', 'the send answer carries its reference', () =>
        expect(body.reference, 'reference: default true, returns the message reference (4.5)').toEqual(expect.any(String)),
      );
      await report.expectListed(body.reference!, phone, since);
    }),
    SENDS,
  );

  const letters = Object.keys(LEGACY_OTP_TEMPLATES) as LegacyOtpTemplateLetter[];
  for (const letter of letters) {
    req(
      ['rule:otp-legacy.templates', 'op:reports/generate'],
      `template ${letter}: accepted, and the message sent is its text with {{company}} and {{code}} substituted (report 4.12)`,
      onNumbers(1, (n) => expectTemplateText(t, report, n, letter)),
      SENDS,
    );
  }

  req(
    ['rule:otp-legacy.templates'],
    'without template: the default a, or a refusal (ambiguity otp-legacy-template-required)',
    onNumbers(1, async (n) => expectDefaultTemplate(t, report, await n.fresh())),
    SENDS,
  );

  req(
    ['rule:otp-legacy.templates'],
    'a letter outside a to n is refused; formal_tone=true is accepted with every template (4.5)',
    onNumbers(1, async (n) => {
      const refused = await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { template: 'o' }) });
      expectRefused('rule:otp-legacy.templates', refused, 'otp-legacy/send');
      judge('rule:otp-legacy.templates', 'a refused template is not verification_01 (4.5, 7.2)', () =>
        expect(refused.body.code, 'a refusal is not verification_01').not.toBe('verification_01'),
      );
      for (const template of ['a', 'n'] as const) await acceptedSend(t, sendBody(t, await n.fresh(), { template, formal_tone: true }));
    }),
    SENDS,
  );
});
