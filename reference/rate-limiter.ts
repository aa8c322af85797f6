/**
 * Section 8: 100 requests per second per key, on all endpoints; exceeding gives 429 rate_01.
 * A fixed one-second window per key: cheap on the hot path (one map lookup, no timers).
 */
import { NO_MUTANT, type ActiveMutant } from './mutants.ts';

export class RateLimiter {
  private readonly windows = new Map<string, { second: number; count: number }>();

  constructor(
    private readonly perSecond: number,
    private readonly mutant: ActiveMutant = NO_MUTANT,
  ) {}

  /** Counts one request for `key` at `nowMs`; false when it is over the limit. */
  take(key: string, nowMs: number): boolean {
    if (this.perSecond === 0) return true;
    const second = Math.floor(nowMs / 1000);
    const w = this.windows.get(key);
    // 7.1, 8: a new second is a new window (mutant rate-limit-no-recovery: a key over the limit stays over it).
    const stuck = w !== undefined && this.mutant.is('rate-limit-no-recovery') && w.count > this.perSecond;
    if (!w || (w.second !== second && !stuck)) {
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
