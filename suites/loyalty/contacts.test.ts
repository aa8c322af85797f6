/**
 * 4.9 and 2.5: POST /loyalty/contact/add and /loyalty/contact/get. A contact added is returned by
 * /loyalty/contact/get with its name, phone filters it, a phone not of exactly 10 digits and a body
 * missing a field or naming an unknown card are refused. Refusal codes are not named (7.1):
 * expectRefused records them. Loyalty contacts cannot be deleted (no operation): each test uses
 * fresh numbers; the tool users it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { addEmployee } from '../support/employees-fixtures.ts';
import { cardContacts, cardIfAny, firstCard, loyaltyContacts, withPhone } from '../support/loyalty-fixtures.ts';
import { programAccount } from '../support/program-account.ts';
import { eachFieldMissing } from '../support/missing-fields.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;
const { cardWithContact, expectAddContactSuccess } = loyaltyContacts(program);

const PHONE = limitById('loyalty-phone-digits');

describe('POST /loyalty/contact/add and /loyalty/contact/get (4.9)', () => {
  req(
    ['op:loyalty/add-contact', 'op:loyalty/get-contacts', 'rule:loyalty.contact-listed'],
    'the contact added is returned by /loyalty/contact/get with its name (ambiguity loyalty-add-contact-success-code)',
    async () => {
      const a = await cardWithContact('rule:loyalty.contact-listed');
      // 4.9: contact/get returns the card's contacts, filtered by phone when one is given.
      const filtered = await cardContacts(t, a.loyaltyKey, a.phone);
      judge('rule:loyalty.contact-listed', 'contact/get (4.9)', () =>
        expect(filtered.filter(withPhone(a.phone)), 'the contact, filtered by its phone').toHaveLength(1),
      );
      judge('rule:loyalty.contact-listed', 'contact/get (4.9)', () =>
        expect(filtered.find(withPhone(a.phone))?.contact_name, 'the contact listed with its name').toBe(a.name),
      );
      const all = await cardContacts(t, a.loyaltyKey);
      judge('rule:loyalty.contact-listed', 'contact/get (4.9)', () =>
        expect(all.filter(withPhone(a.phone)), 'the contact, without the filter').toHaveLength(1),
      );
    },
  );

  req(['op:loyalty/get-contacts'], 'phone is a filter: only the contact with that phone is returned', async () => {
    const a = await cardWithContact('op:loyalty/get-contacts');
    const other = t.phone();
    expectAddContactSuccess(
      await t.api('loyalty/add-contact', { json: { loyalty_key: a.loyaltyKey, phone: other, customer_name: t.name('otro'), usertool_id: a.usertoolId } }),
      'op:loyalty/get-contacts',
    );
    const filter = 'phone as a filter of contact/get (4.9)';
    const filtered = await cardContacts(t, a.loyaltyKey, other);
    judge('op:loyalty/get-contacts', filter, () => expect(filtered.length, 'one contact with the phone').toBe(1));
    judge('op:loyalty/get-contacts', filter, () => expect(filtered.every(withPhone(other)), 'only the contact with that phone').toBe(true));
    const all = await cardContacts(t, a.loyaltyKey);
    judge('op:loyalty/get-contacts', filter, () => expect(all.some(withPhone(a.phone)) && all.some(withPhone(other)), 'without the filter: both').toBe(true));
  });

  req(
    ['limit:loyalty-phone-digits'],
    `phone of exactly ${PHONE.max} digits: ${PHONE.max} accepted, ${PHONE.min! - 1} and ${PHONE.max! + 1} refused, non-digits refused`,
    async () => {
      const a = await cardWithContact('limit:loyalty-phone-digits');
      if (a.phone.length !== PHONE.max) throw new Error(`kit: the suite's number ${a.phone} has not ${PHONE.max} digits`);
      const base = t.phone();
      for (const [what, phone] of [
        [`${PHONE.min! - 1} digits`, base.slice(0, PHONE.min! - 1)],
        [`${PHONE.max! + 1} digits`, `${base}4`],
        ['a letter', `${base.slice(0, PHONE.max! - 1)}e`],
      ] as const) {
        const answer = await t.api('loyalty/add-contact', {
          json: { loyalty_key: a.loyaltyKey, phone, customer_name: t.name('bad'), usertool_id: a.usertoolId },
        });
        expectRefused('limit:loyalty-phone-digits', answer, 'loyalty/add-contact', `phone with ${what}`);
        const added = (await cardContacts(t, a.loyaltyKey)).some((c) => c.contact_phone === phone);
        judge('limit:loyalty-phone-digits', `a phone of exactly ${PHONE.max} digits (4.9)`, () =>
          expect(added, `the phone with ${what} is not a contact`).toBe(false),
        );
      }
    },
  );

  req(['op:loyalty/add-contact'], 'loyalty_key, phone, customer_name and an integer usertool_id are required; an unknown card is refused', async () => {
    const card = await firstCard(program);
    const user = await addEmployee(t);
    const phone = t.phone();
    const full = { loyalty_key: card.loyalty_key, phone, customer_name: t.name('req'), usertool_id: user.collaboratorId };
    const cases: [string, Record<string, unknown>, RefusalKind?][] = [
      ...eachFieldMissing(full, ['loyalty_key', 'phone', 'customer_name', 'usertool_id']),
      ['usertool_id not an integer', { ...full, usertool_id: 'abc' }],
      ['unknown card', { ...full, loyalty_key: `${card.loyalty_key}x` }, 'missing-resource'],
    ];
    for (const [what, json, kind] of cases)
      expectRefused('op:loyalty/add-contact', await t.api('loyalty/add-contact', { json }), 'loyalty/add-contact', what, kind);
    const added = (await cardContacts(t, card.loyalty_key)).some(withPhone(phone));
    // The test's last check: at op:loyalty/add-contact's warn level a contact added is one warning.
    judge('op:loyalty/add-contact', 'the refusals of contact/add (4.9)', () => expect(added, 'none of the refused requests added the contact').toBe(false));
  });

  req(['op:loyalty/get-contacts'], 'loyalty_key is required; an unknown card is refused (codes not shown)', async () => {
    // A key /loyalty/get does not list is a key of no card: a listed one altered, or any key where the account has none.
    const card = await cardIfAny(program);
    const unknownKey = card === null ? t.name('card') : `${card.loyalty_key}x`;
    expectRefused('op:loyalty/get-contacts', await t.api('loyalty/get-contacts', { json: {} }), 'loyalty/get-contacts', 'loyalty_key missing');
    expectRefused(
      'op:loyalty/get-contacts',
      await t.api('loyalty/get-contacts', { json: { loyalty_key: unknownKey } }),
      'loyalty/get-contacts',
      'unknown card',
      'missing-resource',
    );
  });
});
