/**
 * 4.6 and 2.4: contacts inside contact lists. Every effect is observed through /agendas/get_contacts
 * (4.7). The document names no error codes for these operations (7.1: "code value for ...
 * contact-update ... validation failures: not shown"), so refusals go through expectRefused, which
 * records the code the target chose. Lists are created under the run prefix and deleted at teardown
 * (4.7: deleting a list deletes its contacts).
 */
import { describe, expect } from 'vitest';
import { type Answer, expectRefused, expectSuccess, judge, type RefusalKind, req, SkipTest, useTarget } from '../harness/kit/index.ts';
import { ContactCallbackResponse, ContactDeleteResponse, ContactPollResponse } from '../schemas/contacts.ts';
import { limitById, type Limit } from '../schemas/limits.ts';
import { MEXICO_COUNTRY_CODE } from '../schemas/sms.ts';
import { addContact, createList, emailOfLength, listContacts, sameNumber, textOfLength } from './support/contacts-lists.ts';

const t = useTarget();

/** The listed contacts of `listKey` with the 10-digit `number`. */
async function listedWith(listKey: string, number: string) {
  return (await listContacts(t, listKey)).filter((c) => sameNumber(c.contact_number, number));
}

/**
 * A refusal judged as `requirement` under `label`: success=false, then the refusal's body
 * (expectRefused). Returns whether it was refused; below fail a refusal that did not come is one
 * warning, and there is no refusal body to read.
 */
function judgeRefused(requirement: string, label: string, answer: Answer, operationId: string, what: string, kind?: RefusalKind): boolean {
  const refused = judge(requirement, label, () => expect(answer.body.success, `${what}: refused (${answer.text.slice(0, 200)})`).toBe(false));
  if (refused) expectRefused(requirement, answer, operationId, what, kind);
  return refused;
}

// biome-ignore lint/suspicious/noIdenticalTestTitle: both halves keep the title, so that their tests keep their names (baselines match them)
describe('POST /contacts/add (4.6)', () => {
  req(
    ['op:contacts/add', 'rule:contacts.listed'],
    'contact_13 / contact_added with the contact in callback (2.4), and /agendas/get_contacts lists it',
    async () => {
      const { listKey } = await createList(t);
      const number = t.phone();
      const name = t.name('ana');
      const email = `${name.toLowerCase()}@example.com`;
      const contact = await addContact(t, listKey, {
        number,
        name,
        email,
        birthday_date: '1990-05-17',
        custom_field_1: 'uno',
        country_code: MEXICO_COUNTRY_CODE,
      });
      // 2.4: number with country code, 12 digits for Mexico; 4.6: the default country code is 52.
      const callback = 'the contact in callback (4.6, 2.4)';
      judge('op:contacts/add', callback, () => expect(contact.number, 'callback.number carries the country code 52').toBe(`${MEXICO_COUNTRY_CODE}${number}`));
      judge('op:contacts/add', callback, () => expect(contact.name).toBe(name));
      judge('op:contacts/add', callback, () => expect(contact.email).toBe(email));
      judge('op:contacts/add', callback, () => expect(contact.birthday_date).toBe('1990-05-17'));
      judge('op:contacts/add', callback, () => expect(contact.custom_field_1).toBe('uno'));
      const listed = await listedWith(listKey, number);
      judge('rule:contacts.listed', 'a contact added is listed (4.6, 4.7)', () => expect(listed, 'listed once').toHaveLength(1));
      judge('rule:contacts.listed', 'a contact added is listed (4.6, 4.7)', () =>
        expect(listed[0]).toMatchObject({ contact_name: name, contact_email: email }),
      );
    },
  );

  req(['op:contacts/add'], 'country_code defaults to 52: a 10-digit number alone gets it (4.6, 2.4)', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    const contact = await addContact(t, listKey, { number, name: t.name('def') });
    judge('op:contacts/add', 'the default country code 52 (4.6, 2.4)', () => expect(contact.number).toBe(`${MEXICO_COUNTRY_CODE}${number}`));
  });

  req(['op:contacts/add'], 'with find_country_code=1 the number may include the country code (4.6)', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    const contact = await addContact(t, listKey, { number: `${MEXICO_COUNTRY_CODE}${number}`, find_country_code: 1, name: t.name('fcc') });
    const withCode = 'a number with its country code under find_country_code=1 (4.6)';
    judge('op:contacts/add', withCode, () => expect(contact.number).toBe(`${MEXICO_COUNTRY_CODE}${number}`));
    const listed = await listedWith(listKey, number);
    judge('op:contacts/add', withCode, () => expect(listed).toHaveLength(1));
  });

  req(['rule:contacts.upsert'], 'adding a contact that already exists in the list updates it (same id, one listing, new values)', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    const first = await addContact(t, listKey, { number, name: t.name('old'), email: 'old@example.com' });
    const name = t.name('new');
    const second = await addContact(t, listKey, { number, name, email: 'new@example.com' });
    const upsert = 'a contact added again is updated (4.6)';
    judge('rule:contacts.upsert', upsert, () => expect(second.id, 'the same contact').toBe(first.id));
    judge('rule:contacts.upsert', upsert, () => expect(second).toMatchObject({ name, email: 'new@example.com' }));
    const listed = await listedWith(listKey, number);
    judge('rule:contacts.upsert', upsert, () => expect(listed, 'still one contact with the number').toHaveLength(1));
    judge('rule:contacts.upsert', upsert, () => expect(listed[0]).toMatchObject({ contact_name: name, contact_email: 'new@example.com' }));
  });

  req(['rule:contacts.birthday-ignored'], 'birthday_date in an invalid format is ignored: the contact is still added', async () => {
    const { listKey } = await createList(t);
    for (const birthday of ['17/05/1990', '1990-13-45', 'not a date', '19900517']) {
      const number = t.phone();
      // The callback schema (2.4) refuses a birthday_date that is not YYYY-MM-DD: an invalid one must not be stored.
      const contact = await addContact(t, listKey, { number, name: t.name('bday'), birthday_date: birthday });
      const ignored = 'an invalid birthday_date is ignored (4.6)';
      judge('rule:contacts.birthday-ignored', ignored, () => expect(contact.birthday_date, `birthday_date "${birthday}" is ignored`).not.toBe(birthday));
      const listed = await listedWith(listKey, number);
      judge('rule:contacts.birthday-ignored', ignored, () => expect(listed, `the contact with birthday_date "${birthday}" is listed`).toHaveLength(1));
    }
  });
});

