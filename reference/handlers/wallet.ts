/**
 * 4.8 and 2.5: the stored-balance wallet. The API cannot create a wallet, so every account gets one
 * on first use. 4.8: "For the last four wallet operations ... the success message and code values
 * and the balance fields of contact/get: not shown"; the server's values are below, and its
 * refusals use descriptive codes (7.1: wallet validation codes not shown). Balances are kept in
 * hundredths (like credits, accounts.ts) and answered as numbers.
 */
import { randomBytes } from 'node:crypto';
import { wallet } from '../../schemas/index.ts';
import { areaState, toHundredths, type Account } from '../accounts.ts';
import { handler, type HandlerSet, type RawRequest, type Reply, type RequestContext } from '../handler.ts';
import { genericInvalid } from '../pipeline.ts';
import { quotaFull, quotaReached } from '../quotas.ts';
import { fail, invalidParameters, ok } from '../replies.ts';
import { checkToolUser } from './employees.ts';

type Req = RawRequest & { account: Account };

interface WalletContact {
  name: string;
  phone: string;
  /** Hundredths. */
  balance: number;
}

interface WalletProgram {
  card: wallet.Wallet;
  contacts: Map<string, WalletContact>;
}

/** Amounts beyond this are refused, so that balances stay exact integers of hundredths. */
const MAX_AMOUNT = 1_000_000_000;

/** 2.5: one wallet per account, seeded on first use (no operation creates one). */
const program = (account: Account): WalletProgram =>
  areaState(account, 'wallet', () => ({
    card: { wallet_name: 'Monedero', wallet_key: `wk_${randomBytes(6).toString('hex')}`, wallet_app_client: `app_${account.id}`, wallet_plan_type: 'basic' },
    contacts: new Map(),
  }));

/** 7.1: wallet validation codes are not shown (latitude unnamed-codes: replies.invalidParameters). */
const invalid = (req: Req, field: string, detail: string): Reply => invalidParameters(req, field, detail);

/** The account's wallet when `key` names it, or wallet_not_found (another account's key included). */
function withWallet(req: Req, key: string, use: (w: WalletProgram) => Reply): Reply {
  const w = program(req.account);
  return w.card.wallet_key === key ? use(w) : fail(req, 'wallet_not_found', 'The wallet does not exist');
}

function withContact(req: Req, w: WalletProgram, phone: string, use: (c: WalletContact) => Reply): Reply {
  const c = w.contacts.get(phone);
  return c ? use(c) : fail(req, 'wallet_contact_not_found', 'The phone is not a contact of this wallet');
}

/** A transaction amount in hundredths: positive, at most two decimals, bounded; or the reason it is refused. */
function amountOf(amount: number): number | string {
  if (!Number.isFinite(amount) || amount <= 0 || amount > MAX_AMOUNT) return `transaction_amount: greater than 0 and at most ${MAX_AMOUNT}`;
  const hundredths = toHundredths(amount);
  return Math.abs(hundredths - amount * 100) < 1e-6 ? hundredths : 'transaction_amount: at most two decimals';
}

const balanceOf = (c: WalletContact) => ({ contact_name: c.name, contact_phone: c.phone, contact_balance: c.balance / 100 });

/**
 * 4.8 transaction_type: 0 adds, 1 redeems. A redeem never takes the balance below zero. A redeem
 * without an amount (allowed on /wallet/sale) redeems the whole balance.
 */
function transact(
  req: Req,
  c: WalletContact,
  type: wallet.WalletUpdateBalanceRequest['transaction_type'],
  amount: number | undefined,
  values: { code: string; message: string },
): Reply {
  const adds = wallet.isAddTransaction(type);
  const hundredths = amount === undefined ? c.balance : amountOf(amount);
  if (typeof hundredths === 'string') return invalid(req, 'transaction_amount', hundredths);
  if (!adds && (hundredths === 0 || hundredths > c.balance)) return fail(req, 'wallet_insufficient_balance', 'The redeem is larger than the balance');
  c.balance += req.server.seams.at('wallet.balance-change', adds ? hundredths : -hundredths);
  return ok(req, balanceOf(c), values);
}

function registerSale(ctx: RequestContext<wallet.WalletSaleRequest>): Reply {
  const { wallet_key: key, phone, transaction_type: type, transaction_amount: amount, usertool_id: userId } = ctx.input;
  return withWallet(ctx, key, (w) => {
    const user = checkToolUser(ctx, userId);
    if (!user.ok) return user.reply;
    return withContact(ctx, w, phone, (c) => transact(ctx, c, type, amount, { code: 'wallet_sale_01', message: 'sale_registered' }));
  });
}

export const walletHandlers: HandlerSet = {
  'wallet/list': handler(undefined, (ctx) => ok(ctx, { result: [program(ctx.account).card] })),

  // 4.8 contact/add: phone exactly 10 digits (schema), usertool_id a tool user of the account.
  'wallet/add-contact': handler(wallet.WalletAddContactRequest, (ctx) => {
    const { wallet_key: key, phone, customer_name: name, usertool_id: userId } = ctx.input;
    return withWallet(ctx, key, (w) => {
      const user = checkToolUser(ctx, userId);
      if (!user.ok) return user.reply;
      if (w.contacts.has(phone)) return fail(ctx, 'wallet_contact_exists', 'The phone is already a contact of this wallet');
      if (quotaFull('walletContacts', w.contacts.size)) return quotaReached(ctx, 'walletContacts');
      const c: WalletContact = { name, phone, balance: 0 };
      w.contacts.set(phone, c);
      return ok(ctx, balanceOf(c), { code: 'wallet_contact_add_01', message: 'wallet_contact_added' });
    });
  }),

  // 4.8 contact/get: the wallet balance of the contacts, phone an optional filter.
  'wallet/get-contact': handler(wallet.WalletGetContactRequest, (ctx) =>
    withWallet(ctx, ctx.input.wallet_key, (w) => {
      const phone = ctx.input.phone;
      // 4.8 phone is an optional filter.
      const filtered = ctx.server.seams.at('wallet.contact-filter-applies', phone !== undefined && phone !== '');
      const rows = [...w.contacts.values()].filter((c) => !filtered || c.phone === phone);
      return ok(ctx, { result: rows.map(balanceOf) }, { code: 'wallet_contact_get_01', message: 'wallet_contacts' });
    }),
  ),

  'wallet/update-balance': handler(wallet.WalletUpdateBalanceRequest, (ctx) => {
    const { wallet_key: key, phone, transaction_type: type, transaction_amount: amount } = ctx.input;
    return withWallet(ctx, key, (w) =>
      withContact(ctx, w, phone, (c) => transact(ctx, c, type, amount, { code: 'wallet_balance_01', message: 'balance_updated' })),
    );
  }),

  // 4.8 sale: by a tool user; transaction_amount required when transaction_type is 0 (schema).
  'wallet/register-sale': handler(wallet.WalletSaleRequest, registerSale, (req, issues) => {
    // 4.8 sale: transaction_amount "required when transaction_type is 0": no default amount takes
    // the place of a missing one.
    const defaultAmount = req.server.seams.at('wallet.sale-default-amount', undefined);
    const relaxed = defaultAmount === undefined ? undefined : wallet.WalletSaleRequest.safeParse({ transaction_amount: defaultAmount, ...req.fields });
    return relaxed?.success ? registerSale({ ...req, input: relaxed.data }) : genericInvalid(req, issues);
  }),
};
