/**
 * Time as the suite sees it. With the profile's test-clock capability the target offers
 * `GET /__test/clock` ({now: epoch ms}) and `POST /__test/clock/advance` ({seconds}), and a wait is
 * one call. The kit takes the target's timers to run on that clock: expiries and cooldowns, and the
 * delay of an event, its retries (6.3) and the 5 s of the registration GET (4.14), which the waits
 * at the webhook receiver follow (delivery-waits.ts). Otherwise waits are real, derived from what the target reports (resend_available_in,
 * Retry-After, expires_at: 3.1, 4.4, 8), and the target's "now" is estimated from its Date header
 * (RFC 9110 6.6.1, one-second resolution) so that a near-future expiration_date is near the target's
 * future, not ours.
 */
import { type Dispatcher, request } from 'undici';
import { TEST_CLOCK_DOMAIN_HEADER } from '../../schemas/capabilities.ts';
import { routeDispatcher, type TargetRoute } from '../transport/target-route.ts';

export interface TargetClock {
  /** True when waits advance the target's virtual clock instead of sleeping. */
  readonly virtual: boolean;
  /**
   * True when one test's waits age nothing of another test's: in real time (waiting moves no
   * clock), and on a virtual clock kept per test (a clock domain per test, as the embedded server
   * keeps); false on a virtual clock shared by all. Then waiting tests may run concurrently.
   */
  readonly waitsMayOverlap: boolean;
  /** Lets `seconds` pass on the target. */
  wait(seconds: number): Promise<void>;
  /** The target's current time, epoch ms (an estimate in real time). */
  now(): Promise<number>;
  /** Learns the skew from a response's Date header (real time only). */
  observeDateHeader(date: string | undefined, receivedAt: number): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `domain` names the clock domain of the moment (the calling test's, or the file's); `perTest` when it is the test's. */
export function virtualClock(baseUrl: string, domain: () => string, perTest: boolean, route?: TargetRoute): TargetClock {
  const url = (path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;
  // The clock's hooks take the run's road to the target, as every other request does (a gateway's
  // headers, a private CA, a client certificate, a proxy).
  let dispatcher: Dispatcher | undefined;
  const road = () => (dispatcher ??= routeDispatcher(route));
  const routeHeaders = Object.fromEntries((route?.headers ?? []).map((h) => [h.name.toLowerCase(), h.value]));
  return {
    virtual: true,
    waitsMayOverlap: perTest,
    async wait(seconds) {
      const response = await request(url('/__test/clock/advance'), {
        method: 'POST',
        // No keep-alive: an idle pooled socket would hold the suite's worker open after its tests.
        reset: true,
        dispatcher: road(),
        headers: { ...routeHeaders, 'content-type': 'application/json', [TEST_CLOCK_DOMAIN_HEADER]: domain() },
        body: JSON.stringify({ seconds }),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200)
        throw new Error(`the target's test clock refused to advance ${seconds} s: HTTP ${response.statusCode} ${text.slice(0, 200)}`);
    },
    async now() {
      const response = await request(url('/__test/clock'), {
        reset: true,
        dispatcher: road(),
        headers: { ...routeHeaders, [TEST_CLOCK_DOMAIN_HEADER]: domain() },
      });
      const body = (await response.body.json()) as { now?: unknown };
      if (typeof body.now !== 'number') throw new Error("the target's test clock did not answer {now: <epoch ms>}");
      return body.now;
    },
    observeDateHeader() {},
  };
}

export function realClock(): TargetClock {
  /** Target minus local, ms; the smallest upper bound seen so far (Date truncates to the second). */
  let skewMs: number | undefined;
  return {
    virtual: false,
    waitsMayOverlap: true,
    wait: (seconds) => sleep(seconds * 1000),
    async now() {
      return Date.now() + (skewMs ?? 0);
    },
    observeDateHeader(date, receivedAt) {
      if (!date) return;
      const parsed = Date.parse(date);
      if (Number.isNaN(parsed)) return;
      // The header's second started at most 1 s before the real instant: +500 ms centres the estimate.
      const estimate = parsed + 500 - receivedAt;
      skewMs = skewMs === undefined ? estimate : (skewMs * 3 + estimate) / 4;
    },
  };
}
