/**
 * Section 4.5, 2.10 (legacy fields) and 7.2 (legacy codes): the legacy OTP set under /otp/*.
 * The result codes of 7.2 live in error-codes.ts; the registry attaches them.
 */
import { z } from 'zod';
import { successBody, unsettable } from './envelope.ts';
import { digits, dateTimeTextWithoutExample, flag01 } from './formats.ts';
import { limitById } from './limits.ts';
import type { OperationDefinition } from './operation.ts';
import { MEXICO_COUNTRY_CODE, senderId } from './sms.ts';

// ---------------------------------------------------------------------------------------------
// Templates (4.5): the table a..n as data, and its rendering.
// ---------------------------------------------------------------------------------------------

/** 4.5: "Templates (a to n), with {{company}} and {{code}} substituted". Texts as the document gives them. */
export const LEGACY_OTP_TEMPLATES = {
  a: '{{company}} El codigo de verificacion es: {{code}}',
  b: 'Ingresa el siguiente codigo en tu app de {{company}} para validar tu cuenta: {{code}}',
  c: 'Ingresa el codigo {{code}} para activar tu cuenta de {{company}}',
  d: 'El codigo de autenticacion para {{company}} es: {{code}}',
  e: 'Captura el codigo {{code}} para activar tu cuenta {{company}}',
  f: '{{company}} Tu codigo es: {{code}}',
  g: 'Tu codigo de confirmacion {{company}} es: {{code}}',
  h: '{{code}} es tu codigo de verificacion de {{company}}',
  i: '{{code}} es tu codigo para iniciar sesion en {{company}}',
  j: 'Tu codigo de activacion para {{company}} es el {{code}}',
  k: '{{company}}: {{code}} es tu codigo de seguridad',
  l: 'Tu codigo de verificacion {{company}} es: {{code}} No compartas este codigo con nadie.',
  m: 'Tu codigo {{company}} es: {{code}}',
  n: 'Usa la clave {{code}} para ingresar a {{company}}',
} as const;
export type LegacyOtpTemplateLetter = keyof typeof LEGACY_OTP_TEMPLATES;
const LEGACY_OTP_TEMPLATE_LETTERS = Object.keys(LEGACY_OTP_TEMPLATES) as [LegacyOtpTemplateLetter, ...LegacyOtpTemplateLetter[]];

/** 4.5: template "default a". */
export const DEFAULT_LEGACY_OTP_TEMPLATE = 'a' satisfies LegacyOtpTemplateLetter;

/**
 * The text of template `letter` with {{company}} and {{code}} substituted (4.5). formal_tone
 * "switches address without changing the template"; the formal wording is not shown, so this
 * renders the table's text.
 */
export function renderLegacyOtpTemplate(letter: LegacyOtpTemplateLetter, values: { company: string; code: string }): string {
  // Replacement functions, so that a `$` in company or code is taken literally.
  return LEGACY_OTP_TEMPLATES[letter].replaceAll('{{company}}', () => values.company).replaceAll('{{code}}', () => values.code);
}

export const LegacyOtpTemplate = z.enum(LEGACY_OTP_TEMPLATE_LETTERS).meta({
  description: 'Template a to n (table of section 4.5); default a (one page lists it as required)',
  example: 'a',
});

// ---------------------------------------------------------------------------------------------
// Field schemas shared by send and resend (4.5).
// ---------------------------------------------------------------------------------------------

const CODE_LENGTH = limitById('otp-legacy-code-length');
const EXPIRY_MAX_HOURS = limitById('otp-legacy-expiry').max!;

/** 4.5: "phone_number: 10 digits". */
const legacyPhoneNumber = digits(10).meta({ description: '10 digits', example: '5512345678' });
/** 4.5: "country_code: always 52". */
const legacyCountryCode = z.literal(MEXICO_COUNTRY_CODE).meta({ description: 'Always 52' });
/** 4.5 locale: "response language, default es". */
export const LegacyOtpLocale = z.enum(['es', 'en']).meta({ description: 'Response language, default es' });
/** 4.5 code_type (send and resend). */
export const LegacyOtpCodeType = z.enum(['alphanumeric', 'numeric', 'letters']);

const legacyCodeLength = z.number().int().min(CODE_LENGTH.min!).max(CODE_LENGTH.max!);

/** The optional fields that resend takes "as in send" (4.5). */
const sendAndResendFields = {
  template: LegacyOtpTemplate.optional(),
  formal_tone: z.boolean().optional().meta({ description: 'Default false; switches address without changing the template' }),
  // No example: within 3 days from now (not clamped, 4.5), no fixed date stays valid.
  expiration_date: dateTimeTextWithoutExample.optional().meta({ description: `YYYY-MM-DD HH:mm:ss, default 24 h, max ${EXPIRY_MAX_HOURS / 24} days` }),
  locale: LegacyOtpLocale.optional(),
  showcode: flag01.optional().meta({ description: 'Default 0; 1 returns verification_code' }),
  sender: senderId.optional().meta({ description: 'Max 11 alphanumeric chars; ignored if not contracted' }),
  reference: z.boolean().optional().meta({ description: 'Default true; returns the message reference' }),
};

