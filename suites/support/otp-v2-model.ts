/**
 * A model of 3.1 for property-based testing: random command sequences (create, resend, rotate,
 * verify right or wrong, status, delete, wait) against two numbers of one account, each answer
 * checked against the row `matchOtpTransition` picks from the model's state. Where a fact sits on a
 * time boundary (cooldown, expiry) the model accepts the rows of both sides and follows the answer.
 *
 * The target handles a call at some instant between sending it and the answer; a resend after a
 * 429 rate_01 (harness/transport/http-client.ts, 7.1) or a slow network moves that instant by seconds. So each
 * call's time facts are judged over its window [target's now before the call, after its answer],
 * and a send is remembered as the window it happened in: a fact is certain only when it holds over
 * the whole window (a resend must not change a verdict). The cooldown (8: 30 s between
 * sends) is a duration and is judged on the kit's own clock (OtpClock.tick: exact on a test
 * clock, the local monotonic clock in real time); an expiry is an instant of the target's clock,
 * judged on the kit's reading of it.
 *
 * Two things the document leaves open are followed as the target answers: the state with the 401
 * of a 7th wrong code (otp-v2-lock-point=after-seventh-wrong: pending with 0 attempts left, or
 * locked; recorded), and a cooldown applied to a create whose row of 3.1 does not state it (a
 * locked rotation, a verified or expired number, a number just deleted: recorded, nothing changes).
 * What 3.1 and 8 state is predicted whatever the reading: once a round's 7 attempts are used no code
 * verifies and a create without code_rotate answers 429 otp_max_attempts.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { type Answer, judge, type Target } from '../../harness/kit/index.ts';
import { OtpErrorBody, type OtpState } from '../../schemas/envelope.ts';
import { formatMexicoDateTime } from '../../schemas/formats.ts';
import { OtpCreateResponse, OtpStatusResponse } from '../../schemas/otp-v2.ts';
import { matchOtpTransition, OTP_V2_RULES, type OtpFacts, type OtpTransition } from '../../schemas/otp-v2-transitions.ts';
import { expiresAtMs } from './otp-v2-clock.ts';
import type { OtpDriver } from './otp-v2-driver.ts';
import { type OtpSubject, wrongCodeFor } from './otp-v2-subject.ts';

export type Command =
  | { kind: 'create' | 'resend' | 'rotate' | 'verify-right' | 'verify-wrong' | 'status' | 'delete' | 'exhaust'; who: 0 | 1 }
  | { kind: 'wait'; seconds: number };

/** A command that calls the target for one of the two numbers. */
type Call = Extract<Command, { who: 0 | 1 }>;

/**
 * When the target handled a call: between `from` and `to` (its clock as the kit reads it, epoch ms),
 * and between `sent` and `answered` on the kit's own clock (OtpClock.tick).
 */
interface Window {
  from: number;
  to: number;
  sent: number;
  answered: number;
}

/** A call on its way: its answer, and the rows of 3.1 it may meet if handled during a window. */
interface Sent {
  answer: Answer;
  candidatesIn: (window: Window) => OtpTransition[];
}

const isRow = (r: OtpTransition | undefined): r is OtpTransition => r !== undefined;

interface NumberModel {
  state: OtpState;
  code?: string;
  attempts: number;
  /** The window of the call that last sent a code. */
  lastSend?: Window;
  /** The same, kept across DELETE: a target may apply the cooldown to the create after it. */
  lastDelivery?: Window;
  expiresAt?: number;
}

/** 3.1 "7 attempts used up → locked", 8 "7 per code round": the round's attempts are all used. */
const usedUp = (m: NumberModel): boolean => m.state === 'locked' || (m.state === 'pending' && m.attempts <= 0);

