/**
 * Sections 2.1 and 7.1 (with 4.4, 7.3): error bodies. Errors carry success=false with message,
 * status, code and a UUID request_id (2.1); a validation failure whose code 7.1 does not show has
 * status 200 in the body; the current OTP set has its own error body (4.4). What an unknown path,
 * a method an operation does not take or a malformed JSON body gets is not said: readings
 * (warnings), and that nothing is created from a malformed body is asserted.
 */
import { describe, expect } from 'vitest';
import { AgendaListResponse } from '../../schemas/agendas.ts';
import { ErrorBody, OtpErrorBody, requestId as Uuid } from '../../schemas/envelope.ts';
import {
  type Answer,
  expectError,
  expectErrorBody,
  expectRefused,
  expectSchema,
  expectSuccess,
  judge,
  req,
  reqNotTestable,
  useTarget,
} from '../../harness/kit/index.ts';

const t = useTarget();

/** A POST /v2/otp that succeeds on any target (4.4: sandbox, the code in the answer), on a number of the file's own. */
const sandboxOtpCreateBody = (): Record<string, unknown> => ({
  phone_number: t.phone(),
  country_code: '52',
  company: 'ACME',
  message: '{{company}}: tu codigo es {{code}}',
  sandbox: true,
  code_in_response: true,
});

// biome-ignore lint/suspicious/noIdenticalTestTitle: both halves keep the title, so that their tests keep their names (baselines match them)
describe('error bodies (2.1, 7.1)', () => {
  req(
    ['rule:envelope.error-body', 'rule:envelope.success-flag', 'rule:envelope.request-id', 'rule:envelope.fields', 'rule:envelope.no-server-error'],
    'an auth error, a documented validation code and an unknown list each answer success=false, message, status, code and a UUID request_id',
    async () => {
      const answers: [string, Answer][] = [
        ['credits/consult without key', await t.api('credits/consult', { key: null })],
        ['agendas/add without agenda_name', await t.api('agendas/add', { json: { agenda_description: 'sin nombre' } })],
        ['agendas/list-contacts of an unknown list', await t.api('agendas/list-contacts', { json: { list_key: t.name('nolist') } })],
      ];
      expectError('rule:envelope.success-flag', answers[0]![1], 'auth_01', 'credits/consult');
      expectError('rule:envelope.success-flag', answers[1]![1], 'agenda_02', 'agendas/add');
      for (const [what, answer] of answers) {
        const body = expectErrorBody('rule:envelope.error-body', ErrorBody, answer.json, `${what}: the error body of 2.1`, answer);
        judge('rule:envelope.success-flag', `${what}: success is false on error (2.1)`, () =>
          expect(body.success, `${what}: success is false on error`).toBe(false),
        );
        judge('rule:envelope.no-server-error', `${what}: not a 5xx`, () => expect(answer.status).toBeLessThan(500));
      }
    },
  );

  // 7.1 "| <validation code> | 200 | body message says parameters invalid; code value for wallet,
  // loyalty, contact-update, payment, subaccount and similar validation failures: not shown |": the
  // code is not shown (recorded by expectRefused), the status in the body is 200. The real HTTP status
  // is ambiguity business-error-http-status (expectRefused asserts the profile's option, if any).
  req(
    ['rule:envelope.validation-body-status'],
    'a validation failure whose code 7.1 does not show (contact add and update, payment request, employee) answers success=false with status 200 in the body',
    async () => {
      for (const operationId of ['contacts/add', 'contacts/update', 'payments/send-request', 'employees/add']) {
        const answer = await t.api(operationId, { json: {} });
        const what = 'every required field missing';
        judge('rule:envelope.validation-body-status', `${operationId}: refused (7.1)`, () =>
          expect(answer.body.success, `${operationId} (${what}): refused (${answer.text.slice(0, 200)})`).toBe(false),
        );
        expectRefused('rule:envelope.validation-body-status', answer, operationId, what);
        judge('rule:envelope.validation-body-status', `${operationId}: status 200 in the body (7.1)`, () =>
          expect(answer.body.status, `${operationId} (${what}): status in the body (7.1: 200 for a validation code)`).toBe(200),
        );
      }
    },
  );

  req(
    ['rule:envelope.request-id', 'rule:otp2.error-body'],
    'the current OTP set: a success carries a UUID request_id; an error body of 4.4 carries one when present',
    async () => {
      const ok = await t.api('otp-v2/create', { json: sandboxOtpCreateBody() });
      expectSchema('rule:otp2.error-body', Uuid, ok.body.request_id, 'otp-v2/create success: request_id (4.4 lists it)', ok);
      const failed = await t.api('otp-v2/create', { json: { country_code: '52', company: 'ACME', sandbox: true, code_in_response: true } });
      const body = expectSchema('rule:otp2.error-body', OtpErrorBody, failed.json, 'otp-v2/create without phone_number: the error body of 4.4', failed);
      judge('rule:otp2.invalid-parameter-refused', 'otp-v2/create without phone_number: HTTP 400 (7.3)', () =>
        expect(failed.status, '7.3: a missing parameter answers 400').toBe(400),
      );
      if (body.request_id !== undefined) expectSchema('rule:otp2.error-body', Uuid, body.request_id, 'request_id', failed);
    },
  );
});

