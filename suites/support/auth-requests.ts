/**
 * Helpers of the authentication suite (5) and of the key-isolation tests (4.11, 5.3): requests
 * that reach every operation of the registry with a given key (or none), without a send ever
 * leaving sandbox, and the check of a refusal whose code the document does not name.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { ErrorBody } from '../../schemas/envelope.ts';
import { OPERATIONS, operationById, type Operation } from '../../schemas/operations.ts';
import { type Answer, type ApiRequest, expectErrorBody, judge, type Target } from '../../harness/kit/index.ts';

/**
 * The paths of 4.15, "named in passing ...; their shapes: not shown": neither their answers nor
 * their authentication are shown, so rules over "every operation" do not reach them (latitude
 * passing-paths); suites/other/paths.test.ts records what they answer.
 */
const namedInPassing = (op: Operation): boolean => op.area === 'other';

/** Every operation but the legacy v1 ones (5.5: they take apikey as a parameter and answer 7.4 codes) and the 4.15 paths. */
export const KEYED_OPERATIONS: readonly Operation[] = OPERATIONS.filter((op) => op.auth !== 'v1-parameter' && !namedInPassing(op));
export const V1_OPERATIONS: readonly Operation[] = OPERATIONS.filter((op) => op.auth === 'v1-parameter');
/** 4.11, 5.3: the operations under /manager/subaccount/*. */
export const MANAGER_OPERATIONS: readonly Operation[] = OPERATIONS.filter((op) => op.auth === 'manager');

/** Path parameters filled with a harmless value (4.6 /contacts/polling/{action}: values not shown). */
export const concretePath = (op: Operation): string => op.path.replace(/\{\w+\}/g, 'test');

/**
 * A request of `op` that carries nothing to act on: no body, except the sandbox flag on sending
 * operations, so that a target that wrongly let the request through would still send nothing
 * (and the cost guard of the kit lets it go, 5.2).
 */
export function inertRequest(op: Operation, extra: ApiRequest = {}): ApiRequest {
  const request: ApiRequest = { path: concretePath(op), ...extra };
  if (!op.sends) return request;
  const flag = op.errorBody === 'otp-v2' ? true : 1;
  return op.method === 'GET' ? { ...request, query: { sandbox: 1 } } : { ...request, json: { sandbox: flag } };
}

/** A key that no account has: the format of a real key cannot be known (5.2), so 40 hex digits. */
export const unknownKey = (): string => randomBytes(20).toString('hex');

/** The parameters of a valid sandbox v1 send (4.16), the key aside. */
export const v1SandboxQuery = (t: Target): Record<string, string> => ({
  mensaje: 'Prueba de conformidad',
  numcelular: t.phone(),
  numregion: '52',
  sandbox: '1',
});

/**
 * 5.3: a manager endpoint called with a key that is not the manager's. The document says such a
 * key is not accepted but names no code for it: the refusal is asserted (2.1 error body,
 * success=false, not the operation's success code) and the code is recorded. A 5xx is judged as
 * the server error it is (7.1 server_01 is among every endpoint's answers: a reading, warn), and
 * the refusal's own checks go on, judged as 5.3's rule whichever test makes the call.
 */
export function expectNotManagerRefusal(answer: Answer, operationId: string): string {
  const op = operationById(operationId);
  const where = `${operationId} with a key that is not the manager's`;
  judge('rule:envelope.no-server-error', `${where}: never a 5xx`, () =>
    expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500),
  );
  judge('rule:auth.manager-key-required', `${where}: not a success status (5.3)`, () =>
    expect(answer.status, `${where}: not a success status (HTTP ${answer.status} ${answer.text.slice(0, 300)})`).not.toBe(201),
  );
  const body = expectErrorBody('rule:auth.manager-key-required', ErrorBody, answer.json, `${where}: the error body of 2.1`, answer);
  if (op.success.code !== undefined)
    judge('rule:auth.manager-key-required', `${where}: not the success code (5.3)`, () =>
      expect(body.code, `${where}: the success code`).not.toBe(op.success.code),
    );
  judge('unnamed-validation-codes', `${operationId} with a non-manager key: code ${body.code}, HTTP ${answer.status}`, null);
  return body.code;
}
