/**
 * The 30 s cooldown of 8 ("Current OTP resend cooldown | 30 seconds | /v2/otp") and the 429
 * otp_throttled of 3.1 that shows it (7.3: resend_available_in and a Retry-After header), judged from
 * the kit's own measured send and answer times (`Timed`): a resend is held to the cooldown only
 * where the measurements prove it fell inside, and a wait past it counts the round trips too. The
 * part `d.cooldown` of OtpDriver, built on its clock, its calls and its states (`d.states`: a resend
 * carried out is judged as the create it was).
 */
import { expect } from 'vitest';
import { type Answer, expectError, expectSchema, judge, type Target } from '../../harness/kit/index.ts';
import { OtpErrorBody, type OtpState } from '../../schemas/envelope.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';
import type { OtpCalls } from './otp-v2-calls.ts';
import { elapsedBetween, type OtpClock, roundTrip, type Timed, WINDOW_REPEATS } from './otp-v2-clock.ts';
import type { OtpStates } from './otp-v2-states.ts';
import type { Fields, OtpSubject } from './otp-v2-subject.ts';

const isThrottled = (answer: Answer): boolean => answer.status === 429 && answer.body.error === 'otp_throttled';

export class OtpCooldown {
  constructor(
    private readonly t: Target,
    private readonly clock: OtpClock,
    private readonly calls: OtpCalls,
    private readonly states: OtpStates,
  ) {}

  /**
   * The values resend_available_in may take at a target that sent its last code during `last` and
   * answered during `at` (8: 30 s counted from the send): 30 s less the elapsed time, rounded down
   * or up, the elapsed time bounded by the measured times (elapsedBetween).
   */
  resendWindow(last: Timed, at: Timed): { min: number; max: number; text: string } {
    const cooldown = OTP_V2_RULES.cooldownSeconds;
    const e = last === at ? { low: 0, high: roundTrip(at) } : elapsedBetween(last, at);
    const min = Math.max(0, Math.floor(cooldown - e.high));
    const max = Math.min(cooldown, Math.ceil(cooldown - e.low));
    return {
      min,
      max,
      text:
        `${e.low.toFixed(2)} to ${e.high.toFixed(2)} s after the send by the kit's clock (round ` +
        `trips ${roundTrip(last).toFixed(2)} s and ${roundTrip(at).toFixed(2)} s): ${min} to ${max} s left of ${cooldown} s`,
    };
  }

  /** resend_available_in of `at` against the window since `last` (resendWindow): the 30 s of 8, as the seconds it has left. */
  expectResendAvailableIn(last: Timed, at: Timed, why: string): void {
    const value = at.answer.body.resend_available_in;
    const w = this.resendWindow(last, at);
    judge('limit:otp-v2-cooldown', `${why}: resend_available_in is the seconds left of the cooldown (2.10, 8)`, () => {
      expect(value, `${why}: resend_available_in is the seconds left of the cooldown (2.10, 8)`).toBeTypeOf('number');
      expect(Number(value), `${why}: resend_available_in ${String(value)}, the send was ${w.text} (8)`).toBeGreaterThanOrEqual(w.min);
      expect(Number(value), `${why}: resend_available_in ${String(value)}, the send was ${w.text} (8)`).toBeLessThanOrEqual(w.max);
    });
  }

  /**
   * 3.1 pending "within the 30 s cooldown": `resend` must answer otp_throttled when the kit's
   * clock proves the target handled it within 30 s of the send during `last` (its answer ended less
   * than 30 s after that send started). Then the throttled body is checked, with
   * resend_available_in against the measured window, and the seconds it asks to wait returned.
   * Undefined: the measured times cannot tell and the target did not throttle (a premise not
   * established, never a failure).
   */
  judgeThrottled(last: Timed, resend: Timed, why: string): number | undefined {
    const within = elapsedBetween(last, resend).high < OTP_V2_RULES.cooldownSeconds;
    if (!within && !isThrottled(resend.answer)) return undefined;
    const asked = this.expectThrottled(resend.answer);
    this.expectResendAvailableIn(last, resend, why);
    // The header's value is not stated beside resend_available_in: that it says the same wait is ours.
    judge('rule:otp2.retry-after-wait', `${why}: Retry-After gives the wait of resend_available_in`, () => {
      const w = this.resendWindow(last, resend);
      const header = Number(resend.answer.headers['retry-after']);
      expect(header, `Retry-After ${String(resend.answer.headers['retry-after'])}, the send was ${w.text}`).toBeGreaterThanOrEqual(Math.max(1, w.min));
      expect(header, `Retry-After ${String(resend.answer.headers['retry-after'])}, the send was ${w.text}`).toBeLessThanOrEqual(w.max + 1);
    });
    return asked;
  }

