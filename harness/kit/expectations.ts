/**
 * Assertions of what the document states about answers, shared by every suite: the success contract
 * of an operation (its registry schema, status, code and message), and the error bodies of 2.1, 4.4
 * and 4.16 with the result codes of 5 and 7. Each detail is checked at its own level (checks.ts):
 * what the document states fails a target, a reading of ours warns, a silence is recorded. Where
 * the document is torn on an HTTP status the profile's option decides (ambiguities
 * auth-error-http-status, rate-limit-http-status, business-error-http-status); where it states none
 * the status is recorded (latitude unstated-error-status).
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { ErrorBody, OtpErrorBody } from '../../schemas/envelope.ts';
import { RESULT_CODES, type CodeFamily, type ResultCode } from '../../schemas/error-codes.ts';
import { LegacyV1ErrorBody } from '../../schemas/legacy-v1.ts';
import { operationById, type Operation } from '../../schemas/operations.ts';
import { requirementById, successHttpStatusStated } from '../../schemas/requirements.ts';
import { judgeRefusalStatus, type RefusalKind } from '../../schemas/refusal-kinds.ts';
import { lowerLevel, READING_LEVEL, type VerdictLevel } from '../../schemas/verdict-levels.ts';
import { checkAt } from './checks.ts';
import { currentTest } from './current-test.ts';
import { judge } from './judge.ts';
import { checkFor } from './requirement-checks.ts';
import type { Answer } from './target.ts';

/** A zod failure as lines "path: message", for assertion messages people can read. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join('.') || '(body)'}: ${i.message}`).join('\n');
}

const snippet = (answer: Answer): string => `HTTP ${answer.status} ${answer.text.slice(0, 400)}`;

/** Parses `value` with `schema`, failing the test with the issues and the answer. */
export function expectSchema<S extends z.ZodType>(schema: S, value: unknown, what: string, answer?: Answer): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) expect.fail(`${what} does not match the documented schema:\n${describeIssues(parsed.error)}${answer ? `\n${snippet(answer)}` : ''}`);
  return parsed.data as z.output<S>;
}

/** Which detail of a body an issue is about: each has its own level. */
type BodyDetail = 'code' | 'message' | 'request_id' | 'fields';
const detailOf = (issue: z.core.$ZodIssue): BodyDetail => {
  const head = issue.path[0];
  return head === 'code' || head === 'message' || head === 'request_id' ? head : 'fields';
};

/**
 * Parses `value` with `schema`, checking each detail at its own level (`levelOf`): one disputed
 * detail (request_id, a message text) cannot fail a whole test. Returns the parsed body, or the
 * body as received when only details below the fail level are off.
 */
function expectBodyByDetail<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  answer: Answer,
  levelOf: (detail: BodyDetail) => VerdictLevel,
): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.output<S>;
  const byDetail = new Map<BodyDetail, z.core.$ZodIssue[]>();
  for (const issue of parsed.error.issues) byDetail.set(detailOf(issue), [...(byDetail.get(detailOf(issue)) ?? []), issue]);
  for (const [detail, issues] of byDetail) {
    const label = `${what}${detail === 'fields' ? '' : `, ${detail}`}`;
    checkAt(levelOf(detail), label, () =>
      expect.fail(`${label} does not match the documented schema:\n${describeIssues(new z.ZodError(issues))}\n${snippet(answer)}`),
    );
  }
  return value as z.output<S>;
}

/** request_id: "stated to be present in every JSON response" (2.1), at the level of its rule. */
const requestIdLevel = (): VerdictLevel => requirementById('rule:envelope.request-id').level;

/** The success message: 2.1 "on success often a machine token such as sent_messages", a hedge, at the level of its SHOULD. */
const successMessageLevel = (): VerdictLevel => requirementById('rule:envelope.message-token').level;

/**
 * The level of each detail of a success body. The documented fields and the code are the
 * operation's contract (section 4: "Success: ... code=..."); the message takes the level of the
 * SHOULD it rests on (2.1, rule envelope.message-token); request_id takes the level of its rule (2.1).
 */
function successDetailLevel(detail: BodyDetail, operationId: string): VerdictLevel {
  if (detail === 'message') return successMessageLevel();
  if (detail === 'request_id') return requestIdLevel();
  return requirementById(`op:${operationId}`).level;
}

