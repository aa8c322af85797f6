/**
 * 4.8 and 2.5: POST /wallet/get, /wallet/contact/add and /wallet/contact/get. The account's wallets;
 * a contact added is returned by /wallet/contact/get, with and without the phone filter; a phone
 * not of exactly 10 digits and a body missing a field or naming an unknown wallet are refused. "For
 * the last four wallet operations the response is the common envelope; the success message and code
 * values and the balance fields of contact/get: not shown": success is asserted as the envelope with
 * success=true, and the contact is looked for among the values of the /wallet/contact/get body,
 * whatever their field names. Refusal codes are not named (7.1): expectRefused records them.
 * Wallet contacts cannot be deleted (no operation): each test uses fresh numbers; the tool users
 * it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, type RefusalKind, req, useTarget } from '../../harness/kit/index.ts';
import { limitById } from '../../schemas/limits.ts';
import { WalletAddContactResponse } from '../../schemas/wallet.ts';
import { addEmployee } from '../support/employees-fixtures.ts';
import { programAccount } from '../support/program-account.ts';
import { walletContacts } from '../support/wallet-contacts.ts';
import { firstWallet, holdsPhone } from '../support/wallet-fixtures.ts';
import { eachFieldMissing } from '../support/missing-fields.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;
const { walletWithContact, getContact } = walletContacts(program);

const PHONE = limitById('wallet-phone-digits');

describe('POST /wallet/get (4.8)', () => {
  req(['op:wallet/list'], 'wallets_get_01 with the wallets of the account (2.5 fields)', async () => {
    const wallet = await firstWallet(program);
    judge('op:wallet/list', 'a wallet of wallets_get_01 (4.8, 2.5)', () => expect(wallet.wallet_key, 'a wallet_key to name it by').not.toBe(''));
  });
});

describe('POST /wallet/contact/add and /wallet/contact/get (4.8)', () => {
  req(
    ['op:wallet/add-contact', 'op:wallet/get-contact', 'rule:wallet.contact-listed'],
    'the contact added is returned by /wallet/contact/get, with and without the phone filter; the filter leaves out other contacts',
    async () => {
      const a = await walletWithContact();
      const other = t.phone();
      expectSuccess(
        await t.api('wallet/add-contact', { json: { wallet_key: a.walletKey, phone: other, customer_name: t.name('otro'), usertool_id: a.usertoolId } }),
        'wallet/add-contact',
        WalletAddContactResponse,
      );
      // 4.8: contact/get's fields are not shown: finding the added contacts in its body is our reading.
      const filtered = await getContact(a.walletKey, a.phone);
      judge('rule:wallet.contact-listed', 'contact/get (4.8)', () =>
        expect(holdsPhone(filtered, a.phone), `filtered by phone: the contact is returned (${JSON.stringify(filtered).slice(0, 300)})`).toBe(true),
      );
      judge('rule:wallet.contact-listed', 'contact/get (4.8)', () =>
        expect(holdsPhone(filtered, other), 'filtered by phone: another contact is left out').toBe(false),
      );
      const all = await getContact(a.walletKey);
      judge('rule:wallet.contact-listed', 'contact/get (4.8)', () =>
        expect(holdsPhone(all, a.phone) && holdsPhone(all, other), 'without the filter: both contacts').toBe(true),
      );
    },
  );

  req(
    ['limit:wallet-phone-digits'],
    `phone of exactly ${PHONE.max} digits: ${PHONE.max} accepted, ${PHONE.min! - 1} and ${PHONE.max! + 1} refused, non-digits refused`,
    async () => {
      const a = await walletWithContact();
      if (a.phone.length !== PHONE.max) throw new Error(`kit: the suite's number ${a.phone} has not ${PHONE.max} digits`);
      const base = t.phone();
      for (const [what, phone] of [
        [`${PHONE.min! - 1} digits`, base.slice(0, PHONE.min! - 1)],
        [`${PHONE.max! + 1} digits`, `${base}3`],
        ['a letter', `${base.slice(0, PHONE.max! - 1)}b`],
      ] as const) {
        const answer = await t.api('wallet/add-contact', { json: { wallet_key: a.walletKey, phone, customer_name: t.name('bad'), usertool_id: a.usertoolId } });
        expectRefused('limit:wallet-phone-digits', answer, 'wallet/add-contact', `phone with ${what}`);
        const contacts = await getContact(a.walletKey);
        judge('limit:wallet-phone-digits', `a phone of exactly ${PHONE.max} digits (4.8)`, () =>
          expect(holdsPhone(contacts, phone), `the phone with ${what} is not a contact`).toBe(false),
        );
      }
    },
  );

  req(
    ['op:wallet/add-contact', 'rule:wallet.contact-listed'],
    'wallet_key, phone, customer_name and an integer usertool_id are required; an unknown wallet is refused',
    async () => {
      const wallet = await firstWallet(program);
      const user = await addEmployee(t);
      const phone = t.phone();
      const full = { wallet_key: wallet.wallet_key, phone, customer_name: t.name('req'), usertool_id: user.collaboratorId };
      const cases: [string, Record<string, unknown>, RefusalKind?][] = [
        ...eachFieldMissing(full, ['wallet_key', 'phone', 'customer_name', 'usertool_id']),
        ['usertool_id not an integer', { ...full, usertool_id: 'abc' }],
        ['unknown wallet', { ...full, wallet_key: `${wallet.wallet_key}x` }, 'missing-resource'],
      ];
      for (const [what, json, kind] of cases)
        expectRefused('rule:wallet.contact-listed', await t.api('wallet/add-contact', { json }), 'wallet/add-contact', what, kind);
      const contacts = await getContact(wallet.wallet_key);
      judge('rule:wallet.contact-listed', 'the refusals of contact/add (4.8)', () =>
        expect(holdsPhone(contacts, phone), 'none of the refused requests added the contact').toBe(false),
      );
    },
  );
});
