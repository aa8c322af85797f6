/**
 * Helpers of suites/otp-v2/: the calls of 4.4 (create, verify, status, delete) for one
 * verification (phone_number + country_code, 3.1), the request shapes the document leaves open
 * (ambiguities otp-status-request-shape, otp-delete-request-shape), the verify answers whose slugs
 * are not shown (otp-verify-error-slugs), the lock point (otp-v2-lock-point), charge
 * measurement, and the time windows (the 30 s cooldown of 8, expiries) judged from the kit's own
 * measured send and answer times (`Timed`). HTTP only: nothing here knows the reference server.
 */
import { expect } from 'vitest';
import {
  type Answer,
  expectError,
  expectSchema,
  expectSuccess,
  Inconclusive,
  observe,
  recordBehaviour,
  type Target,
  warnUnless,
} from '../../harness/kit/index.ts';
import { OtpErrorBody, type OtpState } from '../../schemas/envelope.ts';
import { formatMexicoDateTime, parseMexicoDateTime } from '../../schemas/formats.ts';
import { OtpCreateResponse, OtpStatusResponse, OtpVerifyResponse } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES } from '../../schemas/otp-v2-transitions.ts';

/** Seconds ahead of the target's now that a near-future expiration_date starts from (4.4), before latency. */
export const NEAR_FUTURE_SECONDS = 4;
/** Creates refused as past (the kit late) before a near expiry is inconclusive: leads 4, 8, 16 s. */
const MISSED_EXPIRY_TRIES = 3;

/** 4.4: country_code "numeric; 52 for Mexico". */
export const COUNTRY_CODE = '52';
/** Inserted at {{company}} (4.4); GSM-7. */
export const COMPANY = 'Conformance';
/** 4.4: must contain {{code}} and {{company}}, GSM-7. */
export const MESSAGE = 'Your {{company}} code is {{code}}';

const CODE_PLACEHOLDER = '{{code}}';
const COMPANY_PLACEHOLDER = '{{company}}';

/**
 * A valid message whose expansion with COMPANY and a code of `codeLength` characters is exactly
 * `expandedLength` characters long (8: "at most 160 characters after substitution").
 */
export function messageExpandingTo(expandedLength: number, codeLength: number): string {
  const head = `${COMPANY_PLACEHOLDER} ${CODE_PLACEHOLDER} `;
  const fixed = COMPANY.length + 1 + codeLength + 1;
  const pad = expandedLength - fixed;
  if (pad < 0) throw new Error(`a message cannot expand to ${expandedLength} characters`);
  return head + 'x'.repeat(pad);
}

/** One verification of 3.1: a number, the key of the account it lives in, and how it is sent. */
export interface OtpSubject {
  phone: string;
  key: string;
  /** sandbox=true on every send (4.4: free, nothing delivered). */
  sandbox: boolean;
  /** The account's balance belongs to this subject alone while the test runs (charges are measured). */
  measuresCharges: boolean;
}

export type Fields = Record<string, unknown>;

/**
 * One call with when it happened on the kit's clock (`OtpDriver.tick`, ms): the target handled it
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
const roundTrip = (call: Timed): number => (call.answered - call.sent) / 1000;

const isThrottled = (answer: Answer): boolean => answer.status === 429 && answer.body.error === 'otp_throttled';

/** Bounded repeats of a time observation the measured latencies could not decide (then Inconclusive). */
export const WINDOW_REPEATS = 2;

/** 7.3 "not shown" slugs: the option `conventional` of ambiguity otp-verify-error-slugs. */
const CONVENTIONAL_VERIFY_SLUGS: Readonly<Record<number, string>> = { 404: 'otp_not_found', 409: 'otp_already_verified', 410: 'otp_expired' };

/** A code of the same length and alphabet class that differs from `code` in its first character. */
export function wrongCodeFor(code: string): string {
  const first = code[0] ?? '0';
  const replacement = /\d/.test(first) ? String((Number(first) + 1) % 10) : first === 'A' ? 'B' : 'A';
  return replacement + code.slice(1);
}

/** Parses the expires_at of 2.10 (YYYY-MM-DD HH:mm:ss, Mexico City wall time). */
export function expiresAtMs(answer: Answer): number {
  const text = answer.body.expires_at;
  expect(typeof text, `expires_at is a string (2.10): ${answer.text.slice(0, 200)}`).toBe('string');
  const ms = parseMexicoDateTime(String(text));
  expect(ms, `expires_at "${String(text)}" is YYYY-MM-DD HH:mm:ss (2.10)`).toBeTypeOf('number');
  return ms!;
}

