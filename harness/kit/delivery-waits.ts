/**
 * Waits for what reaches the suite's webhook receiver, on the target's time. The document times
 * none of the deliveries of 6 (only the 5 s of the registration GET, 4.14), so each wait is bounded
 * by a budget of the profile, in the target's seconds:
 *  - in real time the wait is real, ended early once what it waits for has arrived;
 *  - with a test clock nothing waits on the wall clock: the kit moves the target's clock in small
 *    steps and the endpoints' clocks with it (their scripted delays and arrival times follow), and
 *    stops at the first step after which what it waits for is there. A target's test clock runs its
 *    timers (a confirmation's delay, the retries of 6.3, the 5 s of 4.14) when it is advanced.
 * Before concluding that nothing (or not enough) came, the deliveries the target made in the last
 * step are let cross the loopback network: DELIVERY_TRANSIT_MS of real time, after the whole budget
 * of the target's time has passed.
 */
import type { Delivery, WebhookEndpoint } from '../transport/webhook-receiver.ts';
import type { TargetClock } from './target-clock.ts';

/**
 * The finest step of the target's clock while deliveries are awaited, seconds: the resolution of
 * their arrival times on a test clock (the intervals between the retries of 6.3).
 */
const ARRIVAL_STEP_SECONDS = 0.25;
/** Steps per wait for deliveries at most: a longer wait takes coarser steps. */
const MAX_ARRIVAL_STEPS = 40;
/**
 * Real time for deliveries made at the last step of a test clock to arrive before "none came" is
 * concluded: loopback transit (a target that delivers in the advance itself needs none).
 */
const DELIVERY_TRANSIT_MS = 500;

/**
 * How precisely the arrival times of deliveries awaited for `seconds` are known, seconds: 0 in real
 * time; on a test clock the step the kit moves the clocks by (a delivery is stamped with the
 * endpoint's time at the start of the step it arrived in).
 */
export const arrivalResolutionSeconds = (clock: TargetClock, seconds: number): number =>
  clock.virtual ? Math.max(ARRIVAL_STEP_SECONDS, seconds / MAX_ARRIVAL_STEPS) : 0;

/**
 * Lets `seconds` of the target's time pass on a test clock: the target's clock and the endpoints'
 * clocks moved together in steps of `step`, `until()` checked before each: the wait ends early once
 * it holds. Resolves with whether `until` held.
 */
async function pass(clock: TargetClock, endpoints: readonly WebhookEndpoint[], seconds: number, step: number, until: () => boolean): Promise<boolean> {
  let passed = 0;
  while (!until()) {
    const left = seconds - passed;
    if (left <= 1e-9) return false;
    const now = Math.min(step, left);
    await clock.wait(now);
    for (const endpoint of endpoints) endpoint.advance(now * 1000);
    passed += now;
  }
  return true;
}

/**
 * Lets `seconds` of the target's time pass for `endpoints` (a wait for silence, or past a scripted
 * delay): real time, or the test clock and the endpoints' clocks moved together, in one step or in
 * steps of `stepSeconds` where the order of what falls due matters (a timeout and a delayed answer);
 * on a test clock the deliveries made in it are then let arrive (DELIVERY_TRANSIT_MS).
 */
export async function letTimePass(
  clock: TargetClock,
  endpoints: readonly WebhookEndpoint[],
  seconds: number,
  options: { stepSeconds?: number } = {},
): Promise<void> {
  if (!clock.virtual) return clock.wait(seconds);
  await pass(clock, endpoints, seconds, options.stepSeconds ?? seconds, () => false);
  await new Promise((resolve) => setTimeout(resolve, DELIVERY_TRANSIT_MS));
}

/**
 * Resolves with the deliveries at `endpoint` that match, once `count` have arrived within `seconds`
 * of the target's time; rejects otherwise, listing what arrived (WebhookEndpoint.waitFor).
 */
export async function awaitDeliveries(
  clock: TargetClock,
  endpoint: WebhookEndpoint,
  predicate: (d: Delivery) => boolean,
  options: { seconds: number; count?: number; label?: string },
): Promise<Delivery[]> {
  const count = options.count ?? 1;
  const label = options.label ?? 'the deliveries';
  if (!clock.virtual) return endpoint.waitFor(predicate, { timeoutMs: options.seconds * 1000, count, label });
  const enough = () => endpoint.deliveries.filter(predicate).length >= count;
  if (await pass(clock, [endpoint], options.seconds, arrivalResolutionSeconds(clock, options.seconds), enough)) return endpoint.deliveries.filter(predicate);
  return endpoint.waitFor(predicate, { timeoutMs: DELIVERY_TRANSIT_MS, count, label }).catch((error: unknown) => {
    throw new Error(
      `${options.seconds} s of the target's test clock passed (then ${DELIVERY_TRANSIT_MS} ms for the last deliveries to arrive): ` +
        `${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });
}
