/** 4.1, 2.7: the credit balance; master_credit only on administrator accounts. */
import { creditString } from '../accounts.ts';
import { handler, type HandlerSet } from '../handler.ts';
import { ok } from '../replies.ts';

export const creditsHandlers: HandlerSet = {
  'credits/consult': handler(undefined, (ctx) => {
    const a = ctx.account;
    const seams = ctx.server.seams;
    // 2.7: two decimal places; master_credit only on administrators.
    return ok(ctx, {
      credit: seams.at('credits.balance', creditString(a.balance), { hundredths: a.balance }),
      ...(seams.at('credits.shows-master-credit', a.kind === 'manager') ? { master_credit: a.pool === null ? null : creditString(a.pool) } : {}),
    });
  }),
};
