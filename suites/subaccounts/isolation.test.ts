/**
 * Isolation between subaccounts (1, 5.2, 5.3): another subaccount's key neither sees, reads,
 * renames nor deletes a subaccount's contact list (our reading: a key gives access to its own
 * account), and each subaccount's key answers its own balance (5.3). The subaccounts are created
 * with the manager key (4.11; capability manager-key, automatic through the requirement ids) and
 * archived at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaAddResponse, AgendaListResponse } from '../../schemas/agendas.ts';

const t = useTarget();

describe('isolation between accounts (1, 5.2, 5.3)', () => {
  req(
    ['rule:subaccounts.isolation', 'op:agendas/list'],
    "another subaccount's key neither sees, reads, renames nor deletes a subaccount's contact list",
    async () => {
      const owner = await t.newSubaccount();
      const stranger = await t.newSubaccount();
      const name = t.name('private');
      const list = expectSuccess(await t.api('agendas/add', { key: owner.key, json: { agenda_name: name } }), 'agendas/add', AgendaAddResponse);
      t.onCleanup(() => t.api('agendas/delete', { key: owner.key, json: { list_key: list.list_key } }));
      const number = t.phone();
      expectSuccess(await t.api('contacts/add', { key: owner.key, json: { list_key: list.list_key, number, name: 'Ana Privada' } }), 'contacts/add');

      // 1, 5.2: that another account's key reaches none of this account's lists is our reading (a key gives access to its own account).
      const seen = expectSuccess(await t.api('agendas/list', { key: stranger.key }), 'agendas/list', AgendaListResponse).result;
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(
          seen.map((l) => l.list_key),
          'the stranger does not see the list',
        ).not.toContain(list.list_key),
      );
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(
          seen.map((l) => l.agenda_name),
          'nor its name',
        ).not.toContain(name),
      );

      const read = await t.api('agendas/list-contacts', { key: stranger.key, json: { list_key: list.list_key } });
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(read.text, "the owner's contact does not leak").not.toContain(number),
      );
      // To the stranger the list does not exist: the status of that refusal is not stated (7.1).
      expectRefused('op:agendas/list', read, 'agendas/list-contacts', "another account's list", 'missing-resource');
      expectRefused(
        'op:agendas/list',
        await t.api('agendas/rename', { key: stranger.key, json: { list_key: list.list_key, agenda_name: t.name('taken') } }),
        'agendas/rename',
        "another account's list",
        'missing-resource',
      );
      expectRefused(
        'op:agendas/list',
        await t.api('agendas/delete', { key: stranger.key, json: { list_key: list.list_key } }),
        'agendas/delete',
        "another account's list",
        'missing-resource',
      );

      const still = expectSuccess(await t.api('agendas/list', { key: owner.key }), 'agendas/list', AgendaListResponse).result.find(
        (l) => l.list_key === list.list_key,
      );
      judge('rule:subaccounts.isolation', "another subaccount's key (1, 5.2)", () =>
        expect(still?.agenda_name, "the owner's list is intact, under its name").toBe(name),
      );
    },
  );

  req(['rule:subaccounts.isolation', 'rule:auth.subaccount-own-balance'], "each subaccount's key answers its own balance", async () => {
    const a = await t.newSubaccount(2);
    const b = await t.newSubaccount(3);
    // 5.3: "A subaccount key acts on its own balance."
    const balanceOfA = await t.credits(a.key);
    judge('rule:auth.subaccount-own-balance', 'own balance (5.3)', () => expect(balanceOfA, "the first subaccount's key answers its 2 credits").toBe(2));
    const balanceOfB = await t.credits(b.key);
    judge('rule:auth.subaccount-own-balance', 'own balance (5.3)', () => expect(balanceOfB, "the second subaccount's key answers its 3 credits").toBe(3));
  });
});
