/**
 * Section 4.4 (with 2.10, 3.1, 7.3, 8): the current OTP set under /v2/otp. Its bodies are not the
 * common envelope: success bodies carry state/action/hint/next, error bodies an `error` slug and
 * the HTTP status is real (7.3).
 */
import { z } from 'zod';
import { OtpErrorBody, OtpState, requestId, unsettable } from './envelope.ts';
import { FAR_FUTURE_DATE_TIME, dateTimeOut, dateTimeText, digitsBetween, isGsm7, nonGsm7Characters } from './formats.ts';
import type { OperationDefinition } from './operation.ts';
import { OTP_V2_RULES } from './otp-v2-transitions.ts';

export const OTP_CHANNELS = ['sms', 'whatsapp', 'voice'] as const;
export const OtpChannel = z.enum(OTP_CHANNELS).meta({ id: 'OtpChannel' });
export type OtpChannel = z.infer<typeof OtpChannel>;

export const OTP_CODE_FORMATS = ['numeric', 'alphanumeric', 'letters'] as const;
export const OtpCodeFormat = z.enum(OTP_CODE_FORMATS).meta({ id: 'OtpCodeFormat' });
export type OtpCodeFormat = z.infer<typeof OtpCodeFormat>;

/** The characters a generated code of each format is drawn from (4.4 code_format). */
export const OTP_CODE_ALPHABETS: Record<OtpCodeFormat, string> = {
  numeric: '0123456789',
  letters: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
  alphanumeric: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
};

/** 4.4: "Parameters of the previous API (voice, whatsapp, template) are rejected with 400." */
export const PREVIOUS_API_PARAMETERS = ['voice', 'whatsapp', 'template'] as const;

/** 4.4 message: "Must contain {{code}} and {{company}}", which are substituted at every send. */
export const OTP_MESSAGE_PLACEHOLDERS = { code: '{{code}}', company: '{{company}}' } as const;

const previousApiParameter = z.never().optional().meta({ description: 'Parameter of the previous API: rejected with 400 otp_invalid_param (section 4.4)' });

export const OtpCreateRequest = z
  .object({
    phone_number: digitsBetween(1, 10).meta({ description: 'Up to 10 digits, no country code (Mexico: 10)', example: '5512345678' }),
    country_code: z
      .string()
      .regex(/^\d{1,4}$/, 'numeric')
      .meta({ description: 'Numeric; 52 for Mexico', example: '52' }),
    company: z
      .string()
      .min(1)
      .meta({ description: 'Inserted at {{company}}; ignored for whatsapp; required on every request whatever the channel', example: 'ACME' }),
    message: z
      .string()
      .min(1)
      .meta({
        description:
          'Must contain {{code}} and {{company}}; GSM-7 only; at most 160 characters after substitution, ' +
          'checked at every send with the real length of the code being sent; ignored for whatsapp',
        example: '{{company}}: tu codigo es {{code}}',
      }),
    channel: OtpChannel.optional().meta({ description: 'sms (default), whatsapp or voice; anything else answers otp_invalid_channel' }),
    code_custom: z
      .string()
      .regex(/^[A-Za-z0-9]{4,10}$/, '4 to 10 letters and/or digits')
      .optional()
      .meta({ description: 'Own code, 4 to 10 letters and/or digits, case-sensitive; cannot be combined with code_length or code_format' }),
    code_format: OtpCodeFormat.optional().meta({ description: 'Default numeric' }),
    code_length: z
      .number()
      .int()
      .min(OTP_V2_RULES.minCodeLength)
      .max(OTP_V2_RULES.maxCodeLength)
      .optional()
      .meta({ description: '4 to 10, default 6; applies only when a new code is generated' }),
    code_rotate: z.boolean().optional().meta({ description: 'true discards the current code and generates a new one' }),
    code_in_response: z.boolean().optional().meta({ description: 'Default false; true returns the code in field code (testing/server-side automation only)' }),
    sandbox: z
      .boolean()
      .optional()
      .meta({ description: 'true registers the code but delivers nothing and charges nothing; requires code_in_response=true unless code_custom is used' }),
    expiration_date: dateTimeText.optional().meta({ description: 'YYYY-MM-DD HH:mm:ss, future; default 24 hours; maximum 3 days (larger values are clamped)' }),
    voice: previousApiParameter,
    whatsapp: previousApiParameter,
    template: previousApiParameter,
  })
  .superRefine((req, ctx) => {
    if (req.code_custom !== undefined && (req.code_length !== undefined || req.code_format !== undefined))
      ctx.addIssue({ code: 'custom', path: ['code_custom'], message: 'code_custom cannot be combined with code_length or code_format' });
    if (req.sandbox === true && req.code_in_response !== true && req.code_custom === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['code_in_response'],
        message: 'sandbox=true requires code_in_response=true unless code_custom is used',
        params: { missing: true },
      });
    if (req.channel !== 'whatsapp') {
      const problem = otpMessageTemplateProblem(req.message);
      if (problem) ctx.addIssue({ code: 'custom', path: ['message'], message: problem });
    }
  })
  .meta({ id: 'OtpCreateRequest', description: 'POST /v2/otp body (section 4.4)' });
