/**
 * Building answers: the common envelope (2.1) with request_id on every JSON answer, the current
 * OTP bodies (4.4, 7.3), and the legacy v1 bodies (4.16). The HTTP status of answers the document
 * leaves open follows the server's ambiguity choices.
 */
import { businessErrorBodyStatus, businessErrorHttpStatus, extraErrorFields, unnamedValidationCode, v1ErrorHttpStatus } from './error-latitudes.ts';
import type { RawRequest, Reply } from './handler.ts';

type Fields = Record<string, unknown>;

/** A success in the envelope: the operation's documented code and message unless given. */
export function ok(req: RawRequest, fields: Fields = {}, values: { code?: string; message?: string } = {}): Reply {
  const code = values.code ?? req.op.success.code ?? 'ok';
  const message = values.message ?? req.op.success.message ?? code;
  // 2.1 status is an integer.
  const status = req.server.seams.at('envelope.success-status', 200);
  return { status: 200, body: { success: true, message, status, code, ...fields, request_id: req.requestId } };
}

/**
 * A business or validation error (7.1: status 200 in the body unless the document says otherwise).
 * The real HTTP status follows the business-error-http-status choice (error-latitudes.ts: under
 * 'http-4xx' the status of the cause, repeated in the body where 7.1 does not fix 200).
 */
export function fail(req: RawRequest, code: string, message: string, options: { status?: number; fields?: Fields } = {}): Reply {
  const httpStatus = options.status ?? businessErrorHttpStatus(req, code);
  const bodyStatus = options.status ?? businessErrorBodyStatus(httpStatus);
  // 2.1: success=false and request_id on every error.
  const body = { success: false, message, status: bodyStatus, code, ...options.fields, ...extraErrorFields(req, true), request_id: req.requestId };
  return { status: httpStatus, body: req.server.seams.at('envelope.error-body', body) };
}

/** 7.1: a validation failure whose code the document does not name, on `field` (latitude unnamed-codes). */
export function invalidParameters(req: RawRequest, field: string | undefined, detail: string): Reply {
  return fail(req, unnamedValidationCode(req, field), `Parameters invalid: ${detail}`);
}

/** An authentication error (5): HTTP status per auth-error-http-status, body status from the table. */
export function authFail(req: RawRequest, code: string, bodyStatus: number, message: string): Reply {
  const status = req.server.options.choices['auth-error-http-status'] === 'body-200' ? 200 : bodyStatus;
  // 5: "The body of every auth error has success=false, message, status, code".
  // Latitude extra-fields: the alternate adds hint and details, pointing at section 5.
  const body = { success: false, message, status: bodyStatus, code, ...extraErrorFields(req, true, '5'), request_id: req.requestId };
  return { status, body: req.server.seams.at('auth.error-body', body) };
}

/** A current OTP success (4.4): 201 for created or a verified number's new cycle, 200 otherwise. */
export function otpOk(req: RawRequest, status: number, fields: Fields): Reply {
  return { status, body: { success: true, ...fields, request_id: req.requestId } };
}

/** A current OTP error (4.4 error body, 7.3: the HTTP status is real). */
export function otpFail(
  req: RawRequest,
  status: number,
  error: string,
  fields: { state: string; message: string; hint: string; next?: string[] } & Fields,
  headers?: Record<string, string>,
): Reply {
  // Latitude extra-fields: the alternate adds details (the 4.4 body has a hint of its own).
  return {
    status,
    body: { success: false, next: [], ...fields, error, ...extraErrorFields(req, false), request_id: req.requestId },
    ...(headers ? { headers } : {}),
  };
}

/** A legacy v1 error (4.16, 7.4): Estatus=error with Codigo; HTTP status per business-error-http-status. */
export function v1Fail(req: RawRequest, codigo: string, mensaje: string): Reply {
  return {
    status: v1ErrorHttpStatus(req, codigo),
    body: { Estatus: 'error', mensaje, Codigo: codigo, ...extraErrorFields(req, false), request_id: req.requestId },
  };
}
