/**
 * Reaching the states of 3.1 through the API: a create that must succeed with its action (4.4), a
 * pending, verified, locked or expired verification, and the wrong codes of a round with the lock
 * point the document leaves open (ambiguity otp-v2-lock-point). Each step checks what 3.1 states of
 * the answer it passes through. The part `d.states` of OtpDriver, built on its calls (`d.calls`) and
 * its clock (`d.clock`).
 */
import { expect } from 'vitest';
import { type Answer, expectError, expectSchema, expectSuccess, Inconclusive, judge, type Target } from '../../harness/kit/index.ts';
import { OtpErrorBody } from '../../schemas/envelope.ts';
import { OtpCreateResponse } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';
import type { OtpCalls } from './otp-v2-calls.ts';
import type { OtpClock } from './otp-v2-clock.ts';
import { type Fields, type OtpSubject, wrongCodeFor } from './otp-v2-subject.ts';

/** Creates refused as past (the kit late) before a near expiry is inconclusive: leads 4, 8, 16 s. */
const MISSED_EXPIRY_TRIES = 3;

export class OtpStates {
  constructor(
    private readonly t: Target,
    private readonly clock: OtpClock,
    private readonly calls: OtpCalls,
  ) {}

  /**
   * A create that must succeed with `action` (and HTTP 201 for created, 200 otherwise unless given),
   * judged as `requirement`: the row of 3.1 (or the rule) that states this action for the caller's state.
   */
  expectCreated(answer: Answer, action: 'created' | 'resent' | 'restarted', requirement: string, status?: number): OtpCreateResponse {
    const body = expectSuccess(answer, 'otp-v2/create', OtpCreateResponse);
    this.judgeCreated(answer, body, action, requirement, status);
    return body;
  }

  /**
   * The action and HTTP status of a successful create, judged as `requirement`; whether both held (a
   * failed one at the fail level throws; below it the second is not judged on a create that already failed).
   */
  judgeCreated(answer: Answer, body: OtpCreateResponse, action: 'created' | 'resent' | 'restarted', requirement: string, status?: number): boolean {
    const expected = status ?? (action === 'created' ? 201 : 200);
    return (
      judge(requirement, `action=${action} (4.4)`, () => expect(body.action, 'action (4.4)').toBe(action)) &&
      judge(requirement, `HTTP ${expected} for action=${action} (4.4)`, () => expect(answer.status, `HTTP status of action=${action} (4.4)`).toBe(expected))
    );
  }

  /**
   * Creates a pending verification (3.1 none → pending) and returns its code and answer; what 3.1
   * states of the create (HTTP 201, created, pending, 4.4's code when requested) is judged as the row
   * none + create, a stated rule, on the way to what the caller proves.
   */
  async pending(s: OtpSubject, fields: Fields = {}): Promise<{ code: string; answer: Answer; body: OtpCreateResponse }> {
    const answer = await this.calls.create(s, fields);
    const body = this.expectCreated(answer, 'created', 'otp2:none-create');
    judge('otp2:none-create', 'state pending after none + create (3.1)', () => expect(body.state, 'state after none + create (3.1)').toBe('pending'));
    judge('otp2:none-create', 'the code, requested (4.4)', () => expect(body.code, 'code_in_response=true returns the code (4.4)').toBeTypeOf('string'));
    return { code: body.code!, answer, body };
  }

  /**
   * A pending verification a test arranges to prove something else of it (another key's view, a
   * delete's request shape): the create's success contract is the kit's check as everywhere, but a
   * create that answers no new pending verification with its code (HTTP 201, created, pending: 3.1
   * none + create, whose own tests judge it) leaves that test inconclusive, naming the answer.
   */
  async arrangedPending(s: OtpSubject, fields: Fields = {}): Promise<{ code: string; answer: Answer }> {
    const answer = await this.calls.create(s, fields);
    const body = expectSuccess(answer, 'otp-v2/create', OtpCreateResponse);
    if (answer.status !== 201 || body.action !== 'created' || body.state !== 'pending' || typeof body.code !== 'string')
      throw new Inconclusive(
        `POST /v2/otp for a fresh number (code_in_response=true) did not start a pending verification with its code ` +
          `(3.1 none + create): HTTP ${answer.status} ${answer.text.slice(0, 200)}`,
      );
    return { code: body.code, answer };
  }

  /**
   * Wrong attempts that answer 401 before the lock (ambiguity otp-v2-lock-point): 6 when the 7th
   * wrong code locks, 7 when the next verify after the 7th does.
   */
  wrongAttemptsBeforeLock(): number {
    return this.t.choices['otp-v2-lock-point'] === 'seventh-wrong-locks' ? OTP_V2_RULES.attemptsPerRound - 1 : OTP_V2_RULES.attemptsPerRound;
  }

  /** One wrong verify that must answer 401 otp_incorrect_code with attempts_remaining `left`. */
  wrongAttempt(s: OtpSubject, code: string, left: number): Promise<Answer> {
    return this.wrongAttemptWith(s, wrongCodeFor(code), left);
  }