export type OtpCreateRequest = z.infer<typeof OtpCreateRequest>;

/**
 * The placeholder and alphabet rules of 4.4 `message`. The length rule ("at most 160 characters
 * after substitution, checked at every send with the real length of the code") needs the code being
 * sent, so it is an implementation's check at send time, not the schema's.
 */
export function otpMessageTemplateProblem(message: string): string | undefined {
  if (!message.includes(OTP_MESSAGE_PLACEHOLDERS.code) || !message.includes(OTP_MESSAGE_PLACEHOLDERS.company))
    return 'message must contain {{code}} and {{company}}';
  if (!isGsm7(message)) return `message has non-GSM-7 characters: ${nonGsm7Characters(message).join(' ')}`;
  return undefined;
}

/** Whether `code` could have been generated with `format` (4.4 code_format). */
export const codeFitsFormat = (code: string, format: OtpCodeFormat): boolean => [...code].every((ch) => OTP_CODE_ALPHABETS[format].includes(ch));

export const OtpAction = z.enum(['created', 'resent', 'restarted']).meta({ id: 'OtpAction' });

/** Fields of current responses (2.10, 4.4). */
export const OtpCreateResponse = z
  .object({
    success: z.literal(true),
    state: OtpState,
    action: OtpAction,
    message: z.string(),
    hint: z.string().optional(),
    next: z.array(z.string()).optional().meta({ description: 'Suggested paths' }),
    // A future instant (2.10: the expiry of a pending code), so an example that cannot fall in the past.
    expires_at: dateTimeOut.meta({ description: 'YYYY-MM-DD HH:mm:ss', example: FAR_FUTURE_DATE_TIME }),
    attempts_remaining: z.number().int().min(0),
    resend_available_in: z.number().min(0).meta({ description: 'Seconds' }),
    warning: unsettable(z.string()).meta({ description: 'Present when whatsapp ignored company/message' }),
    code: unsettable(z.string()).meta({ description: 'Only when requested (code_in_response=true); otherwise absent, null or ""' }),
    request_id: requestId,
  })
  .meta({ id: 'OtpCreateResponse', description: 'POST /v2/otp success body (sections 4.4, 2.10)' });
export type OtpCreateResponse = z.infer<typeof OtpCreateResponse>;

export const OtpVerifyRequest = z
  .object({
    phone_number: digitsBetween(1, 10).meta({ example: '5512345678' }),
    country_code: z
      .string()
      .regex(/^\d{1,4}$/, 'numeric')
      .meta({ example: '52' }),
    code: z.string().min(1).meta({ example: '482913' }),
  })
  .meta({ id: 'OtpVerifyRequest', description: 'POST /v2/otp/verify body (section 4.4)' });
export type OtpVerifyRequest = z.infer<typeof OtpVerifyRequest>;

/** 4.4: "The status is the signal"; the body carries the fields of 2.10 that apply. */
export const OtpVerifyResponse = z
  .looseObject({
    success: z.literal(true),
    state: OtpState,
    message: z.string(),
    hint: z.string().optional(),
    next: z.array(z.string()).optional(),
    request_id: requestId,
  })
  .meta({ id: 'OtpVerifyResponse', description: 'POST /v2/otp/verify success body (sections 4.4, 2.10)' });

/** The verification a status or delete call names. Placement: ambiguities otp-status-request-shape, otp-delete-request-shape. */
export const OtpTarget = z
  .object({
    phone_number: digitsBetween(1, 10).meta({ example: '5512345678' }),
    country_code: z
      .string()
      .regex(/^\d{1,4}$/, 'numeric')
      .meta({ example: '52' }),
  })
  .meta({ id: 'OtpTarget', description: 'phone_number + country_code naming a verification (sections 3.1, 4.4; request shape not shown)' });

/** 4.4: "returns the state, attempts and resend counters for the UI"; its fields: not shown. */
export const OtpStatusResponse = z
  .looseObject({
    // 2.1: success is "true on success, false on error"; fixed so that a client tells this body
    // from the error bodies of the same 200 by `success` alone. Absent is still admitted (fields not shown).
    success: z.literal(true).optional(),
    // Fields not shown (4.4); those it may carry for a number without a verification are unset
    // in any of the forms of latitude unset-field.
    state: OtpState.optional(),
    attempts_remaining: unsettable(z.number().int().min(0)),
    resend_available_in: unsettable(z.number().min(0)),
    request_id: requestId.optional(),
  })
  .meta({ id: 'OtpStatusResponse', description: 'GET /v2/otp/status body (section 4.4; fields not shown)' });

