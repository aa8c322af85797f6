/**
 * Assertions of what the document states about answers, shared by every suite: the success contract
 * of an operation (its registry schema, status, code and message), and the error bodies of 2.1, 4.4
 * and 4.16 with the result codes of 5 and 7. Each check is judged (judge.ts) against the
 * requirement it is about, at that requirement's level: the operation's contract, the rule of an
 * error body, a result code, request_id's and the message's readings, and the refusal itself against
 * the requirement the caller names (`refusalId`: the rule, limit or code the refusal proves). What
 * the document states fails a target, a reading of ours warns, a silence is recorded; a check the
 * rest of an assertion rests on ends the test when it does not hold below the fail level. Where
 * the document is torn on an HTTP status the profile's option decides (ambiguities
 * auth-error-http-status, rate-limit-http-status, business-error-http-status); where it states none
 * the status is recorded (latitude unstated-error-status).
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { ErrorBody, OtpErrorBody } from '../../schemas/envelope.ts';
import { codeRequirementId, RESULT_CODES, type CodeFamily, type ResultCode } from '../../schemas/error-codes.ts';
import { LegacyV1ErrorBody } from '../../schemas/legacy-v1.ts';
import { operationById, type Operation } from '../../schemas/operations.ts';
import { requirementById, successHttpStatusStated } from '../../schemas/requirements.ts';
import { judgeRefusalStatus, type RefusalKind } from '../../schemas/refusal-kinds.ts';
import { currentTest } from './current-test.ts';
import { judge } from './judge.ts';
import { TestEnded } from './test-ended.ts';
import type { Answer } from './target.ts';

/** A zod failure as lines "path: message", for assertion messages people can read. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join('.') || '(body)'}: ${i.message}`).join('\n');
}

const snippet = (answer: Answer): string => `HTTP ${answer.status} ${answer.text.slice(0, 400)}`;

/**
 * A check of these assertions, judged against requirement `id` (judge.ts), on which the rest of the
 * assertion rests: at the fail level a failure throws; below it, once its warning or record is
 * written, the test (or the check below fail around this assertion) ends there (test-ended.ts), as a
 * failure always ended it. Returns when it held.
 */
function judgeOrEnd(id: string, what: string, check: () => void): void {
  if (!judge(id, what, check)) throw new TestEnded(`${id}: ${what}`);
}

/**
 * Parses `value` with `schema`; a mismatch is a failed check of requirement `id`, with the issues and
 * the answer, that ends the test at any level (judgeOrEnd). Returns the parsed value.
 */
export function expectSchema<S extends z.ZodType>(id: string, schema: S, value: unknown, what: string, answer?: Answer): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    judgeOrEnd(id, what, () =>
      expect.fail(`${what} does not match the documented schema:\n${describeIssues(parsed.error)}${answer ? `\n${snippet(answer)}` : ''}`),
    );
  return parsed.data as z.output<S>;
}

/** Which detail of a body an issue is about: each is judged against its own requirement. */
type BodyDetail = 'code' | 'message' | 'request_id' | 'fields';
const detailOf = (issue: z.core.$ZodIssue): BodyDetail => {
  const head = issue.path[0];
  return head === 'code' || head === 'message' || head === 'request_id' ? head : 'fields';
};

/**
 * Parses `value` with `schema`, each detail judged against its own requirement (`idOf`), at that
 * requirement's level: one disputed detail (request_id, a message text) cannot fail a whole test.
 * Returns the parsed body, or the body as received when only details below the fail level are off.
 */
function expectBodyByDetail<S extends z.ZodType>(schema: S, value: unknown, what: string, answer: Answer, idOf: (detail: BodyDetail) => string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<S>;
  const byDetail = new Map<BodyDetail, z.core.$ZodIssue[]>();
  for (const issue of parsed.error.issues) byDetail.set(detailOf(issue), [...(byDetail.get(detailOf(issue)) ?? []), issue]);
  for (const [detail, issues] of byDetail) {
    const label = `${what}${detail === 'fields' ? '' : `, ${detail}`}`;
    judge(idOf(detail), label, () =>
      expect.fail(`${label} does not match the documented schema:\n${describeIssues(new z.ZodError(issues))}\n${snippet(answer)}`),
    );
  }
  return value as z.output<S>;
}

/** request_id: "stated to be present in every JSON response" (2.1), a reading with a rule of its own. */
const REQUEST_ID = 'rule:envelope.request-id';

/**
 * The requirement of each detail of a success body. The documented fields and the code are the
 * operation's contract (section 4: "Success: ... code=..."); the message is the SHOULD it rests on
 * (2.1, rule envelope.message-token); request_id is its rule (2.1).
 */
