/**
 * 4.6 and 2.4: POST /contacts/duplicate. The copy in callback ("success body as add") and listed in
 * the destination list by /agendas/get_contacts (4.7), the source keeping its contact; a missing
 * field or an unknown contact or list is refused and copies nothing. The document names no error
 * codes for these refusals (7.1), so they go through expectRefused, which records the code the
 * target chose. Lists are created under the run prefix and deleted at teardown (4.7).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { ContactCallbackResponse } from '../../schemas/contacts.ts';
import { addContact, createList, listContacts, listedWith } from '../support/contacts-lists.ts';
import { refusedAs } from '../support/contacts-refusals.ts';

const t = useTarget();

describe('POST /contacts/duplicate (4.6)', () => {
  req(
    ['op:contacts/duplicate', 'rule:contacts.duplicate-copies'],
    'contact_13 with the copy in the destination list; the source keeps its contact',
    async () => {
      const source = await createList(t);
      const destination = await createList(t);
      const number = t.phone();
      const name = t.name('dup');
      const original = await addContact(t, source.listKey, { number, name, email: 'dup@example.com' });
      const answer = await t.api('contacts/duplicate', {
        json: { current_list_key: source.listKey, new_list_key: destination.listKey, contact_id: String(original.id) },
      });
      const { callback } = expectSuccess(answer, 'contacts/duplicate', ContactCallbackResponse);
      // 4.6: "Success body as add": the copy in callback (2.4), with the values of the original.
      const copies = 'a copy into the destination list (4.6)';
      judge('rule:contacts.duplicate-copies', copies, () => expect(callback).toMatchObject({ number: original.number, name, email: 'dup@example.com' }));
      judge('rule:contacts.duplicate-copies', copies, () => expect(callback.list_id, 'the copy belongs to the destination list').not.toBe(original.list_id));
      const copied = await listedWith(t, destination.listKey, number);
      judge('rule:contacts.duplicate-copies', copies, () => expect(copied, 'listed in the destination').toHaveLength(1));
      judge('rule:contacts.duplicate-copies', copies, () => expect(copied[0]).toMatchObject({ contact_name: name, contact_email: 'dup@example.com' }));
      const kept = await listedWith(t, source.listKey, number);
      judge('rule:contacts.duplicate-copies', copies, () => expect(kept, 'still in the source (a copy, not a move)').toHaveLength(1));
    },
  );

  req(['op:contacts/duplicate'], 'the three fields are required; an unknown contact or list is refused (codes not shown)', async () => {
    const source = await createList(t);
    const destination = await createList(t);
    const original = await addContact(t, source.listKey, { number: t.phone(), name: t.name('dupx') });
    const id = String(original.id);
    const refusals: [string, Record<string, unknown>, RefusalKind?][] = [
      ['current_list_key missing', { new_list_key: destination.listKey, contact_id: id }],
      ['new_list_key missing', { current_list_key: source.listKey, contact_id: id }],
      ['contact_id missing', { current_list_key: source.listKey, new_list_key: destination.listKey }],
      ['unknown destination', { current_list_key: source.listKey, new_list_key: `${destination.listKey}x`, contact_id: id }, 'missing-resource'],
      ['contact not in the source list', { current_list_key: destination.listKey, new_list_key: source.listKey, contact_id: id }, 'missing-resource'],
    ];
    for (const [what, json, kind] of refusals) {
      const answer = await t.api('contacts/duplicate', { json });
      refusedAs('op:contacts/duplicate', 'the refusals of /contacts/duplicate (4.6)', answer, 'contacts/duplicate', what, kind);
    }
    const copied = await listContacts(t, destination.listKey);
    judge('op:contacts/duplicate', 'the refusals of /contacts/duplicate (4.6)', () => expect(copied, 'nothing was copied').toEqual([]));
  });
});
