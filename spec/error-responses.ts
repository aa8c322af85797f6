/**
 * The error responses of an operation, from the result-code table (schemas/error-codes.ts):
 *  - 401/403/410: the authentication errors of section 5, with the HTTP status of its table;
 *  - 429: rate_01 (7.1, 8), and for the current OTP set otp_throttled / otp_max_attempts (7.3);
 *  - for the current OTP set, one response per HTTP status of its codes (7.3: "HTTP status is real");
 *  - `default`: the business and validation errors whose HTTP status the document does not state
 *    (7.1: the status is carried in the body, 200 in most bodies).
 * Every documented code appears as an enum value of the matching response. The same errors may also
 * arrive with HTTP 200: those alternatives of the 200 response are http-200-errors.ts.
 */
import type { HeadersObject } from 'openapi3-ts/oas31';
import { z } from 'zod';
import { OtpErrorBody } from '../schemas/envelope.ts';
import { resultCode, type ResultCode } from '../schemas/error-codes.ts';
import { OTP_V2_TRANSITIONS, type OtpTransition } from '../schemas/otp-v2-transitions.ts';
import type { Operation } from '../schemas/operations.ts';
import { envelopeErrorBody, legacyV1ErrorBody, namedOpenEnvelopeErrorBody, nonEmpty, otpErrorBody, type Codes } from './error-bodies.ts';
import { envelopeErrorExample, legacyV1ErrorExample, otpErrorExample } from './error-examples.ts';
import { addAlternative, type ResponsePlan } from './responses.ts';
import { AUTH_RESPONSES, RATE_LIMIT_RESPONSE, codeList, examplesOf } from './shared-responses.ts';

function enumOf(codes: readonly ResultCode[]): Codes {
  const list = nonEmpty(codes.map((c) => c.code));
  if (!list) throw new Error('an error response needs at least one code');
  return list;
}

/** The documented error codes of the operation (success outcomes such as verification_01 excluded). */
const errorCodesOf = (op: Operation): ResultCode[] => op.errorCodes.filter((c) => c.outcome === 'error');

/** Section 5, and rate_01 on every endpoint (7.1, 8: "exceeding gives 429 rate_01"). */
function addSharedErrors(plan: ResponsePlan, op: Operation): void {
  for (const shared of [...AUTH_RESPONSES, RATE_LIMIT_RESPONSE]) {
    // The legacy v1 set reports a missing or wrong key with its own Codigo 01 and 10 (5.5, 7.4);
    // auth_04 answers "on any endpoint" (5.4) and rate_01 applies to all endpoints (8).
    if (op.errorBody === 'legacy-v1' && (shared.status === 401 || shared.status === 410)) continue;
    addAlternative(plan, String(shared.status), shared.alternative);
  }
}

/** 7.3: the Retry-After header of otp_throttled. */
const RETRY_AFTER: HeadersObject = {
  'Retry-After': { description: 'Seconds until a resend is allowed (otp_throttled, section 7.3).', schema: { type: 'integer', minimum: 0 } },
};

/** 7.3: the current OTP set answers its errors with the real HTTP status. Returns the codes without one. */
function addOtpV2Errors(plan: ResponsePlan, op: Operation): ResultCode[] {
  const byStatus = new Map<number, ResultCode[]>();
  const withoutStatus: ResultCode[] = [];
  for (const c of errorCodesOf(op).filter((c) => c.family === 'otp-v2')) {
    if (c.httpStatus === undefined) withoutStatus.push(c);
    else byStatus.set(c.httpStatus, [...(byStatus.get(c.httpStatus) ?? []), c]);
  }
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const codes = byStatus.get(status) ?? [];
    addAlternative(plan, String(status), {
      schema: otpErrorBody(enumOf(codes)),
      description: [`Current OTP error (section 7.3), HTTP ${status}; the slug is in \`error\`:`, codeList(codes)].join('\n'),
      examples: examplesOf(codes, otpErrorExample),
      ...(codes.some((c) => c.code === 'otp_throttled') ? { headers: RETRY_AFTER } : {}),
    });
  }
  return withoutStatus;
}

/** The trigger of table 3.1 each current OTP operation answers. */
const OTP_TRIGGER: Record<string, OtpTransition['trigger']> = { 'otp-v2/create': 'create', 'otp-v2/verify': 'verify', 'otp-v2/delete': 'delete' };

/**
 * 3.1 and 4.4: error statuses of the state table whose slug the document does not show (verify's
 * 404, 409, 410 and 429; ambiguity otp-verify-error-slugs). `error` stays an open string there.
 */
