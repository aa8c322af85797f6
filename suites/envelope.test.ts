/**
 * Section 2.1 (with 4, 7.1): the common response envelope. Every JSON answer outside /v2/otp and
 * /v1 carries success, message, status and code; request_id, a UUID, "is stated to be present in
 * every JSON response"; errors carry success=false. Section 4: the same operations accept
 * form-style fields. Then negative fuzzing: for every operation of the registry with a request
 * schema, schema-invalid requests drawn from that schema; a missing required field must be refused
 * with the operation's error body, any other deviation may be refused or ignored (latitude
 * invalid-input: a warning when accepted; suites/support/fuzz-*.ts).
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { AgendaAddResponse, AgendaListResponse } from '../schemas/agendas.ts';
import { ContactCallbackResponse } from '../schemas/contacts.ts';
import { CreditsConsultResponse } from '../schemas/credits.ts';
import { ErrorBody, OtpErrorBody, requestId } from '../schemas/envelope.ts';
import { OPERATIONS, type Operation } from '../schemas/operations.ts';
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
} from '../harness/kit/index.ts';
import { planInvalidRequests, requestSchemaOf } from './support/fuzz-bodies.ts';
import { planFor, refusalRulesNamed, sendInvalidRequests, type FuzzContext } from './support/fuzz-run.ts';

const t = useTarget();

const Uuid = requestId;
/** 2.1: "on success often a machine token such as sent_messages". */
const MachineToken = z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'a machine token (letters, digits, underscores)');

/**
 * The success envelope of 2.1 on an answer, each detail at the level of its rule (schemas/quotes.ts):
 * success=true is stated; the HTTP status, the body status repeating it, the four fields on every
 * success and request_id ("stated to be present") are hedged or torn in the document: warnings.
 */
function expectSuccessEnvelope(answer: Answer, operationId: string): void {
  const body = answer.body;
  judge('rule:envelope.success-flag', `${operationId}: success is true on success`, () => expect(body.success).toBe(true));
  judge('rule:envelope.status-repeated', `${operationId}: HTTP 200, repeated as the body status`, () => {
    expect(answer.status, 'HTTP status').toBe(200);
    expect(body.status, 'the body status repeats the status code').toBe(answer.status);
  });
  judge('rule:envelope.fields', `${operationId}: message and code are strings`, () => {
    expect(typeof body.message, 'message').toBe('string');
    expect(typeof body.code, 'code').toBe('string');
  });
  judge('rule:envelope.request-id', `${operationId}: request_id is a UUID`, () =>
    expectSchema('rule:envelope.request-id', Uuid, body.request_id, `${operationId}: request_id`, answer),
  );
}

/**
 * Successes of several areas, with nothing left behind (the list is deleted at teardown). Each is a
 * success whatever state the account is in, or in the state the test sets up (the list it creates):
 * /webhook/get is not one, since what it answers with no webhook configured is not shown (4.14).
 */
async function someSuccesses(): Promise<[string, Answer][]> {
  const added = await t.api('agendas/add', { json: { agenda_name: t.name('env') } });
  const listKey = expectSuccess(added, 'agendas/add', AgendaAddResponse).list_key;
  t.onCleanup(() => t.api('agendas/delete', { json: { list_key: listKey } }));
  return [
    ['credits/consult', await t.api('credits/consult')],
    ['agendas/add', added],
    ['agendas/list', await t.api('agendas/list')],
    ['agendas/list-contacts', await t.api('agendas/list-contacts', { json: { list_key: listKey } })],
    ['employees/list', await t.api('employees/list')],
  ];
}

