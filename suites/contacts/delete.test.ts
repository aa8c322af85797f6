/**
 * 4.6: POST /contacts/delete. The deleted contact is no longer listed by /agendas/get_contacts (4.7),
 * the others are; email is a filter; a missing field or an unknown list is refused and deletes
 * nothing. The document names no error codes for these refusals (7.1), so they go through
 * expectRefused, which records the code the target chose. Lists are created under the run prefix and
 * deleted at teardown (4.7: deleting a list deletes its contacts).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { ContactDeleteResponse } from '../../schemas/contacts.ts';
import { addContact, createList, listContacts, listedWith, sameNumber } from '../support/contacts-lists.ts';
import { refusedAs } from '../support/contacts-refusals.ts';

const t = useTarget();

describe('POST /contacts/delete (4.6)', () => {
  req(
    ['op:contacts/delete', 'rule:contacts.delete-removes'],
    'contact_12 / contact_deleted, and the contact is no longer listed (the others are)',
    async () => {
      const { listKey } = await createList(t);
      const gone = t.phone();
      const kept = t.phone();
      await addContact(t, listKey, { number: gone, name: t.name('gone') });
      await addContact(t, listKey, { number: kept, name: t.name('kept') });
      expectSuccess(await t.api('contacts/delete', { json: { list_key: listKey, number: gone } }), 'contacts/delete', ContactDeleteResponse);
      const listed = await listContacts(t, listKey);
      judge('rule:contacts.delete-removes', 'the deleted contact is no longer listed (4.6)', () =>
        expect(
          listed.filter((c) => sameNumber(c.contact_number, gone)),
          'the deleted contact',
        ).toEqual([]),
      );
      judge('rule:contacts.delete-removes', 'the deleted contact is no longer listed (4.6)', () =>
        expect(
          listed.filter((c) => sameNumber(c.contact_number, kept)),
          'the other contact',
        ).toHaveLength(1),
      );
    },
  );

  req(
    ['op:contacts/delete', 'rule:contacts.delete-removes', 'rule:envelope.no-server-error'],
    'email is a filter: a contact whose email differs is kept, one whose email matches is deleted',
    async () => {
      const { listKey } = await createList(t);
      const number = t.phone();
      await addContact(t, listKey, { number, email: 'match@example.com' });
      const mismatch = await t.api('contacts/delete', { json: { list_key: listKey, number, email: 'other@example.com' } });
      judge('rule:envelope.no-server-error', 'never a server error', () => expect(mismatch.status).toBeLessThan(500));
      // 4.6: "email (optional filter)": a filter that does not match leaves the contact listed.
      const afterMismatch = await listedWith(t, listKey, number);
      judge('rule:contacts.delete-removes', 'email as a filter (4.6)', () =>
        expect(afterMismatch, 'a filter that does not match deletes nothing').toHaveLength(1),
      );
      expectSuccess(
        await t.api('contacts/delete', { json: { list_key: listKey, number, email: 'match@example.com' } }),
        'contacts/delete',
        ContactDeleteResponse,
      );
      const afterMatch = await listedWith(t, listKey, number);
      judge('rule:contacts.delete-removes', 'email as a filter (4.6)', () => expect(afterMatch, 'the matching contact is deleted').toEqual([]));
    },
  );

  req(['op:contacts/delete'], 'list_key and number are required; an unknown list is refused (codes not shown)', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    await addContact(t, listKey, { number });
    for (const [what, json, kind] of [
      ['list_key missing', { number }],
      ['number missing', { list_key: listKey }],
      ['unknown list', { list_key: `${listKey}x`, number }, 'missing-resource'],
    ] as [string, Record<string, unknown>, RefusalKind?][]) {
      const answer = await t.api('contacts/delete', { json });
      refusedAs('op:contacts/delete', 'the refusals of /contacts/delete (4.6)', answer, 'contacts/delete', what, kind);
    }
    const listed = await listedWith(t, listKey, number);
    judge('op:contacts/delete', 'the refusals of /contacts/delete (4.6)', () => expect(listed, 'the contact is still there').toHaveLength(1));
  });
});
