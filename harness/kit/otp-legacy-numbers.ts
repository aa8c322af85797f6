import { expect } from 'vitest';
import { z } from 'zod';
import { judge } from './judge.ts';
import { isDefaulted } from './defaulted-ambiguities.ts';
import { holdNumbers, type HeldNumbers } from './phone-number-locks.ts';
import { EXPIRY_MARGIN_SECONDS, secondsUntilPast, sendBeforeExpiry } from './near-expiry.ts';
import {
  describePlanState,
  type LegacyNeed,
  type LegacyNumberRecord,
  NEW_NUMBER,
  type Plan,
  type PlanContext,
  planPath,
  type StepId,
  tellsState,
} from './otp-legacy-states.ts';
import { decideOncePerRun, readRunState, RunLockTimeout, updateRunState } from './run-state.ts';
import { SkipTest } from './test-skip.ts';
import {
  codeOf,
  describeAnswer,
  holdOrSkip,
  type LegacyNumbersTarget,
  look,
  placeOf,
  PROBE_WAIT_MS,
  type Records,
  recordsOf,
  resetEffectOf,
  resetNumber,
  resetShapeOf,
  sendingBody,
  SWAP_WAIT_MS,
  watchingNumbers,
} from './otp-legacy-number-records.ts';
import { findResetOn } from './otp-legacy-reset-finding.ts';

/** What the run found out about a send after a code expired (7.2 _25 "restart needed"; ambiguity otp-legacy-expired-send-code). */
const ExpiredSendFinding = z.object({
  /** The send generated a new code (verification_01): the send is the restart. */
  restarts: z.boolean(),
  /** What was seen, in one sentence. */
  seen: z.string(),
});
type ExpiredSendFinding = z.infer<typeof ExpiredSendFinding>;

/** Whether a resend's expiration_date was seen not to expire the code (4.5 "as in send"): then the run lets no code expire. */
const ExpiryIgnored = z.object({ seen: z.string() });

const EXPIRED_SEND_STATE = 'otp-legacy-expired-send-finding';
const EXPIRY_IGNORED_STATE = 'otp-legacy-resend-expiry-ignored';

// -------------------------------------------------------------------------------------------------
// Lending numbers in the state a test asks for.
// -------------------------------------------------------------------------------------------------

/** A pending code the kit knows: the number, the code, and the company the code was last sent for. */
interface PendingCode {
  phone: string;
  code: string;
  company: string;
}

interface PendingOptions {
  /** Verify attempts the test will make on the code that must be answered under 7.2's hourly limit (default 2: a wrong one and the right one). */
  attempts?: number;
}

export interface LegacyNumbers {
  /**
   * A number a send generates a code for (7.2 verification_01): a new one on the embedded target;
   * on a real target the `index`-th number the test holds when it has a way there (no record, or an
   * expired code where the send after expiry is the restart), else another of the profile's. A
   * number the test got before is not kept in that state: ask again for another.
   */
  fresh(index?: number): Promise<string>;
  /** A number whose pending code the kit knows (4.5 showcode=1), reached from whatever state it is in. */
  pending(index?: number, options?: PendingOptions): Promise<PendingCode>;
  /** A verified number (4.5 verify: "the number becomes verified"). */
  verified(index?: number): Promise<string>;
}

const NEED_WORDS: Readonly<Record<LegacyNeed, string>> = {
  'no-record': 'a number with no record (7.2 validation_04)',
  sendable: 'a number a send generates a code for (no record, 7.2 validation_04; or an expired code a send restarts)',
  'pending-code': 'a number with a pending code the kit knows',
  verified: 'a verified number',
};

const DEFAULT_ATTEMPTS = 2;

/** What a walk along a plan needs. */
interface Walk {
  t: LegacyNumbersTarget;
  records: Records;
  phone: string;
  company: string;
}

/**
 * The answer each step must give, as 4.5 and 7.2 state it, each judged against the requirement that
 * states it (all at the fail level): the kit's set-up fails the test where the target breaks them. An answer with another of 7.2's codes that tell the number's state (a code that
 * expired since the kit last saw it: verification_25) is no fault: the record follows it and the walk
 * plans again from there.
 */
