/**
 * 4.8 and 2.5: the stored-balance wallet. "For the last four wallet operations the response is the
 * common envelope; the success message and code values and the balance fields of contact/get: not
 * shown": success is asserted as the envelope with success=true, and the contact and its balance
 * are looked for among the values of the /wallet/contact/get body, whatever their field names.
 * Refusal codes are not named (7.1): expectRefused records them. Wallet contacts cannot be deleted
 * (no operation): each test uses fresh numbers; the tool users it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, type RefusalKind, req, useTarget } from '../harness/kit/index.ts';
import { programAccount } from './support/program-account.ts';
import { limitById } from '../schemas/limits.ts';
import { WalletAddContactResponse, WalletGetContactResponse, WalletSaleResponse, WalletUpdateBalanceResponse } from '../schemas/wallet.ts';
import { addEmployee } from './support/employees-fixtures.ts';
import { firstWallet, holdsAmount, holdsPhone } from './support/wallet-fixtures.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;

const PHONE = limitById('wallet-phone-digits');

/** A wallet, a tool user and a fresh contact of the wallet (4.8 contact/add). */
async function walletWithContact() {
  const wallet = await firstWallet(program);
  const user = await addEmployee(t);
  const phone = t.phone();
  const name = t.name('cliente');
  const answer = await t.api('wallet/add-contact', { json: { wallet_key: wallet.wallet_key, phone, customer_name: name, usertool_id: user.collaboratorId } });
  expectSuccess(answer, 'wallet/add-contact', WalletAddContactResponse);
  return { walletKey: wallet.wallet_key, usertoolId: user.collaboratorId, phone, name };
}

/** 4.8 contact/get: the body (balance fields not shown), filtered by phone when given. */
async function getContact(walletKey: string, phone?: string): Promise<Record<string, unknown>> {
  const answer = await t.api('wallet/get-contact', { json: { wallet_key: walletKey, ...(phone === undefined ? {} : { phone }) } });
  return expectSuccess(answer, 'wallet/get-contact', WalletGetContactResponse);
}

/**
 * Judges against `requirement` (the rule the balance proves) that /wallet/contact/get shows `amount`;
 * returns whether it does (below the fail level a test goes on).
 */
async function expectBalance(requirement: string, walletKey: string, phone: string, amount: number, what: string): Promise<boolean> {
  const body = await getContact(walletKey, phone);
  return judge(requirement, 'the balance shown by contact/get (4.8)', () =>
    expect(holdsAmount(body, amount), `${what}: /wallet/contact/get shows the balance ${amount} (${JSON.stringify(body).slice(0, 300)})`).toBe(true),
  );
}

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
        ...(['wallet_key', 'phone', 'customer_name', 'usertool_id'] as const).map((field): [string, Record<string, unknown>] => {
          const { [field]: _omitted, ...rest } = full;
          return [`${field} missing`, rest];
        }),
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

describe('Wallet contacts belong to their account (1, 5.2)', () => {
  req(
    ['rule:subaccounts.isolation', 'op:wallet/get-contact', 'rule:envelope.no-server-error'],
    "another account, given this account's wallet_key, does not get its contacts nor change their balance",
    async () => {
      const a = await walletWithContact();
      expectSuccess(
        await t.api('wallet/update-balance', { json: { wallet_key: a.walletKey, phone: a.phone, transaction_type: 0, transaction_amount: 91.45 } }),
        'wallet/update-balance',
        WalletUpdateBalanceResponse,
      );
      const other = await t.newSubaccount();
      const seen = await t.api('wallet/get-contact', { key: other.key, json: { wallet_key: a.walletKey } });
      // A server error is a warning (7.1 server_01, a reading) and leaves nothing else to judge of the attempt.
      if (!judge('rule:envelope.no-server-error', 'never a server error', () => expect(seen.status).toBeLessThan(500))) return;
      // 1, 5.2: that another account's key reaches none of this account's wallet contacts is our reading.
      judge('rule:subaccounts.isolation', "another account's key (1, 5.2)", () =>
        expect(holdsPhone(seen.json, a.phone), 'the contact is not shown to the other account').toBe(false),
      );
      const changed = await t.api('wallet/update-balance', {
        key: other.key,
        json: { wallet_key: a.walletKey, phone: a.phone, transaction_type: 0, transaction_amount: 8.1 },
      });
      if (!judge('rule:envelope.no-server-error', 'never a server error', () => expect(changed.status).toBeLessThan(500))) return;
      await expectBalance('rule:subaccounts.isolation', a.walletKey, a.phone, 91.45, "after the other account's attempt");
    },
  );
});

