/** 4.1, 2.7: the credit balance; master_credit only on administrator accounts. */
import { creditString } from '../accounts.ts';
import { handler, type HandlerSet } from '../handler.ts';
import { ok } from '../replies.ts';

export const creditsHandlers: HandlerSet = {
  'credits/consult': handler(undefined, (ctx) => {
    const a = ctx.account;
    // 2.7: two decimal places (mutant credits-balance-one-decimal); master_credit only on administrators (mutant credits-master-credit-everywhere).
    return ok(ctx, {
      credit: ctx.server.mutant.is('credits-balance-one-decimal') ? (a.balance / 100).toFixed(1) : creditString(a.balance),
      ...(a.kind === 'manager' || ctx.server.mutant.is('credits-master-credit-everywhere') ? { master_credit: a.pool === null ? null : creditString(a.pool) } : {}),
    });
  }),
};
