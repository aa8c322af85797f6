/**
 * The reads of one verification whose shape the document leaves open: the status call (ambiguity
 * otp-status-request-shape) and the verify answers whose slugs 7.3 does not show
 * (otp-verify-error-slugs). The part `d.reads` of OtpDriver, built on its calls (`d.calls`) and its
 * clock (`d.clock`: whether a read surely came before an instant). HTTP only: nothing here knows
 * the reference server.
 */
import { expect } from 'vitest';
import { type Answer, expectSchema, expectSuccess, judge, type Target } from '../../harness/kit/index.ts';
import { OtpErrorBody, type OtpState } from '../../schemas/envelope.ts';
import { OtpStatusResponse } from '../../schemas/otp-v2.ts';
import type { OtpCalls } from './otp-v2-calls.ts';
import type { OtpClock } from './otp-v2-clock.ts';
import type { OtpSubject } from './otp-v2-subject.ts';

/** 7.3 "not shown" slugs: the option `conventional` of ambiguity otp-verify-error-slugs. */
const CONVENTIONAL_VERIFY_SLUGS: Readonly<Record<number, string>> = { 404: 'otp_not_found', 409: 'otp_already_verified', 410: 'otp_expired' };

export class OtpReads {
  constructor(
    private readonly t: Target,
    private readonly clock: OtpClock,
    private readonly calls: OtpCalls,
  ) {}

  /**
   * The state the status call reports (ambiguity otp-status-request-shape). Under `query` the
   * answer must be a success carrying state, judged as `requirement` (what the caller reads the state
   * for; undefined where it did not hold below the fail level); under record-only what it answered
   * is recorded and undefined returned when it carries no state.
   */
  async stateOf(s: OtpSubject, requirement: string): Promise<{ state: OtpState | undefined; answer: Answer }> {
    const answer = await this.calls.status(s);
    const choice = this.t.choices['otp-status-request-shape'];
    if (choice === 'query') {
      const body = expectSuccess(answer, 'otp-v2/get-status', OtpStatusResponse);
      judge('otp-status-request-shape', `HTTP ${answer.status}, state ${String(body.state)}`, body.state !== undefined);
      const carried = judge(requirement, 'GET /v2/otp/status carries state (profile otp-status-request-shape=query)', () =>
        expect(
          body.state,
          'GET /v2/otp/status with phone_number and country_code in the query carries state (profile otp-status-request-shape=query)',
        ).toBeDefined(),
      );
      return { state: carried ? body.state : undefined, answer };
    }
    // The request shape is not shown (4.4): what the status call answers is recorded, and its state is read only when
    // it carries one. A 5xx is that answer, judged as the server error it is (7.1 server_01, a reading: warn); no state
    // is read from it, and the callers go on as for any answer without one.
    judge('rule:envelope.no-server-error', 'GET /v2/otp/status is never a server error', () =>
      expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500),
    );
    const parsed = OtpStatusResponse.safeParse(answer.json);
    judge('otp-status-request-shape', `HTTP ${answer.status}: ${answer.text.slice(0, 120)}`, null);
    return { state: answer.status === 200 && parsed.success ? parsed.data.state : undefined, answer };
  }

  /**
   * The status read of stateOf, counted as made before `instantMs` (the target's time) only when the
   * kit can prove it: by the target's clock as the kit reads it, the answer ended before the instant
   * less that reading's uncertainty. Undefined when it cannot.
   */
  async stateBefore(s: OtpSubject, instantMs: number, requirement: string): Promise<{ state: OtpState | undefined; answer: Answer } | undefined> {
    const seen = await this.stateOf(s, requirement);
    const after = await this.t.clock.now();
    return after + this.clock.nowUncertaintySeconds() * 1000 < instantMs ? seen : undefined;
  }

  /**
   * Judges the status call's state as `requirement` when the shape is known (profile
   * otp-status-request-shape=query); whether it held (below the fail level the caller stops on false).
   */
  async expectState(s: OtpSubject, state: OtpState, why: string, requirement: string): Promise<boolean> {
    const seen = await this.stateOf(s, requirement);
    if (this.t.choices['otp-status-request-shape'] !== 'query') return true;
    return seen.state !== undefined && judge(requirement, `GET /v2/otp/status: ${why}`, () => expect(seen.state, `GET /v2/otp/status: ${why}`).toBe(state));
  }

  /**
   * A verify refusal of 3.1/4.4 whose slug 7.3 does not show (404, 409, 410): the 4.4 error body,
   * the HTTP status, and the slug per ambiguity otp-verify-error-slugs, judged as `requirement` (the
   * row of 3.1 that gives the state and status). Whether it held: below the fail level a check that
   * did not stops the next (one warning, as the test's end was) and the caller stops on false.
   */
  expectVerifyRefusal(answer: Answer, status: 404 | 409 | 410, state: OtpState, requirement: string): boolean {
    const answered = judge(requirement, `verify answers HTTP ${status} (3.1, 4.4)`, () =>
      expect(answer.status, `verify answers HTTP ${status} (3.1, 4.4) — ${answer.text.slice(0, 200)}`).toBe(status),
    );
    if (!answered) return false;
    const body = expectSchema(requirement, OtpErrorBody, answer.json, 'the error body of 4.4', answer);
    if (!judge(requirement, `state ${state} (3.1)`, () => expect(body.state, `state of a verification answering ${status} (3.1)`).toBe(state))) return false;
    const expected = CONVENTIONAL_VERIFY_SLUGS[status]!;
    const choice = this.t.choices['otp-verify-error-slugs'];
    judge('otp-verify-error-slugs', `HTTP ${status}: error ${body.error}`, body.error === expected);
    if (choice !== 'conventional') return true;
    return judge(requirement, `slug of verify ${status} (profile otp-verify-error-slugs=conventional)`, () =>
      expect(body.error, `slug of verify ${status} (profile otp-verify-error-slugs=conventional)`).toBe(expected),
    );
  }
}