/** An error body: its code and fields as stated (2.1, 7.1 "Error bodies carry success=false, message, status, code"); request_id at its rule's level. */
const errorDetailLevel = (detail: BodyDetail): VerdictLevel => (detail === 'request_id' ? requestIdLevel() : 'fail');

/** An error body of 2.1 or 4.4 (`schema`), each detail at its level: request_id is hedged in 2.1 ("stated to be present"). */
export function expectErrorBody<S extends z.ZodType>(schema: S, value: unknown, what: string, answer: Answer): z.output<S> {
  return expectBodyByDetail(schema, value, what, answer, errorDetailLevel);
}

/**
 * The success contract of section 4 for `operationId`, as separate checks so that one disputed
 * detail cannot fail a whole test: the HTTP status (one of the documented ones), a JSON body, the
 * documented fields against the response schema (unknown fields are accepted: latitude
 * extra-fields), the code, the message, request_id, each at its own level (successDetailLevel). Returns
 * the parsed body (typed by `schema` when given); when only details below the fail level are off,
 * the body as received.
 */
export function expectSuccess<S extends z.ZodType = z.ZodType>(answer: Answer, operationId: string, schema?: S): z.output<S> {
  const op = operationById(operationId);
  const contract = requirementById(`op:${operationId}`).level;
  // The status and the body's fields are the operation's contract: a failure there is not one of the
  // other requirements of the test (requirement-checks.ts). They throw only at the fail level.
  const ofContract = [`op:${operationId}`];
  // Most operations give only a body status (2.1 "status code repeated inside the body"): the HTTP
  // status of their success is a reading (at most a warning); 4.2 and 4.4 state theirs.
  const statusLevel = successHttpStatusStated(operationId) ? contract : lowerLevel(contract, READING_LEVEL);
  checkFor(ofContract, () =>
    checkAt(statusLevel, `${operationId}: HTTP status of a success`, () =>
      expect(op.success.httpStatus, `${operationId}: HTTP status of a success (${snippet(answer)})`).toContain(answer.status),
    ),
  );
  // Not JSON (the preamble: bodies are JSON) stops every check of the test that reads the body: untagged.
  if (answer.json === undefined) expect.fail(`${operationId}: the success body is not JSON (${snippet(answer)})`);
  const json: unknown = answer.json;
  return checkFor(ofContract, () =>
    expectBodyByDetail((schema ?? op.success.schema) as S, json, `${operationId} success body`, answer, (d) => successDetailLevel(d, operationId)),
  );
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
 * schemas/refusal-kinds.ts); a missing resource, a duplicate, a short balance and the codes of 7.2
 * (sms_07, agenda_02 ...) are latitude unstated-error-status: recorded, never asserted.
 */
function expectUnstatedErrorStatus(answer: Answer, what: string, kind: RefusalKind | 'named-code'): void {
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
  if (judgement.option === 'http-200') expect(answer.status, `${what}: HTTP status of invalid input (profile business-error-http-status=http-200)`).toBe(200);
  else expect(judgement.conforms, `${what}: HTTP status ${answer.status} of invalid input (profile business-error-http-status=http-4xx)`).toBe(true);
}

/**
 * An error answer with result `code` (5, 7.1 to 7.3), in the error body the operation uses:
 * 2.1 (success=false, message, status, code, request_id) or 4.4 (success=false, state, error,
 * message, hint, next). HTTP status: the stated one; the profile's option where the document is
 * torn (5 auth statuses, 7.1 rate_01); otherwise see expectUnstatedErrorStatus.
 */