describe('the success envelope (2.1)', () => {
  req(
    ['rule:envelope.fields', 'rule:envelope.success-flag', 'rule:envelope.status-repeated', 'rule:envelope.request-id'],
    'successes carry success=true, message, status 200 (the HTTP status repeated), code and a UUID request_id',
    async () => {
      for (const [operationId, answer] of await someSuccesses()) expectSuccessEnvelope(answer, operationId);
    },
  );

  req(['rule:envelope.message-token'], 'the message of a success is a machine token such as sent_messages (SHOULD)', async () => {
    for (const [operationId, answer] of await someSuccesses())
      expectSchema('rule:envelope.message-token', MachineToken, answer.body.message, `${operationId}: message`, answer);
  });

  req(['rule:envelope.request-id'], 'request_id tracks the request: two requests get two different ids', async () => {
    const ids = new Set<unknown>();
    for (let i = 0; i < 3; i += 1) ids.add(expectSuccess(await t.api('credits/consult'), 'credits/consult', CreditsConsultResponse).request_id);
    ids.add((await t.api('credits/consult', { key: null })).body.request_id);
    judge('rule:envelope.request-id', 'one request_id per request (2.1)', () => expect(ids.size, 'one request_id per request').toBe(4));
  });
});

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

// 0: "Bodies are JSON unless a section says otherwise"; 4: "the body is JSON (Content-Type:
// application/json)". The kit sends every body so; this test names the rule on two operations whose
// effect is read back, so that a target that does not read JSON bodies fails the rule itself.
// (legacy-v1.test.ts proves the v1 half: query parameters.)
describe('JSON bodies (0, 4)', () => {
  req(['rule:envelope.json-bodies'], 'agendas/add and contacts/add read their fields from a JSON body (Content-Type: application/json)', async () => {
    const name = t.name('json');
    // The required fields are in the JSON body: a target that does not read it answers that they are
    // missing (7.2 agenda_02; a refusal for contacts/add), not a success. Checked before the
    // operations' contracts, so that such a failure is this rule's.
    const listAnswer = await t.api('agendas/add', { json: { agenda_name: name } });
    judge('rule:envelope.json-bodies', 'agendas/add reads a JSON body (0, 4)', () =>
      expect(listAnswer.body.success, `agendas/add with agenda_name in a JSON body succeeds (${listAnswer.text.slice(0, 200)})`).toBe(true),
    );
    const added = expectSuccess(listAnswer, 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: added.list_key } }));
    const contactAnswer = await t.api('contacts/add', { json: { list_key: added.list_key, number: t.phone(), name: 'Jason' } });
    judge('rule:envelope.json-bodies', 'contacts/add reads a JSON body (0, 4)', () =>
      expect(contactAnswer.body.success, `contacts/add with list_key and number in a JSON body succeeds (${contactAnswer.text.slice(0, 200)})`).toBe(true),
    );
    const contact = expectSuccess(contactAnswer, 'contacts/add', ContactCallbackResponse);
    judge('rule:envelope.json-bodies', 'the contact has the name of the JSON body (0, 4)', () =>
      expect(contact.callback.name, 'the contact made from a JSON body has the name sent').toBe('Jason'),
    );
    const lists = expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
    judge('rule:envelope.json-bodies', 'the list has the name of the JSON body (0, 4)', () =>
      expect(lists.find((l) => l.list_key === added.list_key)?.agenda_name, 'the list made from a JSON body has the name sent').toBe(name),
    );
  });
});

// 4: "the reference also shows form-style fields for the same operations" is a reading, not a rule:
// these tests name only that reading (the operations' contracts are proven with JSON bodies).
describe('form-style bodies (4)', () => {
  req(['rule:envelope.form-bodies'], 'agendas/add and contacts/add accept form fields like JSON (SHOULD)', async () => {
    const name = t.name('form');
    const added = expectSuccess(await t.api('agendas/add', { form: { agenda_name: name } }), 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: added.list_key } }));
    expectSuccess(await t.api('contacts/add', { form: { list_key: added.list_key, number: t.phone(), name: 'Forma' } }), 'contacts/add');
    const lists = expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
    judge('rule:envelope.form-bodies', 'the list has the name of the form fields (4)', () =>
      expect(lists.find((l) => l.list_key === added.list_key)?.agenda_name, 'the list made from form fields has the name sent').toBe(name),
    );
  });

  req(['rule:envelope.form-bodies'], 'credits/manage accepts its integer fields as form fields (SHOULD)', async () => {
    const sub = await t.newSubaccount();
    expectSuccess(
      await t.api('subaccounts/manage-credits', { key: t.managerKey!, form: { email: sub.email, type: 1, credits: 2 } }),
      'subaccounts/manage-credits',
    );
    const credits = await t.credits(sub.key);
    judge('rule:envelope.form-bodies', 'the credits sent as form fields (4)', () => expect(credits, 'the credits given as form fields').toBe(2));
  });
});