async function takeStep(w: Walk, step: StepId, record: LegacyNumberRecord): Promise<void> {
  const { t, phone } = w;
  const where = `setting up ${phone}`;
  if (step === 'send' || step === 'resend') {
    const operation = step === 'send' ? 'otp-legacy/send' : 'otp-legacy/resend';
    const answer = await t.api(operation, { json: sendingBody(phone, w.company) });
    if (codeOf(answer) !== 'verification_01' && tellsState(operation, codeOf(answer))) return;
    const sent = `${where}: POST /${operation.slice(5)} with showcode=1 (4.5; 7.2 verification_01)`;
    judge('err:verification_01', sent, () => expect(codeOf(answer), `${sent} ${answer.text.slice(0, 200)}`).toBe('verification_01'));
    const shown = `${where}: showcode=1 returns verification_code (4.5)`;
    judge('rule:otp-legacy.showcode', shown, () => expect(answer.body.verification_code, shown).toEqual(expect.any(String)));
    return;
  }
  if (step === 'verify') {
    const answer = await t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: record.code } });
    // validation_05 to the code the target showed is a fault of the target (4.5), not a state to plan from.
    if (!['validation_01', 'validation_05'].includes(codeOf(answer)) && tellsState('otp-legacy/verify', codeOf(answer))) return;
    const verified = `${where}: the pending code verifies (4.5; 7.2 validation_01)`;
    judge('err:validation_01', verified, () => expect(codeOf(answer), `${verified} ${answer.text.slice(0, 200)}`).toBe('validation_01'));
    return;
  }
  if (step === 'expire') return expireCode(w);
  // 4.5 gives neither the parameters nor the response of a reset: an answer other than success ends the walk, not the test.
  // A reset refused for want of a record (7.2 validation_04) found the number already clean: the
  // watcher has recorded it so, and the walk plans again from there.
  const { answer } = await resetNumber(t, phone, w.company, resetShapeOf(t));
  if (answer.body.success !== true && codeOf(answer) !== 'validation_04')
    throw new SkipTest(
      `${where}: POST /otp/reset answered ${describeAnswer(answer)} where it had ${resetEffectOf(t) === 'clears' ? 'cleared' : 'restarted'} a number before`,
    );
}

/** Seconds ahead of the target's clock for the expiration_date of a code the kit lets expire (the margin past it: near-expiry.ts). */
const EXPIRE_AHEAD_SECONDS = 2;

/**
 * A pending code brought to expiry: a resend with showcode=1 and an expiration_date a few seconds
 * ahead (4.5: resend takes expiration_date "as in send"), a wait past it, and a look (7.2
 * validation_02 code expired). A look that still finds the code pending shows that the target kept
 * the code's expiry: the run lets no code expire after that.
 */
async function expireCode(w: Walk): Promise<void> {
  const { t, phone } = w;
  const {
    answer,
    expiry: { text, at },
  } = await sendBeforeExpiry(
    t.clock,
    EXPIRE_AHEAD_SECONDS,
    (e) => t.api('otp-legacy/resend', { json: { ...sendingBody(phone, w.company), expiration_date: e.text } }),
    (a) => codeOf(a) === 'verification_13',
  );
  if (codeOf(answer) !== 'verification_01') {
    if (tellsState('otp-legacy/resend', codeOf(answer))) return;
    throw new SkipTest(`setting up ${phone}: a resend with expiration_date ${text} (4.5 "as in send") answered ${describeAnswer(answer)}`);
  }
  await t.clock.wait(await secondsUntilPast(t.clock, at));
  const seen = await look(t, phone);
  if (codeOf(seen) === 'validation_05' || codeOf(seen) === 'validation_01') {
    const finding = { seen: `a resend of ${phone} with expiration_date ${text} was still pending after it (${codeOf(seen)})` };
    await updateRunState(placeOf(t), EXPIRY_IGNORED_STATE, ExpiryIgnored.nullable(), null, () => ({ state: finding, result: undefined }));
    judge('otp-legacy-expired-send-code', "a legacy resend's expiration_date (4.5: as in send)", finding.seen);
  }
}

/**
 * Takes the first step of a plan, then plans again from the state the step's answer showed (the
 * kit's record of a number can be behind the target: a call of another account, an earlier run):
 * at most MAX_STEPS steps, and the walk ends where the record meets the need.
 */
