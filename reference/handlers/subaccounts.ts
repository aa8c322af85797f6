/**
 * 4.11, 2.6, 3.3: subaccounts of the manager account. The pipeline has already refused any key
 * but the manager's (5.3). A subaccount is an account of its own (own apikey, balance 0 at
 * creation, 2.6) whose parent is the manager; archiving it (3.3) makes its key answer auth_06.
 * Emails are compared without letter case. Refusals the document does not name (7.1):
 * subaccount_exists, subaccount_not_found, master_credit_insufficient, subaccount_credit_insufficient.
 */
import { createHash } from 'node:crypto';
import { subaccounts } from '../../schemas/index.ts';
import { newApiKey, toHundredths, type Account } from '../accounts.ts';
import { handler, type HandlerSet, type RawRequest, type Reply } from '../handler.ts';
import { quotaFull, quotaReached } from '../quotas.ts';
import { fail, ok } from '../replies.ts';

type Req = RawRequest & { account: Account };

const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The manager's subaccount with `email`, or subaccount_not_found. */
function withSubaccount(req: Req, email: string, use: (sub: Account) => Reply): Reply {
  const sub = req.server.accounts.subaccountOf(req.account, normalEmail(email));
  return sub ? use(sub) : fail(req, 'subaccount_not_found', 'No subaccount with this email');
}

/** 4.11 type: 1 adds credits to the subaccount (from the manager's pool, 2.7), 2 withdraws them back. */
const addsCredits = (type: subaccounts.CreditsManageType): boolean => type === 1 || type === '1';

/** Moves `hundredths` between the manager's pool and `sub`; never takes either below zero. */
function moveCredits(req: Req, sub: Account, adds: boolean, hundredths: number): Reply | undefined {
  const manager = req.account;
  // 2.7: master_credit "may be null if the pool was never initialised": nothing to assign then.
  const pool = manager.pool ?? 0;
  if (adds && pool < hundredths) return fail(req, 'master_credit_insufficient', 'Not enough credits available to assign (master_credit)');
  // 4.11 withdraw: no more than the subaccount holds.
  if (req.server.seams.at('subaccounts.refuses-withdraw-beyond-balance', !adds && sub.balance < hundredths))
    return fail(req, 'subaccount_credit_insufficient', 'The subaccount does not hold that many credits');
  // 2.7 master_credit is what is left to assign.
  manager.pool = adds ? pool - req.server.seams.at('subaccounts.pool-debit', hundredths) : pool + hundredths;
  sub.balance += adds ? hundredths : -hundredths;
  return undefined;
}

export const subaccountsHandlers: HandlerSet = {
  // 4.11 add: email max 70 and valid, password 6 to 36 (schema); the email is unique per manager.
  'subaccounts/add': handler(subaccounts.SubaccountAddRequest, (ctx) => {
    const email = normalEmail(ctx.input.email);
    // Archived subaccounts keep their email: a new one with the same email would make it ambiguous.
    if (ctx.server.accounts.subaccountOf(ctx.account, email)) return fail(ctx, 'subaccount_exists', 'A subaccount with this email already exists');
    if (quotaFull('subaccounts', ctx.server.accounts.subaccountCount(ctx.account))) return quotaReached(ctx, 'subaccounts');
    const sub = ctx.server.accounts.create({
      kind: 'subaccount',
      apiKey: newApiKey(),
      email,
      balance: 0,
      pool: null,
      parentId: ctx.account.id,
      // Kept only as a digest: the reference server never signs a subaccount in with it.
      password: createHash('sha256').update(ctx.input.password).digest('hex'),
    });
    return ok(ctx, { apikey: sub.apiKey, email: sub.email });
  }),

  // 4.11, 3.3 archive: disables the subaccount; archiving an archived one leaves it archived.
  'subaccounts/archive': handler(subaccounts.SubaccountArchiveRequest, (ctx) =>
    withSubaccount(ctx, ctx.input.email, (sub) => {
      // 3.3 archive disables.
      if (ctx.server.seams.at('subaccounts.archive-disables', true)) sub.archived = true;
      return ok(ctx);
    }),
  ),

  // 4.11 get_apikey: "success, status 200, apikey, email" (code and message not shown).
  'subaccounts/get-apikey': handler(subaccounts.SubaccountGetApikeyRequest, (ctx) =>
    withSubaccount(ctx, ctx.input.email, (sub) =>
      ok(
        ctx,
        { apikey: ctx.server.seams.at('subaccounts.get-apikey', sub.apiKey, { managerKey: ctx.account.apiKey }), email: sub.email },
        { code: 'subaccount_01', message: 'apikey_found' },
      ),
    ),
  ),

  // 4.11 credits/manage: credits an integer > 0 (schema); refused beyond what the giving side holds.
  'subaccounts/manage-credits': handler(subaccounts.SubaccountCreditsManageRequest, (ctx) =>
    withSubaccount(ctx, ctx.input.email, (sub) => {
      const refused = moveCredits(ctx, sub, addsCredits(ctx.input.type), toHundredths(ctx.input.credits));
      if (refused) return refused;
      // Ambiguity subaccount-credits-manage-success-message: the sample's subaccount_archived, or the server's own text.
      const message =
        ctx.server.options.choices['subaccount-credits-manage-success-message'] === 'subaccount_archived' ? 'subaccount_archived' : 'credits_updated';
      return ok(ctx, {}, { message });
    }),
  ),
};
