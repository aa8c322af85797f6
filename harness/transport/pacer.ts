/**
 * Pacing and 429 retries. Section 8: "100 messages per second" on all endpoints, per account key
 * in practice (the reference server counts per key); exceeding gives 429 rate_01, and 7.1 and 8
 * say to "retry with exponential backoff". A conformance run must not trip the limit by accident,
 * or every later assertion would read a 429 instead of the answer under test.
 *
 * Fixed spacing per key (one slot every 1000 / requestsPerSecond ms) rather than a token bucket:
 * a bucket allows bursts, and a burst at the edge of the target's window can exceed its limit even
 * when the average does not. Slots are reserved synchronously, so concurrent calls on one key are
 * spaced too. Calls on different keys do not wait for each other.
 *
 * Slots are planned ahead; a timer that fires late (a busy machine) would let a later slot's call
 * go out less than a second after an earlier one. So each key also remembers when its last calls
 * really went out, and a call waits until it is at least a second after the requestsPerSecond-th
 * call before it: the limit holds on what was sent, not only on what was planned.
 *
 * Time is injected (now, sleep, random) so that the schedule is unit-testable without waiting.
 */

/**
 * The longest Retry-After the pacer honours (30 s): far beyond the one-second window of the rate of
 * 8, and short enough that a hostile or broken target asking for hours cannot stall a run. The
 * preflight (commands/preflight.ts) bounds its own waits by it too.
 */
export const MAX_RETRY_AFTER_MS = 30_000;

export interface PacerClock {
  /** Milliseconds, monotonic enough for spacing (Date.now by default). */
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * The pace and the retries are the caller's (the profile's pacing, or discover's own pace): their
 * defaults live once, in config/pacing-defaults.ts, which this layer may not import.
 */
export interface PacerOptions {
  /** Requests per second per key; 0 or Infinity disables spacing (retries still apply). */
  requestsPerSecond: number;
  /** Retries after a rate-limited answer; the call then returns the last 429. */
  maxRetries: number;
  /** Backoff without Retry-After: baseDelayMs * factor^(retry-1), capped at maxDelayMs, with jitter. */
  baseDelayMs?: number;
  factor?: number;
  maxDelayMs?: number;
  /** An upper bound on an honoured Retry-After (MAX_RETRY_AFTER_MS when absent). */
  maxRetryAfterMs?: number;
  clock?: PacerClock;
  /** In [0, 1); Math.random by default. */
  random?: () => number;
}

/** What the caller learned from one answer: whether it is a rate_01 refusal, and its Retry-After. */
export interface RateLimitSignal {
  rateLimited: boolean;
  /** The raw Retry-After header value, when present. */
  retryAfter?: string | undefined;
}

export interface Pacer {
  readonly maxRetries: number;
  /** Resolves when `key` may send (its next slot, and not before any backoff imposed on it). */
  acquire(key: string): Promise<void>;
  /** Milliseconds to wait before retry number `retry` (1-based) after a rate-limited answer. */
  retryDelayMs(retry: number, retryAfter: string | undefined): number;
  /**
   * Runs `attempt` in the key's slots; on a rate-limited answer waits and tries again, up to
   * maxRetries, unless `retry` is false (the suites that assert rate limiting must see the 429).
   * Returns the last answer, rate-limited or not. `attempt` is given the time its call was let go,
   * by the pacer's clock: what the spacing holds on.
   */
  run<R>(
    key: string,
    attempt: (attemptNumber: number, releasedAtMs: number) => Promise<R>,
    signalOf: (answer: R) => RateLimitSignal,
    retry: boolean,
  ): Promise<R>;
}

const systemClock: PacerClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Retry-After (RFC 9110 10.2.3): delay-seconds or an HTTP-date. Undefined when absent or unreadable,
 * in which case the caller falls back to exponential backoff.
 */
export function parseRetryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

export function createPacer(options: PacerOptions): Pacer {
  return new SpacedPacer(options);
}

/** The pacer's settings, resolved from its options once, and each key's slots and sends. */
class SpacedPacer implements Pacer {
  readonly maxRetries: number;
  private readonly intervalMs: number;
  private readonly perSecond: number;
  private readonly baseDelayMs: number;
  private readonly factor: number;
  private readonly maxDelayMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly clock: PacerClock;
  private readonly random: () => number;
  /** Per key: the earliest time of its next slot. */
  private readonly nextSlot = new Map<string, number>();
  /** Per key: when its last calls (at most one second's worth) really went out, oldest first. */
  private readonly sent = new Map<string, number[]>();

