/**
 * The sizes the reference server accepts where the document states none (latitude size-limits,
 * schemas/latitudes.ts: section 8 leaves the SMS message length and the recipients per request
 * "not shown", and most text fields of section 4 carry no maximum). Without a bound one client could
 * fill the server's memory with a few large fields. The numbers are generous, so that no
 * conformance test comes near them, and docs/reference-server.md lists them.
 *
 * Where the document states a maximum (section 8 and the field tables of section 4) that rule stays
 * the operation's own, with its documented answer: this module only bounds what nothing else does.
 */
import type { z } from 'zod';
import type { Operation } from '../schemas/index.ts';
import type { RawRequest, Reply } from './handler.ts';
import { fail, otpFail } from './replies.ts';

/** A request body (JSON or form), in bytes; past it the answer is 413 payload_too_large. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** A text field the document gives no maximum, in characters; past it the answer is field_too_long. */
export const FIELD_MAX_CHARS = 10_000;

/**
 * Fields whose documented maximum the handler checks itself (the schema accepts any string): the
 * handler's documented answer stays, whatever the length.
 */
const HANDLER_BOUNDED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // 4.4, 8: "at most 160 characters after substitution" (otp_message_invalid, 7.3); company is part of it.
  'otp-v2/create': ['company', 'message'],
  // 7.2 verification_11 "company too long" (the reference's maximum, harness/run/embedded-target.ts).
  'otp-legacy/send': ['company'],
  'otp-legacy/resend': ['company'],
  // 8: contact email 100 characters, checked on update as on add.
  'contacts/update': ['email'],
};

const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined => {
  const shape = (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? shape : undefined;
};

/**
 * The first field of the operation's schema holding more than FIELD_MAX_CHARS characters that no
 * documented rule refuses, or undefined. Fields the schema does not know are never stored (the
 * schema strips them) and are bounded by the body limit; a value the field's own schema refuses
 * gets the operation's documented answer.
 */
export function oversizeField(op: Operation, schema: z.ZodType | undefined, fields: Record<string, unknown>): string | undefined {
  // 4.16: the v1 parameters travel in the URL (bounded by the header limit) and each has a
  // documented maximum (8: message 160 characters, 500 numbers per batch).
  if (op.errorBody === 'legacy-v1') return undefined;
  const shape = shapeOf(schema);
  if (!shape) return undefined;
  for (const name of Object.keys(fields)) {
    const value = fields[name];
    if (typeof value !== 'string' || value.length <= FIELD_MAX_CHARS) continue;
    if (!Object.hasOwn(shape, name) || HANDLER_BOUNDED_FIELDS[op.operationId]?.includes(name)) continue;
    if (!shape[name]!.safeParse(value).success) continue;
    return name;
  }
  return undefined;
}

/** The answer to a field past FIELD_MAX_CHARS: a validation error in the operation's error body (7.1, 7.3). */
export function fieldTooLong(req: RawRequest, field: string): Reply {
  const detail = `${field}: at most ${FIELD_MAX_CHARS} characters (a size limit of the reference server; the document states none)`;
  if (req.op.errorBody === 'otp-v2') return otpFail(req, 400, 'otp_invalid_param', { state: 'none', message: 'Invalid parameters', hint: detail });
  return fail(req, 'field_too_long', `Parameters invalid: ${detail}`);
}
