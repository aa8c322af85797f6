/**
 * 4.14, 2.9: the account's single webhook, moved through the state table of 3.2
 * (WEBHOOK_TRANSITIONS), with the codes of 7.2. Verification (the forbidden-host rule and the GET
 * check) is WebhookService.verify's: this module never opens a connection.
 *
 * The add schema checks the URL's form only; a forbidden host (loopback included, which
 * allowLoopbackWebhooks lets through for a local receiver) is verify's to refuse (add_webhook_03).
 */
import { webhooks } from '../../schemas/index.ts';
import type { Account } from '../accounts.ts';
import { isAbsent, issuesOn, type Issues } from '../field-issues.ts';
import { handler, type HandlerSet, type RawRequest, type Reply } from '../handler.ts';
import { inCheckOrder, takesAlternate } from '../personality.ts';
import { genericInvalid } from '../pipeline.ts';
import { fail, ok } from '../replies.ts';

type Req = RawRequest & { account: Account };
/** 3.2: none, or the configured webhook enabled ('1') / disabled ('0'). */
function stateOf(req: Req): webhooks.WebhookState {
  const config = req.server.webhooks.get(req.account);
  if (!config) return 'none';
  return config.status === '1' ? 'enabled' : 'disabled';
}

const statusOfState = (state: webhooks.WebhookState): webhooks.WebhookStatus => (state === 'enabled' ? '1' : '0');

/**
 * The row of 3.2 that applies to `trigger` on a webhook in `state`; undefined where the document
 * says nothing (delete with no webhook configured).
 */
function matchWebhookTransition(
  state: webhooks.WebhookState,
  trigger: webhooks.WebhookTrigger,
  status?: webhooks.WebhookStatus,
): webhooks.WebhookTransition | undefined {
  return (webhooks.WEBHOOK_TRANSITIONS as readonly webhooks.WebhookTransition[]).find(
    (row) =>
      (row.state === state || row.state === 'any' || (row.state === 'configured' && state !== 'none')) &&
      row.trigger === trigger &&
      (row.when.status === undefined || row.when.status === status),
  );
}

/** 4.14 add after validation: verify (forbidden host, then the GET check), then the 3.2 row "any or none → enabled / disabled". */
async function register(req: Req, url: string, status: webhooks.WebhookStatus): Promise<Reply> {
  const verdict = await req.server.webhooks.verify(url);
  if (!verdict.ok)
    return fail(
      req,
      verdict.code,
      verdict.code === 'add_webhook_03' ? `The URL is not allowed: ${verdict.reason}` : `The URL failed verification: ${verdict.reason}`,
    );
  const row = matchWebhookTransition(stateOf(req), 'add', status);
  if (!row) return fail(req, 'add_webhook_07', 'The webhook could not be saved');
  // 3.2 add with '0' → disabled.
  req.server.webhooks.set(req.account, { url, status: req.server.seams.at('webhooks.status-after-add', statusOfState(row.next)) });
  return ok(req);
}

/**
 * 7.2 "add_webhook_02, _03 URL missing, malformed or forbidden host": in order, _02 for a missing
 * URL and _03 for the rest. Ambiguity paired-code-order 'either' leaves the split free: the
 * alternate personality answers _02 for a malformed URL too, keeping _03 for forbidden hosts.
 */
const malformedUrlCode = (req: Req): string =>
  req.server.options.choices['paired-code-order'] === 'either' && takesAlternate(req.server.options) ? 'add_webhook_02' : 'add_webhook_03';

/**
 * 7.2 /webhook/add: add_webhook_02 URL missing, _03 malformed (a forbidden host is register's,
 * through verify), _04 status missing, _05 not 0/1. Latitude check-order: url then status, or
 * (alternate) status then url.
 */
