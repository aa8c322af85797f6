/**
 * Time as the OTP v2 tests read it: the kit's own clock for durations between calls (the 30 s
 * cooldown of 8 is judged from measured send and answer times, `Timed`), the target's clock for
 * instants (an expiration_date ahead of its now, the expires_at of 2.10 passed), and the round trips
 * measured on the way, which widen every bound. The part `d.clock` of OtpDriver, one for all its
 * parts, so that the slowest round trip any of them measured widens the bounds of all; it makes no
 * call of 4.4.
 */
import { expect } from 'vitest';
import { type Answer, judge, type Target } from '../../harness/kit/index.ts';
import { formatMexicoDateTime, parseMexicoDateTime } from '../../schemas/formats.ts';

/** Seconds ahead of the target's now that a near-future expiration_date starts from (4.4), before latency. */
export const NEAR_FUTURE_SECONDS = 4;

/** Bounded repeats of a time observation the measured latencies could not decide (then Inconclusive). */
export const WINDOW_REPEATS = 2;

/**
 * One call with when it happened on the kit's clock (`OtpClock.tick`, ms): the target handled it
 * at some instant between `sent` (read before the request left, so at or before its send start)
 * and `answered` (read after the whole answer arrived). A resend after a 429 rate_01 stays inside.
 */
export interface Timed {
  answer: Answer;
  sent: number;
  answered: number;
}

/** Seconds that may have passed on the target between its handling of `first` and of `second`. */
export interface Elapsed {
  low: number;
  high: number;
}

/** The bounds of the target's time between two calls: second's handling minus first's. */
export const elapsedBetween = (first: Timed, second: Timed): Elapsed => ({
  low: Math.max(0, (second.sent - first.answered) / 1000),
  high: (second.answered - first.sent) / 1000,
});

/** Round trip of a call on the kit's clock, seconds. */
export const roundTrip = (call: Timed): number => (call.answered - call.sent) / 1000;

/** Parses the expires_at of 2.10 (YYYY-MM-DD HH:mm:ss, Mexico City wall time), judged as 4.4's rule for it (stated: fail). */
export function expiresAtMs(answer: Answer): number {
  const text = answer.body.expires_at;
  const ms = typeof text === 'string' ? parseMexicoDateTime(text) : undefined;
  judge('rule:otp2.expires-at', 'expires_at is YYYY-MM-DD HH:mm:ss (4.4, 2.10)', () => {
    expect(typeof text, `expires_at is a string (2.10): ${answer.text.slice(0, 200)}`).toBe('string');
    expect(ms, `expires_at "${String(text)}" is YYYY-MM-DD HH:mm:ss (2.10)`).toBeTypeOf('number');
  });
  return ms!;
}

export class OtpClock {
  constructor(private readonly t: Target) {}

  /** The slowest round trip measured so far (seconds), the preflight's latency to begin with. */
  private slowest = 0;

  /** The round trip to reckon with, seconds: the slowest this clock timed (for any part of the driver) or the preflight's. */
  latencySeconds(): number {
    return Math.max(this.slowest, (this.t.config.latencyMs ?? 0) / 1000);
  }

  /**
   * The kit's clock, ms, for durations between exchanges: on a test clock the target's own (real
   * time plus the advances, read from it exactly); in real time the local monotonic clock, which
   * runs at the target's rate and takes no estimate of its offset.
   */
  async tick(): Promise<number> {
    return this.t.clock.virtual ? this.t.clock.now() : performance.timeOrigin + performance.now();
  }

  /** Runs `call` between two readings of the kit's clock (`Timed`). */
  async timed(call: () => Promise<Answer>): Promise<Timed> {
    const sent = await this.tick();
    const answer = await call();
    const answered = await this.tick();
    this.slowest = Math.max(this.slowest, (answered - sent) / 1000);
    return { answer, sent, answered };
  }

  /** Waits until the kit's clock reads `at` (ms); at once when it already does. */
  async waitUntil(at: number): Promise<void> {
    const left = (at - (await this.tick())) / 1000;
    if (left > 0) await this.t.clock.wait(left);
  }

  /** A message naming the measured latencies, for an Inconclusive. */
  latenciesText(calls: readonly Timed[]): string {
    return `round trips ${calls.map((c) => `${roundTrip(c).toFixed(2)} s`).join(', ')} on the kit's clock`;
  }

  /**
   * A Mexico City date-time `seconds` ahead of the target's now (4.4 expiration_date), plus what the
   * measured latency asks: the create that sets it and a read before it passes each take a round
   * trip, and in real time the target's now is an estimate off by up to one more.
   */
  async nearFuture(seconds = NEAR_FUTURE_SECONDS): Promise<string> {
    return formatMexicoDateTime((await this.t.clock.now()) + (seconds + Math.ceil(4 * this.latencySeconds())) * 1000);
  }

  /**
   * Waits until the target's clock is surely past `instantMs`: expires_at shows whole seconds (up to
   * 1 s more may remain), and in real time the estimate of the target's now may be off by 0.5 s
   * (the Date header's resolution) plus a round trip.
   */
  async waitPast(instantMs: number): Promise<void> {
    const left = (instantMs - (await this.t.clock.now())) / 1000 + 1 + this.nowUncertaintySeconds();
    if (left > 0) await this.t.clock.wait(left);
  }

  /**
   * How far the kit's reading of the target's now (t.clock.now) may be off, seconds: nothing on a
   * test clock (read from the target); in real time the Date header's second and a round trip.
   */
  nowUncertaintySeconds(): number {
    return this.t.clock.virtual ? 0 : 1 + 2 * this.latencySeconds();
  }
}
