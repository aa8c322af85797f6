/**
 * Section 3.1: the state table of a current OTP verification (per phone_number + country_code),
 * with the code_custom rules of the paragraph below it, as data.
 *
 * A row matches when its state and trigger match and every fact named in `when` equals the fact of
 * the request; rows are tried in order and the first match wins. Facts left out of `when` do not
 * matter for that row. Everything a row says comes from 3.1 or 4.4; `derivedFrom` marks the cells
 * that 3.1 leaves blank and another section fills, and `notShown` the ones nothing fills.
 */
import type { OtpState } from './envelope.ts';
import { limitById } from './limits.ts';

export type OtpTrigger = 'create' | 'verify' | 'delete' | 'time';
export type OtpAction = 'created' | 'resent' | 'restarted';
export type OtpSideEffect = 'send-new-code' | 'resend-same-code' | 'discard-old-code' | 'fresh-attempts' | 'decrement-attempts' | 'invalidate';

/** Facts about a request against the stored verification, as the table's conditions name them. */
export interface OtpFacts {
  /** code_rotate=true in the request. */
  codeRotate: boolean;
  /** The 30 s resend cooldown (8) has not elapsed since the last send. */
  withinCooldown: boolean;
  /** code_custom: absent, equal to the stored code, or different from it. */
  customCode: 'absent' | 'same' | 'different';
  /** verify: the code sent equals the stored code (case-sensitive, 4.4). */
  codeMatches: boolean;
  /** verify: this wrong attempt is the last of the round's 7 (8). */
  lastAttempt: boolean;
}

export interface OtpTransition {
  id: string;
  state: OtpState | 'any';
  trigger: OtpTrigger;
  condition: string;
  when: Partial<OtpFacts>;
  /** 'unchanged' keeps the state; 'not-shown' is the verified restart of 3.1. */
  next: OtpState | 'not-shown';
  httpStatus?: number;
  action?: OtpAction;
  /** The slug of the error body (7.3), where the document names it. */
  error?: string;
  sideEffects: readonly OtpSideEffect[];
  /** Messages charged (4.4: only sending a message charges one message; sandbox charges nothing). */
  charge: 0 | 1;
  also: string;
  section: string;
  derivedFrom?: string;
  notShown?: string;
  ambiguity?: string;
}

const NEW_ROUND: readonly OtpSideEffect[] = ['discard-old-code', 'send-new-code', 'fresh-attempts'];

