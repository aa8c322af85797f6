/**
 * 4.7: POST /agendas/delete, with the codes of 7.2 (get_contacts_, err_; the success code is
 * ambiguity agendas-delete-success-code). The list and its contacts are gone, irreversibly, as
 * /agendas/get, /agendas/get_contacts, /contacts/add and /agendas/change_name show; the other lists
 * are kept. Every list is named with the run prefix and deleted at teardown.
 */
import { describe, expect } from 'vitest';
import { expectError, expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaDeleteResponse } from '../../schemas/agendas.ts';
import { deletedListKey } from '../support/agendas-lists.ts';
import { addContact, createList, listContacts, listLists, sameNumber } from '../support/contacts-lists.ts';

const t = useTarget();

describe('POST /agendas/delete (4.7)', () => {
  req(
    ['op:agendas/delete', 'rule:agendas.delete-irreversible'],
    'deletes the list and all its contacts, irreversibly (ambiguity agendas-delete-success-code)',
    async () => {
      const { listKey, name } = await createList(t);
      const number = t.phone();
      await addContact(t, listKey, { number, name: t.name('gone') });
      // The list to delete holds a contact (4.6, 4.7: a contact added is listed).
      const before = await listContacts(t, listKey);
      judge('rule:contacts.listed', 'a contact added is listed (4.6, 4.7)', () => expect(before).toHaveLength(1));

      const answer = await t.api('agendas/delete', { json: { list_key: listKey } });
      const body = expectSuccess(answer, 'agendas/delete', AgendaDeleteResponse);
      const choice = t.choices['agendas-delete-success-code'];
      const asSample = body.code === 'change_name_01' && body.message === 'phonebook_name_updated';
      judge('agendas-delete-success-code', `code ${body.code}, message ${body.message}`, choice === 'delete_01' ? body.code === 'delete_01' : asSample);
      const success = 'the success body of /agendas/delete (4.7)';
      if (choice === 'delete_01')
        judge('op:agendas/delete', success, () => expect(body.code, 'code (profile agendas-delete-success-code=delete_01)').toBe('delete_01'));
      else
        judge('op:agendas/delete', success, () =>
          expect({ code: body.code, message: body.message }, 'the sample body (profile agendas-delete-success-code=rename-values)').toEqual({
            code: 'change_name_01',
            message: 'phonebook_name_updated',
          }),
        );

      const gone = 'the list and its contacts deleted, irreversibly (4.7)';
      const lists = await listLists(t);
      judge('rule:agendas.delete-irreversible', gone, () =>
        expect(
          lists.some((l) => l.list_key === listKey),
          'the list is no longer listed',
        ).toBe(false),
      );
      expectError('rule:agendas.delete-irreversible', await t.api('agendas/list-contacts', { json: { list_key: listKey } }), 'err_01', 'agendas/list-contacts');
      // Irreversible: its contacts are gone with it, and no operation brings it back.
      expectRefused(
        'rule:agendas.delete-irreversible',
        await t.api('contacts/add', { json: { list_key: listKey, number: t.phone() } }),
        'contacts/add',
        'a deleted list',
        'missing-resource',
      );
      expectError(
        'rule:agendas.delete-irreversible',
        await t.api('agendas/rename', { json: { list_key: listKey, agenda_name: t.name('back') } }),
        'err_03',
        'agendas/rename',
      );
      // The name is free again; a new list of that name starts empty (the contacts were deleted, not kept).
      const again = await createList(t, name);
      judge('rule:agendas.delete-irreversible', gone, () => expect(again.listKey, 'a new list, not the deleted one').not.toBe(listKey));
      const contacts = await listContacts(t, again.listKey);
      judge('rule:agendas.delete-irreversible', gone, () => expect(contacts, 'the contacts of the deleted list did not come back').toEqual([]));
    },
  );

  req(['err:get_contacts_02'], 'get_contacts_02 when list_key is missing (/agendas/delete)', async () => {
    expectError('err:get_contacts_02', await t.api('agendas/delete', { json: {} }), 'get_contacts_02', 'agendas/delete');
  });

  req(['err:err_01'], 'err_01 when the list does not exist (/agendas/delete twice)', async () => {
    const listKey = await deletedListKey(t);
    expectError('err:err_01', await t.api('agendas/delete', { json: { list_key: listKey } }), 'err_01', 'agendas/delete');
  });

  req(['op:agendas/delete'], 'deleting one list leaves the other lists and their contacts', async () => {
    const kept = await createList(t);
    const number = t.phone();
    await addContact(t, kept.listKey, { number, name: t.name('kept') });
    await deletedListKey(t);
    const others = 'the other lists and their contacts are kept (4.7)';
    const listed = (await listLists(t)).some((l) => l.list_key === kept.listKey);
    judge('op:agendas/delete', others, () => expect(listed).toBe(true));
    const contacts = await listContacts(t, kept.listKey);
    judge('op:agendas/delete', others, () => expect(contacts.map((c) => sameNumber(c.contact_number, number))).toEqual([true]));
  });
});
