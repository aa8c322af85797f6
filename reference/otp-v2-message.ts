/**
 * 4.4 `message` at send time, as the reference server checks it: the text with {{company}} and
 * {{code}} substituted, and whether that text, with the code actually being sent, is GSM-7 and at
 * most 160 characters (7.3 otp_message_invalid; the hint gives the excess). The placeholder and
 * alphabet rules a request can be checked against without a code are the schema's
 * (schemas/otp-v2.ts otpMessageTemplateProblem).
 */
import { isGsm7, nonGsm7Characters } from '../schemas/formats.ts';
import { OTP_MESSAGE_PLACEHOLDERS, otpMessageTemplateProblem } from '../schemas/otp-v2.ts';
import { OTP_V2_RULES } from '../schemas/otp-v2-transitions.ts';

/** 4.4: {{company}} and {{code}} substituted. */
export const expandOtpMessage = (message: string, company: string, code: string): string =>
  message.split(OTP_MESSAGE_PLACEHOLDERS.company).join(company).split(OTP_MESSAGE_PLACEHOLDERS.code).join(code);

/**
 * 4.4, 7.3: the message with the code actually being sent must be GSM-7 and at most 160
 * characters; on failure the hint gives the excess.
 */
export function otpMessageProblem(
  message: string,
  company: string,
  code: string,
  maxLength: number = OTP_V2_RULES.maxMessageLength,
): { reason: string; excess?: number } | undefined {
  const template = otpMessageTemplateProblem(message);
  if (template) return { reason: template };
  const expanded = expandOtpMessage(message, company, code);
  if (!isGsm7(expanded)) return { reason: `expanded message has non-GSM-7 characters: ${nonGsm7Characters(expanded).join(' ')}` };
  const excess = expanded.length - maxLength;
  return excess > 0 ? { reason: `expanded message is ${expanded.length} characters, ${excess} over ${maxLength}`, excess } : undefined;
}
