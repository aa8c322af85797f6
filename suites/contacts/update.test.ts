/**
 * 4.6 and 2.4: POST /contacts/update. The updated contact in callback ("same success body as add"),
 * the new email seen through /agendas/get_contacts (4.7), and the refusals of a missing field or an
 * unknown list or contact, which change nothing. The document names no error codes for them (7.1:
 * "code value for ... contact-update ... validation failures: not shown"), so refusals go through
 * expectRefused, which records the code the target chose. Lists are created under the run prefix and
 * deleted at teardown (4.7: deleting a list deletes its contacts).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { ContactCallbackResponse } from '../../schemas/contacts.ts';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';
import { addContact, createList, listContacts, listedWith } from '../support/contacts-lists.ts';
import { refusedAs } from '../support/contacts-refusals.ts';

const t = useTarget();

describe('POST /contacts/update (4.6)', () => {
  req(['op:contacts/update', 'rule:contacts.update-email'], 'contact_13 with the new email, and the listing shows it', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    const name = t.name('upd');
    const added = await addContact(t, listKey, { number, name, email: 'before@example.com' });
    const answer = await t.api('contacts/update', { json: { list_key: listKey, number, email: 'after@example.com' } });
    const { callback } = expectSuccess(answer, 'contacts/update', ContactCallbackResponse);
    // 4.6: "Same success body as add": the updated contact in callback (2.4), with the new email.
    judge('rule:contacts.update-email', 'the new email, in callback (4.6, 2.4)', () =>
      expect(callback).toMatchObject({ id: added.id, email: 'after@example.com', number: `${MEXICO_COUNTRY_CODE}${number}` }),
    );
    const listed = await listedWith(t, listKey, number);
    judge('rule:contacts.update-email', 'the new email, listed (4.6)', () => expect(listed, 'still one contact').toHaveLength(1));
    judge('rule:contacts.update-email', 'the new email, listed (4.6)', () =>
      expect(listed[0], 'new email, same name').toMatchObject({ contact_email: 'after@example.com', contact_name: name }),
    );
  });

  req(['op:contacts/update'], 'list_key and number are required; an unknown list or contact is refused (codes not shown, 7.1)', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    await addContact(t, listKey, { number, email: 'kept@example.com' });
    const refusals: [string, Record<string, unknown>, RefusalKind?][] = [
      ['list_key missing', { number, email: 'x@example.com' }],
      ['number missing', { list_key: listKey, email: 'x@example.com' }],
      ['unknown list', { list_key: `${listKey}x`, number, email: 'x@example.com' }, 'missing-resource'],
      ['unknown contact', { list_key: listKey, number: t.phone(), email: 'x@example.com' }, 'missing-resource'],
    ];
    for (const [what, json, kind] of refusals) {
      const answer = await t.api('contacts/update', { json });
      refusedAs('op:contacts/update', 'the refusals of /contacts/update (4.6)', answer, 'contacts/update', what, kind);
    }
    const listed = await listContacts(t, listKey);
    judge('op:contacts/update', 'the refusals of /contacts/update (4.6)', () =>
      expect(
        listed.map((c) => c.contact_email),
        'the one contact, unchanged; no contact created',
      ).toEqual(['kept@example.com']),
    );
  });
});