export class OtpDriver {
  constructor(private readonly t: Target) {}

  get choices(): Target['choices'] {
    return this.t.choices;
  }

  /**
   * A fresh verification. Sends are real (charged) where the run may charge any fresh number (the
   * embedded target: t.deliverableNumber() is a fresh number there); otherwise sandbox (4.4: free),
   * so that per-number state of one test never meets another's. `ownAccount` puts it in a subaccount
   * of its own when a manager key is given, so that charges can be measured while other tests run.
   */
  async subject(options: { ownAccount?: boolean; credits?: number } = {}): Promise<OtpSubject> {
    const t = this.t;
    const charged = t.has('real-delivery') && t.config.embedded;
    const phone = charged ? t.deliverableNumber() : t.phone();
    if (options.ownAccount && t.managerKey !== undefined) {
      const sub = await t.newSubaccount(options.credits ?? 40);
      return { phone, key: sub.key, sandbox: !charged, measuresCharges: true };
    }
    return { phone, key: t.key, sandbox: !charged, measuresCharges: !options.ownAccount };
  }

  /** Another verification (a fresh number) in the same account as `s`. */
  sibling(s: OtpSubject): OtpSubject {
    return { ...s, phone: s.sandbox ? this.t.phone() : this.t.deliverableNumber() };
  }

  /**
   * POST /v2/otp with the required fields, code_in_response=true and the subject's sandbox flag.
   * `expectsRefusal`: the test expects a 400, which spends none of the day's sandbox quota (8).
   */
  create(s: OtpSubject, fields: Fields = {}, expectsRefusal = false): Promise<Answer> {
    const json: Fields = {
      phone_number: s.phone,
      country_code: COUNTRY_CODE,
      company: COMPANY,
      message: MESSAGE,
      code_in_response: true,
      ...(s.sandbox ? { sandbox: true } : {}),
      ...fields,
    };
    for (const [k, v] of Object.entries(json)) if (v === undefined) delete json[k];
    // A 429 of 3.1 (otp_throttled, otp_max_attempts; 7.3) is an answer under test, which the client
    // never resends; a 429 rate_01 (7.1, 8) refused the request before processing it and is resent
    // after Retry-After (harness/transport/http-client.ts rateLimitSignalOf tells them apart by the body).
    return this.t.api('otp-v2/create', { key: s.key, json, ...(expectsRefusal ? { expectsRefusal } : {}) });
  }

  verify(s: OtpSubject, code: string, fields: Fields = {}): Promise<Answer> {
    return this.t.api('otp-v2/verify', { key: s.key, json: { phone_number: s.phone, country_code: COUNTRY_CODE, code, ...fields } });
  }

  /** GET /v2/otp/status in the shape of otp-status-request-shape (both options send the query). */
  status(s: OtpSubject): Promise<Answer> {
    return this.t.api('otp-v2/get-status', { key: s.key, query: { phone_number: s.phone, country_code: COUNTRY_CODE } });
  }

  /** DELETE /v2/otp in the shape of otp-delete-request-shape. */
  remove(s: OtpSubject): Promise<Answer> {
    const target = { phone_number: s.phone, country_code: COUNTRY_CODE };
    const shape = this.t.choices['otp-delete-request-shape'];
    return this.t.api('otp-v2/delete', { key: s.key, ...(shape === 'query' ? { query: target } : { json: target }) });
  }

  /** A create that must succeed with `action` (and HTTP 201 for created, 200 otherwise unless given). */
  expectCreated(answer: Answer, action: 'created' | 'resent' | 'restarted', status?: number): OtpCreateResponse {
    const body = expectSuccess(answer, 'otp-v2/create', OtpCreateResponse);
    expect(body.action, 'action (4.4)').toBe(action);
    expect(answer.status, `HTTP status of action=${action} (4.4)`).toBe(status ?? (action === 'created' ? 201 : 200));
    return body;
  }

  /** Creates a pending verification (3.1 none → pending) and returns its code and answer. */
  async pending(s: OtpSubject, fields: Fields = {}): Promise<{ code: string; answer: Answer; body: OtpCreateResponse }> {
    const answer = await this.create(s, fields);
    const body = this.expectCreated(answer, 'created');
    expect(body.state, 'state after none + create (3.1)').toBe('pending');
    expect(body.code, 'code_in_response=true returns the code (4.4)').toBeTypeOf('string');
    return { code: body.code!, answer, body };
  }

