/**
 * 1 and 5.2 with 4.8: wallet contacts belong to their account. Another account, given this
 * account's wallet_key, does not get its contacts nor change their balance (that a key reaches only
 * its own account's wallet contacts is our reading). The balance fields of contact/get are not
 * shown (4.8): the balance is looked for among the values of its body, whatever their field names.
 * Wallet contacts cannot be deleted (no operation): each test uses fresh numbers; the tool users
 * it creates are disabled at teardown.
 */
import { describe, expect } from 'vitest';
import { expectSuccess, judge, req, useTarget } from '../../harness/kit/index.ts';
import { WalletUpdateBalanceResponse } from '../../schemas/wallet.ts';
import { programAccount } from '../support/program-account.ts';
import { walletContacts } from '../support/wallet-contacts.ts';
import { holdsPhone } from '../support/wallet-fixtures.ts';

// Wallets and cards are not created through the API: the tests act in the account that has one.
const program = programAccount(useTarget());
const t = program.t;
const { walletWithContact, expectBalance } = walletContacts(program);

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
