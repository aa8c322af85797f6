/**
 * Section 5: authentication. The key travels in the header apikey or as a body field (5.1), never
 * as a Bearer token; v1 takes it as a request parameter (5.5); the token header of the removed JWT
 * flow answers 410 (5.6, 9); the manager key alone reaches /manager/subaccount/* (5.3); an IP
 * allow-list refuses other addresses on any endpoint (5.4). The HTTP status of auth errors is torn
 * (5: the table, or HTTP 200 per the current OTP reference): expectError follows the profile's
 * auth-error-http-status and records what the target did.
 */
import { describe, expect } from 'vitest';
import { AgendaAddResponse, AgendaListResponse } from '../schemas/agendas.ts';
import { CreditsConsultResponse } from '../schemas/credits.ts';
import { LegacyV1SendResponse } from '../schemas/legacy-v1.ts';
import { SendResult } from '../schemas/sms.ts';
import { expectError, expectSuccess, expectV1Error, judge, req, reqNotTestable, SkipTest, useTarget } from '../harness/kit/index.ts';
import {
  expectNotManagerRefusal,
  inertRequest,
  KEYED_OPERATIONS,
  MANAGER_OPERATIONS,
  unknownKey,
  V1_OPERATIONS,
  v1SandboxQuery,
} from './support/auth-requests.ts';

const t = useTarget();

/** Read-only operations: what a refused key is tried on when a wrongly accepted call must change nothing. */
const READ_ONLY = ['credits/consult', 'agendas/list', 'wallet/list', 'loyalty/list', 'employees/list', 'webhooks/get', 'otp-v2/get-status'] as const;

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

describe('auth_01: no key (5, 5.1)', () => {
  req(['err:auth_01', 'rule:auth.error-body'], 'every operation without a key answers auth_01 in the body of 5', async () => {
    for (const op of KEYED_OPERATIONS) expectError('err:auth_01', await t.api(op.operationId, inertRequest(op, { key: null })), 'auth_01', op.operationId);
  });

  req(['err:auth_01', 'rule:auth.no-bearer'], 'Authorization: Bearer with a valid key, and no apikey, is not a key: auth_01', async () => {
    for (const operationId of ['credits/consult', 'agendas/list'] as const) {
      const answer = await t.api(operationId, { key: null, headers: { authorization: `Bearer ${t.key}` } });
      expectError('err:auth_01', answer, 'auth_01', operationId);
    }
  });

  req(['err:auth_01', 'rule:auth.no-bearer'], 'a JSON body without apikey and a Bearer header answers auth_01 on an operation with a body', async () => {
    const answer = await t.api('agendas/add', { key: null, json: { agenda_name: t.name('nokey') }, headers: { authorization: `Bearer ${t.key}` } });
    expectError('err:auth_01', answer, 'auth_01', 'agendas/add');
  });
});

describe('auth_05: a key no account has (5)', () => {
  req(['err:auth_05', 'rule:auth.error-body'], 'every operation with an unknown key in the header answers auth_05', async () => {
    const key = unknownKey();
    for (const op of KEYED_OPERATIONS) expectError('err:auth_05', await t.api(op.operationId, inertRequest(op, { key })), 'auth_05', op.operationId);
  });

  req(['err:auth_05', 'rule:envelope.form-bodies'], 'an unknown key as a body field answers auth_05 (JSON and form)', async () => {
    expectError('err:auth_05', await t.api('credits/consult', { key: unknownKey(), json: {}, keyPlacement: 'body' }), 'auth_05', 'credits/consult');
    // Form bodies are a reading of 4 ("the reference also shows form-style fields"): a server that
    // reads JSON only sees no key in a form body (auth_01), at that reading's level.
    const form = await t.api('credits/consult', { key: unknownKey(), form: {}, keyPlacement: 'body' });
    judge('rule:envelope.form-bodies', "a form body's apikey field is read as the key (4: form-style fields)", () =>
      expectError('err:auth_05', form, 'auth_05', 'credits/consult'),
    );
  });

  req(['err:auth_05'], 'a key with one character changed is unknown: auth_05, and the balance is not answered', async () => {
    const last = t.key.slice(-1);
    const altered = `${t.key.slice(0, -1)}${last === 'a' ? 'b' : 'a'}`;
    const answer = await t.api('credits/consult', { key: altered });
    expectError('err:auth_05', answer, 'auth_05', 'credits/consult');
    judge('err:auth_05', 'no balance in the refusal (7.1)', () => expect(answer.body, 'no balance in a refused answer').not.toHaveProperty('credit'));
  });
});

