/**
 * The error bodies that may arrive with HTTP 200, added as alternatives of the operation's 200
 * response (whose first alternative is the success body, success-responses.ts). Rendered as a union
 * that a generated client tells apart by `success` (true on the success body, false here), so that
 * it cannot read a success field off an error it has not ruled out.
 *
 * Why every operation has them:
 *  - 7.1: the common errors of all endpoints give their status "in body": 200 for validation
 *    failures (with a code the document does not name), 429 for rate_01, 200 or 500 for server_01;
 *    7.2 and 7.4 give their codes no HTTP status at all (ambiguity business-error-http-status);
 *  - 5: "The current OTP reference states that auth errors reach the client with HTTP 200 and the
 *    detail in the body ... clients should read the body status and code" (ambiguity
 *    auth-error-http-status), on every endpoint (5.4: auth_04 "on any endpoint").
 * The same codes keep their own responses where the document states a status (401, 403, 410, 429:
 * shared-responses.ts; the current OTP statuses of 7.3: error-responses.ts), and `default` keeps the
 * errors whose status is not stated, which a server may also answer with a 4xx (latitude
 * unstated-error-status).
 */
import { RESULT_CODES, resultCode, type ResultCode } from '../schemas/error-codes.ts';
import { ErrorBody } from '../schemas/envelope.ts';
import type { Operation } from '../schemas/operations.ts';
import { legacyV1ErrorBody, nonEmpty, type Codes } from './error-bodies.ts';
import { envelopeErrorExample, legacyV1ErrorExample, unnamedValidationExample } from './error-examples.ts';
import { addAlternative, type NamedExample, type ResponsePlan } from './responses.ts';
import { codeList, examplesOf } from './shared-responses.ts';

const AUTH_CODES: readonly ResultCode[] = RESULT_CODES.filter((c) => c.family === 'auth');

/** 5: the example of an authentication error delivered with HTTP 200 (one stands for the table). */
const AUTH_EXAMPLE_CODE = 'auth_05';

function codesOf(list: readonly ResultCode[]): Codes {
  const codes = nonEmpty(list.map((c) => c.code));
  if (!codes) throw new Error('an error alternative needs at least one code');
  return codes;
}

/** The operation's own documented error codes (7.2, legacy OTP, 7.4) that `keep` selects. */
const ownErrorCodes = (op: Operation, keep: (c: ResultCode) => boolean): ResultCode[] => op.errorCodes.filter((c) => c.outcome === 'error' && keep(c));

const ENVELOPE_WHY =
  'Or an error with HTTP 200 (`success` is false; the common body of section 2.1). Section 7.1 gives the status of validation ' +
  'and business errors inside the body (ambiguity `business-error-http-status`), and section 5 reports that the current OTP ' +
  'reference delivers authentication errors with HTTP 200 ("clients should read the body status and code"; ambiguity `auth-error-http-status`); ' +
  'rate_01 may arrive so too (ambiguity `rate-limit-http-status`). Test `success` before reading a success field; then ' +
  'read `status` and `code`. Besides the codes below, a validation failure may carry a code the document does not name (7.1).';

const OTP_V2_WHY =
  'Or an authentication or common error with HTTP 200 (`success` is false; the common body of section 2.1, not ' +
  'the body of 4.4): section 5 reports that the current OTP reference delivers authentication errors with HTTP ' +
  '200 ("clients should read the body status and code"; ambiguity `auth-error-http-status`), and rate_01 may ' +
  'arrive so too (ambiguity `rate-limit-http-status`). The errors of section 7.3 keep their real HTTP status.';

const V1_WHY =
  'Or an error with HTTP 200: Estatus=error with the Codigo of section 7.4, which the document gives ' +
  'no HTTP status (ambiguity `business-error-http-status`); or the common body of section 2.1 (`success` ' +
  'false) for auth_04 (5.4: "on any endpoint") and rate_01 (7.1, 8) where they arrive with HTTP ' +
  '200 (ambiguities `auth-error-http-status`, `rate-limit-http-status`). Tell them apart by `Estatus`.';

const COMMON_CODES: readonly ResultCode[] = [resultCode('rate_01'), resultCode('server_01')];

/**
 * The common body (2.1) of the operation's own codes, authentication, rate_01 and server_01: the
 * one ErrorBody component of every operation (a client checks one type), its `code` open (7.1:
 * validation codes not shown); the codes of the operation are listed in the description and
 * examples of the response, and as an enum in its `default` response.
 */
function addEnvelopeErrors(plan: ResponsePlan, op: Operation, own: readonly ResultCode[], why: string, withUnnamed: boolean): void {
  const codes = [...own, ...AUTH_CODES, ...COMMON_CODES];
  const exampleCodes = [...own, resultCode(AUTH_EXAMPLE_CODE), ...COMMON_CODES];
  const examples: Record<string, NamedExample> = examplesOf(exampleCodes, (c) => envelopeErrorExample(c, op.area));
  if (withUnnamed) examples.unnamed_validation_code = unnamedValidationExample();
  addAlternative(plan, '200', { schema: ErrorBody, description: [why, codeList(codes)].join('\n'), examples });
}

/** 4.16, 7.4: Estatus=error beside Estatus=ok; auth_04 and rate_01 in the common body (5.4, 7.1). */
function addLegacyV1Errors(plan: ResponsePlan, op: Operation): void {
  const own = ownErrorCodes(op, (c) => c.family === 'legacy-v1');
  const common = [resultCode('auth_04'), resultCode('rate_01')];
  addAlternative(plan, '200', {
    schema: legacyV1ErrorBody(codesOf(own)),
    description: [V1_WHY, codeList(own, (c) => `Codigo \`${c.code}\``)].join('\n'),
    examples: examplesOf(own, legacyV1ErrorExample),
  });
  addAlternative(plan, '200', {
    schema: ErrorBody,
    description: codeList(common),
    examples: examplesOf(common, (c) => envelopeErrorExample(c, op.area)),
  });
}

/** Adds to the operation's 200 response the error bodies that may arrive with it (see above). */
export function addErrorsAnsweredWith200(plan: ResponsePlan, op: Operation): void {
  if (!plan.has('200')) throw new Error(`${op.operationId}: the 200 error alternatives follow a 200 success`);
  if (op.errorBody === 'legacy-v1') addLegacyV1Errors(plan, op);
  // 7.3: the slugs of the current OTP set have real HTTP statuses; only the common errors come with 200.
  else if (op.errorBody === 'otp-v2') addEnvelopeErrors(plan, op, [], OTP_V2_WHY, false);
  else
    addEnvelopeErrors(
      plan,
      op,
      ownErrorCodes(op, (c) => c.family !== 'otp-v2'),
      ENVELOPE_WHY,
      true,
    );
}
