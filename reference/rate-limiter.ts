/**
 * Section 8: 100 requests per second per key, on all endpoints; exceeding gives 429 rate_01.
 * A fixed one-second window per key: cheap on the hot path (one lookup, no timers).
 *
 * The window lives with the account the key names (a WeakMap keyed by the account object), never
 * in a table of presented strings: what a client sends before authentication is not kept, and no
 * other key's traffic can reset or evict a key's window (issue 19: a table of every presented key
 * grew without bound, and clearing it lifted the real key's limit). A request that names no
 * account is not counted; authentication refuses it (5: auth_01, auth_05).
 */
import { NO_FAULT, type Seams } from './seams.ts';

interface Window {
  second: number;
  count: number;
}

export class RateLimiter {
  private readonly windows = new WeakMap<object, Window>();

  constructor(
    private readonly perSecond: number,
    private readonly seams: Seams = NO_FAULT,
  ) {}

  /** Counts one request of the account `holder` at `nowMs`; false when it is over the limit. */
  take(holder: object, nowMs: number): boolean {
    if (this.perSecond === 0) return true;
    const second = Math.floor(nowMs / 1000);
    const w = this.windows.get(holder);
    if (!w) {
      this.windows.set(holder, { second, count: 1 });
      return true;
    }
    // 7.1, 8: a new second is a new window.
    if (this.seams.at('rate-limit.window-resets', w.second !== second, { overLimit: w.count > this.perSecond })) {
      w.second = second;
      w.count = 1;
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