function successDetailId(detail: BodyDetail, operationId: string): string {
  if (detail === 'message') return 'rule:envelope.message-token';
  if (detail === 'request_id') return REQUEST_ID;
  return `op:${operationId}`;
}

/**
 * An error body of 2.1 or 4.4 (`schema`), each detail judged on its own: request_id against its rule
 * (hedged in 2.1, "stated to be present"), the rest against `bodyId`, the rule of that body (2.1, 7.1
 * "Error bodies carry success=false, message, status, code": rule:envelope.error-body; 4.4:
 * rule:otp2.error-body).
 */
export function expectErrorBody<S extends z.ZodType>(bodyId: string, schema: S, value: unknown, what: string, answer: Answer): z.output<S> {
  return expectBodyByDetail(schema, value, what, answer, (detail) => (detail === 'request_id' ? REQUEST_ID : bodyId));
}

/**
 * The requirement the HTTP status of a success is judged against: the operation's contract where
 * the document states it (4.2, 4.4) or where that contract is only recorded; elsewhere 2.1's reading
 * that the body status repeats the status code (rule:envelope.status-repeated), since most success
 * lines give only a body status.
 */
const successStatusId = (operationId: string): string =>
  successHttpStatusStated(operationId) || requirementById(`op:${operationId}`).level === 'record' ? `op:${operationId}` : 'rule:envelope.status-repeated';

/**
 * The success contract of section 4 for `operationId`, as separate checks so that one disputed
 * detail cannot fail a whole test: the HTTP status (one of the documented ones), a JSON body, the
 * documented fields against the response schema (unknown fields are accepted: latitude
 * extra-fields), the code, the message, request_id, each judged against its own requirement
 * (successStatusId, successDetailId). Returns the parsed body (typed by `schema` when given); when
 * only details below the fail level are off, the body as received.
 */
export function expectSuccess<S extends z.ZodType = z.ZodType>(answer: Answer, operationId: string, schema?: S): z.output<S> {
  const op = operationById(operationId);
  judge(successStatusId(operationId), `${operationId}: HTTP status of a success`, () =>
    expect(op.success.httpStatus, `${operationId}: HTTP status of a success (${snippet(answer)})`).toContain(answer.status),
  );
  // Not JSON (the preamble: bodies are JSON) stops every check of the test that reads the body.
  if (answer.json === undefined)
    judgeOrEnd('rule:envelope.json-bodies', `${operationId}: a JSON success body`, () =>
      expect.fail(`${operationId}: the success body is not JSON (${snippet(answer)})`),
    );
  return expectBodyByDetail((schema ?? op.success.schema) as S, answer.json, `${operationId} success body`, answer, (d) => successDetailId(d, operationId));
}

const AUTH_STATUS_AMBIGUITY = 'auth-error-http-status';

/** "Not a 5xx" of an answer to a refused request: a reading of 7.1, judged as its rule (schemas/rules/envelope.ts). */
const NO_SERVER_ERROR = 'rule:envelope.no-server-error';

/** The documented code row; the operation disambiguates codes named in several families. */
function codeRow(code: string, operation: Operation | undefined, family?: CodeFamily): ResultCode {
  const rows = RESULT_CODES.filter((c) => c.code === code && (family === undefined || c.family === family));
  const row = rows.find((c) => operation && c.operations !== 'all' && c.operations.includes(operation.operationId)) ?? rows[0];
  if (!row) throw new Error(`expectError: ${code} is not a result code of the document`);
  return row;
}

/**
 * The HTTP status of an error whose status the document does not state. "Not a 5xx" is a reading
 * (a warning). 7.1's "<validation code> | 200" speaks of invalid input only: the profile's option of
 * business-error-http-status judges a refusal of invalid input, and only that kind (judgeRefusalStatus,
 * schemas/refusal-kinds.ts), as a check of the requirement the refusal proves (`refusalId`); a missing
 * resource, a duplicate, a short balance and the codes of 7.2 (sms_07, agenda_02 ...) are latitude
 * unstated-error-status: recorded, never asserted.
 */
