/**
 * Judging the retries of one event (6.3: "If the endpoint does not answer HTTP 200 the event is
 * retried, up to 25 retries per event") from what arrived within a bounded wait. The document gives
 * no retry schedule, so a test cannot wait for all 25 (one target's schedule took 120 s
 * and more); it observes for the profile's budget and judges what it saw:
 *  - the first retry must come within the budget (the profile's bound on waits the document does not
 *    time: a later first retry needs a larger budget, and the failure says which);
 *  - never more than 25 retries, each a copy of the same event;
 *  - retries that stopped (a cadence seen, then a silence far longer than it) before 25: too few;
 *  - what it could not see within the budget is recorded as not observed, never assumed.
 */
import { expect } from 'vitest';
import { type EventDelivery, judge } from '../../harness/kit/index.ts';

/**
 * A silence this many times the longest interval seen between retries means they stopped: a
 * schedule that grows by this factor from one retry to the next is not told apart from one that
 * stopped. At least two intervals must have been seen (a cadence, not a single gap).
 */
export const STOPPED_SILENCE_FACTOR = 10;
const INTERVALS_FOR_A_CADENCE = 2;

/** Seconds between successive deliveries, in arrival order. */
function intervalsOf(deliveries: readonly EventDelivery[]): number[] {
  return deliveries.slice(1).map((d, i) => (d.receivedAt - deliveries[i]!.receivedAt) / 1000);
}

export interface RetriesStop {
  /** Whether the retries are judged to have stopped by `at` (epoch ms). */
  stopped: boolean;
  /** Seconds from the last delivery to `at`. */
  silenceSeconds: number;
  /** The longest interval between two deliveries seen, seconds. */
  longestIntervalSeconds: number;
}

/**
 * Whether retries seen up to `at` (epoch ms) have stopped: a cadence, then STOPPED_SILENCE_FACTOR
 * times its longest interval of silence. Arrival times known within `resolutionSeconds` (a test
 * clock moved in steps) count against stopping: the interval as long, the silence as short as they may be.
 */
export function retriesStop(deliveries: readonly EventDelivery[], at: number, resolutionSeconds = 0): RetriesStop {
  const intervals = intervalsOf(deliveries);
  const longestIntervalSeconds = Math.max(0, ...intervals) + resolutionSeconds;
  const last = deliveries.at(-1);
  const silenceSeconds = last === undefined ? 0 : Math.max(0, (at - last.receivedAt) / 1000 - resolutionSeconds);
  const stopped = intervals.length >= INTERVALS_FOR_A_CADENCE && silenceSeconds >= STOPPED_SILENCE_FACTOR * Math.max(longestIntervalSeconds, 0.001);
  return { stopped, silenceSeconds, longestIntervalSeconds };
}

/** The budget, as failures and records name it. */
const budgetName = (seconds: number): string => `${seconds} s (profile timeBudgets.eventRetriesSeconds, else untimedWaitSeconds)`;

/**
 * The event arrived and was retried at least once within the budget. A first retry that comes later
 * fails here with what to change: 6.3 states the retry, not when it comes, and the budget is the
 * profile's bound for what the document does not time. Judged as the retry rule (6.3), whichever
 * test waits for it.
 */
export function expectRetriedWithin(deliveries: readonly EventDelivery[], budgetSeconds: number, firstAnswer: number): void {
  judge('event:delivery.retry-until-200', 'delivered and retried within the budget (6.3)', () => {
    expect(deliveries.length, `the event was delivered within ${budgetName(budgetSeconds)}`).toBeGreaterThan(0);
    expect(
      deliveries.length,
      `6.3: the delivery answered ${firstAnswer} is retried; no retry arrived within ${budgetName(budgetSeconds)}. ` +
        `The document gives no retry schedule: raise the budget if the target retries later`,
    ).toBeGreaterThan(1);
  });
}

/** Records what a bounded wait could not see (recorded as not observed, never assumed), about 6.3's silence on when retries come. */
export function recordNotObserved(what: string, seen: readonly EventDelivery[], budgetSeconds: number): void {
  const intervals = intervalsOf(seen).map((s) => `${s.toFixed(1)} s`);
  judge(
    'rule:webhooks.retry-schedule',
    what,
    `not observed within ${budgetSeconds} s: ${seen.length} deliveries arrived (${seen.length - 1} ` +
      `retries${intervals.length > 0 ? `, intervals ${intervals.join(', ')}` : ''}); 6.3 gives no retry schedule`,
  );
}