  constructor(options: PacerOptions) {
    const rps = options.requestsPerSecond;
    this.intervalMs = rps > 0 && Number.isFinite(rps) ? 1000 / rps : 0;
    this.perSecond = this.intervalMs > 0 ? Math.max(1, Math.floor(rps)) : 0;
    this.maxRetries = options.maxRetries;
    this.baseDelayMs = options.baseDelayMs ?? 250;
    this.factor = options.factor ?? 2;
    this.maxDelayMs = options.maxDelayMs ?? 8000;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
  }

  async acquire(key: string): Promise<void> {
    await this.waitUntil(this.reserve(key, this.clock.now()));
    await this.dispatch(key);
  }

  retryDelayMs(retry: number, retryAfter: string | undefined): number {
    const told = parseRetryAfterMs(retryAfter, this.clock.now());
    if (told !== undefined) return Math.min(told, this.maxRetryAfterMs);
    // "Equal jitter": half fixed, half random, so retries of concurrent calls spread out while the
    // delay still grows with each retry (7.1 "exponential backoff").
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * this.factor ** Math.max(0, retry - 1));
    return ceiling / 2 + this.random() * (ceiling / 2);
  }

  async run<R>(
    key: string,
    attempt: (attemptNumber: number, releasedAtMs: number) => Promise<R>,
    signalOf: (answer: R) => RateLimitSignal,
    retry: boolean,
  ): Promise<R> {
    let notBefore = this.clock.now();
    for (let n = 1; ; n += 1) {
      await this.waitUntil(this.reserve(key, notBefore));
      const answer = await attempt(n, await this.dispatch(key));
      const signal = signalOf(answer);
      if (!signal.rateLimited || !retry || n > this.maxRetries) return answer;
      notBefore = this.clock.now() + this.retryDelayMs(n, signal.retryAfter);
      // The whole key is over the limit, not only this call: hold back its other calls as well.
      this.nextSlot.set(key, Math.max(this.nextSlot.get(key) ?? 0, notBefore));
    }
  }

  /** Reserves the key's next slot at or after `notBefore`; returns the slot time. */
  private reserve(key: string, notBefore: number): number {
    const slot = Math.max(notBefore, this.nextSlot.get(key) ?? notBefore);
    this.nextSlot.set(key, slot + this.intervalMs);
    return slot;
  }

  /** Sleeps until `at`; loops because a timer may fire a little early against the clock. */
  private async waitUntil(at: number): Promise<void> {
    for (let left = at - this.clock.now(); left > 0; left = at - this.clock.now()) await this.clock.sleep(left);
  }

  /**
   * Waits until a call on `key` may go out without making more than perSecond calls within one
   * second of what was really sent, then records it as sent and returns that time. Check and record
   * run without an await between them, so concurrent calls cannot both take the last place.
   */
  private async dispatch(key: string): Promise<number> {
    if (this.perSecond === 0) return this.clock.now();
    const times = this.sent.get(key) ?? [];
    this.sent.set(key, times);
    for (;;) {
      const now = this.clock.now();
      const earliest = times.length >= this.perSecond ? times[times.length - this.perSecond]! + 1000 : now;
      if (earliest <= now) {
        times.push(now);
        if (times.length > this.perSecond) times.splice(0, times.length - this.perSecond);
        return now;
      }
      await this.waitUntil(earliest);
    }
  }
}
