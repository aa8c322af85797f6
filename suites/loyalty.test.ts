/**
 * 4.9 and 2.5: loyalty cards (stamps). Contacts added are observed through /loyalty/contact/get.
 * Refusal codes are not named (7.1): expectRefused records them. Loyalty contacts cannot be deleted
 * (no operation): each test uses fresh numbers; the tool users it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { type Answer, expectRefused, expectSchema, expectSuccess, judge, type RefusalKind, req, useTarget } from '../harness/kit/index.ts';
import { programAccount } from './support/program-account.ts';
import { limitById } from '../schemas/limits.ts';
import { LoyaltyAddContactResponse, LoyaltySaleResponse } from '../schemas/loyalty.ts';
import { z } from 'zod';
import { sameNumber } from './support/contacts-lists.ts';
import { addEmployee } from './support/employees-fixtures.ts';
import { cardContacts, cardIfAny, firstCard } from './support/loyalty-fixtures.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;

const PHONE = limitById('loyalty-phone-digits');

/**
 * 4.9 contact/add: "Sample success: code loyalty_sale_01" (ambiguity loyalty-add-contact-success-code).
 * Under record-only any code passes, the envelope (2.1) with success=true still required. The
 * profile's code is judged as `requirement`, what the caller's test proves with the contact.
 */
function expectAddContactSuccess(answer: Answer, requirement: string): void {
  const choice = t.choices['loyalty-add-contact-success-code'];
  const body = expectSuccess(answer, 'loyalty/add-contact', LoyaltyAddContactResponse.extend({ code: z.string() }));
  judge('loyalty-add-contact-success-code', `code ${body.code}`, choice === 'loyalty_sale_01' ? body.code === 'loyalty_sale_01' : null);
  if (choice === 'loyalty_sale_01')
    expectSchema(
      requirement,
      LoyaltyAddContactResponse,
      answer.json,
      'loyalty/add-contact success (profile loyalty-add-contact-success-code=loyalty_sale_01)',
      answer,
    );
}

/** A card, a tool user and a fresh contact of the card (4.9 contact/add), its answer judged as `requirement` (expectAddContactSuccess). */
async function cardWithContact(requirement: string) {
  const card = await firstCard(program);
  const user = await addEmployee(t);
  const phone = t.phone();
  const name = t.name('cliente');
  expectAddContactSuccess(
    await t.api('loyalty/add-contact', { json: { loyalty_key: card.loyalty_key, phone, customer_name: name, usertool_id: user.collaboratorId } }),
    requirement,
  );
  return { loyaltyKey: card.loyalty_key, usertoolId: user.collaboratorId, phone, name };
}

const withPhone = (phone: string) => (c: { contact_phone: string }) => sameNumber(c.contact_phone, phone);

describe('POST /loyalty/get (4.9)', () => {
  req(['op:loyalty/list', 'rule:loyalty.card-creation'], 'loyalty_get_01 with the loyalty cards of the account (2.5 fields)', async () => {
    // The answer is checked in every account tried (loyalty_get_01, result an array of 2.5 cards).
    // Where none holds a card (no operation creates one, 2.5, 4.9) that is all there is to see: the
    // fields of a card are then not seen, and the report says so.
    const card = await cardIfAny(program);
    if (card === null) {
      judge(
        'rule:loyalty.card-creation',
        'POST /loyalty/get (4.9)',
        'loyalty_get_01 with an empty result in every account of the run: the fields of a card (2.5) were not seen',
      );
      return;
    }
    judge('op:loyalty/list', 'a card of loyalty_get_01 (4.9, 2.5)', () => expect(card.loyalty_key, 'a loyalty_key to name it by').not.toBe(''));
  });
});

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
      ...(['loyalty_key', 'phone', 'customer_name', 'usertool_id'] as const).map((field): [string, Record<string, unknown>] => {
        const { [field]: _omitted, ...rest } = full;
        return [`${field} missing`, rest];
      }),
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