async function walk(w: Walk, plan: Plan, need: LegacyNeed, c: PlanContext): Promise<LegacyNumberRecord> {
  let steps = plan.steps;
  for (let taken = 0; steps.length > 0; taken += 1) {
    if (taken === MAX_STEPS) throw new SkipTest(`setting up ${w.phone}: ${NEED_WORDS[need]} not reached in ${MAX_STEPS} documented steps`);
    await takeStep(w, steps[0]!, await w.records.read(w.phone));
    const next = planPath(await w.records.read(w.phone), need, c);
    if ('none' in next) throw new SkipTest(`setting up ${w.phone}: ${NEED_WORDS[need]} could not be had: ${next.none}`);
    steps = next.steps;
  }
  return w.records.read(w.phone);
}

/** The longest walk: no plan of the state table has more than four steps. */
const MAX_STEPS = 8;

/**
 * Whether a send after a code expired generates a new one on this target (ambiguity
 * otp-legacy-expired-send-code=new-code): the profile's option where observed or declared, else
 * what the run found out; undefined while nobody knows.
 */
function expiredSendRestartsOf(t: LegacyNumbersTarget): boolean | undefined {
  const profile = t.config.profile;
  if (!isDefaulted(profile, 'otp-legacy-expired-send-code')) return profile.ambiguities['otp-legacy-expired-send-code'] === 'new-code';
  return readRunState(placeOf(t), EXPIRED_SEND_STATE, ExpiredSendFinding)?.restarts;
}

/**
 * Whether the run may let a code expire: not on a virtual clock shared by every test (advancing it
 * would age another test's expiry), within the profile's expiry budget, and not once a resend's
 * expiration_date was seen kept out of the code.
 */
const canExpire = (t: LegacyNumbersTarget): boolean =>
  (!t.clock.virtual || t.clock.waitsMayOverlap) &&
  EXPIRE_AHEAD_SECONDS + EXPIRY_MARGIN_SECONDS + 1 <= t.config.profile.timeBudgets.expirySeconds &&
  !readRunState(placeOf(t), EXPIRY_IGNORED_STATE, ExpiryIgnored.nullable());

const contextFor = (t: LegacyNumbersTarget, attempts: number): PlanContext => ({
  reset: resetEffectOf(t),
  attemptLimit: t.config.profile.capabilities.legacyOtpAttemptLimit,
  expiredSendRestarts: expiredSendRestartsOf(t) === true,
  canExpire: canExpire(t),
  attempts,
  now: Date.now(),
});

/**
 * What a send after an expired code does, found out once per run on `phone` (held, watched, with a
 * record) when a test needs a number a send generates a code for and none has no record: the code
 * is let expire (expireCode), then a send: verification_01 restarts; 7.2's _02 or _25 do not.
 */
async function findExpiredSendOn(t: LegacyNumbersTarget, records: Records, phone: string): Promise<void> {
  const decide = async (): Promise<ExpiredSendFinding> => {
    const company = t.name('co');
    if ((await records.read(phone)).state !== 'expired') await expireCode({ t, records, phone, company });
    const before = await records.read(phone);
    if (before.state !== 'expired') return { restarts: false, seen: `the code of ${phone} could not be let expire (it is ${describePlanState(before)})` };
    const sent = await t.api('otp-legacy/send', { json: sendingBody(phone, company) });
    const seen = `a send to ${phone} after its code expired answered ${describeAnswer(sent)}`;
    judge('otp-legacy-expired-send-code', 'a legacy send after the code expired (7.2 _25 "restart needed"; ambiguity otp-legacy-expired-send-code)', seen);
    return { restarts: codeOf(sent) === 'verification_01', seen };
  };
  try {
    await decideOncePerRun(placeOf(t), EXPIRED_SEND_STATE, ExpiredSendFinding, decide, PROBE_WAIT_MS);
  } catch (error) {
    if (error instanceof RunLockTimeout)
      throw new SkipTest(`what a send after an expired code does is being found out by another test, which did not finish within ${PROBE_WAIT_MS / 1000} s`);
    throw error;
  }
}

