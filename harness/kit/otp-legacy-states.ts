/**
 * The states of a number in the legacy OTP set (4.5, 7.2) as the kit sees them through the
 * documented API, and the ways from one to another: two small tables, and a planner over them.
 * Nothing here calls a target (otp-legacy-numbers.ts does); everything is unit-tested.
 *
 *  - OBSERVED: what an answer of /otp/send, /otp/resend, /otp/verify or /otp/reset tells of the
 *    number's state (7.2's codes: verification_01 generated, _03 awaiting verification, _04 already
 *    verified, validation_04 no record, _05 wrong code...). Every answer a test gets on a number
 *    the kit lent it updates the kit's record, so that the next test starts from what is known.
 *  - STEPS: the documented transitions the kit may take to bring a number to the state a test
 *    needs, with what each costs (a charged send, a verify attempt of 7.2's hourly count) and the
 *    condition under which it holds. A reset is a step only as this target behaves (4.5 "listed as
 *    restarting an OTP verification": it clears, or it restarts with a code the kit cannot know,
 *    found out once per run).
 *
 * From a pending code the kit does not know, POST /otp/resend with showcode=1 ("plus ... showcode
 * ... as in send", reset_code false "keeps the same") shows it; with it a verify reaches verified.
 * No documented transition leads back to "no record" but a reset that clears. Most tests need less:
 * a number a send generates a code for (7.2 verification_01), which is also an expired code where
 * the target takes the send after expiry as the restart (7.2 _25 "restart needed", ambiguity
 * otp-legacy-expired-send-code=new-code). A pending code expires by a resend with an expiration_date
 * a few seconds ahead (4.5: resend takes expiration_date "as in send") and a wait past it.
 */
import { z } from 'zod';

/** What the kit knows of a number: 7.2's states, `unknown` until an answer told, `locked` once validation_03 answered. */
const LegacyState = z.enum(['unknown', 'none', 'pending', 'verified', 'expired', 'locked']);
type LegacyState = z.infer<typeof LegacyState>;

export const LegacyNumberRecord = z.object({
  state: LegacyState,
  /** The pending code, when an answer showed it (showcode=1, 4.5); null otherwise. */
  code: z.string().nullable(),
  /** Instants (ms) of the wrong codes sent to it in this run: 7.2 validation_03 counts "attempts per hour". */
  wrongAt: z.array(z.number()),
});
export type LegacyNumberRecord = z.infer<typeof LegacyNumberRecord>;

export const UNKNOWN_NUMBER: LegacyNumberRecord = { state: 'unknown', code: null, wrongAt: [] };
export const NEW_NUMBER: LegacyNumberRecord = { state: 'none', code: null, wrongAt: [] };

/** What POST /otp/reset does on this target: `unknown` until the run found out (otp-legacy-numbers.ts). */
export type ResetEffect = 'clears' | 'restarts' | 'other' | 'unknown';

export type LegacyOperation = 'otp-legacy/send' | 'otp-legacy/resend' | 'otp-legacy/verify' | 'otp-legacy/reset';

/** How an answer changes the record: the state it shows, what becomes of the code, a wrong attempt counted. */
interface Change {
  state: LegacyState;
  /** shown: the answer's verification_code (or unknown); kept: the code known before, if it was pending; none: no code. */
  code: 'shown' | 'kept' | 'none';
  wrong?: true;
}

const PENDING_SHOWN: Change = { state: 'pending', code: 'shown' };
const VERIFIED: Change = { state: 'verified', code: 'none' };
const EXPIRED: Change = { state: 'expired', code: 'none' };
const NO_RECORD: Change = { state: 'none', code: 'none' };

/** 7.2's codes, per operation, that tell the number's state; any other answer (a refusal of a field) changes nothing. */
const OBSERVED: Readonly<Record<LegacyOperation, Readonly<Record<string, Change>>>> = {
  'otp-legacy/send': {
    verification_01: PENDING_SHOWN,
    verification_03: { state: 'pending', code: 'kept' },
    verification_04: VERIFIED,
    verification_02: EXPIRED,
    verification_25: EXPIRED,
  },
  'otp-legacy/resend': { verification_01: PENDING_SHOWN, verification_04: VERIFIED, verification_02: EXPIRED, verification_25: EXPIRED },
  'otp-legacy/verify': {
    validation_01: VERIFIED,
    validation_02: EXPIRED,
    validation_03: { state: 'locked', code: 'kept' },
    validation_04: NO_RECORD,
    validation_05: { state: 'pending', code: 'kept', wrong: true },
    validation_06: VERIFIED,
  },
  // A reset's success is read by its effect (below); a refusal for want of a record says so.
  'otp-legacy/reset': { validation_04: NO_RECORD },
};

