/**
 * 4.14 POST /webhook/add and GET /webhook/get: a URL is registered after a GET to it and read back
 * with its status (2.9), one webhook per account (1, 3.2: adding again replaces it), and the codes
 * of 7.2 for a missing or malformed url or status (ambiguity paired-code-order). The only URLs the
 * target is asked to reach are endpoints of the suite's loopback receiver (capability
 * webhook-reachable). Forbidden hosts are in forbidden-hosts.test.ts, the registration check in
 * verification.test.ts.
 */
import { beforeAll, describe, expect } from 'vitest';
import { expectSuccess, judge, req, reqNotTestable, useTarget } from '../../harness/kit/index.ts';
import { WebhookAddResponse } from '../../schemas/webhooks.ts';
import { ADD_STATUS_PAIR, BAD_STATUSES, expectNotRegistered, MALFORMED_URLS, URL_PAIR } from '../support/webhook-refusals.ts';
import { addWebhook, clearWebhook, expectPairedCode, freshEndpoint, readWebhook, registerWebhook, setWebhookStatus } from '../support/webhook-ops.ts';

const t = useTarget();

beforeAll(() => {
  t.onCleanup(() => clearWebhook(t, t.key));
});

describe('POST /webhook/add (4.14)', () => {
  req(
    ['op:webhooks/add', 'rule:webhooks.registration-get'],
    'registers a URL after a GET to it (add_webhook_01, url_added_success)',
    async () => {
      const ep = await freshEndpoint(t, 'reg');
      const answer = await addWebhook(t, t.key, { url: ep.url, status: '1' });
      // Snapshot when the answer arrived: the GET is part of the registration (a 404 fails it).
      const gets = ep.deliveries.filter((d) => d.method === 'GET' && d.endpointPath === '/');
      expectSuccess(answer, 'webhooks/add', WebhookAddResponse);
      judge('rule:webhooks.registration-get', 'a GET to the URL on registration (4.14)', () =>
        expect(gets.length, 'the registration GET to the URL arrived before the add answered (4.14)').toBeGreaterThanOrEqual(1),
      );
    },
    { needs: ['webhook-reachable'] },
  );

  req(
    ['op:webhooks/get', 'rule:webhooks.get-reflects'],
    '/webhook/get answers the url and status set (webhook_01, 2.9)',
    async () => {
      const ep = await freshEndpoint(t, 'get');
      await registerWebhook(t, t.key, ep.url, '0');
      const added = await readWebhook(t, t.key);
      judge('rule:webhooks.get-reflects', 'url and status set (4.14, 2.9)', () =>
        expect(added, 'after add with status 0').toEqual({ url: ep.url, status: '0' }),
      );
      await setWebhookStatus(t, t.key, '1');
      const enabled = await readWebhook(t, t.key);
      judge('rule:webhooks.get-reflects', 'url and status set (4.14, 2.9)', () => expect(enabled, 'after status 1').toEqual({ url: ep.url, status: '1' }));
      await setWebhookStatus(t, t.key, '0');
      const disabled = await readWebhook(t, t.key);
      judge('rule:webhooks.get-reflects', 'url and status set (4.14, 2.9)', () => expect(disabled, 'after status 0').toEqual({ url: ep.url, status: '0' }));
    },
    { needs: ['webhook-reachable'] },
  );

  req(
    ['rule:webhooks.single-url', 'op:webhooks/add'],
    'one webhook per account: adding again replaces the URL (1, 3.2)',
    async () => {
      const first = await freshEndpoint(t, 'one');
      const second = await freshEndpoint(t, 'two');
      await registerWebhook(t, t.key, first.url, '1');
      await registerWebhook(t, t.key, second.url, '0');
      const read = await readWebhook(t, t.key);
      judge('rule:webhooks.single-url', 'adding again replaces the URL (1, 3.2)', () =>
        expect(read, 'the second add replaced the first').toEqual({ url: second.url, status: '0' }),
      );
    },
    { needs: ['webhook-reachable'] },
  );

  req(['err:add_webhook_02'], 'url missing: add_webhook_02 (7.2; ambiguity paired-code-order)', async () => {
    for (const status of ['1', '0'] as const)
      expectPairedCode(t, 'err:add_webhook_02', await addWebhook(t, t.key, { status }), 'add_webhook_02', URL_PAIR, 'webhooks/add');
  });

  req(['err:add_webhook_03'], 'url malformed: add_webhook_03 (7.2; ambiguity paired-code-order)', async () => {
    for (const url of MALFORMED_URLS)
      expectPairedCode(t, 'err:add_webhook_03', await addWebhook(t, t.key, { url, status: '1' }), 'add_webhook_03', URL_PAIR, 'webhooks/add');
    await expectNotRegistered(t, t.key, 'err:add_webhook_03', MALFORMED_URLS);
  });

  req(
    ['err:add_webhook_04'],
    'status missing: add_webhook_04 (7.2; ambiguity paired-code-order)',
    async () => {
      const ep = await freshEndpoint(t, 'nostatus');
      expectPairedCode(t, 'err:add_webhook_04', await addWebhook(t, t.key, { url: ep.url }), 'add_webhook_04', ADD_STATUS_PAIR, 'webhooks/add');
      await expectNotRegistered(t, t.key, 'err:add_webhook_04', [ep.url]);
    },
    { needs: ['webhook-reachable'] },
  );

  req(
    ['err:add_webhook_05'],
    "status not '0' or '1': add_webhook_05 (7.2; ambiguity paired-code-order)",
    async () => {
      const ep = await freshEndpoint(t, 'badstatus');
      for (const status of BAD_STATUSES)
        expectPairedCode(t, 'err:add_webhook_05', await addWebhook(t, t.key, { url: ep.url, status }), 'add_webhook_05', ADD_STATUS_PAIR, 'webhooks/add');
      await expectNotRegistered(t, t.key, 'err:add_webhook_05', [ep.url]);
    },
    { needs: ['webhook-reachable'] },
  );

  // 7.2: a save failure needs an internal fault, which the kit cannot provoke.
  reqNotTestable(['err:add_webhook_07', 'err:add_webhook_08'], 'a save failure answers add_webhook_07 or add_webhook_08 (7.2)', 'fault-injection');
});