const requiredIdentity = {
  phone_number: legacyPhoneNumber,
  country_code: legacyCountryCode,
  // 7.2 verification_20 "company required"; its maximum length (verification_11) is not shown.
  company: z.string().min(1).meta({ description: 'Name shown in the message (replaces {{company}}); maximum length: not shown', example: 'ACME' }),
};

export const LegacyOtpSendRequest = z
  .object({
    ...requiredIdentity,
    ...sendAndResendFields,
    code_length: legacyCodeLength.optional().meta({ description: `${CODE_LENGTH.min} to ${CODE_LENGTH.max}, default ${CODE_LENGTH.default}` }),
    code_type: LegacyOtpCodeType.optional().meta({ description: 'Default alphanumeric' }),
  })
  .meta({ id: 'LegacyOtpSendRequest', description: 'POST /otp/send body (section 4.5)' });
export type LegacyOtpSendRequest = z.infer<typeof LegacyOtpSendRequest>;

export const LegacyOtpResendRequest = z
  .object({
    ...requiredIdentity,
    ...sendAndResendFields,
    // 4.5: ignored (not refused) unless reset_code is true, hence no cross-field refusal.
    code_length: legacyCodeLength.optional().meta({ description: `${CODE_LENGTH.min} to ${CODE_LENGTH.max}; ignored unless reset_code is true` }),
    reset_code: z.boolean().optional().meta({ description: 'Default false; true generates a new random code, false keeps the same' }),
    voice: z.boolean().optional().meta({ description: 'Default false; true places a robotic-voice call instead of SMS' }),
    whatsapp: z.boolean().optional().meta({ description: 'Sends via WhatsApp; needs an active WhatsApp instance, otherwise falls back to SMS' }),
    code_type: LegacyOtpCodeType.optional().meta({ description: 'Changes only with reset_code=true' }),
  })
  .meta({ id: 'LegacyOtpResendRequest', description: 'POST /otp/resend body (section 4.5)' });
export type LegacyOtpResendRequest = z.infer<typeof LegacyOtpResendRequest>;

export const LegacyOtpVerifyRequest = z
  .object({
    // 4.5 says "string, req"; the number is the one of the send, which has 10 digits.
    phone_number: legacyPhoneNumber,
    // 7.2 validation_08 "code missing".
    verification_code: z.string().min(1).meta({ description: 'The code received', example: 'A7K2' }),
    locale: LegacyOtpLocale.optional(),
  })
  .meta({ id: 'LegacyOtpVerifyRequest', description: 'POST /otp/verify body (section 4.5)' });
export type LegacyOtpVerifyRequest = z.infer<typeof LegacyOtpVerifyRequest>;

/** 4.5 /otp/reset: "its parameters and response: not shown". */
// Shapes not shown: the empty object is the one example that invents no field (renderers would
// sample property1: null, ...).
export const LegacyOtpResetRequest = z
  .looseObject({})
  .meta({ id: 'LegacyOtpResetRequest', description: 'POST /otp/reset body: parameters not shown (section 4.5)', example: {} });

// ---------------------------------------------------------------------------------------------
// Responses (4.5, 2.10).
// ---------------------------------------------------------------------------------------------

/**
 * 4.5 / 2.10: success of send (and of resend, whose success code verification_01 7.2 lists for
 * both). The message is left open: 4.5 gives code_successfully_generated but "one page shows the
 * Spanish text form" (ambiguity otp-legacy-send-success-message); resend's message is not stated.
 * Field types follow 2.2 (the send result) where 2.10 gives none.
 */
export const LegacyOtpSendResult = successBody(
  { code: 'verification_01' },
  {
    total_messages: z.number().int().nonnegative().meta({ description: 'Number of messages sent' }),
    number: z.string().meta({ description: 'Recipient number', example: '525512345678' }),
    credit: z.number().nonnegative().meta({ description: 'Credits consumed' }),
    reference: unsettable(z.string()).meta({ description: 'Message reference; returned unless reference=false (unset: absent, null or "")' }),
    verification_code: unsettable(z.string()).meta({ description: 'Only with showcode=1 (otherwise absent, null or "")' }),
    fallback: z.boolean().meta({ description: 'true when WhatsApp or voice fell back to SMS' }),
  },
).meta({
  id: 'LegacyOtpSendResult',
  description: 'Success of /otp/send and /otp/resend (sections 4.5, 2.10); the legacy set can also answer in XML (root element hash with the same fields)',
});
export type LegacyOtpSendResult = z.infer<typeof LegacyOtpSendResult>;

/** 4.5: "code validation_01, message confirming the user is verified" (its text: not shown). */
export const LegacyOtpVerifyResponse = successBody({ code: 'validation_01' }, {}).meta({
  id: 'LegacyOtpVerifyResponse',
  description: 'Success of /otp/verify (section 4.5)',
});
export type LegacyOtpVerifyResponse = z.infer<typeof LegacyOtpVerifyResponse>;

