/** 4.1, 2.7: the credit balance; master_credit only on administrator accounts. */
import { creditString } from '../accounts.ts';
import { handler, type HandlerSet } from '../handler.ts';
import { ok } from '../replies.ts';

export const creditsHandlers: HandlerSet = {
  'credits/consult': handler(undefined, (ctx) => {
    const a = ctx.account;
    return ok(ctx, {
      credit: creditString(a.balance),
      ...(a.kind === 'manager' ? { master_credit: a.pool === null ? null : creditString(a.pool) } : {}),
    });
  }),
};