// ---------------------------------------------------------------------------------------------
// Negative fuzzing per operation.
// ---------------------------------------------------------------------------------------------

/** Sends that cannot be kept in sandbox: a wrongly accepted invalid body would deliver and charge. */
const chargesIfAccepted = (op: Operation): boolean => op.sends === true && op.sandbox !== true;

const idsFor = (op: Operation): string[] => [
  `op:${op.operationId}`,
  'rule:envelope.invalid-input-refused',
  ...(op.errorBody === 'envelope' ? ['rule:envelope.error-body'] : op.errorBody === 'otp-v2' ? ['rule:otp2.error-body'] : []),
];

let listKey: Promise<string> | undefined;
/** A real list of the file's account, so that list operations are refused for the body, not the list. */
const realListKey = (): Promise<string> =>
  (listKey ??= (async () => {
    const body = expectSuccess(await t.api('agendas/add', { json: { agenda_name: t.name('fuzz') } }), 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: body.list_key } }));
    return body.list_key;
  })());

async function contextFor(op: Operation): Promise<FuzzContext> {
  const overrides: Record<string, unknown> = {};
  if (op.area === 'contacts' || op.area === 'agendas') {
    const key = await realListKey();
    Object.assign(overrides, { list_key: key, current_list_key: key, new_list_key: key });
  }
  if (op.operationId === 'sms/send-via-get') overrides.numbers = t.deliverableNumber();
  if (op.auth === 'manager') {
    // A real subaccount, so that a wrongly accepted body would act on something; add gets a new email.
    overrides.email = op.operationId === 'subaccounts/add' ? `${t.name('fz')}@example.com` : (await t.newSubaccount()).email;
  }
  return { t, key: op.auth === 'manager' ? t.managerKey! : t.key, overrides };
}

describe('negative fuzzing: a missing required field is refused with the error body; other deviations may be refused or ignored (warnings)', () => {
  for (const op of OPERATIONS) {
    const name =
      `op:${op.operationId}: invalid requests drawn from its ` +
      `schema${chargesIfAccepted(op) ? ' (needs real-delivery: a wrongly accepted body would deliver and charge, no sandbox)' : ''}`;
    // Operations whose schema accepts any object (shape not shown, 4.5 reset, 4.15) yield no invalid body.
    const found = requestSchemaOf(op);
    const collected = found && planInvalidRequests(found.schema, found.carrier, { maxCases: 8, seed: 1 });
    if (!collected || collected.cases.length === 0) continue;
    req(
      // The rules its refusals are judged against: a required field left out, 7.3's row of the current OTP (fuzz-run.ts).
      [...idsFor(op), ...refusalRulesNamed(op, collected)],
      name,
      async () => {
        const context = await contextFor(op);
        const plan = planFor(op, context)!;
        await sendInvalidRequests(op, plan, context, (c) => {
          if (op.operationId === 'subaccounts/add' && typeof c.fields.email === 'string') {
            const email = c.fields.email;
            t.onCleanup(() => t.api('subaccounts/archive', { key: t.managerKey!, json: { email } }));
          }
        });
      },
      { operation: op.operationId, ...(chargesIfAccepted(op) ? { needs: ['real-delivery' as const] } : {}) },
    );
  }
});