/** What a successful reset leaves, by the run's finding; `unknown` where the run does not know it. A restart shows its code where asked (showcode=1). */
const AFTER_RESET: Readonly<Record<ResetEffect, Change>> = {
  clears: NO_RECORD,
  restarts: { state: 'pending', code: 'shown' },
  other: { state: 'unknown', code: 'none' },
  unknown: { state: 'unknown', code: 'none' },
};

export interface ObservedAnswer {
  operation: LegacyOperation;
  /** The request's body (reset_code=true on a resend renews the code, 4.5). */
  request: Readonly<Record<string, unknown>>;
  status: number;
  body: Readonly<Record<string, unknown>>;
}

/** Whether `code`, answered to `operation`, is one of 7.2's codes that tell the number's state (OBSERVED). */
export const tellsState = (operation: LegacyOperation, code: string): boolean => Object.hasOwn(OBSERVED[operation], code);

/** The record after `answer`, at instant `now` (ms). A server error leaves the state unknown (7.1 server_01: nothing is said of it). */
export function observeAnswer(record: LegacyNumberRecord, answer: ObservedAnswer, reset: ResetEffect, now: number): LegacyNumberRecord {
  if (answer.status >= 500) return { ...record, state: 'unknown', code: null };
  const code = typeof answer.body.code === 'string' ? answer.body.code : '';
  const change = answer.operation === 'otp-legacy/reset' && answer.body.success === true ? AFTER_RESET[reset] : OBSERVED[answer.operation][code];
  if (change === undefined) return record;
  const shown = typeof answer.body.verification_code === 'string' ? answer.body.verification_code : null;
  // A resend without reset_code keeps the same code (4.5), shown or not.
  const keptOnResend = answer.operation === 'otp-legacy/resend' && answer.request.reset_code !== true && record.state === 'pending' ? record.code : null;
  const nextCode =
    change.code === 'shown'
      ? (shown ?? keptOnResend)
      : change.code === 'kept' && (record.state === 'pending' || record.state === 'locked')
        ? record.code
        : null;
  return { state: change.state, code: nextCode, wrongAt: change.wrong ? [...record.wrongAt, now] : record.wrongAt };
}

/** The state the planner works in: a pending number splits into one whose code the kit knows and one whose code it does not. */
export type PlanState = Exclude<LegacyState, 'pending'> | 'pending-code' | 'pending';

const planStateOf = (record: LegacyNumberRecord): PlanState =>
  record.state === 'pending' ? (record.code === null ? 'pending' : 'pending-code') : record.state;

/**
 * What a test asks for: a number with no record; a number a send generates a code for (no record,
 * or an expired code where a send after expiry is the restart); a pending code the kit knows; a
 * verified number.
 */
export type LegacyNeed = 'no-record' | 'sendable' | 'pending-code' | 'verified';

/** The states that meet a need on this target. */
function goalsOf(need: LegacyNeed, c: Pick<PlanContext, 'expiredSendRestarts'>): readonly PlanState[] {
  if (need === 'sendable') return c.expiredSendRestarts ? ['none', 'expired'] : ['none'];
  return [need === 'no-record' ? 'none' : need];
}

export interface PlanContext {
  reset: ResetEffect;
  /** 7.2 validation_03's hourly limit, when the profile gives it (legacyOtpAttemptLimit); undefined: not counted. */
  attemptLimit: number | undefined;
  /** Whether a send after expiry generates a new code on this target (ambiguity otp-legacy-expired-send-code=new-code, observed or declared). */
  expiredSendRestarts: boolean;
  /** Whether the run may let a pending code expire: a short wait fits its budget, and no resend's expiration_date was seen ignored. */
  canExpire: boolean;
  /** Verify attempts the test itself will make on the pending code that must be answered under the hourly limit. */
  attempts: number;
  now: number;
}

export type StepId = 'send' | 'resend' | 'verify' | 'reset' | 'expire';

interface Step {
  id: StepId;
  from: readonly PlanState[];
  to: (c: PlanContext) => PlanState;
  charged: (c: PlanContext) => boolean;
  /** When the transition holds on this target. */
  when: (c: PlanContext, attemptsLeft: number) => boolean;
  /** The sentence of the document it rests on. */
  says: string;
}

const always = (): boolean => true;
const SETTLED: readonly PlanState[] = ['pending', 'pending-code', 'verified', 'expired', 'locked'];