export const OTP_V2_TRANSITIONS = [
  // --- POST /v2/otp -------------------------------------------------------------------------
  {
    id: 'none-create',
    state: 'none',
    trigger: 'create',
    condition: 'always',
    when: {},
    next: 'pending',
    httpStatus: 201,
    action: 'created',
    sideEffects: ['send-new-code', 'fresh-attempts'],
    charge: 1,
    also: 'new code sent, HTTP 201, action=created, one message charged',
    section: '3.1',
  },
  {
    id: 'expired-create',
    state: 'expired',
    trigger: 'create',
    condition: 'always',
    when: {},
    next: 'pending',
    httpStatus: 201,
    action: 'created',
    sideEffects: NEW_ROUND,
    charge: 1,
    also: 'new code sent, HTTP 201, action=created',
    section: '3.1',
    derivedFrom: '4.4: create charges one message',
  },
  {
    id: 'pending-create-throttled',
    state: 'pending',
    trigger: 'create',
    condition: 'within the 30 s cooldown',
    when: { withinCooldown: true },
    next: 'pending',
    httpStatus: 429,
    error: 'otp_throttled',
    sideEffects: [],
    charge: 0,
    also: 'HTTP 429 otp_throttled with resend_available_in and Retry-After header',
    section: '3.1',
  },
  {
    id: 'pending-create-custom-same',
    state: 'pending',
    trigger: 'create',
    condition: 'code_custom equal to the current code, cooldown elapsed',
    when: { customCode: 'same' },
    next: 'pending',
    httpStatus: 200,
    action: 'resent',
    sideEffects: ['resend-same-code'],
    charge: 1,
    also: 'plain resend; never resets attempts (code_rotate ignored)',
    section: '3.1',
    derivedFrom: '4.4: HTTP 200 for resent',
  },
  {
    id: 'pending-create-custom-different',
    state: 'pending',
    trigger: 'create',
    condition: 'code_custom different from the current code, cooldown elapsed',
    when: { customCode: 'different' },
    next: 'pending',
    httpStatus: 200,
    action: 'restarted',
    sideEffects: NEW_ROUND,
    charge: 1,
    also: 'new round: replaces the code, 7 fresh attempts (code_rotate ignored)',
    section: '3.1',
    derivedFrom: '4.4: HTTP 200 for restarted',
  },
  {
    id: 'pending-create-rotate',
    state: 'pending',
    trigger: 'create',
    condition: 'code_rotate=true, cooldown elapsed',
    when: { customCode: 'absent', codeRotate: true },
    next: 'pending',
    httpStatus: 200,
    action: 'restarted',
    sideEffects: NEW_ROUND,
    charge: 1,
    also: 'old code discarded, new code, 7 fresh attempts, HTTP 200, action=restarted',
    section: '3.1',
  },
  {
    id: 'pending-create-resend',
    state: 'pending',
    trigger: 'create',
    condition: 'no code_rotate, cooldown elapsed',
    when: { customCode: 'absent', codeRotate: false },
    next: 'pending',
    httpStatus: 200,
    action: 'resent',
    sideEffects: ['resend-same-code'],
    charge: 1,
    also: 'same code resent (optionally on another channel), HTTP 200, action=resent',
    section: '3.1',
  },
  {
    id: 'locked-create-custom-same',
    state: 'locked',
    trigger: 'create',
    condition: 'code_custom equal to the current code',
    when: { customCode: 'same' },
    next: 'locked',
    httpStatus: 429,
    error: 'otp_max_attempts',
    sideEffects: [],
    charge: 0,
    also: 'the same code on a locked verification answers 429 otp_max_attempts',
    section: '3.1',
  },
  {
    id: 'locked-create-custom-different',
    state: 'locked',
    trigger: 'create',
    condition: 'code_custom different from the current code',
    when: { customCode: 'different' },
    next: 'pending',
    httpStatus: 200,
    action: 'restarted',
    sideEffects: NEW_ROUND,
    charge: 1,
    also: 'a different code starts a new round: replaces the code, 7 fresh attempts',
    section: '3.1',
    derivedFrom: '4.4: HTTP 200 for restarted',
  },
  {
    id: 'locked-create-rotate',
    state: 'locked',
    trigger: 'create',
    condition: 'code_rotate=true',
    when: { customCode: 'absent', codeRotate: true },
    next: 'pending',
    httpStatus: 200,
    action: 'restarted',
    sideEffects: NEW_ROUND,
    charge: 1,
    also: 'new code, 7 fresh attempts',
    section: '3.1',
    derivedFrom: '4.4: a rotation is action=restarted, HTTP 200',
  },
  {
    id: 'locked-create-no-rotate',
    state: 'locked',
    trigger: 'create',
    condition: 'no code_rotate',
    when: { customCode: 'absent', codeRotate: false },
    next: 'locked',
    httpStatus: 429,
    error: 'otp_max_attempts',
    sideEffects: [],
    charge: 0,
    also: 'HTTP 429 otp_max_attempts',
    section: '3.1',
  },
  {
    id: 'verified-create',
    state: 'verified',
    trigger: 'create',
    condition: 'always',
    when: {},
    next: 'not-shown',
    httpStatus: 201,
    action: 'restarted',
    sideEffects: NEW_ROUND,
    charge: 1,
    also: 'new cycle started, HTTP 201, action=restarted',
    section: '3.1',
    notShown: 'resulting state value: not shown',
    ambiguity: 'otp-state-after-verified-restart',
  },
  // --- POST /v2/otp/verify ------------------------------------------------------------------
  {
    id: 'pending-verify-correct',
    state: 'pending',
    trigger: 'verify',
    condition: 'code matches',
    when: { codeMatches: true },
    next: 'verified',
    httpStatus: 200,
    sideEffects: [],
    charge: 0,
    also: 'HTTP 200',
    section: '3.1',
  },
  {
    id: 'pending-verify-wrong',
    state: 'pending',
    trigger: 'verify',
    condition: 'code wrong, attempts remain',
    when: { codeMatches: false, lastAttempt: false },
    next: 'pending',
    httpStatus: 401,
    error: 'otp_incorrect_code',
    sideEffects: ['decrement-attempts'],
    charge: 0,
    also: 'HTTP 401, attempts_remaining decremented',
    section: '3.1',
    derivedFrom: '7.3: otp_incorrect_code (verify, 401)',
  },
  {
    id: 'pending-verify-exhausted',
    state: 'pending',
    trigger: 'verify',
    condition: '7 attempts used up',
    when: { codeMatches: false, lastAttempt: true },
    next: 'locked',
    httpStatus: 429,
    sideEffects: ['decrement-attempts'],
    charge: 0,
    also: 'HTTP 429',
    section: '3.1',
    ambiguity: 'otp-v2-lock-point',
  },
  {
    id: 'verified-verify',
    state: 'verified',
    trigger: 'verify',
    condition: 'any code',
    when: {},
    next: 'verified',
    httpStatus: 409,
    sideEffects: [],
    charge: 0,
    also: 'HTTP 409',
    section: '3.1',
  },
  {
    id: 'none-verify',
    state: 'none',
    trigger: 'verify',
    condition: 'any code',
    when: {},
    next: 'none',
    httpStatus: 404,
    sideEffects: [],
    charge: 0,
    also: 'HTTP 404',
    section: '3.1',
  },
  {
    id: 'expired-verify',
    state: 'expired',
    trigger: 'verify',
    condition: 'any code',
    when: {},
    next: 'expired',
    httpStatus: 410,
    sideEffects: [],
    charge: 0,
    also: 'verify answers HTTP 410',
    section: '3.1',
    derivedFrom: '3.1, row pending + time: "verify answers HTTP 410"',
  },
  {
    id: 'locked-verify',
    state: 'locked',
    trigger: 'verify',
    condition: 'any code',
    when: {},
    next: 'locked',
    httpStatus: 429,
    sideEffects: [],
    charge: 0,
    also: 'attempts exhausted; rotate with code_rotate=true',
    section: '4.4',
    derivedFrom: '4.4 verify table: 429 attempts exhausted (3.1 has no locked + verify row)',
    ambiguity: 'otp-v2-lock-point',
  },
  // --- time and DELETE ----------------------------------------------------------------------
  {
    id: 'pending-expires',
    state: 'pending',
    trigger: 'time',
    condition: 'code passed its expiry without verification',
    when: {},
    next: 'expired',
    sideEffects: [],
    charge: 0,
    also: 'verify answers HTTP 410',
    section: '3.1',
  },
  {
    id: 'any-delete',
    state: 'any',
    trigger: 'delete',
    condition: 'always',
    when: {},
    next: 'none',
    sideEffects: ['invalidate'],
    charge: 0,
    also: 'verification invalidated, nothing sent, no charge',
    section: '3.1',
  },
] as const satisfies readonly OtpTransition[];

