/**
 * Section 8: 100 requests per second per key, on all endpoints; exceeding gives 429 rate_01.
 * "100 messages per second" read strictly: no more than 100 requests of one key accepted within any
 * one second, wherever the second starts (a sliding second). A fixed window counted per calendar
 * second would accept 200 within a few milliseconds across its boundary, which is what the suite
 * refuses (suites/limits/rate.test.ts judges the accepted requests by its own clock).
 *
 * Per key, the times of its last accepted requests (at most the limit of them, oldest first): a
 * request is accepted when fewer than the limit were accepted in the second before it. Cheap on the
 * hot path (no timers; one array of at most 100 numbers per account).
 *
 * The record lives with the account the key names (a WeakMap keyed by the account object), never
 * in a table of presented strings: what a client sends before authentication is not kept, and no
 * other key's traffic can reset or evict a key's record (a table of every presented key
 * grew without bound, and clearing it lifted the real key's limit). A request that names no
 * account is not counted; authentication refuses it (5: auth_01, auth_05).
 *
 * Time comes from the server's clock, whose test domains (clock.ts) each run at their own offset: a
 * request whose time is before the key's last accepted one comes from another domain, and starts
 * the key's record afresh rather than counting the other domain's requests as in its future.
 */
import { NO_FAULT, type Seams } from './seams.ts';

const SECOND_MS = 1000;

interface KeyRecord {
  /** Times (ms) of the accepted requests of the last second, oldest first; at most the limit. */
  accepted: number[];
  /** Whether the key's last request was refused. */
  overLimit: boolean;
}

export class RateLimiter {
  private readonly records = new WeakMap<object, KeyRecord>();

  constructor(
    private readonly perSecond: number,
    private readonly seams: Seams = NO_FAULT,
  ) {}

  /** Counts one request of the account `holder` at `nowMs`; false when it is over the limit. */
  take(holder: object, nowMs: number): boolean {
    if (this.perSecond === 0) return true;
    const limit = this.seams.at('rate-limit.per-second', this.perSecond);
    let r = this.records.get(holder);
    if (!r) {
      r = { accepted: [], overLimit: false };
      this.records.set(holder, r);
    }
    const last = r.accepted[r.accepted.length - 1];
    // 7.1, 8: a request older than a second no longer counts (and time that went back is another clock domain's).
    if (this.seams.at('rate-limit.window-resets', true, { overLimit: r.overLimit })) {
      if (last !== undefined && nowMs < last) r.accepted.length = 0;
      let expired = 0;
      while (expired < r.accepted.length && r.accepted[expired]! <= nowMs - SECOND_MS) expired += 1;
      if (expired > 0) r.accepted.splice(0, expired);
    }
    if (r.accepted.length >= limit) {
      r.overLimit = true;
      return false;
    }
    r.accepted.push(nowMs);
    if (r.accepted.length > limit) r.accepted.splice(0, r.accepted.length - limit);
    r.overLimit = false;
    return true;
  }

  /** Seconds until a request of a key over the limit is accepted again (Retry-After): within the next second. */
  static retryAfter(nowMs: number): number {
    return Math.max(1, Math.ceil((SECOND_MS - (nowMs % SECOND_MS)) / SECOND_MS));
  }
}
