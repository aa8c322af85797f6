/**
 * 4.8 and 2.5: POST /wallet/sale. A sale with transaction_type 0 adds its amount, 1 redeems it, and
 * /wallet/contact/get shows the balance; transaction_amount is required with transaction_type 0; a
 * body missing a field is refused and leaves the balance unchanged. "The success message and code
 * values and the balance fields of contact/get: not shown": success is asserted as the envelope with
 * success=true, and the balance is looked for among the values of the /wallet/contact/get body,
 * whatever their field names. Refusal codes are not named (7.1): expectRefused records them.
 * Wallet contacts cannot be deleted (no operation): each test uses fresh numbers; the tool users
 * it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectRefused, expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { WalletSaleResponse } from '../../schemas/wallet.ts';
import { programAccount } from '../support/program-account.ts';
import { walletContacts } from '../support/wallet-contacts.ts';
import { holdsAmount } from '../support/wallet-fixtures.ts';
import { eachFieldMissing } from '../support/missing-fields.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;
const { walletWithContact, getContact, expectBalance } = walletContacts(program);

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
        ...eachFieldMissing(full, ['wallet_key', 'phone', 'transaction_type', 'usertool_id']),
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