function addInvalid(req: Req, issues: Issues): Reply {
  const { url, status } = req.fields;
  const urlIssues = issuesOn(issues, 'url');
  const urlProblem = (): Reply | undefined => {
    if (isAbsent(url)) return fail(req, 'add_webhook_02', 'url is required');
    return urlIssues.length > 0 ? fail(req, malformedUrlCode(req), 'url is not a valid http(s) URL') : undefined;
  };
  const parsedStatus = webhooks.WebhookStatus.safeParse(status);
  const statusProblem = (): Reply | undefined => {
    if (isAbsent(status)) return fail(req, 'add_webhook_04', 'status is required');
    return parsedStatus.success ? undefined : fail(req, 'add_webhook_05', "status must be '0' or '1'");
  };
  for (const check of inCheckOrder(req.server.options, [urlProblem, statusProblem])) {
    const refused = check();
    if (refused) return refused;
  }
  return genericInvalid(req, issues);
}

/** 7.2 /webhook/status: status_webhook_02 status missing, _03 not 0/1. */
function statusInvalid(req: Req, issues: Issues): Reply {
  if (isAbsent(req.fields.status)) return fail(req, 'status_webhook_02', 'status is required');
  if (issuesOn(issues, 'status').length > 0) return fail(req, 'status_webhook_03', "status must be '0' or '1'");
  return genericInvalid(req, issues);
}

export const webhooksHandlers: HandlerSet = {
  // 4.14 get: result {url, status}, webhook_01. With none configured (document silent): url '' and
  // status '0'; latitude unset-field: the alternate leaves status unset too ('').
  'webhooks/get': handler(undefined, (ctx) => {
    // 1, 6: "the account's single webhook URL": a key reads its own account's, never another's (the seam).
    const config =
      ctx.server.webhooks.get(ctx.account) ??
      (ctx.server.seams.at('webhooks.get-own-account-only', true)
        ? undefined
        : [...ctx.server.accounts.all()].map((a) => ctx.server.webhooks.get(a)).find((c) => c !== undefined));
    return ok(ctx, { result: config ? { url: config.url, status: config.status } : { url: '', status: takesAlternate(ctx.server.options) ? '' : '0' } });
  }),

  'webhooks/add': handler(webhooks.WebhookAddRequest, (ctx) => register(ctx, ctx.input.url, ctx.input.status), addInvalid),

  // 3.2 "enabled / disabled → enabled / disabled"; none → status_webhook_04 (7.2).
  'webhooks/set-status': handler(
    webhooks.WebhookStatusRequest,
    (ctx) => {
      const row = matchWebhookTransition(stateOf(ctx), 'set-status', ctx.input.status);
      if (!row || row.error) {
        // 7.2 status_webhook_04 "could not update (no webhook registered)": there is nothing to update.
        if (ctx.server.seams.at('webhooks.status-refused-without-webhook', true))
          return fail(ctx, row?.error ?? 'status_webhook_04', 'The status could not be updated: no webhook registered');
        return ok(ctx, {}, { code: 'status_webhook_01', message: 'status_updated' });
      }
      const config = ctx.server.webhooks.get(ctx.account)!;
      ctx.server.webhooks.set(ctx.account, { url: config.url, status: statusOfState(row.next) });
      // Ambiguity webhook-status-success-values: status_webhook_01 as documented, or the sample's add values.
      return ctx.server.options.choices['webhook-status-success-values'] === 'add-values'
        ? ok(ctx, {}, { code: 'add_webhook_01', message: 'url_added_success' })
        : ok(ctx, {}, { code: 'status_webhook_01', message: 'status_updated' });
    },
    statusInvalid,
  ),

  // 3.2 "configured → no webhook configured". With none configured the table is silent: the
  // server answers the same success (nothing is left to remove). Success values are not shown.
  'webhooks/delete': handler(undefined, (ctx) => {
    const row = matchWebhookTransition(stateOf(ctx), 'delete');
    // 3.2 configured → none.
    if (ctx.server.seams.at('webhooks.delete-removes', row !== undefined)) ctx.server.webhooks.remove(ctx.account);
    return ok(ctx, {}, { code: 'delete_webhook_01', message: 'webhook_deleted' });
  }),
};
