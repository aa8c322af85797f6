/**
 * Section 5.1 and 5.5: where the key travels. The header apikey or a body field (JSON, and form
 * bodies as the reading of 4) authenticate and act on the account the key names; v1 takes the key
 * as the apikey request parameter (5.5, 4.16), and answers 7.4's Codigo 01 without it and Codigo 10
 * for an unknown one on every v1 path. That a Bearer token is not a key is in codes.test.ts (auth_01).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, expectV1Error, judge, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaAddResponse, AgendaListResponse } from '../../schemas/agendas.ts';
import { CreditsConsultResponse } from '../../schemas/credits.ts';
import { LegacyV1SendResponse } from '../../schemas/legacy-v1.ts';
import { unknownKey, V1_OPERATIONS, v1SandboxQuery } from '../support/auth-requests.ts';

const t = useTarget();

describe('the key in the header or in the body (5.1)', () => {
  req(
    ['rule:auth.header-apikey', 'op:credits/consult'],
    "the header apikey authenticates: /credits/consult answers the balance of the key's account",
    async () => {
      const body = expectSuccess(await t.api('credits/consult', { keyPlacement: 'header' }), 'credits/consult', CreditsConsultResponse);
      const named = await t.credits(t.key);
      judge('rule:auth.header-apikey', 'the account the header key names (5.1)', () =>
        expect(Number(body.credit), "the file's account balance is that of the account the key names").toBe(named),
      );
    },
  );

  req(['rule:auth.body-field-apikey', 'op:credits/consult'], 'apikey as a field of a JSON body authenticates, with no header', async () => {
    const answer = await t.api('credits/consult', { json: {}, keyPlacement: 'body' });
    judge('rule:auth.body-field-apikey', 'a body-field key with no header (5.1)', () => expect(answer.status, 'no header apikey was sent').not.toBe(401));
    expectSuccess(answer, 'credits/consult', CreditsConsultResponse);
  });

  // Only the form-bodies reading: the body field itself is proven with a JSON body above.
  req(['rule:envelope.form-bodies'], 'apikey as a form field authenticates (4: form-style fields for the same operations)', async () => {
    expectSuccess(await t.api('credits/consult', { form: {}, keyPlacement: 'body' }), 'credits/consult', CreditsConsultResponse);
  });

  req(['rule:auth.body-field-apikey', 'op:agendas/add'], "a body-field key acts on the account it names: the list it creates is that account's", async () => {
    const name = t.name('bodykey');
    const added = expectSuccess(await t.api('agendas/add', { json: { agenda_name: name }, keyPlacement: 'body' }), 'agendas/add', AgendaAddResponse);
    t.onCleanup(() => t.api('agendas/delete', { json: { list_key: added.list_key } }));
    const lists = expectSuccess(await t.api('agendas/list'), 'agendas/list', AgendaListResponse).result;
    judge('rule:auth.body-field-apikey', 'the account a body-field key names (5.1)', () =>
      expect(
        lists.map((l) => l.list_key),
        'the list created with the body-field key is listed with the header key of the same account',
      ).toContain(added.list_key),
    );
  });
});

describe('legacy v1: apikey as a request parameter (5.5, 4.16, 7.4)', () => {
  req(['rule:auth.v1-parameter', 'op:legacy-v1/send'], 'the key as the apikey parameter authenticates a sandbox v1 send', async () => {
    const answer = await t.api('legacy-v1/send', { query: v1SandboxQuery(t), keyPlacement: 'query' });
    expectSuccess(answer, 'legacy-v1/send', LegacyV1SendResponse);
  });

  req(['rule:auth.v1-parameter', 'err:v1-01', 'err:v1-10'], 'no apikey parameter answers Codigo 01; an unknown one Codigo 10 (every v1 path)', async () => {
    for (const op of V1_OPERATIONS) {
      expectV1Error('err:v1-01', await t.api(op.operationId, { key: null, query: v1SandboxQuery(t) }), '01');
      expectV1Error('err:v1-10', await t.api(op.operationId, { key: unknownKey(), keyPlacement: 'query', query: v1SandboxQuery(t) }), '10');
    }
  });
});