  /** Verifies `wrong` (not the stored code): 401 otp_incorrect_code, attempts_remaining `left`. */
  async wrongAttemptWith(s: OtpSubject, wrong: string, left: number): Promise<Answer> {
    const answer = await this.calls.verify(s, wrong);
    expectError('otp2:pending-verify-wrong', answer, 'otp_incorrect_code', 'otp-v2/verify');
    judge('rule:otp2.attempts-remaining', `attempts_remaining ${left} after a wrong code (3.1, 4.4)`, () =>
      expect(answer.body.attempts_remaining, 'attempts_remaining after a wrong code (3.1, 4.4)').toBe(left),
    );
    if (left > 0)
      judge('otp2:pending-verify-wrong', 'a wrong code with attempts left stays pending (3.1)', () =>
        expect(answer.body.state, 'state after a wrong code with attempts left (3.1)').toBe('pending'),
      );
    // otp-v2-lock-point=after-seventh-wrong: the 7th wrong code answers 401 with none left. Its state
    // is not stated: pending (the lock comes with the next verify) and locked (3.1 "7 attempts used
    // up → locked") are both readings.
    else
      judge(
        'otp-v2-lock-point',
        'state with the 401 of the 7th wrong code (otp-v2-lock-point=after-seventh-wrong; 3.1 does not say)',
        `state ${String(answer.body.state)}, attempts_remaining ${String(answer.body.attempts_remaining)}`,
      );
    return answer;
  }

  /** Uses the wrong attempts before the lock (from a fresh round); returns nothing. */
  async useAttemptsBeforeLock(s: OtpSubject, code: string): Promise<void> {
    for (let i = 1; i <= this.wrongAttemptsBeforeLock(); i++) await this.wrongAttempt(s, code, Math.max(0, OTP_V2_RULES.attemptsPerRound - i));
  }

  /** The wrong verify that locks (3.1 pending, 7 attempts used up → locked, HTTP 429). */
  async lockingAttempt(s: OtpSubject, code: string): Promise<Answer> {
    const answer = await this.calls.verify(s, wrongCodeFor(code));
    const choice = this.t.choices['otp-v2-lock-point'];
    judge(
      'otp-v2-lock-point',
      `after ${this.wrongAttemptsBeforeLock()} wrong codes answering 401, the next wrong code answered HTTP ${answer.status}`,
      answer.status === 429,
    );
    judge('otp2:pending-verify-exhausted', 'the locking wrong code answers 429 (3.1)', () =>
      expect(answer.status, `the locking wrong code answers 429 (3.1, profile otp-v2-lock-point=${choice})`).toBe(429),
    );
    const body = expectSchema('otp2:pending-verify-exhausted', OtpErrorBody, answer.json, 'the error body of 4.4', answer);
    judge('otp2:pending-verify-exhausted', 'locked once the attempts are used up (3.1)', () =>
      expect(body.state, 'state after the attempts are used up (3.1)').toBe('locked'),
    );
    return answer;
  }

  /**
   * The 7 wrong codes of a round (8: "7 per code round"): 6 answering 401 and the 7th 429 when it
   * locks, or 7 answering 401 (otp-v2-lock-point). After them the round's attempts are used up.
   */
  async useRound(s: OtpSubject, code: string): Promise<void> {
    await this.useAttemptsBeforeLock(s, code);
    if (this.wrongAttemptsBeforeLock() < OTP_V2_RULES.attemptsPerRound) await this.lockingAttempt(s, code);
  }

  /** 3.1 pending → locked through wrong codes. */
  async locked(s: OtpSubject, fields: Fields = {}): Promise<string> {
    const { code } = await this.pending(s, fields);
    await this.useAttemptsBeforeLock(s, code);
    await this.lockingAttempt(s, code);
    return code;
  }

  /**
   * Whether a create with an expiration_date `lead` seconds ahead was refused because the date had
   * already passed when the target read it (4.4 "future"; 7.3: 400 with a hint naming the
   * parameter): the kit's own lateness on a stalled machine or network, not the target's fault.
   * The caller sends it again with twice the lead; after MISSED_EXPIRY_TRIES the measurement is
   * inconclusive (a target that refuses every future date fails the expiry tests that need none).
   */
  expiryMissed(answer: Answer, lead: number, tries: number): boolean {
    if (answer.status !== 400 || !/expiration_date/.test(answer.text)) return false;
    if (tries >= MISSED_EXPIRY_TRIES)
      throw new Inconclusive(
        `an expiration_date up to ${lead} s ahead was refused as past ${tries} times (slowest round ` +
          `trip ${this.clock.latencySeconds().toFixed(2)} s): this machine or network is too slow for a near expiry`,
      );
    judge('invalid-input', 'a near-future expiration_date refused (400 naming it)', `${lead} s ahead was past when read: sent again with ${lead * 2} s`);
    return true;
  }
}
