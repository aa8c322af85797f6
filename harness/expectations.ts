/**
 * Assertions of what the document states about answers, shared by every suite: the success contract
 * of an operation (its registry schema, status, code and message), and the error bodies of 2.1, 4.4
 * and 4.16 with the result codes of 5 and 7. Where the document leaves the HTTP status open, the
 * profile's option decides (ambiguities auth-error-http-status, rate-limit-http-status,
 * business-error-http-status) and the observed status is recorded either way.
 */
import { expect } from 'vitest';
import type { z } from 'zod';
import { ErrorBody, OtpErrorBody } from '../schemas/envelope.ts';
import { RESULT_CODES, type CodeFamily, type ResultCode } from '../schemas/error-codes.ts';
import { LegacyV1ErrorBody } from '../schemas/legacy-v1.ts';
import { operationById, type Operation } from '../schemas/operations.ts';
import { currentTest, observe } from './current-test.ts';
import type { Answer } from './target.ts';

/** A zod failure as lines "path: message", for assertion messages people can read. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `  ${i.path.join('.') || '(body)'}: ${i.message}`).join('\n');
}

const snippet = (answer: Answer): string => `HTTP ${answer.status} ${answer.text.slice(0, 400)}`;

/** Parses `value` with `schema`, failing the test with the issues and the answer. */
export function expectSchema<S extends z.ZodType>(schema: S, value: unknown, what: string, answer?: Answer): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) expect.fail(`${what} does not match the documented schema:\n${describeIssues(parsed.error)}${answer ? `\n${snippet(answer)}` : ''}`);
  return parsed.data as z.output<S>;
}

/**
 * The success contract of section 4 for `operationId`: one of its documented HTTP statuses, the
 * body valid against its response schema (which fixes the documented code and message), and, for
 * the envelope bodies, success=true. Returns the parsed body (typed by `schema` when given).
 */
export function expectSuccess<S extends z.ZodType = z.ZodType>(answer: Answer, operationId: string, schema?: S): z.output<S> {
  const op = operationById(operationId);
  expect(op.success.httpStatus, `${operationId}: HTTP status of a success (${snippet(answer)})`).toContain(answer.status);
  if (answer.json === undefined) expect.fail(`${operationId}: the success body is not JSON (${snippet(answer)})`);
  return expectSchema((schema ?? op.success.schema) as S, answer.json, `${operationId} success body`, answer);
}

const AUTH_STATUS_AMBIGUITY = 'auth-error-http-status';

/** The documented code row; the operation disambiguates codes named in several families. */
function codeRow(code: string, operation: Operation | undefined, family?: CodeFamily): ResultCode {
  const rows = RESULT_CODES.filter((c) => c.code === code && (family === undefined || c.family === family));
  const row = rows.find((c) => operation && c.operations !== 'all' && c.operations.includes(operation.operationId)) ?? rows[0];
  if (!row) throw new Error(`expectError: ${code} is not a result code of the document`);
  return row;
}

/**
 * The HTTP status of an error whose status the document does not fix for this body: under
 * business-error-http-status, http-200 or http-4xx is asserted; record-only asserts nothing but
 * that it is not a server error.
 */
export function expectUnstatedErrorStatus(answer: Answer, what: string): void {
  expect(answer.status, `${what}: a client error is never a 5xx (${snippet(answer)})`).toBeLessThan(500);
  const choice = currentTest()?.choices['business-error-http-status'] ?? 'record-only';
  const is4xx = answer.status >= 400 && answer.status < 500;
  observe('business-error-http-status', `HTTP ${answer.status}`, choice === 'http-200' ? answer.status === 200 : is4xx);
  if (choice === 'http-200') expect(answer.status, `${what}: HTTP status (profile business-error-http-status=http-200)`).toBe(200);
  if (choice === 'http-4xx') expect(is4xx, `${what}: HTTP status ${answer.status} (profile business-error-http-status=http-4xx)`).toBe(true);
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
    const body = expectSchema(OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    expect(body.error, `${where}: error slug`).toBe(code);
    if (row.httpStatus !== undefined) expect(answer.status, `${where}: HTTP status (7.3)`).toBe(row.httpStatus);
    return;
  }

  const body = expectSchema(ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  expect(body.code, `${where}: code (${snippet(answer)})`).toBe(code);
  if (row.bodyStatus !== undefined) expect(body.status, `${where}: status in the body`).toBe(row.bodyStatus);

  if (row.family === 'auth') {
    const choice = choices?.[AUTH_STATUS_AMBIGUITY] ?? 'http-status';
    const expected = choice === 'body-200' ? 200 : row.httpStatus!;
    observe(AUTH_STATUS_AMBIGUITY, `HTTP ${answer.status} for ${code}`, answer.status === expected);
    expect(answer.status, `${where}: HTTP status (profile ${AUTH_STATUS_AMBIGUITY}=${choice})`).toBe(expected);
    return;
  }
  if (code === 'rate_01') {
    const choice = choices?.['rate-limit-http-status'] ?? 'http-429';
    observe('rate-limit-http-status', `HTTP ${answer.status}`, choice === 'http-429' ? answer.status === 429 : true);
    if (choice === 'http-429') expect(answer.status, `${where}: HTTP status (profile rate-limit-http-status=http-429)`).toBe(429);
    return;
  }
  if (row.httpStatus !== undefined) {
    expect(answer.status, `${where}: HTTP status`).toBe(row.httpStatus);
    return;
  }
  expectUnstatedErrorStatus(answer, where);
}

/** 4.16, 7.4: Estatus=error with the v1 `Codigo` (written "01" or 1: both read as the same code). */
export function expectV1Error(answer: Answer, codigo: string): void {
  const body = expectSchema(LegacyV1ErrorBody, answer.json, `legacy v1 → Codigo ${codigo}: the error body of 4.16`, answer);
  expect(Number(body.Codigo), `legacy v1: Codigo (${snippet(answer)})`).toBe(Number(codigo));
  expect(answer.status, `legacy v1 → Codigo ${codigo}: never a 5xx`).toBeLessThan(500);
}

/**
 * A refusal whose code the document does not name (7.1 "not shown" for wallet, loyalty, contact
 * updates, payments, subaccounts and the like): the operation's error body, success=false, no 5xx.
 * The code the target chose is recorded (ambiguity unnamed-validation-codes) and returned. `what`
 * names the case in failure messages.
 */
export function expectRefused(answer: Answer, operationId: string, what?: string): string | undefined {
  const op = operationById(operationId);
  const where = what === undefined ? `${operationId} refusal` : `${operationId} refusal (${what})`;
  expect(answer.status, `${where}: never a 5xx (${snippet(answer)})`).toBeLessThan(500);
  if (op.errorBody === 'legacy-v1') {
    const body = expectSchema(LegacyV1ErrorBody, answer.json, `${where}: the error body of 4.16`, answer);
    return String(body.Codigo);
  }
  if (op.errorBody === 'otp-v2') {
    const body = expectSchema(OtpErrorBody, answer.json, `${where}: the error body of 4.4`, answer);
    expect(answer.status, `${where}: a current OTP refusal carries a 4xx status (7.3)`).toBeGreaterThanOrEqual(400);
    return body.error;
  }
  const body = expectSchema(ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  observe('unnamed-validation-codes', `${operationId}: code ${body.code}, HTTP ${answer.status}`, null);
  expectUnstatedErrorStatus(answer, where);
  return body.code;
}
