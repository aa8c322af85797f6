/**
 * Section 2.1: the success envelope. Every JSON answer outside /v2/otp and /v1 carries success,
 * message, status and code; request_id, a UUID, "is stated to be present in every JSON response".
 * Each detail is judged at the level of its rule (schemas/quotes.ts): success=true is stated; the
 * HTTP status repeated in the body, the four fields and request_id are hedged or torn: warnings.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { AgendaAddResponse } from '../../schemas/agendas.ts';
import { CreditsConsultResponse } from '../../schemas/credits.ts';
import { requestId as Uuid } from '../../schemas/envelope.ts';
import { type Answer, expectSchema, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';

const t = useTarget();

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