export type OtpTransitionId = (typeof OTP_V2_TRANSITIONS)[number]['id'];

const DEFAULT_FACTS: OtpFacts = { codeRotate: false, withinCooldown: false, customCode: 'absent', codeMatches: false, lastAttempt: false };

/** The row of the table that applies to `trigger` on a verification in `state` with `facts`. */
export function matchOtpTransition(state: OtpState, trigger: OtpTrigger, facts: Partial<OtpFacts> = {}): OtpTransition | undefined {
  const all: OtpFacts = { ...DEFAULT_FACTS, ...facts };
  return (OTP_V2_TRANSITIONS as readonly OtpTransition[]).find(
    (row) =>
      (row.state === state || row.state === 'any') &&
      row.trigger === trigger &&
      (Object.keys(row.when) as (keyof OtpFacts)[]).every((k) => row.when[k] === all[k]),
  );
}

/** 4.4/8: the numbers the table's conditions refer to, read from the limits table. */
export const OTP_V2_RULES = {
  attemptsPerRound: limitById('otp-v2-attempts').max!,
  cooldownSeconds: limitById('otp-v2-cooldown').min!,
  defaultExpiryHours: limitById('otp-v2-expiry').default!,
  maxExpiryHours: limitById('otp-v2-expiry').max!,
  defaultCodeLength: limitById('otp-v2-code-length').default!,
  minCodeLength: limitById('otp-v2-code-length').min!,
  maxCodeLength: limitById('otp-v2-code-length').max!,
  maxMessageLength: limitById('otp-v2-message-length').max!,
} as const;