/**
 * The cost of a number for a need, to try the cheapest first: a known path by its charges, then an
 * unknown state, then none. A number with no record is the scarce one where a reset restarts (no
 * way leads back to it): at equal charges another need takes a number that has a record.
 */
function rank(record: LegacyNumberRecord, need: LegacyNeed, c: PlanContext): number {
  if (record.state === 'unknown') return 50;
  const plan = planPath(record, need, c);
  if ('none' in plan) return 100;
  return plan.charged + (record.state === 'none' && need !== 'no-record' ? 0.5 : 0);
}

/**
 * Runs `body` with numbers it may bring to the states it needs (see the head of this file);
 * `count` numbers are held at once from the start, the cheapest for `first` (the need of the
 * test's first ask). Skips the test, with the reason, when the run cannot give them.
 */
export async function withLegacyNumbers<T>(
  t: LegacyNumbersTarget,
  count: number,
  body: (numbers: LegacyNumbers) => Promise<T>,
  first: LegacyNeed = 'sendable',
): Promise<T> {
  const records = recordsOf(t);
  const lent = new Set<string>();
  if (t.config.embedded) return watchingNumbers(t, records, lent, () => body(embeddedNumbers(t, records, lent)));
  const profileNumbers = t.config.profile.phoneNumbers;
  if (profileNumbers.length < count)
    throw new SkipTest(
      `too few phone numbers: this test needs ${count} numbers at once, the profile ` +
        `has ${profileNumbers.length} (phoneNumbers); real sends may only go to the profile's numbers`,
    );
  const known = await records.readAll(profileNumbers);
  const c = contextFor(t, DEFAULT_ATTEMPTS);
  const ranked = [...profileNumbers].sort((a, b) => rank(known[a]!, first, c) - rank(known[b]!, first, c));
  const holds = [await holdOrSkip(t, ranked, count)];
  const slots = [...holds[0]!.numbers];
  for (const phone of slots) lent.add(phone);
  try {
    return await watchingNumbers(t, records, lent, () => body(profileNumbersLent(t, records, { slots, holds, lent })));
  } finally {
    for (const held of holds) held.release();
  }
}

/** The embedded target: every ask a number never used, from "no record". */
function embeddedNumbers(t: LegacyNumbersTarget, records: Records, lent: Set<string>): LegacyNumbers {
  const reach = async (need: LegacyNeed, attempts: number) => {
    const phone = t.phone();
    lent.add(phone);
    await records.update(phone, () => NEW_NUMBER);
    const plan = planPath(NEW_NUMBER, need, contextFor(t, attempts));
    if ('none' in plan) throw new Error(`no path from a new number to ${NEED_WORDS[need]}: ${plan.none}`);
    const company = t.name('co');
    return { record: await walk({ t, records, phone, company }, plan, need, contextFor(t, attempts)), phone, company };
  };
  return numbersFrom(reach);
}

interface Lending {
  /** The number of each index the test asked for so far (held). */
  slots: string[];
  holds: HeldNumbers[];
  lent: Set<string>;
}

/** The profile's numbers: the slot's number when it has a way to the need, else another one the test holds or can hold. */
function profileNumbersLent(t: LegacyNumbersTarget, records: Records, lending: Lending): LegacyNumbers {
  const reach = async (need: LegacyNeed, attempts: number, index: number) => {
    const why: string[] = [];
    const tried = new Set<string>();
    for (let phone: string | undefined = lending.slots[index] ?? (await holdAnother(t, records, lending, need, attempts)); phone !== undefined; ) {
      tried.add(phone);
      let record = await records.read(phone);
      // Not known (an earlier run, a server error): look first, free (a wrong attempt only where a code is pending).
      if (record.state === 'unknown') {
        await look(t, phone);
        record = await records.read(phone);
      }
      let plan = planPath(record, need, contextFor(t, attempts));
      // No way without a reset, and what a reset does is not known yet: found out on this number, which has a record.
      if ('none' in plan && resetEffectOf(t) === 'unknown' && record.state !== 'unknown' && record.state !== 'none') {
        await findResetOn(t, phone);
        plan = planPath(await records.read(phone), need, contextFor(t, attempts));
      }
      // No way to a send that generates a code, and what a send after expiry does is not known yet:
      // found out on this number once it is pending (where a way there exists), which costs no number without a record.
      if ('none' in plan && need === 'sendable' && expiredSendRestartsOf(t) === undefined && canExpire(t)) {
        const here = await records.read(phone);
        const toPending = here.state === 'expired' ? { steps: [], charged: 0 } : planPath(here, 'pending-code', contextFor(t, 0));
        if (!('none' in toPending)) {
          const company = t.name('co');
          if (toPending.steps.length > 0) await walk({ t, records, phone, company }, toPending, 'pending-code', contextFor(t, 0));
          await findExpiredSendOn(t, records, phone);
          plan = planPath(await records.read(phone), need, contextFor(t, attempts));
        }
      }
      if (!('none' in plan)) {
        const company = t.name('co');
        lending.slots[index] = phone;
        return { record: await walk({ t, records, phone, company }, plan, need, contextFor(t, attempts)), phone, company };
      }
      why.push(`${phone}: ${plan.none}`);
      // Another of the profile's numbers, held for the rest of the test (the one it had may still be read).
      phone = await holdAnother(t, records, lending, need, attempts, tried);
    }
    throw noNumberFor(t, need, why);
  };
  return numbersFrom(reach);
}

