/**
 * 4.6 and 2.4: POST /contacts/add. A contact added is answered in callback (2.4) and listed by
 * /agendas/get_contacts (4.7); adding it again updates it; an invalid birthday_date is ignored; the
 * refusals, the length limits of name and email (8), and the digits of number with find_country_code.
 * The document names no error codes for this operation (7.1: "code value for ... validation failures:
 * not shown"), so refusals go through expectRefused, which records the code the target chose. Lists
 * are created under the run prefix and deleted at teardown (4.7: deleting a list deletes its contacts).
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { limitById, type Limit } from '../../schemas/limits.ts';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';
import { addContact, createList, emailOfLength, listContacts, listedWith, textOfLength } from '../support/contacts-lists.ts';
import { refusedAs } from '../support/contacts-refusals.ts';

const t = useTarget();

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
      const listed = await listedWith(t, listKey, number);
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
    const listed = await listedWith(t, listKey, number);
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
    const listed = await listedWith(t, listKey, number);
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
      const listed = await listedWith(t, listKey, number);
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
      refusedAs('op:contacts/add', 'the refusals of /contacts/add (4.6)', answer, 'contacts/add', what, kind);
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
      const listed = await listedWith(t, listKey, number);
      judge(requirement, atLimit, () =>
        expect(listed[0]?.[field === 'name' ? 'contact_name' : 'contact_email'], `the ${max}-character ${field} is listed whole`).toBe(accepted),
      );

      const tooLong = make(max + 1, t.name(field));
      const other = t.phone();
      expectRefused(requirement, await t.api('contacts/add', { json: { list_key: listKey, number: other, [field]: tooLong } }), 'contacts/add');
      const refused = await listedWith(t, listKey, other);
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
        refusedAs('limit:contact-number-digits', digits, answer, 'contacts/add', what);
      }
      const withBase = await listedWith(t, listKey, base);
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
    refusedAs('limit:contact-find-country-code', enumOf, answer, 'contacts/add', 'find_country_code 2');
    const listed = await listedWith(t, listKey, two);
    judge('limit:contact-find-country-code', enumOf, () => expect(listed, 'the contact with find_country_code 2 is not added').toEqual([]));
  });
});
