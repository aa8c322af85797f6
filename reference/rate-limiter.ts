/**
 * Section 8: 100 requests per second per key, on all endpoints; exceeding gives 429 rate_01.
 * A fixed one-second window per key: cheap on the hot path (one map lookup, no timers).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  constructor(private readonly perSecond: number) {}

  /** Counts one request for `key` at `nowMs`; false when it is over the limit. */
  take(key: string, nowMs: number): boolean {
    if (this.perSecond === 0) return true;
    const second = Math.floor(nowMs / 1000);
    const w = this.windows.get(key);
    if (!w || w.second !== second) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(key, { second, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= this.perSecond;
  }

  /** Seconds until the window of `nowMs` closes (Retry-After). */
  static retryAfter(nowMs: number): number {
    return Math.max(1, Math.ceil((1000 - (nowMs % 1000)) / 1000));
  }
}