/** Commands of one run; `waits` are the wait lengths the run may use (seconds). */
export function commandsArbitrary(waits: readonly number[], maxCommands: number): fc.Arbitrary<Command[]> {
  const who = fc.constantFrom<0 | 1>(0, 1);
  const call = fc.record({
    kind: fc.constantFrom('create', 'resend', 'rotate', 'verify-right', 'verify-wrong', 'verify-wrong', 'status', 'delete', 'exhaust'),
    who,
  });
  const wait = fc.record({ kind: fc.constant('wait' as const), seconds: fc.constantFrom(...waits) });
  return fc.array(fc.oneof({ arbitrary: call, weight: 5 }, { arbitrary: wait, weight: 1 }), { minLength: 1, maxLength: maxCommands });
}

const describe = (c: Command): string => (c.kind === 'wait' ? `wait ${c.seconds}s` : `${c.kind}#${c.who}`);

/** Truth values of a time fact: certain, or on the boundary (either). */
type Fuzzy = boolean | 'either';
/** `delta > 0` for a delta known to lie in [low, high]: certain only when the whole range, with the tolerance, is on one side. */
const fuzzy = (low: number, high: number, tolerance: number): Fuzzy => (low > tolerance ? true : high < -tolerance ? false : 'either');

export class OtpModelRun {
  private readonly numbers: [NumberModel, NumberModel] = [
    { state: 'none', attempts: 0 },
    { state: 'none', attempts: 0 },
  ];
  private readonly log: string[] = [];
  private unit: number | undefined;
  /**
   * Each key's balance read after the run's last call on it. Nothing else of the run touches the
   * account in between (its waits and status reads charge nothing, 2.2, and the account is the
   * run's own), so it is the balance before the next call: one read per step instead of two. A
   * charge made in between would show in the next step's, never be missed.
   */
  private readonly balances = new Map<string, number | undefined>();

  constructor(
    private readonly t: Target,
    private readonly d: OtpDriver,
    private readonly subjects: [OtpSubject, OtpSubject],
    /** Boundary tolerance, ms (the real clock is an estimate from the Date header). */
    private readonly toleranceMs: number,
    /** expiration_date this many seconds ahead on sends that generate a new code (default expiry when absent). */
    private readonly expirySeconds?: number,
  ) {}

  private fail(message: string): never {
    throw new Error(`${message}\nsteps so far:\n  ${this.log.join('\n  ')}`);
  }

  async run(commands: readonly Command[]): Promise<void> {
    for (const command of commands) {
      if (command.kind !== 'exhaust') {
        await this.step(command);
        continue;
      }
      // A macro: wrong codes until the model leaves pending (at most a round and one more).
      for (let i = 0; i <= OTP_V2_RULES.attemptsPerRound && this.numbers[command.who].state === 'pending'; i++)
        await this.step({ kind: 'verify-wrong', who: command.who });
    }
  }

  /** One command: a wait, a status read, or a call whose answer must be a row of 3.1. */
  private async step(c: Command): Promise<void> {
    if (c.kind === 'wait') {
      await this.t.clock.wait(c.seconds);
      this.log.push(describe(c));
      return;
    }
    const m = this.numbers[c.who];
    const s = this.subjects[c.who];
    if (c.kind === 'status') return this.status(c, s, m);
    return this.call(c, s, m);
  }

  /**
   * A call judged over the window it was handled in: the row of 3.1 its answer matches is checked,
   * charged (4.4) and applied to the model; the balance is read around it (one read when the last
   * step left it known).
   */
  private async call(c: Call, s: OtpSubject, m: NumberModel): Promise<void> {
    const before = this.balances.has(s.key) ? this.balances.get(s.key) : await this.d.calls.balance(s);
    const from = await this.t.clock.now();
    const sent = await this.d.clock.tick();
    const { answer, candidatesIn } = await this.send(c, s, m, from, sent);
    const answered = await this.d.clock.tick();
    const window: Window = { from, to: await this.t.clock.now(), sent, answered };
    const after = await this.d.calls.balance(s);
    this.balances.set(s.key, after);
    const row = this.rowOf(c, m, answer, window, candidatesIn(window));
    if (row === undefined) {
      this.charge({ id: 'cooldown applied', charge: 0 }, s, before, after);
      return;
    }
    this.check(row, answer, m);
    this.charge(row, s, before, after);
    this.apply(row, answer, m, window);
  }