export const LegacyOtpResetResponse = z
  .looseObject({})
  .meta({ id: 'LegacyOtpResetResponse', description: 'Response of /otp/reset: not shown (section 4.5)', example: {} });

const sendExample = (showcode: boolean, fallback: boolean, requestId: string) => ({
  success: true,
  message: 'code_successfully_generated',
  status: 200,
  code: 'verification_01',
  total_messages: 1,
  number: '525512345678',
  credit: 1,
  reference: 'ref-1a7c9',
  ...(showcode ? { verification_code: 'A7K2' } : {}),
  fallback,
  request_id: requestId,
});

export const otpLegacyOperations: OperationDefinition[] = [
  {
    operationId: 'otp-legacy/send',
    method: 'POST',
    path: '/otp/send',
    area: 'otp-legacy',
    summary: 'Send a legacy OTP code',
    description:
      'Generates a verification code for a 10-digit Mexican phone_number and sends it by SMS using one of the ' +
      'templates a to n, with {{company}} and {{code}} substituted. showcode=1 returns verification_code. locale ' +
      'selects the response language. The legacy set can also answer in XML (root element hash with the same fields).',
    section: '4.5',
    auth: 'account',
    request: { body: LegacyOtpSendRequest },
    success: {
      httpStatus: [200],
      code: 'verification_01',
      message: 'code_successfully_generated',
      schema: LegacyOtpSendResult,
      examples: {
        generated: { status: 200, summary: 'Code generated and sent', value: sendExample(false, false, '3f1e2d4c-5b6a-4789-9abc-def012345601') },
        showcode: { status: 200, summary: 'With showcode=1', value: sendExample(true, false, '3f1e2d4c-5b6a-4789-9abc-def012345602') },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['otp-legacy-send-success-message', 'otp-legacy-template-required', 'otp-legacy-expired-send-code', 'response-language'],
    sends: true,
  },
  {
    operationId: 'otp-legacy/verify',
    method: 'POST',
    path: '/otp/verify',
    area: 'otp-legacy',
    summary: 'Verify a legacy OTP code',
    description: 'Checks verification_code for phone_number. On success the number becomes verified and the message confirms the user is verified.',
    section: '4.5',
    auth: 'account',
    request: { body: LegacyOtpVerifyRequest },
    success: {
      httpStatus: [200],
      code: 'validation_01',
      schema: LegacyOtpVerifyResponse,
      examples: {
        verified: {
          status: 200,
          summary: 'Number verified (message text: not shown)',
          value: {
            success: true,
            message: '(message confirming the user is verified: text not shown)',
            status: 200,
            code: 'validation_01',
            request_id: '3f1e2d4c-5b6a-4789-9abc-def012345603',
          },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['response-language'],
  },
  {
    operationId: 'otp-legacy/resend',
    method: 'POST',
    path: '/otp/resend',
    area: 'otp-legacy',
    summary: 'Resend a legacy OTP code',
    description:
      'Resends the verification code of phone_number: the same code, or a new random one with reset_code=true ' +
      '(code_length and code_type then apply). voice=true places a robotic-voice call instead of SMS; whatsapp=true ' +
      'sends via WhatsApp and needs an active WhatsApp instance, otherwise falls back to SMS (fallback=true).',
    section: '4.5',
    auth: 'account',
    request: { body: LegacyOtpResendRequest },
    success: {
      httpStatus: [200],
      code: 'verification_01',
      schema: LegacyOtpSendResult,
      examples: {
        resent: { status: 200, summary: 'Same code resent by SMS', value: sendExample(false, false, '3f1e2d4c-5b6a-4789-9abc-def012345604') },
        fallback: {
          status: 200,
          summary: 'whatsapp=true without an active instance: fell back to SMS',
          value: sendExample(false, true, '3f1e2d4c-5b6a-4789-9abc-def012345605'),
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['otp-legacy-expired-send-code', 'response-language'],
    sends: true,
  },
  {
    operationId: 'otp-legacy/reset',
    method: 'POST',
    path: '/otp/reset',
    area: 'otp-legacy',
    summary: 'Reset a legacy OTP verification',
    description: 'Listed as restarting an OTP verification; its parameters and response: not shown.',
    section: '4.5',
    auth: 'account',
    request: { body: LegacyOtpResetRequest },
    success: {
      httpStatus: [200],
      schema: LegacyOtpResetResponse,
      examples: {
        reset: {
          status: 200,
          summary: 'Shape not shown; only the fields 2.1 states for every JSON response',
          value: { success: true, status: 200, request_id: '3f1e2d4c-5b6a-4789-9abc-def012345606' },
        },
      },
    },
    errorBody: 'envelope',
    ambiguities: ['otp-reset-request-shape'],
    notShown: 'POST /otp/reset: listed as restarting an OTP verification; its parameters and response: not shown (section 4.5).',
  },
];
