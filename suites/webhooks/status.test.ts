/**
 * 4.14 POST /webhook/status and the values of status ('0' or '1') on add and on status: a missing or
 * bad status is refused with its code of 7.2 (ambiguity paired-code-order) and leaves the webhook as
 * it was; '0' and '1' register, any other value registers nothing (limit webhook-status-values).
 */
import { beforeAll, describe, expect } from 'vitest';
import { expectRefused, judge, req, useTarget } from '../../harness/kit/index.ts';
import { BAD_STATUSES, expectNotRegistered, SET_STATUS_PAIR } from '../support/webhook-refusals.ts';
import { addWebhook, clearWebhook, expectPairedCode, expectWebhookState, freshEndpoint, readWebhook, registerWebhook } from '../support/webhook-ops.ts';

const t = useTarget();

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

describe('POST /webhook/status: refusals (4.14, 7.2)', () => {
  req(
    ['err:status_webhook_02', 'op:webhooks/set-status'],
    'status missing: status_webhook_02, the webhook unchanged (7.2; ambiguity paired-code-order)',
    async () => {
      const ep = await freshEndpoint(t, 'setmissing');
      await registerWebhook(t, t.key, ep.url, '1');
      expectPairedCode(
        t,
        'op:webhooks/set-status',
        await t.api('webhooks/set-status', { json: {} }),
        'status_webhook_02',
        SET_STATUS_PAIR,
        'webhooks/set-status',
      );
      await expectWebhookState(t, t.key, 'op:webhooks/set-status', 'enabled', ep.url);
    },
    { needs: ['webhook-reachable'] },
  );

  req(
    ['err:status_webhook_03', 'op:webhooks/set-status'],
    "status not '0' or '1': status_webhook_03, the webhook unchanged (7.2; ambiguity paired-code-order)",
    async () => {
      const ep = await freshEndpoint(t, 'setbad');
      await registerWebhook(t, t.key, ep.url, '0');
      for (const status of BAD_STATUSES)
        expectPairedCode(
          t,
          'op:webhooks/set-status',
          await t.api('webhooks/set-status', { json: { status } }),
          'status_webhook_03',
          SET_STATUS_PAIR,
          'webhooks/set-status',
        );
      await expectWebhookState(t, t.key, 'limit:webhook-status-values', 'disabled', ep.url);
    },
    { needs: ['webhook-reachable'] },
  );
});

describe("status '0' or '1' (4.14)", () => {
  // 4.14 "status (req, '0' or '1')" on add and on status states the values (stated-limits.ts): another
  // is refused with the error body and changes nothing; which code of the pair answers it is the
  // reading of the tests above (ambiguity paired-code-order), recorded here.
  req(
    ['limit:webhook-status-values', 'op:webhooks/add'],
    "status '0' and '1' register; another status is refused on /webhook/add (nothing registered) and on /webhook/status (the webhook unchanged)",
    async () => {
      const accepted = await freshEndpoint(t, 'stat01');
      for (const status of ['0', '1'] as const) {
        await registerWebhook(t, t.key, accepted.url, status);
        const read = await readWebhook(t, t.key);
        judge('limit:webhook-status-values', `status '${status}' registers (4.14)`, () =>
          expect(read, `status '${status}' registered`).toEqual({ url: accepted.url, status }),
        );
      }
      const refusedUrl = await freshEndpoint(t, 'stat2');
      for (const status of BAD_STATUSES) {
        const answer = await addWebhook(t, t.key, { url: refusedUrl.url, status });
        judge('limit:webhook-status-values', `/webhook/add refuses status '${status}' (4.14)`, () =>
          expect(answer.body.success, `/webhook/add with status '${status}' is refused (${answer.text.slice(0, 200)})`).toBe(false),
        );
        expectRefused('limit:webhook-status-values', answer, 'webhooks/add', `status '${status}'`);
      }
      await expectNotRegistered(t, t.key, 'limit:webhook-status-values', [refusedUrl.url]);
      const kept = await readWebhook(t, t.key);
      judge('limit:webhook-status-values', 'a refused status changes nothing (4.14)', () =>
        expect(kept, 'the webhook registered before is unchanged').toEqual({ url: accepted.url, status: '1' }),
      );
      for (const status of BAD_STATUSES) {
        const answer = await t.api('webhooks/set-status', { json: { status } });
        judge('limit:webhook-status-values', `/webhook/status refuses status '${status}' (4.14)`, () =>
          expect(answer.body.success, `/webhook/status with status '${status}' is refused (${answer.text.slice(0, 200)})`).toBe(false),
        );
        expectRefused('limit:webhook-status-values', answer, 'webhooks/set-status', `status '${status}'`);
      }
      await expectWebhookState(t, t.key, 'limit:webhook-status-values', 'enabled', accepted.url);
    },
    { needs: ['webhook-reachable'] },
  );
});