// The refusals of 4.6 and the length limits of 8, in a second describe of the same title.
describe('POST /contacts/add (4.6)', () => {
  req(['op:contacts/add'], 'list_key and number are required, the list must exist, the number is 10 digits (refusals; codes not shown)', async () => {
    const { listKey } = await createList(t);
    const number = t.phone();
    const refusals: [string, Record<string, unknown>, RefusalKind?][] = [
      ['list_key missing', { number }],
      ['number missing', { list_key: listKey, name: t.name('nonum') }],
      ['unknown list', { list_key: `${listKey}x`, number }, 'missing-resource'],
      ['9 digits', { list_key: listKey, number: number.slice(1) }],
      ['11 digits', { list_key: listKey, number: `${number}1` }],
      ['not digits', { list_key: listKey, number: `${number.slice(0, 9)}a` }],
      ['country code without find_country_code', { list_key: listKey, number: `${MEXICO_COUNTRY_CODE}${number}` }],
    ];
    for (const [what, json, kind] of refusals) {
      const answer = await t.api('contacts/add', { json });
      judgeRefused('op:contacts/add', 'the refusals of /contacts/add (4.6)', answer, 'contacts/add', what, kind);
    }
    const listed = await listContacts(t, listKey);
    judge('op:contacts/add', 'the refusals of /contacts/add (4.6)', () => expect(listed, 'nothing was added').toEqual([]));
  });

  const lengthCases: [string, Limit, 'name' | 'email', (n: number, seed: string) => string][] = [
    ['limit:contact-name-length', limitById('contact-name-length'), 'name', textOfLength],
    ['limit:contact-email-length', limitById('contact-email-length'), 'email', emailOfLength],
  ];
  for (const [requirement, limit, field, make] of lengthCases) {
    req([requirement], `${field} of ${limit.max} characters is accepted, ${limit.max! + 1} refused (8: ${limit.description})`, async () => {
      const { listKey } = await createList(t);
      const max = limit.max!;
      const accepted = make(max, t.name(field));
      const number = t.phone();
      const contact = await addContact(t, listKey, { number, [field]: accepted });
      const atLimit = `the length limit of ${field} (8, 4.6)`;
      judge(requirement, atLimit, () => expect(contact[field], `${field} stored whole`).toBe(accepted));
      const listed = await listedWith(listKey, number);
      judge(requirement, atLimit, () =>
        expect(listed[0]?.[field === 'name' ? 'contact_name' : 'contact_email'], `the ${max}-character ${field} is listed whole`).toBe(accepted),
      );

      const tooLong = make(max + 1, t.name(field));
      const other = t.phone();
      expectRefused(requirement, await t.api('contacts/add', { json: { list_key: listKey, number: other, [field]: tooLong } }), 'contacts/add');
      const refused = await listedWith(listKey, other);
      judge(requirement, atLimit, () => expect(refused, `the contact with a ${max + 1}-character ${field} is not added`).toEqual([]));
    });
  }
});