describe('auth_06: a disabled account (5, 3.3)', () => {
  req(
    ['err:auth_06', 'rule:subaccounts.archived-refused', 'rule:auth.error-body'],
    'the key of an archived subaccount answers auth_06 on every operation',
    async () => {
      const sub = await t.newSubaccount();
      expectSuccess(await t.api('credits/consult', { key: sub.key }), 'credits/consult', CreditsConsultResponse);
      expectSuccess(await t.api('subaccounts/archive', { key: t.managerKey!, json: { email: sub.email } }), 'subaccounts/archive');
      for (const op of KEYED_OPERATIONS.filter((o) => o.auth === 'account'))
        expectError('err:auth_06', await t.api(op.operationId, inertRequest(op, { key: sub.key })), 'auth_06', op.operationId);
    },
  );
});

describe('auth_04: an IP allow-list (5.4)', () => {
  req(['err:auth_04', 'rule:auth.error-body'], 'a key whose allow-list excludes this address answers 403 auth_04 on any endpoint', async () => {
    const key = t.config.profile.keys!.restricted!;
    t.learnSecret(key);
    for (const operationId of READ_ONLY) expectError('err:auth_04', await t.api(operationId, { key }), 'auth_04', operationId);
    // Sending and writing operations too, with bodies that would do nothing if let through.
    for (const op of KEYED_OPERATIONS.filter((o) => o.auth === 'account' && !(READ_ONLY as readonly string[]).includes(o.operationId)))
      expectError('err:auth_04', await t.api(op.operationId, inertRequest(op, { key })), 'auth_04', op.operationId);
  });

  req(['err:auth_04'], 'the allow-list also applies when the key is a body field', async () => {
    const key = t.config.profile.keys!.restricted!;
    expectError('err:auth_04', await t.api('credits/consult', { key, json: {}, keyPlacement: 'body' }), 'auth_04', 'credits/consult');
  });
});

describe('auth_deprecated: the token header of the removed JWT flow (5.6, 9)', () => {
  const jwtLike = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJjb25mb3JtYW5jZSJ9.c2lnbmF0dXJl';
  req(
    ['err:auth_deprecated', 'rule:auth.error-body'],
    'a request with the token header and no apikey answers 410 auth_deprecated on every operation',
    async () => {
      for (const op of KEYED_OPERATIONS)
        expectError(
          'err:auth_deprecated',
          await t.api(op.operationId, inertRequest(op, { key: null, headers: { token: jwtLike } })),
          'auth_deprecated',
          op.operationId,
        );
    },
  );
});

