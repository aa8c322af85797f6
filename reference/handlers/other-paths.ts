/**
 * 4.15: "The paths /whatsapp/send, /agenda and /campaigns are named in passing (campaign ids are
 * checked against /campaigns); their shapes: not shown." Each answers a success envelope that says
 * so and does nothing else: no message is sent and nothing is charged. /campaigns lists the ids of
 * the account's campaigns (2.8 campaignId), since campaign ids are checked against it.
 */
import { handler, type HandlerSet, type RawRequest, type Reply } from '../handler.ts';
import { ok } from '../replies.ts';

const NOT_SHOWN = 'shape_not_shown';

const notShown = (req: RawRequest, fields: Record<string, unknown> = {}): Reply =>
  ok(
    req,
    { ...fields, note: 'Section 4.15: this path is named in passing; its request and response shapes are not shown.' },
    { code: NOT_SHOWN, message: NOT_SHOWN },
  );

export const otherPathsHandlers: HandlerSet = {
  'other/whatsapp-send': handler(undefined, (ctx) => notShown(ctx)),
  'other/agenda': handler(undefined, (ctx) => notShown(ctx)),
  'other/campaigns': handler(undefined, (ctx) => {
    const ids = [...new Set(ctx.server.messaging.messages(ctx.account).map((m) => m.campaignId))].sort((a, b) => a - b);
    return notShown(ctx, { result: ids.map((campaignId) => ({ campaignId })) });
  }),
};
