/**
 * Where 4.5 allows more than one reading, what a legacy OTP target did, judged against every reading
 * the document allows: the success message of a send, a send without template, the response
 * language, an expiration_date past the maximum. An ambiguity of the register is narrowed only by an
 * option observed or declared in the profile, never by the register's default.
 */
import { expect } from 'vitest';
import { type Answer, expectRefused, expectSuccess, judge, optionsToAccept, type Target } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { LegacyOtpSendResult } from '../../schemas/otp-legacy.ts';

const EXPIRY = limitById('otp-legacy-expiry');

/** The message of an accepted send: code_successfully_generated or a text (ambiguity otp-legacy-send-success-message). */
export function expectSuccessMessage(t: Target, body: LegacyOtpSendResult): void {
  const choice = t.choices['otp-legacy-send-success-message'];
  const isToken = body.message === 'code_successfully_generated';
  judge('otp-legacy-send-success-message', `message=${body.message}`, choice === 'token' ? isToken : body.message.length > 0);
  // 4.5 "message=code_successfully_generated (one page shows the Spanish text form)": the sentence
  // allows both. Only an option observed or declared narrows it; the register's default does not.
  const accepted = optionsToAccept(t.config.profile, 'otp-legacy-send-success-message', ['token', 'any-text']);
  judge('op:otp-legacy/send', 'the success answer has a message (4.5, 2.1)', () => expect(body.message.length, 'a message text (2.1)').toBeGreaterThan(0));
  if (!accepted.includes('any-text'))
    judge('op:otp-legacy/send', 'the success message is code_successfully_generated (4.5, profile)', () =>
      expect(body.message, 'profile otp-legacy-send-success-message=token').toBe('code_successfully_generated'),
    );
  else
    judge(
      'otp-legacy-send-success-message',
      'success message of /otp/send (4.5: the token, or the Spanish text form of one page)',
      isToken ? 'the token code_successfully_generated' : `a text: "${body.message}"`,
    );
}

/**
 * The answer to a send without template: accepted (the default a) or refused (ambiguity
 * otp-legacy-template-required), as the profile allows. Returns the body of an accepted send, whose
 * text the test then reads; undefined for a refusal, judged here.
 */
export function acceptedWithoutTemplate(t: Target, answer: Answer): LegacyOtpSendResult | undefined {
  const choice = t.choices['otp-legacy-template-required'];
  const accepted = answer.body.success === true;
  judge(
    'otp-legacy-template-required',
    accepted ? `accepted (${String(answer.body.code)})` : `refused (${String(answer.body.code)})`,
    choice === 'optional' ? accepted : !accepted,
  );
  // 4.5 "default a (one page lists it as required)": the document gives both. Only an option
  // observed or declared narrows it; the register's default does not.
  const allowed = optionsToAccept(t.config.profile, 'otp-legacy-template-required', ['optional', 'required']);
  if (!accepted) {
    judge('rule:otp-legacy.templates', 'a send without template is refused only where the profile allows it (4.5)', () =>
      expect(
        allowed,
        `a send without template was refused (${String(answer.body.code)}), and the profile says otp-legacy-template-required=optional`,
      ).toContain('required'),
    );
    expectRefused('rule:otp-legacy.templates', answer, 'otp-legacy/send');
    return undefined;
  }
  judge('rule:otp-legacy.templates', 'a send without template is accepted only where the profile allows it (4.5)', () =>
    expect(allowed, 'a send without template was accepted, and the profile says otp-legacy-template-required=required').toContain('optional'),
  );
  return expectSuccess(answer, 'otp-legacy/send', LegacyOtpSendResult);
}

/** The same verify answered with locale=es, locale=en and without locale: its texts per the profile (ambiguity response-language; 4.5: es the default). */
export function expectTextsPerLocale(t: Target, es: Answer, en: Answer, none: Answer): void {
  const differ = es.body.message !== en.body.message;
  const choice = t.choices['response-language'];
  judge(
    'response-language',
    `es="${String(es.body.message)}" en="${String(en.body.message)}"`,
    choice === 'locale-honoured' ? differ : choice === 'spanish-only' ? !differ : null,
  );
  // A reading (warn): its first failure is the test's one warning, as it was when it ended the test.
  if (
    !judge('rule:otp-legacy.language', 'es is the default locale (4.5)', () =>
      expect(none.body.message, 'es is the default locale (4.5)').toBe(es.body.message),
    )
  )
    return;
  if (choice === 'locale-honoured')
    judge('rule:otp-legacy.language', 'locale=en changes the message text (4.5, profile)', () =>
      expect(differ, 'locale=en changes the message text').toBe(true),
    );
  if (choice === 'spanish-only')
    judge('rule:otp-legacy.language', 'texts do not change with locale (9, profile)', () => expect(differ, 'texts do not change with locale').toBe(false));
}

/** The answer to a send whose expiration_date is past the maximum of 4.5: recorded, with warnings only. */
export function recordExpiryPastMaximum(answer: Answer): void {
  // 4.5 says only "max 3 days"; the current set says "maximum 3 days (larger values are clamped)"
  // (4.4). Refusing (7.2 "_13 bad expiration date") and clamping are both readings: which one
  // the target took is recorded, and neither fails it.
  judge('rule:envelope.no-server-error', 'an expiration_date past the maximum is not a server error', () => expect(answer.status).toBeLessThan(500));
  const code = String(answer.body.code);
  const seen = answer.body.success === true ? `accepted (${code}): clamped or kept` : `refused (${code})`;
  judge('invalid-input', `/otp/send with expiration_date ${EXPIRY.max! / 24} days and 2 minutes ahead (4.5 "max 3 days")`, seen);
  if (answer.body.success !== true)
    judge('rule:otp-legacy.expiry-refusal-code', 'a refusal of an expiration_date past the maximum names verification_13 (7.2 "bad expiration date")', () =>
      expect(code).toBe('verification_13'),
    );
}