describe('auth_07 and auth_99: needing what the documented API cannot provoke', () => {
  // 5: auth_07 needs a subaccount whose administrator is disabled; no documented call disables an
  // administrator, and the profile has no key of such a subaccount.
  reqNotTestable(['err:auth_07'], 'the key of a subaccount whose administrator is disabled answers auth_07', 'disabled-administrator');
  // 5: auth_99 is an internal failure during authentication; only a fault-injection hook provokes it.
  reqNotTestable(['err:auth_99'], 'an internal failure during authentication answers auth_99', 'fault-injection');
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

describe('the manager key (5.3)', () => {
  req(
    ['rule:auth.manager-key-required', 'op:subaccounts/add', 'rule:envelope.no-server-error'],
    'a subaccount key is refused on every /manager/subaccount/* operation, and nothing happens',
    async () => {
      const email = `${t.name('bysub')}@example.com`;
      const other = await t.newSubaccount();
      const before = await t.credits(t.key);
      const bodies: Record<string, Record<string, unknown>> = {
        'subaccounts/add': { email, password: 'Conform1ty' },
        'subaccounts/archive': { email: other.email },
        'subaccounts/get-apikey': { email: other.email },
        'subaccounts/manage-credits': { email: t.subaccount!.email, type: 1, credits: 5 },
      };
      for (const op of MANAGER_OPERATIONS) {
        const answer = await t.api(op.operationId, { key: t.key, json: bodies[op.operationId] });
        judge('rule:auth.manager-key-required', `${op.operationId}: no key leaked`, () =>
          expect(answer.text.includes(other.key), `${op.operationId}: a refused answer leaks no key`).toBe(false),
        );
        expectNotManagerRefusal(answer, op.operationId);
      }
      // Effects: no subaccount was created, the other one still works, no credits moved.
      const lookup = await t.api('subaccounts/get-apikey', { key: t.managerKey!, json: { email } });
      judge('rule:auth.manager-key-required', 'no subaccount created', () =>
        expect(lookup.body.success, 'the subaccount the refused call named was not created').not.toBe(true),
      );
      expectSuccess(await t.api('credits/consult', { key: other.key }), 'credits/consult');
      const after = await t.credits(t.key);
      judge('rule:auth.manager-key-required', 'no credits moved', () => expect(after, 'no credits moved by the refused call').toBe(before));
    },
  );

  req(
    ['rule:auth.manager-key-required', 'rule:envelope.no-server-error'],
    'a normal account key (not an administrator) is refused on /manager/subaccount/*',
    async () => {
      // A premise of the run, not a check of the target: with the manager's key as the account key there is no
      // normal account's key to try. Keys never go into a message: the reports would show them (5.2).
      if (t.config.apiKey === t.managerKey)
        throw new SkipTest("the run's account key is the manager's: this test needs a normal account's key (apiKey) besides the manager key");
      for (const op of MANAGER_OPERATIONS)
        expectNotManagerRefusal(
          await t.api(op.operationId, {
            key: t.config.apiKey,
            json: { email: `${t.name('bynormal')}@example.com`, password: 'Conform1ty', type: 1, credits: 1 },
          }),
          op.operationId,
        );
    },
    { needs: ['manager-key'] },
  );

  req(['rule:auth.subaccount-own-balance', 'op:credits/consult'], "a subaccount key reads its own balance, not the manager's", async () => {
    const given = 7;
    const sub = await t.newSubaccount(given);
    const own = expectSuccess(await t.api('credits/consult', { key: sub.key }), 'credits/consult', CreditsConsultResponse);
    judge('rule:auth.subaccount-own-balance', 'a subaccount key reads its own balance (5.3)', () =>
      expect(Number(own.credit), "the subaccount's balance is what the manager gave it").toBe(given),
    );
    judge('rule:credits.master-credit-admin-only', 'master_credit absent on subaccounts (2.7)', () =>
      expect(own.master_credit, 'a subaccount has no pool (2.7)').toBeUndefined(),
    );
  });

  req(
    ['rule:auth.subaccount-own-balance', 'op:sms/send'],
    "a charged send with a subaccount key consumes the subaccount's balance, not the manager's",
    async () => {
      const sub = await t.newSubaccount(5);
      const managerBefore = await t.credits(t.managerKey!);
      const answer = await t.api('sms/send', { key: sub.key, json: { numbers: t.deliverableNumber(), message: 'Prueba de saldo propio' } });
      const sent = expectSuccess(answer, 'sms/send', SendResult);
      judge('rule:sms.charges-credits', 'a send consumes credits (1, 2.2)', () => expect(sent.credit, 'a real send consumes credits').toBeGreaterThan(0));
      const subAfter = await t.credits(sub.key);
      judge('rule:auth.subaccount-own-balance', "the subaccount's balance paid (5.3)", () =>
        expect(subAfter, 'the subaccount paid the credit the answer reports').toBeCloseTo(5 - sent.credit, 2),
      );
      const managerAfter = await t.credits(t.managerKey!);
      judge('rule:auth.subaccount-own-balance', "the manager's balance untouched (5.3)", () =>
        expect(managerAfter, "the manager's own balance is untouched").toBe(managerBefore),
      );
    },
    { needs: ['real-delivery'] },
  );
});