describe('number and find_country_code of /contacts/add (4.6)', () => {
  // 4.6: "10-digit national number, digits only, no country code; with find_country_code=1 it may
  // include the country code"; find_country_code "enum 0,1" (stated-limits.ts).
  req(
    ['limit:contact-number-digits'],
    'number: 10 digits accepted (12 with 52 under find_country_code=1); 9, 11, a letter, or 12 without find_country_code refused and not added',
    async () => {
      const { listKey } = await createList(t);
      const digits = 'the digits of number (4.6)';
      const ten = t.phone();
      const tenAdded = await addContact(t, listKey, { number: ten, name: t.name('ten') });
      judge('limit:contact-number-digits', digits, () => expect(tenAdded.number).toBe(`${MEXICO_COUNTRY_CODE}${ten}`));
      const twelve = t.phone();
      const twelveAdded = await addContact(t, listKey, { number: `${MEXICO_COUNTRY_CODE}${twelve}`, find_country_code: 1, name: t.name('twelve') });
      judge('limit:contact-number-digits', digits, () => expect(twelveAdded.number).toBe(`${MEXICO_COUNTRY_CODE}${twelve}`));
      const base = t.phone();
      const refused: [string, string, Record<string, unknown>][] = [
        ['9 digits', base.slice(1), {}],
        ['11 digits', `${base}1`, {}],
        ['a letter', `${base.slice(0, 9)}a`, {}],
        ['12 digits without find_country_code', `${MEXICO_COUNTRY_CODE}${base}`, {}],
        ['11 digits with find_country_code=1', `${MEXICO_COUNTRY_CODE}${base.slice(1)}`, { find_country_code: 1 }],
      ];
      for (const [what, number, extra] of refused) {
        const answer = await t.api('contacts/add', { json: { list_key: listKey, number, name: t.name('bad'), ...extra } });
        judgeRefused('limit:contact-number-digits', digits, answer, 'contacts/add', what);
      }
      const withBase = await listedWith(listKey, base);
      judge('limit:contact-number-digits', digits, () => expect(withBase, 'no contact was added with a refused number').toEqual([]));
      const all = await listContacts(t, listKey);
      judge('limit:contact-number-digits', digits, () => expect(all.length, 'only the two valid contacts are listed').toBe(2));
    },
  );

  req(['limit:contact-find-country-code'], 'find_country_code 0 and 1 accepted; 2 refused and not added', async () => {
    const { listKey } = await createList(t);
    const zero = t.phone();
    await addContact(t, listKey, { number: zero, find_country_code: 0, name: t.name('fcc0') });
    const one = t.phone();
    await addContact(t, listKey, { number: `${MEXICO_COUNTRY_CODE}${one}`, find_country_code: 1, name: t.name('fcc1') });
    const two = t.phone();
    // 12 digits with 52: valid if 2 were read as 1, so only the enum refuses it.
    const answer = await t.api('contacts/add', {
      json: { list_key: listKey, number: `${MEXICO_COUNTRY_CODE}${two}`, find_country_code: 2, name: t.name('fcc2') },
    });
    const enumOf = 'find_country_code is 0 or 1 (4.6)';
    judgeRefused('limit:contact-find-country-code', enumOf, answer, 'contacts/add', 'find_country_code 2');
    const listed = await listedWith(listKey, two);
    judge('limit:contact-find-country-code', enumOf, () => expect(listed, 'the contact with find_country_code 2 is not added').toEqual([]));
  });
});

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
    const listed = await listedWith(listKey, number);
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
      judgeRefused('op:contacts/update', 'the refusals of /contacts/update (4.6)', answer, 'contacts/update', what, kind);
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
      const afterMismatch = await listedWith(listKey, number);
      judge('rule:contacts.delete-removes', 'email as a filter (4.6)', () =>
        expect(afterMismatch, 'a filter that does not match deletes nothing').toHaveLength(1),
      );
      expectSuccess(
        await t.api('contacts/delete', { json: { list_key: listKey, number, email: 'match@example.com' } }),
        'contacts/delete',
        ContactDeleteResponse,
      );
      const afterMatch = await listedWith(listKey, number);
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
      judgeRefused('op:contacts/delete', 'the refusals of /contacts/delete (4.6)', answer, 'contacts/delete', what, kind);
    }
    const listed = await listedWith(listKey, number);
    judge('op:contacts/delete', 'the refusals of /contacts/delete (4.6)', () => expect(listed, 'the contact is still there').toHaveLength(1));
  });
});

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
      const copied = await listedWith(destination.listKey, number);
      judge('rule:contacts.duplicate-copies', copies, () => expect(copied, 'listed in the destination').toHaveLength(1));
      judge('rule:contacts.duplicate-copies', copies, () => expect(copied[0]).toMatchObject({ contact_name: name, contact_email: 'dup@example.com' }));
      const kept = await listedWith(source.listKey, number);
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
      judgeRefused('op:contacts/duplicate', 'the refusals of /contacts/duplicate (4.6)', answer, 'contacts/duplicate', what, kind);
    }
    const copied = await listContacts(t, destination.listKey);
    judge('op:contacts/duplicate', 'the refusals of /contacts/duplicate (4.6)', () => expect(copied, 'nothing was copied').toEqual([]));
  });
});

