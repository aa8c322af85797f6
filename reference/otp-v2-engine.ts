/**
 * The current OTP state machine (3.1) of the reference server, driven by the table of
 * schemas/otp-v2-transitions.ts: this module only computes the facts a row's conditions name
 * (codeRotate, withinCooldown, customCode, codeMatches, lastAttempt), asks the table for the row
 * (`matchOtpTransition`) and applies the row's next state and side effects. What a row answers
 * (HTTP status, action, slug, charge) is read by the handler from the row itself.
 *
 * One record per phone_number + country_code (2.10, 3.1), per account (areaState). The state
 * 'none' is the absence of a record. Time comes from the server clock (possibly virtual); expiry
 * (the 'time' row of 3.1) is applied lazily whenever a record is read. Memory stays bounded: a
 * record that has been verified or expired for longer than RETENTION_MS is dropped when touched,
 * and each account keeps at most MAX_RECORDS records (least recently written go first).
 */
import { randomInt } from 'node:crypto';
import type { OtpState } from '../schemas/envelope.ts';
import { OTP_CODE_ALPHABETS, type OtpChannel, type OtpCodeFormat } from '../schemas/otp-v2.ts';
import { matchOtpTransition, OTP_V2_RULES, type OtpFacts, type OtpTransition } from '../schemas/otp-v2-transitions.ts';
import { areaState, type Account } from './accounts.ts';
import { NO_FAULT, type Seams } from './seams.ts';

/** How long a settled (verified or expired) record is kept before it may be dropped. */
export const RETENTION_MS = 60 * 60 * 1000;
/** Records kept per account and area, so that a flood of numbers cannot exhaust memory. */
const MAX_RECORDS = 50_000;
/** Oldest records looked at for staleness on each write (amortised clean-up). */
const SWEEP_PER_WRITE = 4;

/**
 * 3.1 verified + POST /v2/otp: "resulting state value: not shown" (ambiguity
 * otp-state-after-verified-restart). The server answers 'pending', as after any new code.
 */
const STATE_AFTER_VERIFIED_RESTART: OtpState = 'pending';

/** Ambiguity otp-v2-lock-point: which wrong verify is the table's "last attempt". */
export type OtpLockPoint = 'seventh-wrong-locks' | 'after-seventh-wrong';

// ---------------------------------------------------------------------------------------------
// A bounded map of records, shared with the legacy OTP handlers.
// ---------------------------------------------------------------------------------------------

/**
 * Records by key in write order (oldest first). `staleSince` says since when a record has been
 * settled (undefined: it is live); a record settled for more than RETENTION_MS is dropped.
 */
export class RecordBook<R> {
  private readonly records = new Map<string, R>();

  constructor(
    private readonly staleSince: (record: R, now: number) => number | undefined,
    private readonly cap: number = MAX_RECORDS,
  ) {}

  /** The record of `key`, unless it has gone stale (then it is dropped). */
  get(key: string, now: number): R | undefined {
    const record = this.records.get(key);
    if (record === undefined) return undefined;
    if (!this.isStale(record, now)) return record;
    this.records.delete(key);
    return undefined;
  }

  /** Stores `record` as the newest entry, then cleans up the oldest ones. */
  put(key: string, record: R, now: number): void {
    this.records.delete(key);
    this.records.set(key, record);
    this.sweep(now);
  }

  delete(key: string): void {
    this.records.delete(key);
  }

  get size(): number {
    return this.records.size;
  }

  private isStale(record: R, now: number): boolean {
    const since = this.staleSince(record, now);
    return since !== undefined && now - since > RETENTION_MS;
  }

