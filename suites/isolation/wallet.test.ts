/**
 * Isolation between accounts (1, 5.2) of wallet contacts (4.8): another account's key neither
 * reads the wallet contacts of this account nor changes their balance. Wallets are not created
 * through the API: the test acts in the account that has one (support/program-account.ts).
 *
 * The resource is made in the file's account (its own subaccount when the manager key isolates the
 * file) and checked to exist there first; then the key of a second account (a fresh subaccount:
 * the manager key creates it, 4.11) acts on it, and the test checks that the resource is neither
 * shown, verified nor changed, and that its owner still has it as it was. Every rule here is a
 * reading (warn level): the document speaks of data per account without stating that another
 * account's key is refused. Without the manager key there is no second account: the tests skip
 * (capability manager-key, through the requirements).
 */
import { describe, expect } from 'vitest';
import { expectSuccess, Inconclusive, judge, req, useTarget } from '../../harness/kit/index.ts';
import { WalletGetContactResponse, WalletListResponse, WalletUpdateBalanceResponse } from '../../schemas/wallet.ts';
import { addEmployee } from '../support/employees-fixtures.ts';
import { expectAnswered, strangerKeyOf } from '../support/isolation-accounts.ts';
import { programAccount } from '../support/program-account.ts';
import { firstWallet, holdsAmount, holdsPhone } from '../support/wallet-fixtures.ts';

const t = useTarget();
const strangerKey = strangerKeyOf(t);

describe('Wallet contacts belong to their account (4.8, 5.2)', () => {
  // Wallets are not created through the API: the test acts in the account that has one.
  const program = programAccount(t);

  req(
    ['rule:isolation.wallets', 'rule:envelope.no-server-error'],
    "another account's key neither reads the wallet contacts of this account nor changes their balance",
    async () => {
      const owner = program.t;
      const wallet = await firstWallet(program);
      const user = await addEmployee(owner);
      const phone = owner.phone();
      expectSuccess(
        await owner.api('wallet/add-contact', {
          json: { wallet_key: wallet.wallet_key, phone, customer_name: owner.name('cliente'), usertool_id: user.collaboratorId },
        }),
        'wallet/add-contact',
      );
      expectSuccess(
        await owner.api('wallet/update-balance', { json: { wallet_key: wallet.wallet_key, phone, transaction_type: 0, transaction_amount: 91.45 } }),
        'wallet/update-balance',
        WalletUpdateBalanceResponse,
      );
      const balance = async (): Promise<Record<string, unknown>> =>
        expectSuccess(
          await owner.api('wallet/get-contact', { json: { wallet_key: wallet.wallet_key, phone } }),
          'wallet/get-contact',
          WalletGetContactResponse,
        );
      // The premise: the contact holds what was credited (4.8); what another key does to it is judged below.
      const before = await balance();
      if (!holdsAmount(before, 91.45)) throw new Inconclusive(`/wallet/contact/get does not show the 91.45 credited: ${JSON.stringify(before).slice(0, 300)}`);
      const key = await strangerKey();

      const wallets = expectSuccess(await t.api('wallet/list', { key }), 'wallet/list', WalletListResponse).result;
      judge('rule:isolation.wallets', '/wallet/list with another key (4.8, 5.2)', () =>
        expect(
          wallets.map((w) => w.wallet_key),
          "this account's wallet is not among the other account's",
        ).not.toContain(wallet.wallet_key),
      );
      const seen = await t.api('wallet/get-contact', { key, json: { wallet_key: wallet.wallet_key } });
      expectAnswered(seen, '/wallet/contact/get with the other key');
      judge('rule:isolation.wallets', '/wallet/contact/get with another key (4.8, 5.2)', () =>
        expect(holdsPhone(seen.json, phone), "the contact is not shown to the other account's key").toBe(false),
      );
      expectAnswered(
        await t.api('wallet/update-balance', { key, json: { wallet_key: wallet.wallet_key, phone, transaction_type: 0, transaction_amount: 8.1 } }),
        '/wallet/balance/update with the other key',
      );
      expectAnswered(
        await t.api('wallet/register-sale', {
          key,
          json: { wallet_key: wallet.wallet_key, phone, transaction_type: 1, transaction_amount: 50, usertool_id: user.collaboratorId },
        }),
        '/wallet/sale with the other key',
      );
      const after = await balance();
      judge('rule:isolation.wallets', "the balance after another key's calls (4.8, 5.2)", () =>
        expect(holdsAmount(after, 91.45), `the balance is still 91.45 after the other account's attempts: ${JSON.stringify(after).slice(0, 300)}`).toBe(true),
      );
    },
  );
});