  /** Sends the call of `c`, begun at `from` on the target's clock and `sent` on the kit's. */
  private send(c: Call, s: OtpSubject, m: NumberModel, from: number, sent: number): Promise<Sent> {
    if (c.kind === 'delete') return this.sendDelete(s, m);
    if (c.kind === 'verify-right' || c.kind === 'verify-wrong') return this.sendVerify(c.kind, s, m);
    return this.sendCreate(c.kind === 'rotate', s, m, { from, to: from, sent, answered: sent });
  }

  /** DELETE /v2/otp: the delete row of each state the number may be in. */
  private async sendDelete(s: OtpSubject, m: NumberModel): Promise<Sent> {
    const answer = await this.d.calls.remove(s);
    const candidatesIn = (w: Window): OtpTransition[] =>
      this.statesIn(m, w, 'delete')
        .map((st) => matchOtpTransition(st, 'delete'))
        .filter(isRow);
    return { answer, candidatesIn };
  }

  /** POST /v2/otp/verify with the model's code or a wrong one: the rows its facts (code matches, last attempt) pick. */
  private async sendVerify(kind: 'verify-right' | 'verify-wrong', s: OtpSubject, m: NumberModel): Promise<Sent> {
    const code = kind === 'verify-right' ? (m.code ?? '123456') : wrongCodeFor(m.code ?? '123456');
    const answer = await this.d.calls.verify(s, code);
    const lockPoint = this.t.choices['otp-v2-lock-point'];
    // Once the round's attempts are used no code verifies, the right one included (3.1, 8).
    const spent = usedUp(m);
    const codeMatches = kind === 'verify-right' && m.code !== undefined && !spent;
    const lastAttempt = spent || (!codeMatches && lockPoint === 'seventh-wrong-locks' && m.attempts <= 1);
    const candidatesIn = (w: Window): OtpTransition[] =>
      this.statesIn(m, w, 'verify')
        .map((st) => matchOtpTransition(st, 'verify', { codeMatches, lastAttempt }))
        .filter(isRow);
    return { answer, candidatesIn };
  }

  /** POST /v2/otp (a create, a resend, or a rotation with code_rotate); `start` is the window's start alone. */
  private async sendCreate(codeRotate: boolean, s: OtpSubject, m: NumberModel, start: Window): Promise<Sent> {
    const candidatesIn = (w: Window): OtpTransition[] => {
      // 3.1 "within the 30 s cooldown": counted from the last send, itself known to a window.
      const cooling = this.cooling(m.lastSend, w);
      const options: boolean[] = cooling === 'either' ? [true, false] : [cooling];
      return this.statesIn(m, w, 'create')
        .flatMap((st) => options.map((withinCooldown) => matchOtpTransition(st, 'create', { codeRotate, withinCooldown } satisfies Partial<OtpFacts>)))
        .filter(isRow);
    };
    // expiration_date only where every candidate row generates a new code (4.4 says nothing of it on a resend).
    const newCode = candidatesIn(start).every((r) => (r.sideEffects as readonly string[]).includes('send-new-code'));
    const expiry = this.expirySeconds !== undefined && newCode ? { expiration_date: formatMexicoDateTime(start.from + this.expirySeconds * 1000) } : {};
    const answer = await this.d.calls.create(s, { ...(codeRotate ? { code_rotate: true } : {}), ...expiry });
    return { answer, candidatesIn };
  }

