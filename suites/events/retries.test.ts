/**
 * 6.3: an event whose delivery is not answered HTTP 200 is retried until the 200, then no more, and
 * at most 25 times (limit event-retries). The document gives no schedule: what arrives within the
 * profile's budget (timeBudgets.eventRetriesSeconds) is judged, a stop after a cadence is a
 * failure, and what could not be seen in time is recorded as not observed (support/event-retries.ts).
 * Each test waits in an account of its own (support/webhook-accounts.ts), concurrently.
 *
 * Starts first in a run (declared in harness/run/suite-schedule.ts for the area: event retries).
 */
import { describe, expect } from 'vitest';
import { arrivalResolutionSeconds, type EventDelivery, expectSchema, judge, req, useTarget, type WebhookEndpoint } from '../../harness/kit/index.ts';
import { ConfirmationEvent } from '../../schemas/events.ts';
import { limitById } from '../../schemas/limits.ts';
import { waitingTestMs } from '../support/event-fixtures.ts';
import { expectRetriedWithin, recordNotObserved, retriesStop, STOPPED_SILENCE_FACTOR } from '../support/event-retries.ts';
import { withOwnAccount } from '../support/webhook-accounts.ts';
import { deliveriesWithin, eventsOf, quietWindow, retriesBudgetSeconds, sendSms } from '../support/webhook-events.ts';
import { freshEndpoint, registerWebhook } from '../support/webhook-ops.ts';

const t = useTarget();

const RETRIES_S = retriesBudgetSeconds(t);
/** How precisely arrival times within the retries budget are known (a test clock moved in steps). */
const ARRIVAL_RESOLUTION_S = arrivalResolutionSeconds(t.clock, RETRIES_S);
/** 6.3: "up to 25 retries per event". */
const MAX_RETRIES = limitById('event-retries').max!;
const WAITING_TEST_MS = waitingTestMs(t);

/**
 * 6.3 "does not answer HTTP 200": server errors, other 2xx answers and a client error. Two errors
 * come first, so that a target that stops at the first other 2xx has shown a cadence of retries
 * before its silence (retriesStop needs two intervals to tell "stopped" from "slow").
 */
const RETRIED_ANSWERS = [500, 503, 204, 201, 404];

/**
 * Arrival times that judge a schedule of retries (6.3): on a test clock the target's time as the
 * kit gave it (the sum of its steps: a stall of this machine between two steps is no interval of
 * the target's schedule, whose timers run on that clock), else the endpoint's clock.
 */
const onSchedule = (deliveries: readonly EventDelivery[]): EventDelivery[] => deliveries.map((d) => (t.clock.virtual ? { ...d, receivedAt: d.advancedMs } : d));
const scheduleNow = (endpoint: WebhookEndpoint): number => (t.clock.virtual ? endpoint.advanced() : endpoint.now());

/** A quiet period after the last of `deliveries`: three times the last gap, at least 1 s, within `cap`. */
function quietAfter(deliveries: readonly EventDelivery[], cap: number): number {
  const gaps = deliveries.slice(1).map((d, i) => (d.receivedAt - deliveries[i]!.receivedAt) / 1000);
  return Math.min(cap, Math.max(1, 3 * (gaps.at(-1) ?? 0)));
}