/** Holds one more of the profile's numbers, the cheapest for `need` first; undefined when none is free. */
async function holdAnother(
  t: LegacyNumbersTarget,
  records: Records,
  lending: Lending,
  need: LegacyNeed,
  attempts: number,
  tried: ReadonlySet<string> = new Set(),
): Promise<string | undefined> {
  const c = contextFor(t, attempts);
  const known = await records.readAll(t.config.profile.phoneNumbers);
  const candidates = t.config.profile.phoneNumbers
    .filter((p) => !lending.lent.has(p) && !tried.has(p) && rank(known[p]!, need, c) < 100)
    .sort((a, b) => rank(known[a]!, need, c) - rank(known[b]!, need, c));
  if (candidates.length === 0) return undefined;
  const held = await holdNumbers({ outDir: t.config.outDir, runId: t.config.runId, candidates, count: 1, waitMs: SWAP_WAIT_MS });
  if (!held) return undefined;
  lending.holds.push(held);
  const phone = held.numbers[0]!;
  lending.lent.add(phone);
  return phone;
}

/** The skip of a test whose need no number can meet, with why for each number tried and what would help. */
function noNumberFor(t: LegacyNumbersTarget, need: LegacyNeed, why: readonly string[]): SkipTest {
  const helps =
    need === 'no-record' || need === 'sendable'
      ? 'add numbers to phoneNumbers: each number never sent a code serves tests that need no record until it is sent one'
      : 'add numbers to phoneNumbers, or run again after an hour (7.2 validation_03 counts wrong codes per hour)';
  const restarts =
    need !== 'pending-code' && need !== 'verified' && resetEffectOf(t) === 'restarts' ? "this target's /otp/reset restarts the verification (4.5); " : '';
  const others = t.config.profile.phoneNumbers.length - why.length;
  const rest = others > 0 ? `; the profile's ${others} other number(s) were held by other tests for ${SWAP_WAIT_MS / 1000} s or had no way there` : '';
  return new SkipTest(`${NEED_WORDS[need]} could not be had: ${restarts}${why.join('; ') || 'no number of the profile was free'}${rest}; ${helps}`);
}

/** The three asks over one way of reaching a need. */
function numbersFrom(
  reach: (need: LegacyNeed, attempts: number, index: number) => Promise<{ record: LegacyNumberRecord; phone: string; company: string }>,
): LegacyNumbers {
  return {
    fresh: async (index = 0) => (await reach('sendable', 0, index)).phone,
    pending: async (index = 0, options = {}) => {
      const { record, phone, company } = await reach('pending-code', options.attempts ?? DEFAULT_ATTEMPTS, index);
      if (record.code === null) throw new Error(`${phone} was brought to ${NEED_WORDS['pending-code']}, but no answer showed its code`);
      return { phone, code: record.code, company };
    },
    verified: async (index = 0) => (await reach('verified', 0, index)).phone,
  };
}

/** The names the suites knew first: every ask of theirs was a number with no record. */
export const withCleanLegacyNumbers = withLegacyNumbers;
