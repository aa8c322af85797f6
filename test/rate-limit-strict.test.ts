/**
 * Section 8, "100 messages per second ... exceeding gives 429 rate_01", read strictly: no more than
 * 100 requests of one key accepted within any one second. The suite judges a burst from its own
 * clock (harness/transport/rate-burst.ts judgeBurst), and the reference server counts a sliding
 * second (reference/rate-limiter.ts), so that a burst straddling a calendar second cannot pass 200.
 */
import { describe, expect, it } from 'vitest';
import { judgeBurst, TARGET_CLOCK_GRANULARITY_MS, type TimedExchange } from '../harness/transport/rate-burst.ts';
import { MUTANTS } from '../reference/mutants.ts';
import { RateLimiter } from '../reference/rate-limiter.ts';
import { Seams } from '../reference/seams.ts';

/** `count` exchanges sent at `sentAtMs` and answered `durationMs` later, accepted or not. */
const burst = (count: number, sentAtMs: number, durationMs: number, accepted = true): TimedExchange[] =>
  Array.from({ length: count }, (_, i) => ({ sentAtMs: sentAtMs + i * 0.1, answeredAtMs: sentAtMs + i * 0.1 + durationMs, accepted }));

describe('judgeBurst: more than 100 accepted within one second by the kit\'s clock', () => {
  it('holds when no more than 100 are accepted, whatever the timing', () => {
    expect(judgeBurst([...burst(100, 0, 20), ...burst(301, 0, 20, false)], 100)).toEqual({ verdict: 'held', accepted: 100 });
  });

  it('fails 150 accepted within a fast burst, and 200 across a calendar second', () => {
    const fast = judgeBurst([...burst(150, 0, 30), ...burst(251, 0, 30, false)], 100);
    expect(fast.verdict).toBe('exceeded');
    expect(fast.tightestMs).toBeLessThan(100);
    // A fixed window straddled: 100 before the second turns, 100 after, all within 60 ms.
    expect(judgeBurst([...burst(100, 970, 20), ...burst(100, 1001, 20), ...burst(201, 1001, 20, false)], 100).verdict).toBe('exceeded');
  });

  it('cannot decide when the accepted requests are spread over more than a second', () => {
    // A sliding second: 100 at once, then 100 more a second later (a slow burst).
    const judged = judgeBurst([...burst(100, 0, 10), ...burst(100, 1005, 10)], 100);
    expect(judged.verdict).toBe('undecided');
    expect(judged.tightestMs).toBeGreaterThanOrEqual(1000 - TARGET_CLOCK_GRANULARITY_MS);
  });

  it('takes the send start of the earliest and the answer end of the latest, so a slow answer widens the span', () => {
    // 101 accepted: sent within 1 ms, but one answer took 1.2 s: the others alone are 100.
    const exchanges = [...burst(100, 0, 10), { sentAtMs: 0.5, answeredAtMs: 1200, accepted: true }];
    expect(judgeBurst(exchanges, 100).verdict).toBe('undecided');
  });
});

describe('the reference server counts a sliding second per key (8)', () => {
  const holder = {};

  it('accepts 100 at once, refuses the 101st until the first is a second old', () => {
    const limiter = new RateLimiter(100);
    for (let i = 0; i < 100; i++) expect(limiter.take(holder, 10_000 + i)).toBe(true);
    expect(limiter.take(holder, 10_500)).toBe(false);
    expect(limiter.take(holder, 10_999)).toBe(false);
    expect(limiter.take(holder, 11_000), 'the first is a second old').toBe(true);
    expect(limiter.take(holder, 11_000), 'the second one is not yet').toBe(false);
  });

  it('does not pass 200 across a calendar second', () => {
    const limiter = new RateLimiter(100);
    const other = {};
    let accepted = 0;
    for (let i = 0; i < 100; i++) accepted += limiter.take(other, 20_990) ? 1 : 0;
    for (let i = 0; i < 100; i++) accepted += limiter.take(other, 21_010) ? 1 : 0;
    expect(accepted).toBe(100);
  });

  it('starts a key afresh when time goes back (another clock domain of the test clock)', () => {
    const limiter = new RateLimiter(100);
    const key = {};
    for (let i = 0; i < 100; i++) limiter.take(key, 50_000);
    expect(limiter.take(key, 50_001)).toBe(false);
    expect(limiter.take(key, 40_000)).toBe(true);
  });

  it('the mutant rate-limit-150 lets 150 through at once', () => {
    const fault = MUTANTS.find((m) => m.id === 'rate-limit-150')!.fault;
    const limiter = new RateLimiter(100, new Seams(fault));
    const key = {};
    let accepted = 0;
    for (let i = 0; i < 200; i++) accepted += limiter.take(key, 60_000) ? 1 : 0;
    expect(accepted).toBe(150);
  });
});