// The second half of the describe above, under its title (at most 100 lines each).
describe('error bodies (2.1, 7.1)', () => {
  // The document says nothing of unknown paths or methods: every check here is a reading (warning).
  req(
    ['rule:envelope.error-body', 'rule:envelope.request-id', 'rule:envelope.unknown-request-refused', 'rule:envelope.no-server-error'],
    'an unknown path, or a method an operation does not take, is a client error: never a 5xx, and a JSON answer is an error body (readings: warnings)',
    async () => {
      const probes: [string, Answer][] = [
        ['POST /no/such/operation', await t.http({ method: 'POST', path: `/no/such/${t.name('path')}`, apiKey: t.key, json: {} })],
        ['POST /credits/consultx', await t.http({ method: 'POST', path: '/credits/consultx', apiKey: t.key, json: {} })],
        ['DELETE /agendas/add', await t.http({ method: 'DELETE', path: '/agendas/add', apiKey: t.key })],
        ['PUT /credits/consult', await t.http({ method: 'PUT', path: '/credits/consult', apiKey: t.key, json: {} })],
      ];
      for (const [what, answer] of probes) {
        judge('unstated-error-status', what, `HTTP ${answer.status}`);
        // Two readings judge the one answer: a 5xx is a server error (7.1 server_01), and it is not the client error
        // (4xx) a request no section describes is refused with (2.1): each warns under its own id.
        judge('rule:envelope.no-server-error', `${what}: not a 5xx`, () =>
          expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500),
        );
        judge('rule:envelope.unknown-request-refused', `${what}: a client error`, () => {
          expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500);
        });
        if (answer.json !== undefined)
          judge('rule:envelope.unknown-request-refused', `${what}: a JSON answer is the error body of 2.1`, () =>
            expectSchema('rule:envelope.error-body', ErrorBody, answer.json, what, answer),
          );
      }
    },
  );

  // Section 4 says bodies are JSON; what a body that is not JSON gets is not said: the refusal is a
  // reading (warning); that nothing is created from it is asserted.
  req(
    ['rule:envelope.error-body', 'rule:envelope.unknown-request-refused', 'rule:envelope.no-server-error'],
    'a malformed JSON body creates nothing; its refusal with an error body, never a 5xx, is a reading (warning)',
    async () => {
      const name = t.name('broken');
      const answer = await t.api('agendas/add', { body: `{"agenda_name": "${name}",`, headers: { 'content-type': 'application/json' } });
      judge('rule:envelope.no-server-error', 'a malformed JSON body: not a 5xx', () => expect(answer.status, `HTTP ${answer.status}`).toBeLessThan(500));
      judge('rule:envelope.unknown-request-refused', 'a malformed JSON body: not a success', () => expect(answer.body.success).not.toBe(true));
      if (answer.json !== undefined)
        judge('rule:envelope.unknown-request-refused', 'a JSON answer is the error body of 2.1', () =>
          expectSchema('rule:envelope.error-body', ErrorBody, answer.json, 'malformed JSON body', answer),
        );
      const lists = expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
      // 0, 4: bodies are JSON; one that is not carries no agenda_name to create a list with.
      judge('rule:envelope.json-bodies', 'a malformed JSON body creates no list (0, 4)', () =>
        expect(
          lists.map((l) => l.agenda_name),
          'no list from a malformed body',
        ).not.toContain(name),
      );
    },
  );

  // 7.1: server_01 is an internal error; only a fault-injection hook can provoke one.
  reqNotTestable(['err:server_01'], 'an internal error answers server_01 with a request_id', 'fault-injection');
});
