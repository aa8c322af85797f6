/**
 * Section 5.3: the manager key alone reaches /manager/subaccount/* (4.11): a subaccount key and a
 * normal account's key are refused there, and nothing happens; a subaccount key acts on its own
 * balance, reading it and paying its sends, never the manager's (2.7: no master_credit on it).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, req, SkipTest, useTarget } from '../../harness/kit/index.ts';
import { CreditsConsultResponse } from '../../schemas/credits.ts';
import { SendResult } from '../../schemas/sms.ts';
import { expectNotManagerRefusal, MANAGER_OPERATIONS } from '../support/auth-requests.ts';

const t = useTarget();

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
