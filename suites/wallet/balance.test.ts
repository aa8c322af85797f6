/**
 * 4.8 and 2.5: POST /wallet/balance/update. transaction_type 0 adds, 1 redeems, and
 * /wallet/contact/get shows the balance; a body missing a field or with a bad value is refused and
 * leaves the balance unchanged. "The success message and code values and the balance fields of
 * contact/get: not shown": success is asserted as the envelope with success=true, and the balance is
 * looked for among the values of the /wallet/contact/get body, whatever their field names. Refusal
 * codes are not named (7.1): expectRefused records them.
 * Wallet contacts cannot be deleted (no operation): each test uses fresh numbers; the tool users
 * it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { WalletUpdateBalanceResponse } from '../../schemas/wallet.ts';
import { programAccount } from '../support/program-account.ts';
import { walletContacts } from '../support/wallet-contacts.ts';
import { holdsAmount } from '../support/wallet-fixtures.ts';
import { eachFieldMissing } from '../support/missing-fields.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;
const { walletWithContact, getContact, expectBalance } = walletContacts(program);

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
        ...eachFieldMissing(full, ['wallet_key', 'phone', 'transaction_type', 'transaction_amount']),
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