describe('delivery rules over time (6, 6.3, 3.2)', () => {
  req(
    ['event:delivery.retry-until-200', 'rule:webhooks.retry-schedule'],
    `an event answered ${RETRIED_ANSWERS.join(', ')} is retried until the 200, then no more (6.3; judged on what arrives within the retries budget)`,
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'retry');
        await registerWebhook(t, key, endpoint.url, '1');
        endpoint.script.events(RETRIED_ANSWERS);
        const started = scheduleNow(endpoint);
        const sent = await sendSms(t, key, 'Conformance retry');
        const expected = [...RETRIED_ANSWERS, 200];
        const attempts = await deliveriesWithin(t, endpoint, 'confirmation', sent.reference, RETRIES_S, expected.length);
        expectRetriedWithin(attempts, RETRIES_S, RETRIED_ANSWERS[0]!);
        // What arrived: in the script's order, every answer but 200 retried, nothing after the 200.
        judge('event:delivery.retry-until-200', 'retried until the 200 (6.3)', () =>
          expect(
            attempts.map((d) => d.answer.status),
            'every answer but 200 is retried, until the 200',
          ).toEqual(expected.slice(0, attempts.length)),
        );
        for (const a of attempts) expectSchema('event:delivery.retry-until-200', ConfirmationEvent, a.fields, `attempt #${a.seq}`);
        judge('event:delivery.retry-until-200', 'a retry is the same event (6.3)', () =>
          expect(new Set(attempts.map((a) => JSON.stringify({ ...a.fields }))).size, 'a retry repeats the same event').toBe(1),
        );
        if (attempts.length < expected.length) {
          // Fewer within the budget: stopped after a non-200 answer (a cadence, then a long silence), or still coming.
          const stop = retriesStop(onSchedule(attempts), scheduleNow(endpoint), ARRIVAL_RESOLUTION_S);
          judge('event:delivery.retry-until-200', 'retried while not answered 200 (6.3)', () =>
            expect(
              stop.stopped,
              `the retries stopped after the answer ${attempts.at(-1)?.answer.status}, which is not 200: none for ${stop.silenceSeconds.toFixed(1)} ` +
                `s, over ${STOPPED_SILENCE_FACTOR} times the longest interval between them (${stop.longestIntervalSeconds.toFixed(1)} s)`,
            ).toBe(false),
          );
          recordNotObserved(`6.3 retries until the 200 (answers ${expected.join(', ')}), and none after it`, onSchedule(attempts), RETRIES_S);
          return;
        }
        await quietWindow(t, [endpoint], quietAfter(onSchedule(attempts), Math.max(1, RETRIES_S - (scheduleNow(endpoint) - started) / 1000)));
        const delivered = eventsOf(endpoint, 'confirmation', sent.reference);
        judge('event:delivery.retry-until-200', 'no retry after the 200 (6.3)', () =>
          expect(delivered, 'no retry after the 200 (6.3: retried only when the answer is not 200)').toHaveLength(expected.length),
        );
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );

  req(
    ['limit:event-retries', 'event:delivery.retry-until-200', 'rule:webhooks.retry-schedule'],
    `an event never answered 200 is retried ${MAX_RETRIES} times, not more (6.3, limit event-retries; judged on what arrives within the retries budget)`,
    async () => {
      await withOwnAccount(t, 1, async (key) => {
        const endpoint = await freshEndpoint(t, 'limit');
        await registerWebhook(t, key, endpoint.url, '1');
        // Every event delivery fails (HEAD and the registration GET keep the default 200).
        endpoint.script.events(Array.from({ length: MAX_RETRIES + 10 }, () => 500));
        const started = scheduleNow(endpoint);
        const sent = await sendSms(t, key, 'Conformance retry limit');
        const attempts = await deliveriesWithin(t, endpoint, 'confirmation', sent.reference, RETRIES_S, 1 + MAX_RETRIES);
        expectRetriedWithin(attempts, RETRIES_S, 500);
        judge('limit:event-retries', `at most ${MAX_RETRIES} retries (6.3)`, () =>
          expect(attempts.length, `one delivery and at most ${MAX_RETRIES} retries`).toBeLessThanOrEqual(1 + MAX_RETRIES),
        );
        if (attempts.length === 1 + MAX_RETRIES) {
          // All 25 seen: no 26th after them.
          await quietWindow(t, [endpoint], quietAfter(onSchedule(attempts), Math.max(1, RETRIES_S - (scheduleNow(endpoint) - started) / 1000)));
          const delivered = eventsOf(endpoint, 'confirmation', sent.reference).length;
          judge('limit:event-retries', `no retry after the ${MAX_RETRIES}th (6.3)`, () =>
            expect(delivered, `one delivery and at most ${MAX_RETRIES} retries`).toBe(1 + MAX_RETRIES),
          );
          return;
        }
        // Fewer within the budget: stopped early (a cadence, then a long silence), or still coming.
        const stop = retriesStop(onSchedule(attempts), scheduleNow(endpoint), ARRIVAL_RESOLUTION_S);
        // A stop before any 200 leaves the event unretried: the rule that it is retried, not its bound (6.3).
        judge('event:delivery.retry-until-200', 'retried while not answered 200 (6.3)', () =>
          expect(
            stop.stopped,
            `the retries stopped after ${attempts.length - 1} of ${MAX_RETRIES}: none for ${stop.silenceSeconds.toFixed(1)} s, ` +
              `over ${STOPPED_SILENCE_FACTOR} times the longest interval between them (${stop.longestIntervalSeconds.toFixed(1)} s)`,
          ).toBe(false),
        );
        recordNotObserved(`6.3 up to ${MAX_RETRIES} retries: the ${MAX_RETRIES}th retry and none after it`, onSchedule(attempts), RETRIES_S);
      });
    },
    { needs: ['real-delivery'], concurrent: true, timeout: WAITING_TEST_MS },
  );
});