  /**
   * The row of 3.1 among `candidates` whose HTTP status the answer of `c` has, logged. Undefined when
   * none is and the target applied the cooldown where the table does not state it (recorded,
   * cooldownAppliedBeyondTable); any other answer fails the run.
   */
  private rowOf(c: Call, m: NumberModel, answer: Answer, window: Window, candidates: OtpTransition[]): OtpTransition | undefined {
    const states = this.statesIn(m, window, c.kind === 'delete' ? 'delete' : c.kind.startsWith('verify') ? 'verify' : 'create');
    const row = candidates.find((r) => (r.httpStatus === undefined ? answer.status === 200 : r.httpStatus === answer.status));
    this.log.push(
      `${describe(c)} [model ${states.join('|')}, ${m.attempts} left] → ` +
        `HTTP ${answer.status} ${String(answer.body.action ?? answer.body.error ?? '')} state=${String(answer.body.state)}`,
    );
    if (row) return row;
    if (this.cooldownAppliedBeyondTable(c, m, states, candidates, answer, window)) return undefined;
    this.fail(
      `3.1: expected ${candidates.map((r) => `${r.id} (HTTP ${r.httpStatus ?? 200})`).join(' or ')}, got HTTP ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  }

  /**
   * The states the number may be in during `window` for a call of `kind`: 3.1 pending + time,
   * expired once the code passed its expiry. A pending number whose round is used up (the 7th wrong
   * code answered 401 under after-seventh-wrong) is locked for a create (3.1 "7 attempts used up →
   * locked"); a verify may meet it as either, a status read may show either.
   */
  private statesIn(m: NumberModel, window: Window, kind: 'create' | 'verify' | 'delete' | 'status'): OtpState[] {
    const expiredFact: Fuzzy =
      m.state === 'pending' && m.expiresAt !== undefined ? fuzzy(window.from - m.expiresAt, window.to - m.expiresAt, this.toleranceMs) : false;
    const states: OtpState[] = expiredFact === 'either' ? ['pending', 'expired'] : [expiredFact ? 'expired' : m.state];
    if (m.state !== 'pending' || !usedUp(m) || kind === 'delete') return states;
    return kind === 'create' ? states.map((st) => (st === 'pending' ? 'locked' : st)) : [...states, 'locked'];
  }

  /** 3.1 "within the 30 s cooldown" of a call in `w`, the send known to `last`: on the kit's clock. */
  private cooling(last: Window | undefined, w: Window): Fuzzy {
    if (last === undefined) return false;
    const cooldown = OTP_V2_RULES.cooldownSeconds * 1000;
    return fuzzy(cooldown - (w.answered - last.sent), cooldown - (w.sent - last.answered), this.toleranceMs);
  }

  /**
   * A create answered 429 otp_throttled where no row of 3.1 predicts it: a target applying the
   * cooldown (8) to a create whose row does not state it (none after DELETE, expired, verified,
   * locked). Its reading, allowed when the call may have come within 30 s of the number's last send:
   * the error body of 4.4 with the row's state (or none), resend_available_in and Retry-After;
   * recorded; nothing changes. False when that is not the case (the model then fails).
   */
  private cooldownAppliedBeyondTable(
    c: Command,
    m: NumberModel,
    states: readonly OtpState[],
    candidates: readonly OtpTransition[],
    answer: Answer,
    w: Window,
  ): boolean {
    if (c.kind !== 'create' && c.kind !== 'resend' && c.kind !== 'rotate') return false;
    if (answer.status !== 429 || answer.body.error !== 'otp_throttled' || candidates.some((r) => r.error === 'otp_throttled')) return false;
    if (this.cooling(m.lastDelivery, w) === false) return false;
    const parsed = OtpErrorBody.safeParse(answer.json);
    if (!parsed.success) return false;
    const state = parsed.data.state;
    if (state !== undefined && state !== null && state !== '' && !states.includes(state)) return false;
    if (answer.headers['retry-after'] === undefined || parsed.data.resend_available_in === undefined)
      this.fail(`otp_throttled without Retry-After or resend_available_in (3.1, 7.3): ${answer.text.slice(0, 300)}`);
    judge(
      'rule:otp2.cooldown-reach',
      `${describe(c)} from ${states.join('|')}: the target applied the ${OTP_V2_RULES.cooldownSeconds} s cooldown (8), which this row of 3.1 does not state`,
      `HTTP 429 otp_throttled, resend_available_in ${String(parsed.data.resend_available_in)}`,
    );
    return true;
  }

  private async status(c: Command, s: OtpSubject, m: NumberModel): Promise<void> {
    const from = await this.t.clock.now();
    const sent = await this.d.clock.tick();
    const answer = await this.d.calls.status(s);
    const answered = await this.d.clock.tick();
    const states = this.statesIn(m, { from, to: await this.t.clock.now(), sent, answered }, 'status');
    this.log.push(`${describe(c)} [model ${states.join('|')}] → HTTP ${answer.status} state=${String(answer.body.state)}`);
    if (this.t.choices['otp-status-request-shape'] !== 'query') {
      // The request shape is not shown (4.4): the model reads no state from this answer, and a 5xx is judged as the
      // server error it is (7.1 server_01, a reading: warn); the run goes on, the model's state untouched by it.
      judge('rule:envelope.no-server-error', 'GET /v2/otp/status is never a server error', () =>
        expect(answer.status, `HTTP ${answer.status} ${answer.text.slice(0, 200)}`).toBeLessThan(500),
      );
      return;
    }
    const parsed = OtpStatusResponse.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success) this.fail(`GET /v2/otp/status: not a success (HTTP ${answer.status}): ${answer.text.slice(0, 200)}`);
    const state = parsed.data.state;
    if (!state || !states.includes(state)) this.fail(`GET /v2/otp/status: state ${String(state)}, model says ${states.join(' or ')}`);
    if (state === 'expired' && m.state === 'pending') m.state = 'expired';
    if (state === 'locked' && m.state === 'pending' && usedUp(m)) m.state = 'locked';
    // 4.4: read-only. attempts_remaining, when given, is the model's.
    if (parsed.data.attempts_remaining !== undefined && (state === 'pending' || state === 'locked') && parsed.data.attempts_remaining !== m.attempts)
      this.fail(`GET /v2/otp/status: attempts_remaining ${parsed.data.attempts_remaining}, model says ${m.attempts}`);
  }

  private check(row: OtpTransition, answer: Answer, m: NumberModel): void {
    const body = answer.body;
    if (row.trigger === 'create' && row.action) {
      const parsed = OtpCreateResponse.safeParse(answer.json);
      if (!parsed.success) this.fail(`${row.id}: the body is not the create success of 4.4: ${answer.text.slice(0, 300)}`);
      if (parsed.data.action !== row.action) this.fail(`${row.id}: action ${parsed.data.action}, 3.1 says ${row.action}`);
    }
    if (answer.status >= 400) {
      const parsed = OtpErrorBody.safeParse(answer.json);
      if (!parsed.success) this.fail(`${row.id}: not the error body of 4.4: ${answer.text.slice(0, 300)}`);
      if (row.error && parsed.data.error !== row.error) this.fail(`${row.id}: error ${parsed.data.error}, 7.3 says ${row.error}`);
      if (row.error === 'otp_throttled' && (answer.headers['retry-after'] === undefined || parsed.data.resend_available_in === undefined))
        this.fail(`${row.id}: otp_throttled without Retry-After or resend_available_in`);
    }
    if (row.next === 'not-shown') {
      judge('otp-state-after-verified-restart', `state=${String(body.state)}`, body.state === 'pending');
      if (this.t.choices['otp-state-after-verified-restart'] === 'pending' && body.state !== 'pending')
        this.fail(`${row.id}: state ${String(body.state)}, profile says pending`);
    } else if (this.leavesRoundUsedUp(row, answer, m)) {
      // otp-v2-lock-point=after-seventh-wrong: the 401 of the 7th wrong code; its state is not stated.
      judge(
        'otp-v2-lock-point',
        'state with the 401 of the 7th wrong code (otp-v2-lock-point=after-seventh-wrong; 3.1 does not say)',
        `state ${String(body.state)}`,
      );
      if (body.state !== 'pending' && body.state !== 'locked')
        this.fail(`${row.id}: state ${String(body.state)}, expected pending (attempts left 0) or locked`);
    } else if (row.trigger !== 'delete' || body.state !== undefined) {
      if (body.state !== row.next) this.fail(`${row.id}: state ${String(body.state)}, 3.1 says ${row.next}`);
    }
    const effects = row.sideEffects as readonly string[];
    if (effects.includes('fresh-attempts') && body.attempts_remaining !== OTP_V2_RULES.attemptsPerRound)
      this.fail(`${row.id}: attempts_remaining ${String(body.attempts_remaining)}, expected fresh ${OTP_V2_RULES.attemptsPerRound}`);
    if (effects.includes('decrement-attempts') && answer.status === 401 && body.attempts_remaining !== m.attempts - 1)
      this.fail(`${row.id}: attempts_remaining ${String(body.attempts_remaining)}, expected ${m.attempts - 1}`);
    if (effects.includes('resend-same-code') && (body.code !== m.code || body.attempts_remaining !== m.attempts))
      this.fail(`${row.id}: a resend must keep the code and the attempts (${String(body.code)}/${String(body.attempts_remaining)})`);
    if (effects.includes('send-new-code') && typeof body.code !== 'string') this.fail(`${row.id}: no code although code_in_response=true`);
  }

  /** The wrong code answering 401 that leaves no attempt of the round (only under after-seventh-wrong). */
  private leavesRoundUsedUp(row: OtpTransition, answer: Answer, m: NumberModel): boolean {
    return (row.sideEffects as readonly string[]).includes('decrement-attempts') && answer.status === 401 && m.attempts - 1 <= 0;
  }

  private charge(row: Pick<OtpTransition, 'id' | 'charge'>, s: OtpSubject, before: number | undefined, after: number | undefined): void {
    if (before === undefined || after === undefined) return;
    const spent = Math.round((before - after) * 100) / 100;
    const expected = s.sandbox ? 0 : row.charge;
    if (expected === 0 && spent !== 0) this.fail(`${row.id}: charged ${spent}, 4.4 says nothing is charged`);
    if (expected === 1) {
      if (!(spent > 0)) this.fail(`${row.id}: charged ${spent}, 4.4 says one message`);
      if (this.unit !== undefined && spent !== this.unit) this.fail(`${row.id}: charged ${spent}, one message cost ${this.unit} before`);
      this.unit = spent;
    }
  }

  private apply(row: OtpTransition, answer: Answer, m: NumberModel, window: Window): void {
    const body = answer.body;
    const next: OtpState = row.next === 'not-shown' ? (body.state as OtpState) : row.next;
    const effects = row.sideEffects as readonly string[];
    if (effects.includes('invalidate')) {
      Object.assign(m, { state: 'none', code: undefined, attempts: 0, lastSend: undefined, expiresAt: undefined });
      return;
    }
    // The 401 of a 7th wrong code may say locked (leavesRoundUsedUp): the model follows the answer.
    m.state = this.leavesRoundUsedUp(row, answer, m) && body.state === 'locked' ? 'locked' : next;
    if (effects.includes('send-new-code')) {
      m.code = String(body.code);
      m.expiresAt = expiresAtMs(answer);
    }
    if (effects.includes('fresh-attempts')) m.attempts = OTP_V2_RULES.attemptsPerRound;
    if (effects.includes('decrement-attempts')) m.attempts = Math.max(0, m.attempts - 1);
    if (effects.includes('send-new-code') || effects.includes('resend-same-code')) [m.lastSend, m.lastDelivery] = [window, window];
  }
}