  /**
   * POST /v2/otp on a row of 3.1 whose condition says nothing of the cooldown (none, expired,
   * verified and locked rows, the code_custom paragraph), reached within 30 s of the last send. A
   * target may apply the cooldown of 8 ("Current OTP resend cooldown | 30 seconds | /v2/otp") there
   * too: that is its reading, and the row's premise is then not established yet. So an otp_throttled
   * (with the row's state, when it names one) is recorded, the wait it asks for (resend_available_in,
   * Retry-After, at most the cooldown) is waited on the kit's clock and the request sent again; what
   * the row states is asserted on the answer after that.
   */
  async createPastCooldown(s: OtpSubject, fields: Fields, from: OtpState, where: string): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await this.calls.create(s, fields);
      if (!isThrottled(answer) || attempt >= WINDOW_REPEATS) return answer;
      const state = answer.body.state;
      if (state !== undefined && state !== null && state !== '' && state !== from) return answer;
      const inBody = answer.body.resend_available_in;
      const header = Number(answer.headers['retry-after']);
      const asked = Math.max(typeof inBody === 'number' ? inBody : 0, Number.isFinite(header) ? header : 0);
      if (asked <= 0 || asked > OTP_V2_RULES.cooldownSeconds) return answer;
      judge(
        'rule:otp2.cooldown-reach',
        `${where}: the target applied the ${OTP_V2_RULES.cooldownSeconds} s cooldown (8), which this row of 3.1 does not state`,
        `HTTP 429 otp_throttled, state ${String(state)}, resend_available_in ${String(inBody)}, ` +
          `Retry-After ${String(answer.headers['retry-after'])}: waited ${asked} s and sent again`,
      );
      await this.t.clock.wait(asked + (this.t.clock.virtual ? 0 : 0.5 + this.clock.latencySeconds()));
    }
  }

  /**
   * 3.1 pending, within the cooldown: POST /v2/otp answers 429 otp_throttled with
   * resend_available_in and a Retry-After header (7.3). Returns the seconds the target asked for.
   */
  expectThrottled(answer: Answer): number {
    expectError('otp2:pending-create-throttled', answer, 'otp_throttled', 'otp-v2/create');
    const body = expectSchema('otp2:pending-create-throttled', OtpErrorBody, answer.json, 'the error body of 4.4', answer);
    judge('otp2:pending-create-throttled', 'a throttled verification stays pending (3.1)', () =>
      expect(body.state, 'a throttled verification stays pending (3.1)').toBe('pending'),
    );
    const inBody = body.resend_available_in;
    judge('rule:otp2.retry-after', 'resend_available_in in the throttled answer (3.1, 7.3)', () =>
      expect(inBody, `resend_available_in in the throttled answer (3.1, 7.3): got ${JSON.stringify(inBody)}`).toBeTypeOf('number'),
    );
    const seconds = Number(inBody);
    judge('limit:otp-v2-cooldown', 'resend_available_in: the seconds left of the 30 s cooldown (8)', () => {
      expect(seconds, 'resend_available_in: seconds left of the 30 s cooldown (8)').toBeGreaterThan(0);
      expect(seconds, 'resend_available_in never exceeds the 30 s cooldown (8)').toBeLessThanOrEqual(OTP_V2_RULES.cooldownSeconds);
    });
    const header = answer.headers['retry-after'];
    const retryAfter = Number(header);
    judge('rule:otp2.retry-after', 'a Retry-After header on otp_throttled: the seconds to wait (3.1, 7.3)', () => {
      expect(header, 'Retry-After header on otp_throttled (3.1, 7.3)').toBeDefined();
      expect(
        Number.isFinite(retryAfter) && retryAfter > 0 && retryAfter <= OTP_V2_RULES.cooldownSeconds,
        `Retry-After "${header}" is the seconds to wait (RFC 9110), at most the cooldown`,
      ).toBe(true);
    });
    return Math.max(seconds, retryAfter);
  }

  /**
   * After the send during `last`: tries a resend, which must be throttled where the kit's clock
   * proves it inside the cooldown (judgeThrottled), then waits what the target reported and at
   * least until the kit's clock is 30 s past the end of `last` (8). A resend the measured times
   * could not place inside the cooldown and the target carried out (a slow target) is recorded; the
   * wait then counts from it. Returns the last send.
   */
  async waitOutCooldown(s: OtpSubject, last: Timed): Promise<Timed> {
    const probe = await this.clock.timed(() => this.calls.create(s));
    let send = last;
    const asked = this.judgeThrottled(last, probe, 'a resend inside the cooldown') ?? 0;
    if (asked === 0) {
      this.states.expectCreated(probe.answer, 'resent', 'otp2:pending-create-resend');
      judge(
        'rule:otp2.cooldown-reach',
        'a resend meant to fall inside the cooldown',
        `carried out: it may have reached the target ${elapsedBetween(last, probe).high.toFixed(2)} ` +
          `s after the send (${this.clock.latenciesText([last, probe])}); the cooldown counts from it`,
      );
      send = probe;
    }
    const margin = this.t.clock.virtual ? 0 : 0.5 + this.clock.latencySeconds();
    await this.clock.waitUntil(Math.max(send.answered + OTP_V2_RULES.cooldownSeconds * 1000, probe.answered + asked * 1000) + margin * 1000);
    return send;
  }
}
