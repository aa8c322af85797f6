/**
 * The common response envelope (2.1) and the error bodies of the document: the common one
 * (2.1, 7.1), and the richer one of the current OTP set (4.4, 7.3).
 */
import { z } from 'zod';

/** 2.1: "tracking identifier of the request"; "string (UUID)". */
export const requestId = z.uuid().meta({ description: 'Tracking identifier of the request (UUID)', example: '0b6f2b1e-6a43-4f3e-9f7c-1c2d3e4f5a6b' });

export const Envelope = z
  .object({
    success: z.boolean(),
    message: z.string(),
    status: z.number().int(),
    code: z.string(),
    // 2.1: "stated to be present in every JSON response; always present on server_01 errors".
    request_id: requestId,
  })
  .meta({ id: 'Envelope', description: 'Common response envelope (section 2.1)' });

export type Envelope = z.infer<typeof Envelope>;

/**
 * Latitude unset-field (latitudes.ts): a response field the document types but does not require to
 * carry a value may be written absent, null or "" by a conformant server; a present value still
 * has the documented form.
 */
export function unsettable<S extends z.ZodType>(schema: S) {
  return z.union([schema, z.null(), z.literal('')]).optional();
}

/** Whether a field is unset in any of the forms of latitude unset-field: absent, null or "". */
export const isUnset = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * A success body: the envelope with the operation's documented `code` and `message` fixed where
 * the document states them, plus the operation's own fields.
 */
export function successBody<S extends z.ZodRawShape>(values: { code?: string; message?: string }, shape: S) {
  return Envelope.extend({
    success: z.literal(true),
    code: values.code === undefined ? z.string() : z.literal(values.code),
    message: values.message === undefined ? z.string() : z.literal(values.message),
    ...shape,
  });
}

/**
 * 2.1 / 7.1: error bodies carry success=false, message, status, code (and request_id, 2.1). `code`
 * is any string: 7.1 admits validation codes the document does not name; each operation lists its
 * documented codes in its responses.
 */
export const ErrorBody = Envelope.extend({ success: z.literal(false) }).meta({
  id: 'ErrorBody',
  description:
    'Error body (section 2.1) of every operation: success=false, message, status and code. The codes an operation documents ' +
    '(sections 5, 7.1, 7.2, 7.4) are listed in its responses; 7.1 admits validation codes the document does not name.',
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An error body whose `code` is one of `codes` (the operation's documented codes). */
export function errorBodyWithCodes(codes: readonly [string, ...string[]]) {
  return ErrorBody.extend({ code: z.enum(codes) });
}

/** 4.4 states of a current OTP verification (3.1). */
export const OtpState = z.enum(['none', 'pending', 'verified', 'expired', 'locked']).meta({ id: 'OtpState' });
export type OtpState = z.infer<typeof OtpState>;

/** 4.4: "Error body of this set". */
export const OtpErrorBody = z
  .object({
    success: z.literal(false),
    // Listed as always present, but an answer to a request without a valid number has no
    // verification to give the state of: how that is written is latitude unset-field.
    state: unsettable(OtpState),
    error: z.string(),
    message: z.string(),
    hint: z.string(),
    next: z.array(z.string()),
    // "and when applicable": absent, null or "" when not (latitude unset-field).
    expires_at: unsettable(z.string()),
    attempts_remaining: unsettable(z.number().int()),
    resend_available_in: unsettable(z.number()),
    code: unsettable(z.string()),
    request_id: requestId.optional(),
  })
  .meta({ id: 'OtpErrorBody', description: 'Error body of the current OTP set (sections 4.4, 7.3)' });
export type OtpErrorBody = z.infer<typeof OtpErrorBody>;
