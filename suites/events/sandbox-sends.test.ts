/**
 * 4.2 and 6.3: whether a sandbox send emits a confirmation event (6.3 "Emitted by: sends"; 4.2
 * "sandbox": nothing delivered). The document leaves it open (ambiguity sandbox-sends-emit-events):
 * the profile's option, observed or declared, decides what is expected; an event that arrives is
 * a whole confirmation of 6.1. The wait is the profile's delivery budget, in an account of its own.
 */
import { describe, expect } from 'vitest';
import { expectSchema, judge, req, useTarget } from '../../harness/kit/index.ts';
import { ConfirmationEvent } from '../../schemas/events.ts';
import { waitingTestMs } from '../support/event-fixtures.ts';
import { withOwnAccount } from '../support/webhook-accounts.ts';
import { deliveryBudgetSeconds, eventsOf, quietWindow, sendSms, waitForEvent } from '../support/webhook-events.ts';
import { freshEndpoint, registerWebhook } from '../support/webhook-ops.ts';

const t = useTarget();

const DELIVERY_S = deliveryBudgetSeconds(t);
const WAITING_TEST_MS = waitingTestMs(t);

// The test of this file was in one describe with those of retries.test.ts: it keeps its title, so that it keeps its name.
describe('delivery rules over time (6, 6.3, 3.2)', () => {
  req(
    ['event:delivery.emitted-by'],
    'sandbox sends and confirmation events (4.2, 6.3; ambiguity sandbox-sends-emit-events)',
    async () => {
      await withOwnAccount(t, 0, async (key) => {
        const endpoint = await freshEndpoint(t, 'sandbox');
        await registerWebhook(t, key, endpoint.url, '1');
        const sent = await sendSms(t, key, 'Conformance sandbox', { sandbox: true });
        const choice = t.choices['sandbox-sends-emit-events'];
        if (choice === 'events') await waitForEvent(t, endpoint, 'confirmation', sent.reference, DELIVERY_S).catch(() => []);
        else await quietWindow(t, [endpoint], DELIVERY_S);
        const events = eventsOf(endpoint, 'confirmation', sent.reference);
        for (const e of events) expectSchema('event:delivery.emitted-by', ConfirmationEvent, e.fields, 'a sandbox confirmation');
        judge(
          'sandbox-sends-emit-events',
          events.length > 0 ? `${events.length} confirmation(s)` : 'no event',
          choice === 'events' ? events.length > 0 : events.length === 0,
        );
        if (choice === 'events')
          judge('event:delivery.emitted-by', 'a sandbox send confirms (6.3; ambiguity sandbox-sends-emit-events)', () =>
            expect(events.length, 'a sandbox send emits a confirmation (profile sandbox-sends-emit-events=events)').toBeGreaterThan(0),
          );
        if (choice === 'no-events')
          judge('event:delivery.emitted-by', 'a sandbox send emits nothing (6.3; ambiguity sandbox-sends-emit-events)', () =>
            expect(events, 'a sandbox send emits no event (profile sandbox-sends-emit-events=no-events)').toEqual([]),
          );
      });
    },
    { needs: ['webhook-reachable'], concurrent: true, timeout: WAITING_TEST_MS },
  );
});