  private sweep(now: number): void {
    let looked = 0;
    for (const [key, record] of this.records) {
      if (looked++ >= SWEEP_PER_WRITE) break;
      if (this.isStale(record, now)) this.records.delete(key);
    }
    while (this.records.size > this.cap) {
      const oldest = this.records.keys().next();
      if (oldest.done) break;
      this.records.delete(oldest.value);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Codes.
// ---------------------------------------------------------------------------------------------

/** A random code of `length` characters drawn from the alphabet of `format` (4.4, 4.5). */
export function generateCode(length: number, format: OtpCodeFormat): string {
  const alphabet = OTP_CODE_ALPHABETS[format];
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

// ---------------------------------------------------------------------------------------------
// The current OTP record and the table-driven transitions.
// ---------------------------------------------------------------------------------------------

export interface OtpRecord {
  /** Never 'none': 'none' is the absence of a record. */
  state: Exclude<OtpState, 'none'>;
  /** Stored and compared as sent (4.4 code_custom: case-sensitive). */
  code: string;
  attemptsRemaining: number;
  expiresAt: number;
  /** Instant of the last delivered send; undefined when the last send failed (4.4: retry the send). */
  lastSentAt?: number;
  channel: OtpChannel;
  /** When the record became verified or expired (retention). */
  settledAt?: number;
}

/** What the handler supplies when a row sends: the new code and its expiry, the channel, the send time. */
export interface OtpEffects {
  newCode?: string;
  expiresAt?: number;
  channel?: OtpChannel;
  /** The send was delivered at this instant; undefined when it failed (402: the code stays registered). */
  sentAt?: number;
  /** The server's seams (seams.ts), for the attempts of 3.1 and 8. */
  seams?: Seams;
}

export const otpKey = (phoneNumber: string, countryCode: string): string => `${countryCode}:${phoneNumber}`;

export const stateOf = (record: OtpRecord | undefined): OtpState => record?.state ?? 'none';

/** A row that sends a message (create, resend or rotate: 4.4 "only sending a message charges"). */
export const rowSends = (row: OtpTransition): boolean => row.sideEffects.includes('send-new-code') || row.sideEffects.includes('resend-same-code');

/** A row that generates a new code (code_length and code_format apply only then, 4.4). */
export const rowGeneratesCode = (row: OtpTransition): boolean => row.sideEffects.includes('send-new-code');

/** Seconds until the 30 s cooldown (8) since the last delivered send has elapsed. */
export function resendAvailableIn(record: OtpRecord | undefined, now: number, cooldownSeconds: number = OTP_V2_RULES.cooldownSeconds): number {
  if (record?.lastSentAt === undefined) return 0;
  const left = record.lastSentAt + cooldownSeconds * 1000 - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** Facts of POST /v2/otp against the stored record (3.1 and its code_custom paragraph). */
export function createFacts(
  record: OtpRecord | undefined,
  request: { codeRotate: boolean; codeCustom?: string },
  now: number,
  seams: Seams = NO_FAULT,
): Partial<OtpFacts> {
  // 3.1 code_custom: the same code is a plain resend (on a locked verification it stays locked), a different one a new round.
  const same = record !== undefined && record.code === request.codeCustom;
  const customCode = seams.at('otp2.code-custom-comparison', request.codeCustom === undefined ? 'absent' : same ? 'same' : 'different', {
    state: createStateOf(record),
  });
  // 8: the cooldown is 30 s.
  const cooldown = seams.at('otp2.resend-cooldown-seconds', OTP_V2_RULES.cooldownSeconds);
  return { codeRotate: request.codeRotate, withinCooldown: resendAvailableIn(record, now, cooldown) > 0, customCode };
}

/**
 * 3.1 "7 attempts used up → locked", 8 "7 per code round": whether the round's attempts are all
 * used. A locked record's are; so are those of a pending record with none left, which exists only
 * under otp-v2-lock-point 'after-seventh-wrong' (the 7th wrong code answered 401 with 0 left).
 */
const roundUsedUp = (record: OtpRecord | undefined): boolean =>
  record !== undefined && (record.state === 'locked' || (record.state === 'pending' && record.attemptsRemaining <= 0));

/**
 * The state a POST /v2/otp is matched in: the record's, except that a pending record whose round is
 * used up is locked (3.1 "7 attempts used up → locked"), so that without code_rotate it answers
 * 429 otp_max_attempts and a rotation starts a new round.
 */
export function createStateOf(record: OtpRecord | undefined): OtpState {
  return record?.state === 'pending' && roundUsedUp(record) ? 'locked' : stateOf(record);
}

/** What a verify is matched with in the table of 3.1: a state and the facts of its conditions. */
export interface VerifyMatch {
  state: OtpState;
  facts: Partial<OtpFacts>;
}

/**
 * State and facts of POST /v2/otp/verify. lastAttempt follows otp-v2-lock-point: under
 * 'seventh-wrong-locks' the wrong attempt that leaves 0 remaining is the last; under
 * 'after-seventh-wrong' the 7th wrong code answers 401 with 0 left, and the next verify is the
 * locking one. Either way, once the round's 7 attempts are used no code verifies, the right one
 * included (8: "7 per code round"; an 8th attempt is none of the 7): the code is not compared, and
 * the answer is the lock's 429 (pending: the row "7 attempts used up"; locked: 4.4 "429 attempts
 * exhausted").
 */
export function verifyFacts(record: OtpRecord | undefined, code: string, lockPoint: OtpLockPoint, seams: Seams = NO_FAULT): VerifyMatch {
  const state = stateOf(record);
  // 4.4: "case-sensitive, stored and compared as sent".
  const codeMatches = seams.at('otp2.code-matches', record !== undefined && record.code === code, { stored: record?.code, sent: code });
  if (roundUsedUp(record)) {
    // 3.1, 8: the round's attempts are used up: no code verifies (the seam's value is false).
    if (seams.at('otp2.eighth-attempt-verifies', false, { codeMatches, state })) return { state: 'pending', facts: { codeMatches: true, lastAttempt: false } };
    return { state, facts: { codeMatches: false, lastAttempt: true } };
  }
  const remaining = record?.attemptsRemaining ?? 0;
  const lastAttempt = !codeMatches && lockPoint === 'seventh-wrong-locks' && remaining <= 1;
  return { state, facts: { codeMatches, lastAttempt } };
}

/** The row's next state, with the server's pick where 3.1 shows none. */
function nextStateOf(row: OtpTransition): OtpState {
  return row.next === 'not-shown' ? STATE_AFTER_VERIFIED_RESTART : row.next;
}

/**
 * The record after `row` (undefined: state none). Pure: the caller stores the result. `now` is the
 * instant of the transition (for the time row, the expiry instant).
 */
export function applyRow(previous: OtpRecord | undefined, row: OtpTransition, effects: OtpEffects, now: number): OtpRecord | undefined {
  const state = nextStateOf(row);
  if (state === 'none' || row.sideEffects.includes('invalidate')) return undefined;
  let code: string | undefined = previous?.code;
  let expiresAt = previous?.expiresAt;
  let attempts = previous?.attemptsRemaining ?? 0;
  const seams = effects.seams ?? NO_FAULT;
  // 3.1 Also column: a new round (rotation, different code_custom) gives 7 fresh attempts, a wrong
  // code decrements attempts_remaining; "The same code is a plain resend and never resets attempts".
  for (const effect of seams.at('otp2.row-side-effects', row.sideEffects, { row: row.id })) {
    if (effect === 'discard-old-code') code = undefined;
    else if (effect === 'send-new-code') [code, expiresAt] = [effects.newCode, effects.expiresAt];
    // A resend keeps the code; a given expiration_date moves its expiry (server choice, 4.4 silent).
    else if (effect === 'resend-same-code') expiresAt = effects.expiresAt ?? expiresAt;
    // 8: 7 attempts per round.
    else if (effect === 'fresh-attempts') attempts = seams.at('otp2.attempts-per-round', OTP_V2_RULES.attemptsPerRound);
    else if (effect === 'decrement-attempts') attempts = Math.max(0, attempts - 1);
  }
  if (code === undefined || expiresAt === undefined) throw new Error(`OTP row ${row.id} left no code or expiry`);
  const sends = rowSends(row);
  const settled = state === 'verified' || state === 'expired';
  return {
    state,
    code,
    attemptsRemaining: attempts,
    expiresAt,
    lastSentAt: sends ? effects.sentAt : previous?.lastSentAt,
    channel: (sends ? effects.channel : undefined) ?? previous?.channel ?? 'sms',
    settledAt: settled ? (previous?.state === state ? previous.settledAt : now) : undefined,
  };
}

/** Since when a record has been settled (retention): verified, expired, or pending past its expiry. */
function otpStaleSince(record: OtpRecord, now: number): number | undefined {
  if (record.state === 'pending') return now >= record.expiresAt ? record.expiresAt : undefined;
  return record.state === 'verified' || record.state === 'expired' ? record.settledAt : undefined;
}

/** The current OTP records of one account. */
export class OtpVerifications {
  private readonly book = new RecordBook<OtpRecord>(otpStaleSince);

  static of(account: Account): OtpVerifications {
    return areaState(account, 'otp-v2', () => new OtpVerifications());
  }

  /**
   * The record of `key` as of `now`: 3.1 "pending, time: code passed its expiry without
   * verification → expired", evaluated lazily through the table's time row.
   */
  observe(key: string, now: number, seams: Seams = NO_FAULT): OtpRecord | undefined {
    const record = this.book.get(key, now);
    // 3.1 pending + time → expired: "code passed its expiry without verification".
    if (record?.state !== 'pending' || !seams.at('otp2.pending-expires', now >= record.expiresAt)) return record;
    const row = matchOtpTransition('pending', 'time');
    if (!row) return record;
    const expired = applyRow(record, row, {}, record.expiresAt);
    this.store(key, expired, now);
    return expired;
  }

  /** Applies `row` to the record of `key` and stores the outcome (undefined: back to none). */
  apply(key: string, previous: OtpRecord | undefined, row: OtpTransition, effects: OtpEffects, now: number): OtpRecord | undefined {
    const next = applyRow(previous, row, effects, now);
    this.store(key, next, now);
    return next;
  }

  get size(): number {
    return this.book.size;
  }

  private store(key: string, record: OtpRecord | undefined, now: number): void {
    if (record === undefined) this.book.delete(key);
    else this.book.put(key, record, now);
  }
}
