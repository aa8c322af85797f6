/**
 * 4.9 and 2.5: POST /loyalty/sale. A sale is confirmed and its contact kept, a body missing a field
 * or naming an unknown card is refused and changes nothing, and a sale's stamp shows in the
 * contact's counters (contact_current_redeem or contact_total_loyalty_completes). Refusal codes are
 * not named (7.1): expectRefused records them. Loyalty contacts cannot be deleted (no operation):
 * each test uses fresh numbers; the tool users it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { LoyaltySaleResponse } from '../../schemas/loyalty.ts';
import { cardContacts, loyaltyContacts, withPhone } from '../support/loyalty-fixtures.ts';
import { programAccount } from '../support/program-account.ts';
import { eachFieldMissing } from '../support/missing-fields.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;
const { cardWithContact } = loyaltyContacts(program);

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
      ...eachFieldMissing(full, ['loyalty_key', 'phone', 'usertool_id']),
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
