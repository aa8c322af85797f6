/**
 * The stated limits of the field tables (schemas/stated-limits.ts) whose operations' own files are
 * not this one's to hold: the legacy OTP showcode (4.5), the wallet transaction_type (4.8) and the
 * report sandbox flag (4.12): each value the table lists is accepted, another is refused.
 */
import { describe, expect } from 'vitest';
import { LegacyOtpSendResult } from '../../schemas/otp-legacy.ts';
import { ReportsGenerateResponse } from '../../schemas/reports.ts';
import { WalletAddContactResponse, WalletGetContactResponse, WalletSaleResponse, WalletUpdateBalanceResponse } from '../../schemas/wallet.ts';
import { expectRefused, expectSuccess, judge, req, type Target, useTarget, withCleanLegacyNumbers } from '../../harness/kit/index.ts';
import { addEmployee } from '../support/employees-fixtures.ts';
import { sendBody } from '../support/otp-legacy-flow.ts';
import { programAccount } from '../support/program-account.ts';
import { mexicoDay } from '../support/sending-helpers.ts';
import { firstWallet, holdsAmount } from '../support/wallet-fixtures.ts';

const t = useTarget();

/** The two calls that take a transaction_type (4.8) on one wallet contact; a sale names the tool user who makes it. */
function walletTransactions(pt: Target, contact: { wallet_key: string; phone: string }, usertoolId: number) {
  return {
    update: (transaction_type: number, transaction_amount: number) =>
      pt.api('wallet/update-balance', { json: { ...contact, transaction_type, transaction_amount } }),
    sale: (transaction_type: number, transaction_amount: number) =>
      pt.api('wallet/register-sale', { json: { ...contact, transaction_type, transaction_amount, usertool_id: usertoolId } }),
  };
}

describe('stated enums of the field tables (4.5, 4.8, 4.12)', () => {
  // 4.5 "showcode | enum 0,1". Legacy OTP sends have no sandbox: each is a charged send to a number
  // in a clean state (the profile's, on a real target), so this needs real-delivery.
  req(
    ['limit:otp-legacy-showcode'],
    'showcode 0 and 1 are accepted; 2 is refused and charges nothing',
    () =>
      withCleanLegacyNumbers(t, 1, async (n) => {
        for (const showcode of [0, 1])
          expectSuccess(await t.api('otp-legacy/send', { json: sendBody(t, await n.fresh(), { showcode }) }), 'otp-legacy/send', LegacyOtpSendResult);
        const phone = await n.fresh();
        const before = await t.credits();
        const answer = await t.api('otp-legacy/send', { json: sendBody(t, phone, { showcode: 2 }) });
        judge('limit:otp-legacy-showcode', 'showcode 2 refused (4.5)', () =>
          expect(answer.body.success === true || answer.body.code === 'verification_01', `showcode 2 is refused (${answer.text.slice(0, 200)})`).toBe(false),
        );
        expectRefused('limit:otp-legacy-showcode', answer, 'otp-legacy/send', 'showcode 2');
        const after = await t.credits();
        judge('limit:otp-legacy-showcode', 'a refused showcode charges nothing (4.5)', () =>
          expect(after, 'a refused send charges nothing').toBeCloseTo(before, 2),
        );
      }),
    { needs: ['real-delivery'] },
  );

  // 4.8 "transaction_type (integer, req: 0 add, 1 redeem)" on balance/update and on sale. Wallets are
  // not created through the API: the test acts in the account that has one (support/program-account.ts).
  const program = programAccount(t);
  req(
    ['limit:wallet-transaction-type'],
    'transaction_type 0 adds and 1 redeems on /wallet/balance/update and /wallet/sale; 2 is refused on both and moves nothing',
    async () => {
      const pt = program.t;
      const wallet = await firstWallet(program);
      const user = await addEmployee(pt);
      const phone = pt.phone();
      const base = { wallet_key: wallet.wallet_key, phone };
      expectSuccess(
        await pt.api('wallet/add-contact', { json: { ...base, customer_name: pt.name('tipo'), usertool_id: user.collaboratorId } }),
        'wallet/add-contact',
        WalletAddContactResponse,
      );
      const { update, sale } = walletTransactions(pt, base, user.collaboratorId);
      expectSuccess(await update(0, 50), 'wallet/update-balance', WalletUpdateBalanceResponse);
      expectSuccess(await update(1, 20), 'wallet/update-balance', WalletUpdateBalanceResponse);
      expectRefused('limit:wallet-transaction-type', await update(2, 5), 'wallet/update-balance', 'transaction_type 2');
      expectSuccess(await sale(0, 10), 'wallet/register-sale', WalletSaleResponse);
      expectSuccess(await sale(1, 5), 'wallet/register-sale', WalletSaleResponse);
      expectRefused('limit:wallet-transaction-type', await sale(2, 5), 'wallet/register-sale', 'transaction_type 2');
      const contact = expectSuccess(await pt.api('wallet/get-contact', { json: base }), 'wallet/get-contact', WalletGetContactResponse);
      // 50 - 20 + 10 - 5: the refused transactions moved nothing (read as add or as redeem they would show).
      judge('limit:wallet-transaction-type', 'the refused transactions moved nothing (4.8)', () =>
        expect(holdsAmount(contact, 35), `/wallet/contact/get shows the balance 35 (${JSON.stringify(contact).slice(0, 300)})`).toBe(true),
      );
    },
  );

  // 4.12 "sandbox (integer 0,1, default 0; 1 reports sandbox sends)".
  req(['limit:reports-sandbox-flag'], 'sandbox 0 and 1 are accepted by /reports/generate; 2 is refused', async () => {
    const today = await mexicoDay(t);
    for (const sandbox of [0, 1])
      expectSuccess(await t.api('reports/generate', { json: { start_date: today, end_date: today, sandbox } }), 'reports/generate', ReportsGenerateResponse);
    const answer = await t.api('reports/generate', { json: { start_date: today, end_date: today, sandbox: 2 } });
    judge('limit:reports-sandbox-flag', 'sandbox 2 refused (4.12)', () =>
      expect(answer.body.success, `sandbox 2 is refused (${answer.text.slice(0, 200)})`).not.toBe(true),
    );
    expectRefused('limit:reports-sandbox-flag', answer, 'reports/generate', 'sandbox 2');
  });
});
