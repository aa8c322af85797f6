/**
 * 4.1 and 2.7: the credit balance, POST /credits/consult. The balance of a fresh subaccount equals
 * what the manager gave it, which the subaccounts suites check (4.11); here the success contract, the
 * method question (ambiguity credits-consult-method) and master_credit (2.7).
 */
import { describe, expect } from 'vitest';
import { CreditsConsultResponse } from '../../schemas/credits.ts';
import { expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';

const t = useTarget();

describe('POST /credits/consult (4.1)', () => {
  req(['op:credits/consult'], 'answers credit_01 with the balance as a two-place decimal', async () => {
    const body = expectSuccess(await t.api('credits/consult'), 'credits/consult', CreditsConsultResponse);
    judge('op:credits/consult', 'a balance of zero or more (4.1)', () => expect(Number(body.credit), 'the balance').toBeGreaterThanOrEqual(0));
  });

  req(
    ['op:credits/consult', 'rule:envelope.no-server-error'],
    'GET /credits/consult, used by the authentication examples of 5 (ambiguity credits-consult-method)',
    async () => {
      const answer = await t.api('credits/consult', { method: 'GET' });
      const answered = answer.status === 200 && answer.body.code === 'credit_01';
      judge(
        'credits-consult-method',
        answered ? 'GET answered credit_01' : `GET answered HTTP ${answer.status}`,
        t.choices['credits-consult-method'] === 'both' ? answered : true,
      );
      if (t.choices['credits-consult-method'] === 'both') expectSuccess(answer, 'credits/consult');
      else judge('rule:envelope.no-server-error', 'GET must not be a server error', () => expect(answer.status).toBeLessThan(500));
    },
  );

  req(['rule:credits.master-credit-admin-only'], 'master_credit on the administrator account, not on a subaccount (2.7)', async () => {
    const manager = expectSuccess(await t.api('credits/consult', { key: t.managerKey! }), 'credits/consult', CreditsConsultResponse);
    judge('rule:credits.master-credit-admin-only', 'master_credit on the administrator account (2.7)', () =>
      expect(manager, 'an administrator account has master_credit (it may be null when never initialised)').toHaveProperty('master_credit'),
    );
    const sub = await t.newSubaccount();
    const own = expectSuccess(await t.api('credits/consult', { key: sub.key }), 'credits/consult', CreditsConsultResponse);
    judge('rule:credits.master-credit-admin-only', 'no master_credit on a subaccount (2.7)', () =>
      expect(own.master_credit, 'a subaccount has no master_credit').toBeUndefined(),
    );
  });
});