/** The documented transitions the kit takes (4.5, 7.2), each with its cost and condition. */
const STEPS: readonly Step[] = [
  { id: 'send', from: ['none'], to: () => 'pending-code', charged: always, when: always, says: '4.5: showcode=1 returns verification_code' },
  {
    id: 'send',
    from: ['expired'],
    to: () => 'pending-code',
    charged: always,
    when: (c) => c.expiredSendRestarts,
    says: '7.2 _25 "restart needed", where the target takes the send after expiry as the restart',
  },
  {
    id: 'resend',
    from: ['pending', 'pending-code'],
    to: () => 'pending-code',
    charged: always,
    when: always,
    says: '4.5 resend: reset_code false keeps the same code; showcode as in send',
  },
  {
    id: 'expire',
    from: ['pending', 'pending-code'],
    to: () => 'expired',
    charged: always,
    when: (c) => c.expiredSendRestarts && c.canExpire,
    says: '4.5: resend takes expiration_date "as in send"; past it the code is expired (7.2 validation_02), and here a send restarts it',
  },
  {
    id: 'verify',
    from: ['pending-code'],
    to: () => 'verified',
    charged: () => false,
    when: (_c, attemptsLeft) => attemptsLeft >= 1,
    says: '4.5 verify: the number becomes verified',
  },
  {
    id: 'reset',
    from: SETTLED,
    to: (c) => (c.reset === 'clears' ? 'none' : 'pending'),
    charged: (c) => c.reset === 'restarts',
    when: (c) => c.reset === 'clears' || c.reset === 'restarts',
    says: '4.5: "listed as restarting an OTP verification", as this target does it',
  },
];

/** Wrong codes of the last hour (7.2 "attempts per hour") left under the limit; Infinity where the limit is not known. */
function attemptsLeft(record: LegacyNumberRecord, c: Pick<PlanContext, 'attemptLimit' | 'now'>): number {
  if (c.attemptLimit === undefined) return Number.POSITIVE_INFINITY;
  return c.attemptLimit - record.wrongAt.filter((at) => c.now - at < 3_600_000).length;
}

export interface Plan {
  steps: StepId[];
  charged: number;
}

/**
 * The cheapest way (fewest charged sends, then fewest steps) from `record` to `need`, or a reason
 * why there is none. A number in state `unknown` is looked at first (a free verify of a made-up
 * code, 7.2 validation_04), never planned through.
 */
export function planPath(record: LegacyNumberRecord, need: LegacyNeed, c: PlanContext): Plan | { none: string } {
  const start = planStateOf(record);
  if (start === 'unknown') return { none: 'its state is not known yet' };
  const left = attemptsLeft(record, c);
  // The test's own verifies of a pending code (and the path's) must stay under 7.2's hourly limit.
  if (need === 'pending-code' && left < c.attempts)
    return { none: `${c.attemptLimit! - left} wrong codes of the last hour (7.2 validation_03), ${c.attempts} more attempts needed` };
  const goals = goalsOf(need, c);
  const best = new Map<PlanState, Plan>([[start, { steps: [], charged: 0 }]]);
  const queue: PlanState[] = [start];
  const cost = (p: Plan) => p.charged * 100 + p.steps.length;
  while (queue.length > 0) {
    queue.sort((a, b) => cost(best.get(a)!) - cost(best.get(b)!));
    const state = queue.shift()!;
    const here = best.get(state)!;
    if (goals.includes(state)) return here;
    for (const step of STEPS) {
      if (!step.from.includes(state) || !step.when(c, left)) continue;
      const next = step.to(c);
      const plan = { steps: [...here.steps, step.id], charged: here.charged + (step.charged(c) ? 1 : 0) };
      const known = best.get(next);
      if (known === undefined || cost(plan) < cost(known)) {
        best.set(next, plan);
        if (!queue.includes(next)) queue.push(next);
      }
    }
  }
  return { none: noPathReason(start, need, c) };
}

const STATE_WORDS: Readonly<Record<PlanState, string>> = {
  unknown: 'in an unknown state',
  none: 'without a record',
  pending: 'pending with a code the kit does not know',
  'pending-code': 'pending with a code the kit knows',
  verified: 'verified',
  expired: 'expired',
  locked: 'over the hourly limit of wrong codes (validation_03)',
};

export const describePlanState = (record: LegacyNumberRecord): string => STATE_WORDS[planStateOf(record)];

function noPathReason(start: PlanState, need: LegacyNeed, c: PlanContext): string {
  if (need === 'sendable' && c.expiredSendRestarts && !c.canExpire)
    return `it is ${STATE_WORDS[start]}, and the run cannot let its code expire (a resend's expiration_date was not honoured, or the wait exceeds timeBudgets.expirySeconds)`;
  if (need === 'no-record' || need === 'sendable') {
    // Where a send after expiry is no restart (or not known to be one), an expired code is no way to a new one either.
    const expired = need === 'sendable' ? ', nor does a send after an expired code generate a new one here (ambiguity otp-legacy-expired-send-code)' : '';
    return c.reset === 'restarts'
      ? `it is ${STATE_WORDS[start]}, and only a reset that clears leads back to no record (this target's reset restarts the verification)${expired}`
      : c.reset === 'unknown'
        ? `it is ${STATE_WORDS[start]}, and what POST /otp/reset does is not known yet`
        : `it is ${STATE_WORDS[start]}, and this target's POST /otp/reset does not clear a number${expired}`;
  }
  return `it is ${STATE_WORDS[start]}, and no documented transition leads from there to ${STATE_WORDS[goalsOf(need, c)[0]!]}`;
}