  /** 3.1 pending → verified. */
  async verified(s: OtpSubject, fields: Fields = {}): Promise<string> {
    const { code } = await this.pending(s, fields);
    const answer = await this.verify(s, code);
    expect(expectSuccess(answer, 'otp-v2/verify', OtpVerifyResponse).state, 'state after a correct code (3.1)').toBe('verified');
    return code;
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
    const answer = await this.verify(s, wrong);
    expectError(answer, 'otp_incorrect_code', 'otp-v2/verify');
    expect(answer.body.attempts_remaining, 'attempts_remaining after a wrong code (3.1, 4.4)').toBe(left);
    if (left > 0) expect(answer.body.state, 'state after a wrong code with attempts left (3.1)').toBe('pending');
    // otp-v2-lock-point=after-seventh-wrong: the 7th wrong code answers 401 with none left. Its state
    // is not stated: pending (the lock comes with the next verify) and locked (3.1 "7 attempts used
    // up → locked") are both readings.
    else
      recordBehaviour(
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
    const answer = await this.verify(s, wrongCodeFor(code));
    const choice = this.t.choices['otp-v2-lock-point'];
    observe(
      'otp-v2-lock-point',
      `after ${this.wrongAttemptsBeforeLock()} wrong codes answering 401, the next wrong code answered HTTP ${answer.status}`,
      answer.status === 429,
    );
    expect(answer.status, `the locking wrong code answers 429 (3.1, profile otp-v2-lock-point=${choice})`).toBe(429);
    const body = expectSchema(OtpErrorBody, answer.json, 'the error body of 4.4', answer);
    expect(body.state, 'state after the attempts are used up (3.1)').toBe('locked');
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
   * 3.1 pending → expired: a near-future expiration_date (4.4), then a wait until the expires_at the
   * target reported has passed.
   */
  async expired(s: OtpSubject, fields: Fields = {}): Promise<string> {
    for (let lead = NEAR_FUTURE_SECONDS, tries = 1; ; lead *= 2, tries += 1) {
      const answer = await this.create(s, { expiration_date: await this.nearFuture(lead), ...fields });
      if (this.expiryMissed(answer, lead, tries)) continue;
      const body = this.expectCreated(answer, 'created');
      expect(body.state, 'state after none + create (3.1)').toBe('pending');
      await this.waitPast(expiresAtMs(answer));
      return body.code!;
    }
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
          `trip ${this.latencySeconds().toFixed(2)} s): this machine or network is too slow for a near expiry`,
      );
    recordBehaviour('a near-future expiration_date refused (400 naming it)', `${lead} s ahead was past when read: sent again with ${lead * 2} s`);
    return true;
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

  // -------------------------------------------------------------------------------------------
  // The kit's clock and time windows (the 30 s cooldown of 8).
  // -------------------------------------------------------------------------------------------

  /** The slowest round trip measured so far (seconds), the preflight's latency to begin with. */
  private slowest = 0;

  /** The round trip to reckon with, seconds: the slowest measured by this driver or the preflight. */
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

  /** resend_available_in of `at` against the window since `last` (resendWindow). */
  expectResendAvailableIn(last: Timed, at: Timed, why: string): void {
    const value = at.answer.body.resend_available_in;
    const w = this.resendWindow(last, at);
    expect(value, `${why}: resend_available_in is the seconds left of the cooldown (2.10, 8)`).toBeTypeOf('number');
    expect(Number(value), `${why}: resend_available_in ${String(value)}, the send was ${w.text} (8)`).toBeGreaterThanOrEqual(w.min);
    expect(Number(value), `${why}: resend_available_in ${String(value)}, the send was ${w.text} (8)`).toBeLessThanOrEqual(w.max);
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
    warnUnless(`${why}: Retry-After gives the wait of resend_available_in`, () => {
      const w = this.resendWindow(last, resend);
      const header = Number(resend.answer.headers['retry-after']);
      expect(header, `Retry-After ${String(resend.answer.headers['retry-after'])}, the send was ${w.text}`).toBeGreaterThanOrEqual(Math.max(1, w.min));
      expect(header, `Retry-After ${String(resend.answer.headers['retry-after'])}, the send was ${w.text}`).toBeLessThanOrEqual(w.max + 1);
    });
    return asked;
  }

  /** A message naming the measured latencies, for an Inconclusive. */
  latenciesText(calls: readonly Timed[]): string {
    return `round trips ${calls.map((c) => `${roundTrip(c).toFixed(2)} s`).join(', ')} on the kit's clock`;
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
      const answer = await this.create(s, fields);
      if (!isThrottled(answer) || attempt >= WINDOW_REPEATS) return answer;
      const state = answer.body.state;
      if (state !== undefined && state !== null && state !== '' && state !== from) return answer;
      const inBody = answer.body.resend_available_in;
      const header = Number(answer.headers['retry-after']);
      const asked = Math.max(typeof inBody === 'number' ? inBody : 0, Number.isFinite(header) ? header : 0);
      if (asked <= 0 || asked > OTP_V2_RULES.cooldownSeconds) return answer;
      recordBehaviour(
        `${where}: the target applied the ${OTP_V2_RULES.cooldownSeconds} s cooldown (8), which this row of 3.1 does not state`,
        `HTTP 429 otp_throttled, state ${String(state)}, resend_available_in ${String(inBody)}, ` +
          `Retry-After ${String(answer.headers['retry-after'])}: waited ${asked} s and sent again`,
      );
      await this.t.clock.wait(asked + (this.t.clock.virtual ? 0 : 0.5 + this.latencySeconds()));
    }
  }

  /**
   * 3.1 pending, within the cooldown: POST /v2/otp answers 429 otp_throttled with
   * resend_available_in and a Retry-After header (7.3). Returns the seconds the target asked for.
   */
  expectThrottled(answer: Answer): number {
    expectError(answer, 'otp_throttled', 'otp-v2/create');
    const body = expectSchema(OtpErrorBody, answer.json, 'the error body of 4.4', answer);
    expect(body.state, 'a throttled verification stays pending (3.1)').toBe('pending');
    const inBody = body.resend_available_in;
    if (typeof inBody !== 'number') expect.fail(`resend_available_in in the throttled answer (3.1, 7.3): got ${JSON.stringify(inBody)}`);
    expect(inBody, 'resend_available_in: seconds left of the 30 s cooldown (8)').toBeGreaterThan(0);
    expect(inBody, 'resend_available_in never exceeds the 30 s cooldown (8)').toBeLessThanOrEqual(OTP_V2_RULES.cooldownSeconds);
    const header = answer.headers['retry-after'];
    expect(header, 'Retry-After header on otp_throttled (3.1, 7.3)').toBeDefined();
    const retryAfter = Number(header);
    expect(
      Number.isFinite(retryAfter) && retryAfter > 0 && retryAfter <= OTP_V2_RULES.cooldownSeconds,
      `Retry-After "${header}" is the seconds to wait (RFC 9110), at most the cooldown`,
    ).toBe(true);
    return Math.max(inBody, retryAfter);
  }

  /**
   * After the send during `last`: tries a resend, which must be throttled where the kit's clock
   * proves it inside the cooldown (judgeThrottled), then waits what the target reported and at
   * least until the kit's clock is 30 s past the end of `last` (8). A resend the measured times
   * could not place inside the cooldown and the target carried out (a slow target) is recorded; the
   * wait then counts from it. Returns the last send.
   */
  async waitOutCooldown(s: OtpSubject, last: Timed): Promise<Timed> {
    const probe = await this.timed(() => this.create(s));
    let send = last;
    const asked = this.judgeThrottled(last, probe, 'a resend inside the cooldown') ?? 0;
    if (asked === 0) {
      this.expectCreated(probe.answer, 'resent');
      recordBehaviour(
        'a resend meant to fall inside the cooldown',
        `carried out: it may have reached the target ${elapsedBetween(last, probe).high.toFixed(2)} ` +
          `s after the send (${this.latenciesText([last, probe])}); the cooldown counts from it`,
      );
      send = probe;
    }
    const margin = this.t.clock.virtual ? 0 : 0.5 + this.latencySeconds();
    await this.waitUntil(Math.max(send.answered + OTP_V2_RULES.cooldownSeconds * 1000, probe.answered + asked * 1000) + margin * 1000);
    return send;
  }

  /**
   * The state the status call reports (ambiguity otp-status-request-shape). Under `query` the
   * answer must be a success carrying state; under record-only what it answered is recorded and
   * undefined returned when it carries no state.
   */
  async stateOf(s: OtpSubject): Promise<{ state: OtpState | undefined; answer: Answer }> {
    const answer = await this.status(s);
    const choice = this.t.choices['otp-status-request-shape'];
    if (choice === 'query') {
      const body = expectSuccess(answer, 'otp-v2/get-status', OtpStatusResponse);
      observe('otp-status-request-shape', `HTTP ${answer.status}, state ${String(body.state)}`, body.state !== undefined);
      expect(
        body.state,
        'GET /v2/otp/status with phone_number and country_code in the query carries state (profile otp-status-request-shape=query)',
      ).toBeDefined();
      return { state: body.state, answer };
    }
    expect(answer.status, 'GET /v2/otp/status is never a server error').toBeLessThan(500);
    const parsed = OtpStatusResponse.safeParse(answer.json);
    observe('otp-status-request-shape', `HTTP ${answer.status}: ${answer.text.slice(0, 120)}`, null);
    return { state: answer.status === 200 && parsed.success ? parsed.data.state : undefined, answer };
  }

  /**
   * The status read of stateOf, counted as made before `instantMs` (the target's time) only when the
   * kit can prove it: by the target's clock as the kit reads it, the answer ended before the instant
   * less that reading's uncertainty. Undefined when it cannot.
   */
  async stateBefore(s: OtpSubject, instantMs: number): Promise<{ state: OtpState | undefined; answer: Answer } | undefined> {
    const seen = await this.stateOf(s);
    const after = await this.t.clock.now();
    return after + this.nowUncertaintySeconds() * 1000 < instantMs ? seen : undefined;
  }

  /** Asserts the status call's state when the shape is known (profile otp-status-request-shape=query). */
  async expectState(s: OtpSubject, state: OtpState, why: string): Promise<void> {
    const seen = await this.stateOf(s);
    if (this.t.choices['otp-status-request-shape'] === 'query') expect(seen.state, `GET /v2/otp/status: ${why}`).toBe(state);
  }

  /**
   * A verify refusal of 3.1/4.4 whose slug 7.3 does not show (404, 409, 410): the 4.4 error body,
   * the HTTP status, and the slug per ambiguity otp-verify-error-slugs.
   */
  expectVerifyRefusal(answer: Answer, status: 404 | 409 | 410, state: OtpState): void {
    expect(answer.status, `verify answers HTTP ${status} (3.1, 4.4) — ${answer.text.slice(0, 200)}`).toBe(status);
    const body = expectSchema(OtpErrorBody, answer.json, 'the error body of 4.4', answer);
    expect(body.state, `state of a verification answering ${status} (3.1)`).toBe(state);
    const expected = CONVENTIONAL_VERIFY_SLUGS[status]!;
    const choice = this.t.choices['otp-verify-error-slugs'];
    observe('otp-verify-error-slugs', `HTTP ${status}: error ${body.error}`, body.error === expected);
    if (choice === 'conventional') expect(body.error, `slug of verify ${status} (profile otp-verify-error-slugs=conventional)`).toBe(expected);
  }

  /** The balance of the subject's account, when its charges can be measured. */
  async balance(s: OtpSubject): Promise<number | undefined> {
    return s.measuresCharges ? this.t.credits(s.key) : undefined;
  }

  /**
   * Runs `act` and returns its answer with the balance consumed (undefined when not measurable).
   */
  async measured(s: OtpSubject, act: () => Promise<Answer>): Promise<{ answer: Answer; spent: number | undefined }> {
    const before = await this.balance(s);
    const answer = await act();
    const after = await this.balance(s);
    return { answer, spent: before === undefined || after === undefined ? undefined : Math.round((before - after) * 100) / 100 };
  }
}

/**
 * 4.4: "only sending a message charges one message of balance"; sandbox charges nothing. `unit` is
 * the cost of one message measured on the same account (undefined: only positivity is checked).
 */
export function expectCharge(s: OtpSubject, spent: number | undefined, messages: 0 | 1, unit: number | undefined, what: string): number | undefined {
  if (spent === undefined) return unit;
  if (s.sandbox || messages === 0) {
    expect(spent, `${what}: ${s.sandbox ? 'sandbox=true charges nothing (4.4)' : 'charges nothing (4.4)'}`).toBe(0);
    return unit;
  }
  expect(spent, `${what}: sending a message charges one message of balance (4.4)`).toBeGreaterThan(0);
  if (unit !== undefined) expect(spent, `${what}: one message, the same as any other send (4.4)`).toBe(unit);
  return unit ?? spent;
}
