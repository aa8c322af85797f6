/**
 * 4.7: POST /agendas/change_name, with the codes of 7.2 (change_name_, err_). The new name is seen
 * through /agendas/get and /contactlist/find; a refused rename keeps the name, and a deleted list is
 * renamed to nothing. Every list is named with the run prefix and deleted at teardown.
 */
import { describe, expect } from 'vitest';
import { expectError, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaRenameResponse } from '../../schemas/agendas.ts';
import { deletedListKey, findLists } from '../support/agendas-lists.ts';
import { createList, listLists } from '../support/contacts-lists.ts';

const t = useTarget();

describe('POST /agendas/change_name (4.7)', () => {
  req(['op:agendas/rename', 'rule:agendas.rename-visible'], 'change_name_01, and /agendas/get and /contactlist/find show the new name', async () => {
    const { listKey, name } = await createList(t);
    const renamed = t.name('renamed');
    expectSuccess(await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: renamed } }), 'agendas/rename', AgendaRenameResponse);
    const listed = (await listLists(t)).filter((l) => l.list_key === listKey);
    const visible = 'the new name, seen by the other operations (4.7)';
    judge('rule:agendas.rename-visible', visible, () =>
      expect(
        listed.map((l) => l.agenda_name),
        'the list under its new name',
      ).toEqual([renamed]),
    );
    const found = await findLists(t, { query: renamed });
    judge('rule:agendas.rename-visible', visible, () =>
      expect(
        found.body.result.map((r) => r.name),
        '/contactlist/find finds the new name',
      ).toContain(renamed),
    );
    const old = await findLists(t, { query: name });
    judge('rule:agendas.rename-visible', visible, () =>
      expect(
        old.body.result.map((r) => r.name),
        'the old name is gone',
      ).not.toContain(name),
    );
  });

  req(['err:change_name_02'], 'change_name_02 when list_key is missing', async () => {
    expectError('err:change_name_02', await t.api('agendas/rename', { json: { agenda_name: t.name('nokey') } }), 'change_name_02', 'agendas/rename');
  });

  req(['err:change_name_03'], 'change_name_03 when the new name is missing, and the list keeps its name', async () => {
    const { listKey, name } = await createList(t);
    expectError('err:change_name_03', await t.api('agendas/rename', { json: { list_key: listKey } }), 'change_name_03', 'agendas/rename');
    expectError('err:change_name_03', await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: '' } }), 'change_name_03', 'agendas/rename');
    const kept = (await listLists(t)).find((l) => l.list_key === listKey)?.agenda_name;
    judge('err:change_name_03', 'a refused rename keeps the name (4.7)', () => expect(kept).toBe(name));
  });

  req(['err:err_03'], 'err_03 when the list does not exist (a deleted list)', async () => {
    const listKey = await deletedListKey(t);
    const name = t.name('ghost');
    expectError('err:err_03', await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: name } }), 'err_03', 'agendas/rename');
    const taken = (await listLists(t)).some((l) => l.agenda_name === name);
    judge('err:err_03', 'a rename of a deleted list renames nothing (4.7)', () => expect(taken, 'no list took the name').toBe(false));
  });
});