function addOtpTableStatuses(plan: ResponsePlan, op: Operation): void {
  const trigger = OTP_TRIGGER[op.operationId];
  const rows = (OTP_V2_TRANSITIONS as readonly OtpTransition[]).filter(
    (t) => t.trigger === trigger && t.httpStatus !== undefined && t.httpStatus >= 400 && t.error === undefined,
  );
  const statuses = [...new Set(rows.map((t) => t.httpStatus!))].sort((a, b) => a - b);
  for (const status of statuses) {
    const why = rows.filter((t) => t.httpStatus === status).map((t) => `- state ${t.state}: ${t.condition} (${t.also})`);
    addAlternative(plan, String(status), {
      schema: OtpErrorBody,
      description: [`Current OTP error (sections 3.1, 4.4), HTTP ${status}; its slug is not shown (ambiguity \`otp-verify-error-slugs\`):`, ...why].join('\n'),
      examples: {},
    });
  }
}

/**
 * 7.3: "all errors of status and delete: not shown", while its first row (400 otp_missing_param,
 * otp_invalid_param: "missing or invalid parameter") applies to any request of the set. A status or
 * delete call with a bad parameter is answered with 400 in the 4.4 body; its slug stays open.
 */
function addOtpParameterErrors(plan: ResponsePlan, _op: Operation): void {
  if (plan.has('400')) return;
  const codes = [resultCode('otp_missing_param'), resultCode('otp_invalid_param')];
  addAlternative(plan, '400', {
    schema: OtpErrorBody.extend({ error: openSlug(enumOf(codes)) }),
    description: [
      'Current OTP error (section 7.3), HTTP 400: a missing or invalid parameter (first row of 7.3). The ' +
        'document does not show the slugs of this operation: those of that row are listed, others are admitted.',
      codeList(codes),
    ].join('\n'),
    examples: examplesOf(codes, otpErrorExample),
  });
}

/** An `error` slug that names `codes` and admits others (7.3: "Other slugs seen"; slugs not shown). */
const openSlug = (codes: Codes) =>
  z.union([z.enum(codes), z.string()]).meta({ description: 'One of the slugs listed, or a slug the document does not show (section 7.3)' });

const DEFAULT_PREAMBLE =
  'Business and validation errors of this operation. The document does not state their HTTP status (ambiguity ' +
  '`business-error-http-status`): section 7.1 gives the status inside the body, 200 in most bodies; ' +
  'server_01 is 500 in SMS, voice and legacy OTP bodies (ambiguity `server-01-status`). Validation failures ' +
  'of some operations carry a code the document does not name (7.1, ambiguity `unnamed-validation-codes`).';

/** The `default` body of the operations without codes of their own: one component, said once. */
const UNSTATED_STATUS_ERROR_BODY = namedOpenEnvelopeErrorBody(
  'UnstatedStatusErrorBody',
  ['server_01'],
  'Error body (section 2.1) of the errors whose HTTP status the document does not ' +
    'state: server_01, and validation failures whose code the document does not name (7.1)',
);

function addDefaultErrors(plan: ResponsePlan, op: Operation, otpWithoutStatus: readonly ResultCode[]): void {
  if (op.errorBody === 'legacy-v1') {
    const codes = errorCodesOf(op).filter((c) => c.family === 'legacy-v1');
    addAlternative(plan, 'default', {
      schema: legacyV1ErrorBody(enumOf(codes)),
      description: [
        'Legacy v1 error (sections 4.16, 7.4): Estatus=error with the code in `Codigo`. The document does not state the HTTP status.',
        codeList(codes, (c) => `Codigo \`${c.code}\``),
      ].join('\n'),
      examples: examplesOf(codes, legacyV1ErrorExample),
    });
    return;
  }
  if (otpWithoutStatus.length > 0) {
    addAlternative(plan, 'default', {
      // 7.3 names otp_internal and says "all errors of status and delete: not shown": open slug.
      schema: OtpErrorBody.extend({ error: openSlug(enumOf(otpWithoutStatus)) }),
      description: ['Current OTP errors whose HTTP status the document does not show (7.3):', codeList(otpWithoutStatus)].join('\n'),
      examples: examplesOf(otpWithoutStatus, otpErrorExample),
    });
  }
  // 7.1: server_01 is common to every endpoint.
  const own = errorCodesOf(op).filter((c) => c.family !== 'otp-v2');
  const envelopeCodes = [...own, resultCode('server_01')];
  addAlternative(plan, 'default', {
    schema: own.length === 0 ? UNSTATED_STATUS_ERROR_BODY : envelopeErrorBody(enumOf(envelopeCodes)),
    description: [DEFAULT_PREAMBLE, codeList(envelopeCodes)].join('\n'),
    examples: examplesOf(envelopeCodes, (c) => envelopeErrorExample(c, op.area)),
  });
}

export function addErrorResponses(plan: ResponsePlan, op: Operation): void {
  const otpWithoutStatus = op.errorBody === 'otp-v2' ? addOtpV2Errors(plan, op) : [];
  if (op.errorBody === 'otp-v2') {
    addOtpTableStatuses(plan, op);
    addOtpParameterErrors(plan, op);
  }
  addSharedErrors(plan, op);
  addDefaultErrors(plan, op, otpWithoutStatus);
}