describe('POST /loyalty/sale (4.9)', () => {
  req(['op:loyalty/register-sale'], 'loyalty_sale_01 with a message confirming the sale; the contact stays on the card', async () => {
    const a = await cardWithContact('op:loyalty/register-sale');
    const [before] = (await cardContacts(t, a.loyaltyKey, a.phone)).filter(withPhone(a.phone));
    const answer = await t.api('loyalty/register-sale', { json: { loyalty_key: a.loyaltyKey, phone: a.phone, usertool_id: a.usertoolId } });
    const body = expectSuccess(answer, 'loyalty/register-sale', LoyaltySaleResponse);
    const sale = 'a sale confirmed, its contact kept (4.9, 2.5)';
    judge('op:loyalty/register-sale', sale, () => expect(body.message, 'a message confirming the sale').not.toBe(''));
    const [after] = (await cardContacts(t, a.loyaltyKey, a.phone)).filter(withPhone(a.phone));
    judge('op:loyalty/register-sale', sale, () => expect(after, 'the contact is still listed').toBeDefined());
    // A stamp never takes away a completed card (2.5 contact_total_loyalty_completes).
    judge('op:loyalty/register-sale', sale, () =>
      expect(after!.contact_total_loyalty_completes).toBeGreaterThanOrEqual(before!.contact_total_loyalty_completes),
    );
  });

  req(['op:loyalty/register-sale'], 'loyalty_key, phone and usertool_id are required; an unknown card is refused (codes not shown)', async () => {
    const a = await cardWithContact('op:loyalty/register-sale');
    const full = { loyalty_key: a.loyaltyKey, phone: a.phone, usertool_id: a.usertoolId };
    const [before] = (await cardContacts(t, a.loyaltyKey, a.phone)).filter(withPhone(a.phone));
    const cases: [string, Record<string, unknown>, RefusalKind?][] = [
      ...(['loyalty_key', 'phone', 'usertool_id'] as const).map((field): [string, Record<string, unknown>] => {
        const { [field]: _omitted, ...rest } = full;
        return [`${field} missing`, rest];
      }),
      ['usertool_id not an integer', { ...full, usertool_id: 'abc' }],
      ['unknown card', { ...full, loyalty_key: `${a.loyaltyKey}x` }, 'missing-resource'],
    ];
    for (const [what, json, kind] of cases)
      expectRefused('op:loyalty/register-sale', await t.api('loyalty/register-sale', { json }), 'loyalty/register-sale', what, kind);
    const [after] = (await cardContacts(t, a.loyaltyKey, a.phone)).filter(withPhone(a.phone));
    judge('op:loyalty/register-sale', 'the refusals of /loyalty/sale (4.9)', () => expect(after, 'no refused sale changed the contact').toEqual(before));
  });
});

describe("A sale's stamp shows in the contact (4.9, 2.5)", () => {
  /** Sales made before giving up: more than a card plausibly takes (the stamps per card are not shown). */
  const SALES_BOUND = 20;

  req(
    ['rule:loyalty.sale-stamp'],
    `a sale's stamp moves contact_current_redeem or contact_total_loyalty_completes forward by one (within ${SALES_BOUND} sales)`,
    async () => {
      const a = await cardWithContact('rule:loyalty.sale-stamp');
      const contact = async () => {
        const [c] = (await cardContacts(t, a.loyaltyKey, a.phone)).filter(withPhone(a.phone));
        // Its own stated rule, a contact added is returned by contact/get (4.9): a failure throws, so no counter is read off a missing contact.
        judge('rule:loyalty.contact-listed', 'the contact on its card (4.9)', () => expect(c, 'the contact is listed on its card').toBeDefined());
        return c!;
      };
      const before = await contact();
      const stamp = "a sale's stamp in the contact's counters (4.9, 2.5)";
      // 4.9 "Registers a stamp"; 2.5 gives the contact two counters, which one counts the stamp is
      // not stated: one stamp per sale (current_redeem), or a completed card once enough are in.
      for (let sales = 1; sales <= SALES_BOUND; sales += 1) {
        const sale = await t.api('loyalty/register-sale', { json: { loyalty_key: a.loyaltyKey, phone: a.phone, usertool_id: a.usertoolId } });
        expectSuccess(sale, 'loyalty/register-sale', LoyaltySaleResponse);
        const after = await contact();
        const completes = after.contact_total_loyalty_completes - before.contact_total_loyalty_completes;
        const redeem = after.contact_current_redeem - before.contact_current_redeem;
        if (completes === 0 && redeem === 0) continue;
        judge('rule:loyalty.sale-stamp', stamp, () =>
          expect(
            completes === 1 || (completes === 0 && redeem === 1),
            `after ${sales} sale(s) a stamp shows as one more completed card or one more on contact_current_redeem ` +
              `(completes ${before.contact_total_loyalty_completes} → ${after.contact_total_loyalty_completes}, ` +
              `current_redeem ${before.contact_current_redeem} → ${after.contact_current_redeem})`,
          ).toBe(true),
        );
        return;
      }
      judge('rule:loyalty.sale-stamp', stamp, () =>
        expect.fail(
          `${SALES_BOUND} sales answered loyalty_sale_01, yet neither contact_current_redeem nor contact_total_loyalty_completes ` +
            `moved (${before.contact_current_redeem}, ${before.contact_total_loyalty_completes})`,
        ),
      );
    },
  );
});
