/**
 * The contacts of a wallet (4.8), for the files of suites/wallet/: a fresh contact added by a fresh
 * tool user, and /wallet/contact/get, whose balance fields are not shown ("the balance fields of
 * contact/get: not shown"): the balance is looked for among the values of its body
 * (wallet-fixtures.ts holdsAmount), whatever their field names.
 */
import { expect } from 'vitest';
import { expectSuccess, judge } from '../../harness/kit/index.ts';
import { WalletAddContactResponse, WalletGetContactResponse } from '../../schemas/wallet.ts';
import { addEmployee } from './employees-fixtures.ts';
import type { ProgramAccount } from './program-account.ts';
import { firstWallet, holdsAmount } from './wallet-fixtures.ts';

/** A fresh contact of a wallet (walletWithContact), with the tool user that added it. */
interface WalletContact {
  walletKey: string;
  usertoolId: number;
  phone: string;
  name: string;
}

interface WalletContacts {
  /** A wallet, a tool user and a fresh contact of the wallet (4.8 contact/add). */
  walletWithContact(): Promise<WalletContact>;
  /** 4.8 contact/get: the body (balance fields not shown), filtered by phone when given. */
  getContact(walletKey: string, phone?: string): Promise<Record<string, unknown>>;
  /**
   * Judges against `requirement` (the rule the balance proves) that /wallet/contact/get shows `amount`;
   * returns whether it does (below the fail level a test goes on).
   */
  expectBalance(requirement: string, walletKey: string, phone: string, amount: number, what: string): Promise<boolean>;
}

/** The contacts of `program`'s wallet, through `program.t` (one per suite file: each file has its own program account). */
export function walletContacts(program: ProgramAccount): WalletContacts {
  const t = program.t;
  async function walletWithContact(): Promise<WalletContact> {
    const wallet = await firstWallet(program);
    const user = await addEmployee(t);
    const phone = t.phone();
    const name = t.name('cliente');
    const answer = await t.api('wallet/add-contact', { json: { wallet_key: wallet.wallet_key, phone, customer_name: name, usertool_id: user.collaboratorId } });
    expectSuccess(answer, 'wallet/add-contact', WalletAddContactResponse);
    return { walletKey: wallet.wallet_key, usertoolId: user.collaboratorId, phone, name };
  }
  async function getContact(walletKey: string, phone?: string): Promise<Record<string, unknown>> {
    const answer = await t.api('wallet/get-contact', { json: { wallet_key: walletKey, ...(phone === undefined ? {} : { phone }) } });
    return expectSuccess(answer, 'wallet/get-contact', WalletGetContactResponse);
  }
  async function expectBalance(requirement: string, walletKey: string, phone: string, amount: number, what: string): Promise<boolean> {
    const body = await getContact(walletKey, phone);
    return judge(requirement, 'the balance shown by contact/get (4.8)', () =>
      expect(holdsAmount(body, amount), `${what}: /wallet/contact/get shows the balance ${amount} (${JSON.stringify(body).slice(0, 300)})`).toBe(true),
    );
  }
  return { walletWithContact, getContact, expectBalance };
}