function expectUnstatedErrorStatus(answer: Answer, what: string, kind: RefusalKind | 'named-code', refusalId: string): void {
  judge(NO_SERVER_ERROR, `${what}: a client error is not a 5xx`, () => expect(answer.status, snippet(answer)).toBeLessThan(500));
  if (kind === 'named-code') {
    judge('unstated-error-status', `${what}: HTTP status (latitude unstated-error-status)`, `HTTP ${answer.status}`);
    return;
  }
  const choice = currentTest()?.choices['business-error-http-status'] ?? 'record-only';
  const judgement = judgeRefusalStatus(kind, answer.status, choice);
  if (judgement.judged === 'recorded') {
    if (judgement.kind !== 'invalid-input') judge('unstated-error-status', `${what}: HTTP status, ${judgement.why}`, `HTTP ${answer.status}`);
    else judge('business-error-http-status', `HTTP ${answer.status}`, null);
    return;
  }
  judge('business-error-http-status', `HTTP ${answer.status}`, judgement.conforms);
  const option = `profile business-error-http-status=${judgement.option}`;
  judgeOrEnd(refusalId, `${what}: HTTP status of invalid input (${option})`, () =>
    judgement.option === 'http-200'
      ? expect(answer.status, `${what}: HTTP status of invalid input (${option})`).toBe(200)
      : expect(judgement.conforms, `${what}: HTTP status ${answer.status} of invalid input (${option})`).toBe(true),
  );
}

/**
 * The answer refuses the request at all (2.1: success is false on error; 4.16: Estatus=error): a
 * check of the requirement the refusal proves (`refusalId`, the caller's), made before the body's
 * details, which are the error body's and the code's own requirements. A target that accepts what
 * it must refuse fails that requirement, not only the shape of an error body it never sent.
 */
function judgeRefused(refusalId: string, where: string, answer: Answer, errorBody: Operation['errorBody']): void {
  const accepted = errorBody === 'legacy-v1' ? answer.body.Estatus === 'ok' : answer.body.success === true;
  judgeOrEnd(refusalId, `${where}: refused`, () => expect(accepted, `${where}: the request was accepted, not refused (${snippet(answer)})`).toBe(false));
}

/** The 4.4 error body and the requirement its details are judged against. */
const OTP_ERROR_BODY = 'rule:otp2.error-body';
/** The 2.1 error body (7.1 "Error bodies carry success=false, message, status, code"). */
const ERROR_BODY = 'rule:envelope.error-body';

/**
 * An error answer with result `code` (5, 7.1 to 7.3) to a request that requirement `refusalId`
 * says is refused, in the error body the operation uses: 2.1 (success=false, message, status, code,
 * request_id) or 4.4 (success=false, state, error, message, hint, next). Each check against its own
 * requirement: the refusal itself against `refusalId`, the body against its rule, the code and its
 * statuses against the code's (err:<code>, at its level: a slug 7.3 only shows is a reading). HTTP
 * status: the stated one; the profile's option where the document is torn (5 auth statuses, 7.1
 * rate_01); otherwise see expectUnstatedErrorStatus.
 */
