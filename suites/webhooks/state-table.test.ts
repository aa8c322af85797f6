/**
 * 3.2: the webhook state table (WEBHOOK_TRANSITIONS: none, enabled, disabled; add, status, delete),
 * every row from every start state it applies to, with each status value it takes, and its code
 * of 7.2 where it has one; the state after each row read back with GET /webhook/get (4.14).
 */
import { beforeAll, describe } from 'vitest';
import { expectError, expectSuccess, req, useTarget, type WebhookEndpoint } from '../../harness/kit/index.ts';
import { WEBHOOK_TRANSITIONS, type WebhookState, type WebhookStatus, type WebhookTransition } from '../../schemas/webhooks.ts';
import { addWebhook, bringToState, clearWebhook, expectStatusSuccess, expectWebhookState, freshEndpoint } from '../support/webhook-ops.ts';

const t = useTarget();

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

/** The start states a row of 3.2 applies to ("any or none", "configured" = enabled or disabled). */
function startStates(row: WebhookTransition): WebhookState[] {
  if (row.state === 'any') return ['none', 'enabled', 'disabled'];
  if (row.state === 'configured') return ['enabled', 'disabled'];
  return [row.state];
}

/** The request status values a row is exercised with (a row without a status condition: both). */
const statusesOf = (row: WebhookTransition): WebhookStatus[] => (row.when.status ? [row.when.status] : ['1', '0']);

describe('the webhook state table (3.2, 7.2)', () => {
  for (const row of WEBHOOK_TRANSITIONS as readonly WebhookTransition[]) {
    const starts = startStates(row);
    const ids = [`webhook:${row.id}`, `op:${row.operationId}`, ...(row.error ? [`err:${row.error}`] : [])];
    req(
      ids,
      `${row.state} + ${row.trigger} (${row.condition}) → ${row.next}${row.error ? `, ${row.error}` : ''} (${row.section})`,
      async () => {
        for (const start of starts) {
          const statuses = row.trigger === 'delete' ? [undefined] : statusesOf(row);
          for (const status of statuses) {
            const before: WebhookEndpoint = await freshEndpoint(t, `${row.trigger}from${start}`);
            await bringToState(t, t.key, start, before.url);
            // add registers a new URL (replacing the old one); status and delete keep the URL.
            const url = row.trigger === 'add' ? (await freshEndpoint(t, 'added')).url : before.url;
            const answer =
              row.trigger === 'add'
                ? await addWebhook(t, t.key, { url, status })
                : row.trigger === 'set-status'
                  ? await t.api('webhooks/set-status', { json: { status } })
                  : await t.api('webhooks/delete');
            if (row.error) expectError(`err:${row.error}`, answer, row.error, row.operationId);
            else if (row.trigger === 'set-status') expectStatusSuccess(t, answer);
            // The success contract of the operation (expectSuccess); the row itself is judged by the state read back.
            else expectSuccess(answer, row.operationId);
            await expectWebhookState(t, t.key, `webhook:${row.id}`, row.next, row.next === 'none' ? (start === 'none' ? undefined : before.url) : url);
          }
        }
      },
      starts.some((s) => s !== 'none') ? { needs: ['webhook-reachable'], operation: row.operationId } : { operation: row.operationId },
    );
  }
});