export function expectError(answer: Answer, code: string, operationId?: string): void {
  const op = operationId ? operationById(operationId) : undefined;
  const row = codeRow(code, op, op?.errorBody === 'otp-v2' && !code.startsWith('auth_') && code !== 'rate_01' ? 'otp-v2' : undefined);
  const where = `${operationId ?? 'request'} → ${code}`;
  const choices = currentTest()?.choices;

  if (row.family === 'otp-v2' || (op?.errorBody === 'otp-v2' && row.family === 'common' && code.startsWith('otp_'))) {
    const body = expectErrorBody(OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    expect(body.error, `${where}: error slug`).toBe(code);
    if (row.httpStatus !== undefined) expect(answer.status, `${where}: HTTP status (7.3)`).toBe(row.httpStatus);
    return;
  }

  const body = expectErrorBody(ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  expect(body.code, `${where}: code (${snippet(answer)})`).toBe(code);
  if (row.bodyStatus !== undefined) expect(body.status, `${where}: status in the body`).toBe(row.bodyStatus);

  if (row.family === 'auth') {
    // 5 gives both: the table's status, and "auth errors reach the client with HTTP 200" per the
    // current OTP reference, with "clients should read the body status and code". Either is the
    // document's; a server may answer one on some paths and the other elsewhere. The profile's
    // option is compared and recorded, never asserted; any third status fails.
    const choice = choices?.[AUTH_STATUS_AMBIGUITY] ?? 'http-status';
    const expected = choice === 'body-200' ? 200 : row.httpStatus!;
    judge(AUTH_STATUS_AMBIGUITY, `HTTP ${answer.status} for ${code}${op?.errorBody === 'otp-v2' ? ' (/v2/otp)' : ''}`, answer.status === expected);
    expect([row.httpStatus!, 200], `${where}: HTTP status (5: the table's ${row.httpStatus}, or 200 as the current OTP reference states)`).toContain(
      answer.status,
    );
    return;
  }
  if (code === 'rate_01') {
    const choice = choices?.['rate-limit-http-status'] ?? 'http-429';
    judge('rate-limit-http-status', `HTTP ${answer.status}`, choice === 'http-429' ? answer.status === 429 : true);
    if (choice === 'http-429') expect(answer.status, `${where}: HTTP status (profile rate-limit-http-status=http-429)`).toBe(429);
    return;
  }
  if (row.httpStatus !== undefined) {
    expect(answer.status, `${where}: HTTP status`).toBe(row.httpStatus);
    return;
  }
  expectUnstatedErrorStatus(answer, where, 'named-code');
}

/** 4.16, 7.4: Estatus=error with the v1 `Codigo` (written "01" or 1: both read as the same code). */
export function expectV1Error(answer: Answer, codigo: string): void {
  const body = expectSchema(LegacyV1ErrorBody, answer.json, `legacy v1 → Codigo ${codigo}: the error body of 4.16`, answer);
  expect(Number(body.Codigo), `legacy v1: Codigo (${snippet(answer)})`).toBe(Number(codigo));
  judge(NO_SERVER_ERROR, `legacy v1 → Codigo ${codigo}: not a 5xx`, () => expect(answer.status).toBeLessThan(500));
}

/**
 * What a refusal refuses (schemas/refusal-kinds.ts): invalid input, which 7.1 gives its 200 ("HTTP
 * in body", "body message says parameters invalid"); a list, contact, card, wallet or subaccount that
 * does not exist, a duplicate, a balance too small, which it does not (latitude unstated-error-status).
 */
export type { RefusalKind } from '../../schemas/refusal-kinds.ts';

/**
 * A refusal whose code the document does not name (7.1 "not shown" for wallet, loyalty, contact
 * updates, payments, subaccounts and the like): the operation's error body, success=false, no 5xx.
 * The code the target chose is recorded (ambiguity unnamed-validation-codes) and returned. `what`
 * names the case in failure messages.
 */
export function expectRefused(answer: Answer, operationId: string, what?: string, kind: RefusalKind = 'invalid-input'): string | undefined {
  const op = operationById(operationId);
  const where = what === undefined ? `${operationId} refusal` : `${operationId} refusal (${what})`;
  judge(NO_SERVER_ERROR, `${where}: a refusal is not a 5xx`, () => expect(answer.status, snippet(answer)).toBeLessThan(500));
  if (op.errorBody === 'legacy-v1') {
    const body = expectSchema(LegacyV1ErrorBody, answer.json, `${where}: the error body of 4.16`, answer);
    return String(body.Codigo);
  }
  if (op.errorBody === 'otp-v2') {
    const body = expectErrorBody(OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    expect(answer.status, `${where}: a current OTP refusal carries a 4xx status (7.3)`).toBeGreaterThanOrEqual(400);
    return body.error;
  }
  const body = expectErrorBody(ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  judge('unnamed-validation-codes', `${operationId}: code ${body.code}, HTTP ${answer.status}`, null);
  expectUnstatedErrorStatus(answer, where, kind);
  return body.code;
}
