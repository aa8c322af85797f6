/**
 * 6 and 3.2: where events do not go. No delivery to a URL that does not accept HEAD (6 "checked
 * before delivery"); only the account's single URL gets them, the one that replaced the former (6,
 * 1); none while the webhook is disabled, by add or by status, and they arrive again once it is
 * enabled; none after it is deleted (3.2). Silence is judged over the profile's delivery budget
 * (timeBudgets.webhookDeliverySeconds: the document times no delivery); each test waits in an
 * account of its own (support/webhook-accounts.ts), concurrently.
 *
 * Starts first in a run (declared in harness/run/suite-schedule.ts for the area: the silences of 6.3).
 */
import { describe, expect } from 'vitest';
import { judge, req, useTarget, type WebhookEndpoint } from '../../harness/kit/index.ts';
import { waitingTestMs } from '../support/event-fixtures.ts';
import { withOwnAccount } from '../support/webhook-accounts.ts';
import { deliveryBudgetSeconds, eventsOf, quietWindow, sendSms, waitForEvent } from '../support/webhook-events.ts';
import { arrangeNoWebhook, freshEndpoint, registerWebhook, setWebhookStatus } from '../support/webhook-ops.ts';

const t = useTarget();

const DELIVERY_S = deliveryBudgetSeconds(t);
const WAITING_TEST_MS = waitingTestMs(t);

/** No event reached a disabled webhook: what disabled stops is our reading (3.2, 6 name the state only), a warning. */
const judgeNoEventWhileDisabled = (events: readonly unknown[], what: string): boolean =>
  judge('rule:webhooks.disabled-no-events', 'no event while disabled (3.2, 6)', () => expect(events, what).toEqual([]));

/** No event reached a deleted webhook's URL (3.2 "Removes the URL and status", 6: events go to the account's URL). */
const judgeNoEventAfterDelete = (events: readonly unknown[], what: string): boolean =>
  judge('rule:webhooks.deleted-no-events', 'no event after the delete (3.2, 6)', () => expect(events, what).toEqual([]));

/**
 * After a second add, the former URL gets no event: adding again replaced it (1, 3.2); the current
 * one, the account's single URL, gets the send's event once (6).
 */
function judgeSingleUrl(former: WebhookEndpoint, current: WebhookEndpoint, reference: string): void {
  judge('rule:webhooks.single-url', 'the replaced URL gets nothing (1, 3.2)', () => expect(former.events(), 'the replaced URL receives no event').toEqual([]));
  judge('event:delivery.single-url-per-account', "the account's URL gets the event (6)", () =>
    expect(eventsOf(current, 'confirmation', reference), 'the current URL receives the event once').toHaveLength(1),
  );
}

// The tests of this file were in one describe with those of retries.test.ts: it keeps its title, so
// that they keep their names.
describe('delivery rules over time (6, 6.3, 3.2)', () => {
  req(
    ['event:delivery.head-before-delivery'],
    'a URL that does not accept HEAD gets no delivery (6: "The URL must accept HEAD (checked before delivery)")',
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'nohead');
        await registerWebhook(t, key, endpoint.url, '1');
        endpoint.script.method('HEAD', 405);
        const sent = await sendSms(t, key, 'Conformance head refused');
        await quietWindow(t, [endpoint], DELIVERY_S);
        const [headed, delivered] = [endpoint.deliveries.some((d) => d.method === 'HEAD'), eventsOf(endpoint, 'confirmation', sent.reference)];
        judge('event:delivery.head-before-delivery', 'checked with HEAD, no delivery when refused (6)', () => {
          expect(headed, 'the URL was checked with HEAD').toBe(true);
          expect(delivered, 'no delivery while the HEAD check fails').toEqual([]);
        });
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['event:delivery.single-url-per-account', 'rule:webhooks.single-url'],
    "events go to the account's single URL: the one that replaced the former (6, 1)",
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const former = await freshEndpoint(t, 'former');
        const current = await freshEndpoint(t, 'current');
        await registerWebhook(t, key, former.url, '1');
        await registerWebhook(t, key, current.url, '1');
        const sent = await sendSms(t, key, 'Conformance single url');
        await waitForEvent(t, current, 'confirmation', sent.reference, DELIVERY_S);
        await quietWindow(t, [former, current], DELIVERY_S);
        judgeSingleUrl(former, current, sent.reference);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['rule:webhooks.disabled-no-events', 'webhook:any-add-disabled', 'webhook:enabled-status-disabled', 'webhook:disabled-status-enabled'],
    'no events while the webhook is disabled, by add or by status; enabled again, they arrive (3.2, 6)',
    async () => {
      // Two accounts, their waits for silence overlapping in real time (withOwnAccount runs them in
      // turn without the manager key). A virtual clock is the test's one clock: one branch's wait
      // would advance it under the other's 5 s registration check (4.14), so there they take turns.
      const addedDisabled = () =>
        withOwnAccount(t, 1, async (key) => {
          const endpoint = await freshEndpoint(t, 'addedoff');
          await registerWebhook(t, key, endpoint.url, '0');
          const sent = await sendSms(t, key, 'Conformance disabled 1');
          await quietWindow(t, [endpoint], DELIVERY_S);
          judgeNoEventWhileDisabled(endpoint.events(), `added with status 0: no event (the send ${sent.reference})`);
        });
      const statusDisabled = () =>
        withOwnAccount(t, 2, async (key) => {
          const endpoint = await freshEndpoint(t, 'disabled');
          await registerWebhook(t, key, endpoint.url, '0');
          await setWebhookStatus(t, key, '1');
          const whileEnabled = await sendSms(t, key, 'Conformance disabled 2');
          await waitForEvent(t, endpoint, 'confirmation', whileEnabled.reference, DELIVERY_S);

          await setWebhookStatus(t, key, '0');
          const seen = endpoint.events().length;
          const whileStatusDisabled = await sendSms(t, key, 'Conformance disabled 3');
          await quietWindow(t, [endpoint], DELIVERY_S);
          judgeNoEventWhileDisabled(endpoint.events().slice(seen), `status 0: no event at all while disabled (the send ${whileStatusDisabled.reference})`);
        });
      if (t.clock.virtual) {
        await addedDisabled();
        await statusDisabled();
        return;
      }
      const outcomes = await Promise.allSettled([addedDisabled(), statusDisabled()]);
      for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['rule:webhooks.deleted-no-events', 'webhook:configured-delete'],
    'no events after the webhook is deleted (3.2, 6)',
    async () => {
      await withOwnAccount(t, 2, async (key) => {
        const endpoint = await freshEndpoint(t, 'deleted');
        await registerWebhook(t, key, endpoint.url, '1');
        const before = await sendSms(t, key, 'Conformance deleted 1');
        await waitForEvent(t, endpoint, 'confirmation', before.reference, DELIVERY_S);
        await arrangeNoWebhook(t, key);
        const seen = endpoint.events().length;
        const after = await sendSms(t, key, 'Conformance deleted 2');
        await quietWindow(t, [endpoint], DELIVERY_S);
        judgeNoEventAfterDelete(endpoint.events().slice(seen), `no event after the delete (the send ${after.reference})`);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );
});