export function expectError(refusalId: string, answer: Answer, code: string, operationId?: string): void {
  const op = operationId ? operationById(operationId) : undefined;
  const row = codeRow(code, op, op?.errorBody === 'otp-v2' && !code.startsWith('auth_') && code !== 'rate_01' ? 'otp-v2' : undefined);
  const codeId = codeRequirementId(row);
  const where = `${operationId ?? 'request'} → ${code}`;
  const choices = currentTest()?.choices;
  judgeRefused(refusalId, where, answer, op?.errorBody ?? 'envelope');

  if (row.family === 'otp-v2' || (op?.errorBody === 'otp-v2' && row.family === 'common' && code.startsWith('otp_'))) {
    const body = expectErrorBody(OTP_ERROR_BODY, OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    judgeOrEnd(codeId, `${where}: error slug`, () => expect(body.error, `${where}: error slug`).toBe(code));
    if (row.httpStatus !== undefined)
      judgeOrEnd(codeId, `${where}: HTTP status (7.3)`, () => expect(answer.status, `${where}: HTTP status (7.3)`).toBe(row.httpStatus));
    return;
  }

  const body = expectErrorBody(ERROR_BODY, ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  judgeOrEnd(codeId, `${where}: code`, () => expect(body.code, `${where}: code (${snippet(answer)})`).toBe(code));
  if (row.bodyStatus !== undefined)
    judgeOrEnd(codeId, `${where}: status in the body`, () => expect(body.status, `${where}: status in the body`).toBe(row.bodyStatus));

  if (row.family === 'auth') {
    // 5 gives both: the table's status, and "auth errors reach the client with HTTP 200" per the
    // current OTP reference, with "clients should read the body status and code". Either is the
    // document's; a server may answer one on some paths and the other elsewhere. The profile's
    // option is compared and recorded, never asserted; any third status fails.
    const choice = choices?.[AUTH_STATUS_AMBIGUITY] ?? 'http-status';
    const expected = choice === 'body-200' ? 200 : row.httpStatus!;
    judge(AUTH_STATUS_AMBIGUITY, `HTTP ${answer.status} for ${code}${op?.errorBody === 'otp-v2' ? ' (/v2/otp)' : ''}`, answer.status === expected);
    const either = `${where}: HTTP status (5: the table's ${row.httpStatus}, or 200 as the current OTP reference states)`;
    judgeOrEnd(codeId, either, () => expect([row.httpStatus!, 200], either).toContain(answer.status));
    return;
  }
  if (code === 'rate_01') {
    const choice = choices?.['rate-limit-http-status'] ?? 'http-429';
    judge('rate-limit-http-status', `HTTP ${answer.status}`, choice === 'http-429' ? answer.status === 429 : true);
    const declared = `${where}: HTTP status (profile rate-limit-http-status=http-429)`;
    if (choice === 'http-429') judgeOrEnd(codeId, declared, () => expect(answer.status, declared).toBe(429));
    return;
  }
  if (row.httpStatus !== undefined) {
    judgeOrEnd(codeId, `${where}: HTTP status`, () => expect(answer.status, `${where}: HTTP status`).toBe(row.httpStatus));
    return;
  }
  expectUnstatedErrorStatus(answer, where, 'named-code', refusalId);
}

/**
 * 4.16, 7.4: a refusal (`refusalId`, as in expectError) in the v1 error body, Estatus=error with the
 * v1 `Codigo` (written "01" or 1: both read as the same code), judged against that code's requirement
 * (against `refusalId` for a Codigo 7.4 does not list, which a test may pass on from the target).
 */
export function expectV1Error(refusalId: string, answer: Answer, codigo: string): void {
  const where = `legacy v1 → Codigo ${codigo}`;
  const row = RESULT_CODES.find((c) => c.family === 'legacy-v1' && Number(c.code) === Number(codigo));
  const codeId = row === undefined ? refusalId : codeRequirementId(row);
  judgeRefused(refusalId, where, answer, 'legacy-v1');
  const body = expectSchema(codeId, LegacyV1ErrorBody, answer.json, `${where}: the error body of 4.16`, answer);
  judgeOrEnd(codeId, `${where}: Codigo`, () => expect(Number(body.Codigo), `legacy v1: Codigo (${snippet(answer)})`).toBe(Number(codigo)));
  judge(NO_SERVER_ERROR, `${where}: not a 5xx`, () => expect(answer.status).toBeLessThan(500));
}

/**
 * What a refusal refuses (schemas/refusal-kinds.ts): invalid input, which 7.1 gives its 200 ("HTTP
 * in body", "body message says parameters invalid"); a list, contact, card, wallet or subaccount that
 * does not exist, a duplicate, a balance too small, which it does not (latitude unstated-error-status).
 */
export type { RefusalKind } from '../../schemas/refusal-kinds.ts';

/**
 * A refusal whose code the document does not name (7.1 "not shown" for wallet, loyalty, contact
 * updates, payments, subaccounts and the like), of a request that requirement `refusalId` says is
 * refused: the refusal itself judged against it, then the operation's error body against its rule,
 * no 5xx. The code the target chose is recorded (ambiguity unnamed-validation-codes) and returned.
 * `what` names the case in failure messages.
 */
export function expectRefused(refusalId: string, answer: Answer, operationId: string, what?: string, kind: RefusalKind = 'invalid-input'): string | undefined {
  const op = operationById(operationId);
  const where = what === undefined ? `${operationId} refusal` : `${operationId} refusal (${what})`;
  judge(NO_SERVER_ERROR, `${where}: a refusal is not a 5xx`, () => expect(answer.status, snippet(answer)).toBeLessThan(500));
  judgeRefused(refusalId, where, answer, op.errorBody);
  if (op.errorBody === 'legacy-v1') {
    const body = expectSchema(refusalId, LegacyV1ErrorBody, answer.json, `${where}: the error body of 4.16`, answer);
    return String(body.Codigo);
  }
  if (op.errorBody === 'otp-v2') {
    const body = expectErrorBody(OTP_ERROR_BODY, OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    const status = `${where}: a current OTP refusal carries a 4xx status (7.3)`;
    judgeOrEnd(refusalId, status, () => expect(answer.status, status).toBeGreaterThanOrEqual(400));
    return body.error;
  }
  const body = expectErrorBody(ERROR_BODY, ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  judge('unnamed-validation-codes', `${operationId}: code ${body.code}, HTTP ${answer.status}`, null);
  expectUnstatedErrorStatus(answer, where, kind, refusalId);
  return body.code;
}
