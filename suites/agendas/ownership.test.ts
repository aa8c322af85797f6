/**
 * 1 and 5.2: a contact list belongs to its account (our reading: a key gives access to its own
 * account). Another account's key neither sees the list (/agendas/get, /contactlist/find, 4.7) nor
 * reads, renames or deletes it (err_01, err_03 of 7.2), and the list is intact afterwards. Every list
 * is named with the run prefix and deleted at teardown.
 */
import { describe, expect } from 'vitest';
import { expectError, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaFindResponse, AgendaListResponse } from '../../schemas/agendas.ts';
import { addContact, createList, listContacts, listLists, sameNumber } from '../support/contacts-lists.ts';

const t = useTarget();

describe('Lists belong to their account (1, 5.2)', () => {
  req(['rule:subaccounts.isolation', 'err:err_01', 'err:err_03'], "another account neither sees nor changes this account's list", async () => {
    const { listKey, name } = await createList(t);
    const number = t.phone();
    await addContact(t, listKey, { number, name: t.name('mine') });
    const other = await t.newSubaccount();
    const theirs = expectSuccess(await t.api('agendas/list', { key: other.key }), 'agendas/list', AgendaListResponse).result;
    // 1, 5.2: that another account's key sees none of this account's lists is our reading (a key gives access to its own account).
    judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
      expect(
        theirs.some((l) => l.list_key === listKey || l.agenda_name === name),
        "not in the other account's /agendas/get",
      ).toBe(false),
    );
    const found = expectSuccess(await t.api('agendas/find', { key: other.key, query: { query: name } }), 'agendas/find', AgendaFindResponse);
    judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
      expect(
        found.result.map((r) => r.name),
        'not found by the other account',
      ).not.toContain(name),
    );
    expectError('err:err_01', await t.api('agendas/list-contacts', { key: other.key, json: { list_key: listKey } }), 'err_01', 'agendas/list-contacts');
    expectError(
      'err:err_03',
      await t.api('agendas/rename', { key: other.key, json: { list_key: listKey, agenda_name: t.name('stolen') } }),
      'err_03',
      'agendas/rename',
    );
    expectError('err:err_01', await t.api('agendas/delete', { key: other.key, json: { list_key: listKey } }), 'err_01', 'agendas/delete');
    // The list is intact for its own account: the other account changed nothing of it (1, 5.2, our reading).
    const kept = (await listLists(t)).find((l) => l.list_key === listKey);
    judge('rule:subaccounts.isolation', "after the other account's attempts (1, 5.2)", () => expect(kept?.agenda_name, 'the list keeps its name').toBe(name));
    const contacts = await listContacts(t, listKey);
    judge('rule:subaccounts.isolation', "after the other account's attempts (1, 5.2)", () =>
      expect(
        contacts.map((c) => sameNumber(c.contact_number, number)),
        'the list keeps its contact',
      ).toEqual([true]),
    );
  });
});
