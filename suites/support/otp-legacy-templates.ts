/**
 * The templates a to n of 4.5: a code sent with a template (or without one, ambiguity
 * otp-legacy-template-required) and the text it went out with, read from the report of its period
 * (4.12, support/otp-legacy-report-texts.ts) and compared with the template's text with {{company}}
 * and {{code}} substituted (schemas/otp-legacy.ts).
 */
import type { LegacyNumbers, Target } from '../../harness/kit/index.ts';
import { DEFAULT_LEGACY_OTP_TEMPLATE, renderLegacyOtpTemplate, type LegacyOtpTemplateLetter } from '../../schemas/otp-legacy.ts';
import { sendBody, sendWithCode, without } from './otp-legacy-flow.ts';
import { acceptedWithoutTemplate } from './otp-legacy-readings.ts';
import type { ReportedOtpTexts } from './otp-legacy-report-texts.ts';

/**
 * A code sent with template `letter` went out as that template's text, with a company of the test's
 * own and the code; skipped before it spends a send where the report was seen not to list OTP messages.
 */
export async function expectTemplateText(t: Target, report: ReportedOtpTexts, n: LegacyNumbers, letter: LegacyOtpTemplateLetter): Promise<void> {
  report.textReadable();
  const phone = await n.fresh();
  const company = t.name('co');
  const since = await t.clock.now();
  const { body, code } = await sendWithCode(t, phone, { template: letter, company });
  const expected = renderLegacyOtpTemplate(letter, { company, code });
  await report.expectSentText(body.reference, since, expected, `template ${letter} with {{company}} and {{code}} substituted`);
}

/** A code sent to `phone` without template is refused as the profile allows, or went out as the text of the default template a (4.5). */
export async function expectDefaultTemplate(t: Target, report: ReportedOtpTexts, phone: string): Promise<void> {
  const company = t.name('co');
  const since = await t.clock.now();
  const answer = await t.api('otp-legacy/send', { json: without(sendBody(t, phone, { company, showcode: 1 }), 'template') });
  const body = acceptedWithoutTemplate(t, answer);
  if (body === undefined) return;
  const expected = renderLegacyOtpTemplate(DEFAULT_LEGACY_OTP_TEMPLATE, { company, code: body.verification_code! });
  await report.expectSentText(body.reference, since, expected, 'default template a (4.5)');
}