/** 4.4: DELETE returns the state to none; its response: not shown. */
export const OtpDeleteResponse = z
  // 2.1: success is true on success (see OtpStatusResponse).
  .looseObject({ success: z.literal(true).optional(), state: OtpState.optional(), request_id: requestId.optional() })
  .meta({ id: 'OtpDeleteResponse', description: 'DELETE /v2/otp body (section 4.4; shape not shown)' });

const EXAMPLE_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const createdExample = {
  success: true,
  state: 'pending',
  action: 'created',
  message: 'Verification code sent',
  hint: 'Ask the user for the code and call POST /v2/otp/verify',
  next: ['/v2/otp/verify', '/v2/otp'],
  expires_at: FAR_FUTURE_DATE_TIME,
  attempts_remaining: 7,
  resend_available_in: 30,
  request_id: EXAMPLE_ID,
};

export const otpV2Operations: OperationDefinition[] = [
  {
    operationId: 'otp-v2/create',
    method: 'POST',
    path: '/v2/otp',
    area: 'otp-v2',
    summary: 'Create, resend or rotate a verification code',
    description:
      'One flow for SMS, WhatsApp and voice. Creates a verification (HTTP 201, action=created), resends the ' +
      'pending code (HTTP 200, action=resent) or rotates it with code_rotate=true (HTTP 200, action=restarted), ' +
      'following the state table of section 3.1. Only sending a message charges one message of balance. If sending ' +
      'fails (402 or 502) the code stays registered but nothing was delivered; retry the send, do not verify.',
    section: '4.4',
    auth: 'account',
    request: { body: OtpCreateRequest },
    success: {
      httpStatus: [201, 200],
      schema: OtpCreateResponse,
      examples: {
        created: { status: 201, summary: 'A new verification (state none or expired)', value: createdExample },
        resent: { status: 200, summary: 'The pending code resent after the cooldown', value: { ...createdExample, action: 'resent', attempts_remaining: 5 } },
        sandbox: { status: 201, summary: 'sandbox=true with code_in_response=true', value: { ...createdExample, code: '482913' } },
      },
    },
    errorBody: 'otp-v2',
    ambiguities: ['otp-state-after-verified-restart', 'otp-v2-lock-point', 'auth-error-http-status'],
    sends: true,
    sandbox: true,
  },
  {
    operationId: 'otp-v2/verify',
    method: 'POST',
    path: '/v2/otp/verify',
    area: 'otp-v2',
    summary: 'Verify a code',
    description:
      'The HTTP status is the signal: 200 code correct, 401 code incorrect (attempts_remaining says how many are left), 404 no active ' +
      'verification, 409 number already verified, 410 code expired, 429 attempts exhausted (rotate with code_rotate=true). Free.',
    section: '4.4',
    auth: 'account',
    request: { body: OtpVerifyRequest },
    success: {
      httpStatus: [200],
      schema: OtpVerifyResponse,
      examples: {
        verified: {
          status: 200,
          summary: 'Code correct, number verified',
          value: { success: true, state: 'verified', message: 'Number verified', request_id: EXAMPLE_ID },
        },
      },
    },
    errorBody: 'otp-v2',
    ambiguities: ['otp-verify-error-slugs', 'otp-v2-lock-point'],
  },
  {
    operationId: 'otp-v2/get-status',
    method: 'GET',
    path: '/v2/otp/status',
    area: 'otp-v2',
    summary: 'Read the state of a verification',
    description: 'Read-only, no side effects; returns the state, attempts and resend counters for the UI. Free.',
    section: '4.4',
    auth: 'account',
    request: { query: OtpTarget },
    success: {
      httpStatus: [200],
      schema: OtpStatusResponse,
      examples: {
        pending: {
          status: 200,
          summary: 'A pending verification',
          value: { success: true, state: 'pending', attempts_remaining: 7, resend_available_in: 12, request_id: EXAMPLE_ID },
        },
      },
    },
    errorBody: 'otp-v2',
    ambiguities: ['otp-status-request-shape'],
    notShown: 'its request parameters and response fields: not shown',
  },
  {
    operationId: 'otp-v2/delete',
    method: 'DELETE',
    path: '/v2/otp',
    area: 'otp-v2',
    summary: 'Invalidate a verification',
    description: 'Invalidates an in-progress verification and returns the state to none without sending anything. Free.',
    section: '4.4',
    auth: 'account',
    request: { body: OtpTarget },
    success: {
      httpStatus: [200],
      schema: OtpDeleteResponse,
      examples: { deleted: { status: 200, summary: 'Verification invalidated', value: { success: true, state: 'none', request_id: EXAMPLE_ID } } },
    },
    errorBody: 'otp-v2',
    ambiguities: ['otp-delete-request-shape'],
    notShown: 'its request shape: not shown',
  },
];

export { OtpErrorBody };
