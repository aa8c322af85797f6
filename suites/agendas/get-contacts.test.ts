/**
 * 4.7 and 2.4: POST /agendas/get_contacts, with the codes of 7.2 (get_contacts_, err_). All the
 * contacts of a list on one answer, ordered by name, with the values they were added with (4.6);
 * an empty list; a missing list_key and a deleted list refused. Every list is named with the run
 * prefix and deleted at teardown.
 */
import { describe, expect } from 'vitest';
import { expectError, judge, req, useTarget } from '../../harness/kit/index.ts';
import { deletedListKey } from '../support/agendas-lists.ts';
import { addContact, createList, listContacts, sameNumber } from '../support/contacts-lists.ts';

const t = useTarget();

describe('POST /agendas/get_contacts (4.7)', () => {
  req(
    ['op:agendas/list-contacts', 'rule:agendas.contacts-ordered-by-name', 'rule:contacts.listed'],
    'get_contacts_01 with all contacts of the list, no pagination, ordered by name (ambiguity agendas-get-contacts-field)',
    async () => {
      const { listKey } = await createList(t);
      const base = t.name('c');
      // More contacts than any usual page size (10, 20, 25), added out of name order.
      const letters = 'qwertyuiopasdfghjklzxcvbnm'.split('');
      const added = new Map<string, string>();
      for (const letter of letters) {
        const number = t.phone();
        const name = `${base}${letter}`;
        await addContact(t, listKey, { number, name, email: `${letter}.${base.toLowerCase()}@example.com` });
        added.set(name, number);
      }
      const listed = await listContacts(t, listKey);
      judge('rule:agendas.contacts-ordered-by-name', 'all contacts, no pagination, ordered by name (4.7)', () =>
        expect(
          listed.map((c) => c.contact_name),
          'every contact, ordered by name, on one answer',
        ).toEqual([...added.keys()].sort()),
      );
      for (const c of listed) {
        // Every contact here was added with a name and an email: neither may be unset.
        const name = String(c.contact_name);
        const withValues = 'a contact added is listed with its values (4.6, 4.7)';
        judge('rule:contacts.listed', withValues, () =>
          expect(sameNumber(c.contact_number, added.get(name)!), `${name}: contact_number ${c.contact_number}`).toBe(true),
        );
        judge('rule:contacts.listed', withValues, () => expect(c.contact_email).toBe(`${name.slice(-1)}.${base.toLowerCase()}@example.com`));
      }
    },
  );

  req(['op:agendas/list-contacts'], 'an empty list answers get_contacts_01 with no contacts', async () => {
    const { listKey } = await createList(t);
    const contacts = await listContacts(t, listKey);
    judge('op:agendas/list-contacts', 'the contacts of an empty list (4.7)', () => expect(contacts).toEqual([]));
  });

  req(['err:get_contacts_02'], 'get_contacts_02 when list_key is missing (/agendas/get_contacts)', async () => {
    expectError('err:get_contacts_02', await t.api('agendas/list-contacts', { json: {} }), 'get_contacts_02', 'agendas/list-contacts');
  });

  req(['err:err_01'], 'err_01 when the list does not exist (/agendas/get_contacts of a deleted list)', async () => {
    const listKey = await deletedListKey(t);
    expectError('err:err_01', await t.api('agendas/list-contacts', { json: { list_key: listKey } }), 'err_01', 'agendas/list-contacts');
  });
});