describe('POST /wallet/balance/update (4.8)', () => {
  req(
    ['op:wallet/update-balance', 'op:wallet/get-contact', 'rule:wallet.balance-shown'],
    'transaction_type 0 adds, 1 redeems; /wallet/contact/get shows the balance',
    async () => {
      const a = await walletWithContact();
      const update = (transaction_type: number, transaction_amount: number) =>
        t.api('wallet/update-balance', { json: { wallet_key: a.walletKey, phone: a.phone, transaction_type, transaction_amount } });
      expectSuccess(await update(0, 250.75), 'wallet/update-balance', WalletUpdateBalanceResponse);
      // The document shows no field of the balance (4.8): finding it is a reading (warn); a balance not shown leaves nothing to redeem from.
      if (!(await expectBalance('rule:wallet.balance-shown', a.walletKey, a.phone, 250.75, 'after adding 250.75'))) return;
      expectSuccess(await update(1, 100.5), 'wallet/update-balance', WalletUpdateBalanceResponse);
      await expectBalance('rule:wallet.balance-shown', a.walletKey, a.phone, 150.25, 'after redeeming 100.50');
    },
  );

  req(
    ['op:wallet/update-balance', 'rule:wallet.balance-shown'],
    'wallet_key, a numeric phone, transaction_type 0/1 and transaction_amount are required (refusals; codes not shown)',
    async () => {
      const a = await walletWithContact();
      const full = { wallet_key: a.walletKey, phone: a.phone, transaction_type: 0, transaction_amount: 77.25 };
      const cases: [string, Record<string, unknown>][] = [
        ...(['wallet_key', 'phone', 'transaction_type', 'transaction_amount'] as const).map((field): [string, Record<string, unknown>] => {
          const { [field]: _omitted, ...rest } = full;
          return [`${field} missing`, rest];
        }),
        ['transaction_type 2', { ...full, transaction_type: 2 }],
        ['phone not numeric', { ...full, phone: `${a.phone.slice(0, 9)}c` }],
        ['transaction_amount not a number', { ...full, transaction_amount: 'many' }],
      ];
      for (const [what, json] of cases)
        expectRefused('rule:wallet.balance-shown', await t.api('wallet/update-balance', { json }), 'wallet/update-balance', what);
      const body = await getContact(a.walletKey, a.phone);
      judge('rule:wallet.balance-shown', 'the refusals of balance/update (4.8)', () =>
        expect(holdsAmount(body, 77.25), 'no refused update changed the balance').toBe(false),
      );
    },
  );
});

describe('POST /wallet/sale (4.8)', () => {
  req(
    ['op:wallet/register-sale', 'rule:wallet.balance-shown'],
    'a sale with transaction_type 0 adds its amount, 1 redeems it; /wallet/contact/get shows the balance',
    async () => {
      const a = await walletWithContact();
      const sale = (transaction_type: number, transaction_amount: number) =>
        t.api('wallet/register-sale', { json: { wallet_key: a.walletKey, phone: a.phone, transaction_type, usertool_id: a.usertoolId, transaction_amount } });
      expectSuccess(await sale(0, 320.4), 'wallet/register-sale', WalletSaleResponse);
      // As for balance/update: the balance's fields are not shown (4.8), so finding it is a reading.
      if (!(await expectBalance('rule:wallet.balance-shown', a.walletKey, a.phone, 320.4, 'after a sale adding 320.40'))) return;
      expectSuccess(await sale(1, 20.15), 'wallet/register-sale', WalletSaleResponse);
      await expectBalance('rule:wallet.balance-shown', a.walletKey, a.phone, 300.25, 'after a sale redeeming 20.15');
    },
  );

  req(
    ['rule:wallet.sale-amount-required'],
    'transaction_amount is required when transaction_type is 0: refused without it, the balance unchanged',
    async () => {
      const a = await walletWithContact();
      expectSuccess(
        await t.api('wallet/register-sale', {
          json: { wallet_key: a.walletKey, phone: a.phone, transaction_type: 0, usertool_id: a.usertoolId, transaction_amount: 42.3 },
        }),
        'wallet/register-sale',
        WalletSaleResponse,
      );
      const answer = await t.api('wallet/register-sale', { json: { wallet_key: a.walletKey, phone: a.phone, transaction_type: 0, usertool_id: a.usertoolId } });
      expectRefused('rule:wallet.sale-amount-required', answer, 'wallet/register-sale', 'transaction_type 0 without transaction_amount');
      await expectBalance('rule:wallet.sale-amount-required', a.walletKey, a.phone, 42.3, 'after the refused sale');
    },
  );

  req(
    ['op:wallet/register-sale', 'rule:wallet.balance-shown'],
    'wallet_key, phone, transaction_type and usertool_id are required (refusals; codes not shown)',
    async () => {
      const a = await walletWithContact();
      const full = { wallet_key: a.walletKey, phone: a.phone, transaction_type: 0, usertool_id: a.usertoolId, transaction_amount: 64.35 };
      const cases: [string, Record<string, unknown>][] = [
        ...(['wallet_key', 'phone', 'transaction_type', 'usertool_id'] as const).map((field): [string, Record<string, unknown>] => {
          const { [field]: _omitted, ...rest } = full;
          return [`${field} missing`, rest];
        }),
        ['transaction_type 2', { ...full, transaction_type: 2 }],
      ];
      for (const [what, json] of cases) expectRefused('rule:wallet.balance-shown', await t.api('wallet/register-sale', { json }), 'wallet/register-sale', what);
      const body = await getContact(a.walletKey, a.phone);
      judge('rule:wallet.balance-shown', 'the refusals of /wallet/sale (4.8)', () =>
        expect(holdsAmount(body, 64.35), 'no refused sale changed the balance').toBe(false),
      );
    },
  );
});
