/**
 * 4.11 POST /manager/subaccount/archive (with 3.3 and 5): archiving disables the subaccount's key,
 * which worked before: it answers auth_06 afterwards. Everything here runs with the manager key (capability manager-key, automatic through the
 * requirement ids) and archives what it creates.
 */
import { describe } from 'vitest';
import { expectError, expectSuccess, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaListResponse } from '../../schemas/agendas.ts';
import { subaccountAdmin } from '../support/subaccounts-admin.ts';

const t = useTarget();
const { manager } = subaccountAdmin(t);

describe('POST /manager/subaccount/archive (4.11, 3.3)', () => {
  req(
    ['op:subaccounts/archive', 'rule:subaccounts.archived-refused', 'err:auth_06'],
    "archives: the subaccount's key, which worked before, answers auth_06",
    async () => {
      const sub = await t.newSubaccount();
      expectSuccess(await t.api('agendas/list', { key: sub.key }), 'agendas/list', AgendaListResponse);
      expectSuccess(await t.api('subaccounts/archive', { key: manager(), json: { email: sub.email } }), 'subaccounts/archive');
      expectError('err:auth_06', await t.api('credits/consult', { key: sub.key }), 'auth_06', 'credits/consult');
      expectError('err:auth_06', await t.api('agendas/add', { key: sub.key, json: { agenda_name: t.name('late') } }), 'auth_06', 'agendas/add');
    },
  );
});