describe('POST /contacts/polling/{action} (4.6)', () => {
  /** Candidate actions: the allowed values are not shown (ambiguity contacts-polling-action). */
  const ACTIONS = ['update', 'add', 'create', 'delete', 'changes'];

  req(['op:contacts/poll'], 'Ok / sms_11 for an action the target allows; the allowed values are recorded (ambiguity contacts-polling-action)', async () => {
    const { listKey } = await createList(t);
    const contact = await addContact(t, listKey, { number: t.phone(), name: t.name('poll') });
    const accepted: string[] = [];
    for (const action of ACTIONS) {
      const answer = await t.api('contacts/poll', { path: `/contacts/polling/${action}`, json: { list_key: listKey, contact_id: String(contact.id) } });
      if (answer.body.success === true) {
        expectSuccess(answer, 'contacts/poll', ContactPollResponse);
        accepted.push(action);
      } else {
        judge('contacts-polling-action', `${action}: refused with ${String(answer.body.code)}`, null);
        expectRefused('op:contacts/poll', answer, 'contacts/poll');
      }
    }
    judge('contacts-polling-action', `accepted: ${accepted.join(', ') || 'none'} of ${ACTIONS.join(', ')}`, null);
    judge('op:contacts/poll', 'an accepted polling action (4.6)', () =>
      expect(
        accepted.length,
        `no action of ${ACTIONS.join(', ')} was accepted: the success contract could not be observed (4.6: allowed values not shown)`,
      ).toBeGreaterThan(0),
    );
  });

  // 4.6 "Body: list_key (req), contact_id (req).": stated, so checked where it can fail: with an
  // action the target accepts when both are given (the allowed values are not shown; without such an
  // action a refusal would say nothing about the fields, and the test is skipped saying so).
  req(
    ['rule:contacts.poll-required-fields'],
    'list_key and contact_id are required: with an action the target accepts, a poll without either is refused',
    async () => {
      const { listKey } = await createList(t);
      const contact = await addContact(t, listKey, { number: t.phone(), name: t.name('pollr') });
      const both = { list_key: listKey, contact_id: String(contact.id) };
      let action: string | undefined;
      for (const candidate of ACTIONS) {
        if ((await t.api('contacts/poll', { path: `/contacts/polling/${candidate}`, json: both })).body.success === true) {
          action = candidate;
          break;
        }
      }
      if (action === undefined)
        throw new SkipTest(
          `no action of ${ACTIONS.join(', ')} was accepted with list_key and contact_id (4.6: allowed ` +
            `values not shown), so a refusal without one of them could not be told from a refused action`,
        );
      for (const [what, json] of [
        ['list_key missing', { contact_id: both.contact_id }],
        ['contact_id missing', { list_key: listKey }],
      ] as const) {
        const answer = await t.api('contacts/poll', { path: `/contacts/polling/${action}`, json });
        judgeRefused(
          'rule:contacts.poll-required-fields',
          'list_key and contact_id are required (4.6)',
          answer,
          'contacts/poll',
          `${what} (action ${action}, accepted with both)`,
        );
      }
    },
  );

  req(['op:contacts/poll'], 'an unknown list or contact is refused', async () => {
    const { listKey } = await createList(t);
    const contact = await addContact(t, listKey, { number: t.phone(), name: t.name('pollx') });
    const path = `/contacts/polling/${ACTIONS[0]}`;
    for (const [what, json, kind] of [
      ['unknown list', { list_key: `${listKey}x`, contact_id: String(contact.id) }, 'missing-resource'],
      ['unknown contact', { list_key: listKey, contact_id: `${String(contact.id)}999` }, 'missing-resource'],
    ] as [string, Record<string, unknown>, RefusalKind?][]) {
      const answer = await t.api('contacts/poll', { path, json });
      // At op:contacts/poll's warn level an accepted poll is one warning and ends the test: its answer is no refusal to read.
      if (!judgeRefused('op:contacts/poll', 'an unknown list or contact is refused (4.6)', answer, 'contacts/poll', what, kind)) return;
    }
  });
});
