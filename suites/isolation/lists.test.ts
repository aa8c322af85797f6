/**
 * Isolation between accounts (1, 5.2) of contact lists and their contacts (2.3, 4.6, 4.7: a list
 * name is "unique within the account"): another account's key neither lists, finds, reads, renames
 * nor deletes a list of this account, nor adds, updates, deletes or duplicates its contacts.
 *
 * The resource is made in the file's account (its own subaccount when the manager key isolates the
 * file) and checked to exist there first; then the key of a second account (a fresh subaccount:
 * the manager key creates it, 4.11) acts on it, and the test checks that the resource is neither
 * shown, verified nor changed, and that its owner still has it as it was. Every rule here is a
 * reading (warn level): the document speaks of data per account without stating that another
 * account's key is refused. Without the manager key there is no second account: the tests skip
 * (capability manager-key, through the requirements).
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { AgendaAddResponse, AgendaFindResponse, AgendaListResponse } from '../../schemas/agendas.ts';
import { addContact, createList, listContacts, listLists, sameNumber } from '../support/contacts-lists.ts';
import { expectAnswered, strangerKeyOf } from '../support/isolation-accounts.ts';

const t = useTarget();
const strangerKey = strangerKeyOf(t);

describe('Contact lists and contacts belong to their account (2.3, 4.6, 4.7, 5.2)', () => {
  req(['rule:isolation.contact-lists'], "another account's key neither lists, finds, reads, renames nor deletes a list of this account", async () => {
    const { listKey, name } = await createList(t);
    const number = t.phone();
    await addContact(t, listKey, { number, name: t.name('mine') });
    // The premise: the list holds the contact as it was added (4.6); what another key does to it is judged below.
    const held = (await listContacts(t, listKey)).map((c) => sameNumber(c.contact_number, number));
    if (held.length !== 1 || held[0] !== true)
      throw new Inconclusive(`the list's contacts, read with its own key, are not the one contact added (${held.length} listed)`);
    const key = await strangerKey();

    // A warning ends the test, so that one intrusion is one warning.
    const theirs = expectSuccess(await t.api('agendas/list', { key }), 'agendas/list', AgendaListResponse).result;
    const unlisted = judge('rule:isolation.contact-lists', "another key's /agendas/get (4.7, 5.2)", () =>
      expect(
        theirs.some((l) => l.list_key === listKey || l.agenda_name === name),
        "not in the other account's /agendas/get",
      ).toBe(false),
    );
    if (!unlisted) return;
    const found = expectSuccess(await t.api('agendas/find', { key, query: { query: name } }), 'agendas/find', AgendaFindResponse);
    const unfound = judge('rule:isolation.contact-lists', "another key's /contactlist/find (4.7, 5.2)", () =>
      expect(
        found.result.map((r) => r.name),
        'not found by the other account',
      ).not.toContain(name),
    );
    if (!unfound) return;
    const read = await t.api('agendas/list-contacts', { key, json: { list_key: listKey } });
    const unread = judge('rule:isolation.contact-lists', "another key's /contactlist/get (4.7, 5.2)", () =>
      expect(read.text, "the list's contact does not reach the other account").not.toContain(number),
    );
    if (!unread) return;
    expectRefused('rule:isolation.contact-lists', read, 'agendas/list-contacts', "another account's list", 'missing-resource');
    expectRefused(
      'rule:isolation.contact-lists',
      await t.api('agendas/rename', { key, json: { list_key: listKey, agenda_name: t.name('taken') } }),
      'agendas/rename',
      "another account's list",
      'missing-resource',
    );
    expectRefused(
      'rule:isolation.contact-lists',
      await t.api('agendas/delete', { key, json: { list_key: listKey } }),
      'agendas/delete',
      "another account's list",
      'missing-resource',
    );

    const intact = (await listLists(t)).find((l) => l.list_key === listKey)?.agenda_name;
    judge('rule:isolation.contact-lists', 'the list intact for its account (4.7, 5.2)', () =>
      expect(intact, 'the list is intact for its account, under its name').toBe(name),
    );
  });

  req(
    ['rule:isolation.contacts', 'rule:envelope.no-server-error'],
    "another account's key neither adds, updates, deletes nor duplicates the contacts of a list of this account",
    async () => {
      const { listKey } = await createList(t);
      const number = t.phone();
      const email = `${t.name('mail').toLowerCase()}@example.com`;
      const contact = await addContact(t, listKey, { number, name: t.name('mine'), email });
      // The premise: the list holds the contact as it was added (4.6); what another key does to it is judged below.
      const listed = (await listContacts(t, listKey)).filter((c) => sameNumber(c.contact_number, number));
      if (listed.length !== 1 || listed[0]!.contact_email !== email)
        throw new Inconclusive(`the list's contacts, read with its own key, show ${listed.length} contact(s) of the added number, not one with its email`);
      const key = await strangerKey();
      const theirKey = expectSuccess(await t.api('agendas/add', { key, json: { agenda_name: t.name('theirs') } }), 'agendas/add', AgendaAddResponse).list_key;
      t.onCleanup(() => t.api('agendas/delete', { key, json: { list_key: theirKey } }));

      const intruder = t.phone();
      expectAnswered(await t.api('contacts/add', { key, json: { list_key: listKey, number: intruder, name: t.name('intruder') } }), 'contacts/add');
      expectAnswered(
        await t.api('contacts/update', { key, json: { list_key: listKey, number, email: `${t.name('stolen').toLowerCase()}@example.com` } }),
        'contacts/update',
      );
      expectAnswered(await t.api('contacts/delete', { key, json: { list_key: listKey, number } }), 'contacts/delete');
      expectAnswered(
        await t.api('contacts/duplicate', { key, json: { current_list_key: listKey, new_list_key: theirKey, contact_id: String(contact.id) } }),
        'contacts/duplicate',
      );

      const mine = await listContacts(t, listKey);
      const kept = mine.filter((c) => sameNumber(c.contact_number, number));
      const copied = await t.api('agendas/list-contacts', { key, json: { list_key: theirKey } });
      judge('rule:isolation.contacts', "the list after another key's calls (4.6, 5.2)", () => {
        expect(
          mine.filter((c) => sameNumber(c.contact_number, intruder)),
          "no contact was added by the other account's key",
        ).toEqual([]);
        expect(kept, "the contact is not deleted by the other account's key").toHaveLength(1);
        expect(kept[0]?.contact_email, "its email is not changed by the other account's key").toBe(email);
        expect(copied.text, "the contact is not duplicated into the other account's list").not.toContain(number);
      });
    },
  );
});
