/**
 * Numbers for the legacy OTP set (4.5, 7.2), brought to the state a test asks for: a number a send
 * generates a code for (7.2 verification_01: no record, or an expired code where the target takes
 * the send after expiry as the restart), a pending code the kit knows, a verified number.
 *
 * On the embedded target every ask gets a number never used before, and the kit takes it from
 * "no record" to the state asked. On a real target legacy sends are charged (4.5 has no sandbox),
 * so they go to the profile's few phoneNumbers, used again and again, and the kit keeps, for the
 * whole run and across its workers (run-state.ts), what it knows of each: every answer a test gets
 * on a number it was lent updates that record (otp-legacy-states.ts OBSERVED, through
 * answer-watchers.ts). To serve an ask the kit holds a number (phone-number-locks.ts), looks at it
 * when its state is not known (a free verify of a made-up code: validation_04 "no record",
 * validation_06, _05...), and walks the cheapest documented path to the state asked
 * (otp-legacy-states.ts STEPS: a send or a resend with showcode=1 shows the code, a verify of it
 * verifies, a reset as this target does it). Where no number has a path, the test is skipped with
 * the reason and what would help, never failed against the requirement it meant to prove.
 *
 * What POST /otp/reset does (4.5 only "lists it as restarting an OTP verification") is found out,
 * not assumed: once per run, on a number the kit holds, a reset and a send, then a reset and a send
 * again; the second send answers verification_01 (the reset clears) or verification_03 (it
 * restarts), on a number that already has a record, when a test first needs a reset to reach its
 * state (or the reset's own test asks). The finding is shared by every worker of the run and
 * recorded in the reports (ambiguity otp-reset-request-shape, latitude legacy-reset-effect). The reset
 * carries phone_number and country_code, the ambiguity's option; where the target refuses that for a
 * field it lacks, the fields a send takes (phone_number, country_code, company: "restarting an OTP
 * verification", the verification a send starts), and the run keeps the shape that was taken.
 *
 * Where the reset restarts, no documented transition leads back to "no record"; a send still
 * generates a code where a code expired and the target takes the send after expiry as the restart
 * (7.2 _25 "restart needed"; ambiguity otp-legacy-expired-send-code=new-code). Unless the profile
 * observed or declared that option, the run finds it out once, on a number that already has a
 * record: a resend with an expiration_date a few seconds ahead (4.5: resend takes expiration_date
 * "as in send"), a wait past it, a look (7.2 validation_02), a send. Where it restarts, a pending
 * number is brought back to "a send generates a code" the same way; where it does not, a test that
 * needs that can only have a number never sent a code, and the others still run.
 */
import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { z } from 'zod';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';
import { watchAnswers } from './answer-watchers.ts';
import { recordBehaviour } from './checks.ts';
import { isDefaulted } from './defaulted-ambiguities.ts';
import { currentTest, observe } from './current-test.ts';
import { holdNumbers, type HeldNumbers } from './phone-number-locks.ts';
import { EXPIRY_MARGIN_SECONDS, secondsUntilPast, sendBeforeExpiry } from './near-expiry.ts';
import {
  describePlanState,
  type LegacyNeed,
  LegacyNumberRecord,
  type LegacyOperation,
  NEW_NUMBER,
  observeAnswer,
  type Plan,
  type PlanContext,
  planPath,
  type ResetEffect,
  type StepId,
  tellsState,
  UNKNOWN_NUMBER,
} from './otp-legacy-states.ts';
import { decideOncePerRun, readRunState, RunLockTimeout, updateRunState, type RunPlace } from './run-state.ts';
import type { Answer, ApiRequest, Target } from './target-contract.ts';
import { SkipTest } from './test-skip.ts';

/** What these numbers need of the file's target handle (target.ts): its run, its calls, its names. */
export type LegacyNumbersTarget = Pick<Target, 'config' | 'api' | 'name' | 'phone' | 'clock' | 'key'>;

/** What the run found out about POST /otp/reset (4.5: "listed as restarting an OTP verification"). */
export const LegacyResetFinding = z.object({
  /** What a reset left behind: a clean number, a restarted verification, or `other` (a reset refused, an unexpected answer). */
  effect: z.enum(['clears', 'restarts', 'other']),
  /** The HTTP status of the reset of a pending number, when one was made. */
  resetStatus: z.number().int().nullable(),
  /** Whether that reset answered success=true (the phone-and-country shape of otp-reset-request-shape was taken). */
  resetAccepted: z.boolean().nullable(),
  /** The reset's answer in a few words ("HTTP 200 success=true code=..."). */
  reset: z.string(),
  /** What was seen, in one sentence for the reports and skip reasons. */
  seen: z.string(),
  /** The body the reset took: phone and country (otp-reset-request-shape), or the fields a send takes where the target asked for them. */
  shape: z.enum(['phone-and-country', 'send-fields']).default('phone-and-country'),
});
export type LegacyResetFinding = z.infer<typeof LegacyResetFinding>;

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

const FINDING_STATE = 'otp-legacy-reset-finding';
const EXPIRED_SEND_STATE = 'otp-legacy-expired-send-finding';
const EXPIRY_IGNORED_STATE = 'otp-legacy-resend-expiry-ignored';
const NUMBERS_STATE = 'otp-legacy-numbers';
const NumberBook = z.record(z.string(), LegacyNumberRecord);

/**
 * How long a test waits for a number (phone-number-locks.ts), the probe of the reset for its own
 * number, and a test for the probe another one runs. Tests hold numbers for a few calls (a legacy
 * OTP expiry test, the longest, about 6 s); the probe is about five calls once it holds its number.
 * A longer wait means something is stuck: skip. The waits for the probe stay well inside a test's
 * timeout (60 s, requirement-test.ts), so that a stuck probe skips its waiters instead of timing
 * them out.
 */
const HOLD_WAIT_MS = 45_000;
const PROBE_HOLD_WAIT_MS = 20_000;
const PROBE_WAIT_MS = 30_000;
/** A test that needs another number mid-way waits less: it already holds some. */
const SWAP_WAIT_MS = 5_000;

/**
 * The code of the free look at a number's state: any code will do (a wrong one changes nothing on
 * a number without a record); this one is improbable as a code the target generated (4 to 10
 * characters of 4.5's code types).
 */
const PROBE_CODE = 'ZZ00ZZ';

const LEGACY_OPERATIONS: readonly string[] = ['otp-legacy/send', 'otp-legacy/resend', 'otp-legacy/verify', 'otp-legacy/reset'];

const placeOf = (t: LegacyNumbersTarget): RunPlace => ({ outDir: t.config.outDir, runId: t.config.runId });

const codeOf = (answer: Answer): string => (typeof answer.body.code === 'string' ? answer.body.code : `(no code; HTTP ${answer.status})`);
const describeAnswer = (answer: Answer): string => `HTTP ${answer.status} success=${String(answer.body.success)} code=${String(answer.body.code)}`;

/** 4.5 send and resend body: phone_number, country_code 52, company, template given (no ambiguity of template applies), showcode=1. */
const sendingBody = (phone: string, company: string) => ({ phone_number: phone, country_code: MEXICO_COUNTRY_CODE, company, template: 'a', showcode: 1 });

type ResetShape = LegacyResetFinding['shape'];

/**
 * POST /otp/reset (4.5: parameters not shown): phone_number and country_code (otp-reset-request-shape);
 * where the target refuses that shape for a field it lacks (a refusal that tells nothing of the
 * number's state), again with the fields a send takes, company included. `known`: the shape the
 * run already found taken.
 */
async function resetNumber(t: LegacyNumbersTarget, phone: string, company: string, known?: ResetShape): Promise<{ answer: Answer; shape: ResetShape }> {
  if (known !== 'send-fields') {
    const answer = await t.api('otp-legacy/reset', { json: { phone_number: phone, country_code: MEXICO_COUNTRY_CODE } });
    const decisive = answer.body.success === true || answer.status >= 500 || tellsState('otp-legacy/reset', codeOf(answer));
    if (known === 'phone-and-country' || decisive) return { answer, shape: 'phone-and-country' };
    const withSendFields = await t.api('otp-legacy/reset', { json: sendingBody(phone, company) });
    return withSendFields.body.success === true || tellsState('otp-legacy/reset', codeOf(withSendFields))
      ? { answer: withSendFields, shape: 'send-fields' }
      : { answer, shape: 'phone-and-country' };
  }
  return { answer: await t.api('otp-legacy/reset', { json: sendingBody(phone, company) }), shape: 'send-fields' };
}

const resetShapeOf = (t: LegacyNumbersTarget): ResetShape | undefined => readRunState(placeOf(t), FINDING_STATE, LegacyResetFinding)?.shape;

/** The free look at a number (7.2): validation_04 no record, _06 verified, _02 expired, _05 pending (one wrong attempt), _03 locked. */
const look = (t: LegacyNumbersTarget, phone: string): Promise<Answer> =>
  t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: PROBE_CODE } });

// -------------------------------------------------------------------------------------------------
// What the kit knows of each number: in memory on the embedded target (every number new), in the
// run's state elsewhere (the profile's numbers, shared by the run's workers).
// -------------------------------------------------------------------------------------------------

interface Records {
  read(phone: string): Promise<LegacyNumberRecord>;
  readAll(phones: readonly string[]): Promise<Record<string, LegacyNumberRecord>>;
  update(phone: string, next: (record: LegacyNumberRecord) => LegacyNumberRecord): Promise<void>;
}

const embeddedBooks = new WeakMap<object, Map<string, LegacyNumberRecord>>();

function recordsOf(t: LegacyNumbersTarget): Records {
  if (t.config.embedded) {
    let book = embeddedBooks.get(t);
    if (book === undefined) embeddedBooks.set(t, (book = new Map()));
    const memory = book;
    return {
      read: async (phone) => memory.get(phone) ?? UNKNOWN_NUMBER,
      readAll: async (phones) => Object.fromEntries(phones.map((p) => [p, memory.get(p) ?? UNKNOWN_NUMBER])),
      update: async (phone, next) => void memory.set(phone, next(memory.get(phone) ?? UNKNOWN_NUMBER)),
    };
  }
  const place = placeOf(t);
  // A code is the account's (4.5, 5.2): a number has a record per account, and files that act in
  // subaccounts of their own each have theirs. The account is named by a digest of its key.
  const account = createHash('sha256').update(t.key).digest('hex').slice(0, 12);
  const entry = (phone: string) => `${account}/${phone}`;
  const readAll = (phones: readonly string[]) => {
    const book = readRunState(place, NUMBERS_STATE, NumberBook) ?? {};
    return Object.fromEntries(phones.map((p) => [p, book[entry(p)] ?? UNKNOWN_NUMBER]));
  };
  return {
    read: async (phone) => readAll([phone])[phone]!,
    readAll: async (phones) => readAll(phones),
    update: (phone, next) =>
      updateRunState(place, NUMBERS_STATE, NumberBook, {}, (book) => ({
        state: { ...book, [entry(phone)]: next(book[entry(phone)] ?? UNKNOWN_NUMBER) },
        result: undefined,
      })),
  };
}

const resetEffectOf = (t: LegacyNumbersTarget): ResetEffect => readRunState(placeOf(t), FINDING_STATE, LegacyResetFinding)?.effect ?? 'unknown';

/** Runs `body` with every legacy OTP answer on one of `phones` (a live set: numbers join it as they are lent) kept in the records. */
function watchingNumbers<T>(t: LegacyNumbersTarget, records: Records, phones: ReadonlySet<string>, body: () => Promise<T>): Promise<T> {
  return watchAnswers(async (operationId: string, request: ApiRequest, answer: Answer) => {
    if (!LEGACY_OPERATIONS.includes(operationId)) return;
    // A call with another account's key tells nothing of this account's record (a code is the account's, 4.5).
    if (request.key !== undefined && request.key !== t.key) return;
    const json = (request.json ?? {}) as Record<string, unknown>;
    const phone = json.phone_number;
    if (typeof phone !== 'string' || !phones.has(phone)) return;
    const effect = resetEffectOf(t);
    const observed = { operation: operationId as LegacyOperation, request: json, status: answer.status, body: answer.body };
    await records.update(phone, (record) => observeAnswer(record, observed, effect, Date.now()));
  }, body);
}

// -------------------------------------------------------------------------------------------------
// The reset finding (decided once per run).
// -------------------------------------------------------------------------------------------------

/**
 * Sends, resets and sends again on `phone`, from whatever state it is in. The first reset and send
 * bring it to a verification of this probe (verification_01), so that the second reset meets a
 * number known to be pending; the send after it tells what the reset did.
 */
async function probeReset(t: LegacyNumbersTarget, phone: string): Promise<LegacyResetFinding> {
  const { answer: firstReset, shape } = await resetNumber(t, phone, t.name('co'));
  const first = await t.api('otp-legacy/send', { json: sendingBody(phone, t.name('co')) });
  const accepted = (answer: Answer) => answer.body.success === true;
  if (codeOf(first) !== 'verification_01') {
    // Not clean after a reset, whatever the number held before: the reset did not clear it.
    const restarts = accepted(firstReset) && codeOf(first) === 'verification_03';
    return {
      effect: restarts ? 'restarts' : 'other',
      resetStatus: firstReset.status,
      resetAccepted: accepted(firstReset),
      reset: describeAnswer(firstReset),
      seen: `a reset of ${phone} answered ${describeAnswer(firstReset)}, and the send after it ${codeOf(first)}`,
      shape,
    };
  }
  const { answer: pendingReset } = await resetNumber(t, phone, t.name('co'), shape);
  const next = await t.api('otp-legacy/send', { json: sendingBody(phone, t.name('co')) });
  const nextCode = codeOf(next);
  const effect = nextCode === 'verification_01' ? 'clears' : nextCode === 'verification_03' && accepted(pendingReset) ? 'restarts' : 'other';
  return {
    effect,
    resetStatus: pendingReset.status,
    resetAccepted: accepted(pendingReset),
    reset: describeAnswer(pendingReset),
    seen: `a reset of ${phone} with a code pending answered ${describeAnswer(pendingReset)}, and the send after it ${nextCode}`,
    shape,
  };
}

/**
 * Records the finding in the running test. It is an observation of ambiguity
 * otp-reset-request-shape (4.5: "its parameters and response: not shown"): whether the reset took
 * the phone-and-country shape is what that option says (success=true on a known number); what
 * the reset left behind is written beside it, and matches or not nothing (the option says nothing
 * of it, and the document allows both readings of "restarting", latitude legacy-reset-effect).
 */
export function recordLegacyResetFinding(finding: LegacyResetFinding): void {
  const running = currentTest();
  if (!running) return;
  const effect =
    finding.effect === 'other'
      ? 'neither clears nor restarts'
      : finding.effect === 'clears'
        ? 'the reset clears the number'
        : 'the reset restarts the verification';
  const shapeChoice = running.choices['otp-reset-request-shape'];
  const shapeWords = finding.shape === 'send-fields' ? 'phone_number and country_code refused; taken with the fields a send takes (company too)' : '';
  observe(
    'otp-reset-request-shape',
    `${effect}: ${finding.seen}${shapeWords === '' ? '' : ` (${shapeWords})`}`,
    shapeChoice === 'phone-and-country' && finding.resetAccepted !== null ? finding.resetAccepted && finding.shape === 'phone-and-country' : null,
  );
  recordBehaviour('POST /otp/reset (4.5: "listed as restarting an OTP verification"), found out once per run', `${effect}: ${finding.seen}`);
}

/** The probe spends a number best where it loses least: one already settled (pending, verified...) before one with no record. */
const PROBE_PREFERENCE: Readonly<Record<LegacyNumberRecord['state'], number>> = { pending: 0, verified: 0, expired: 0, locked: 1, unknown: 2, none: 3 };

/**
 * What POST /otp/reset does on this target: decided once per run (the first caller probes, in any
 * worker; the others wait for it), recorded in the test that probed. On a real target the probe
 * holds one of the profile's numbers, preferring one that has no record no more; it is charged
 * there, so the cost guard may refuse it (--allow-charges, --max-credits): then the caller is
 * skipped with the guard's reason and the next caller tries again.
 */
export async function legacyResetFinding(t: LegacyNumbersTarget): Promise<{ finding: LegacyResetFinding; probedHere: boolean }> {
  let probedHere = false;
  const records = recordsOf(t);
  const decide = async (): Promise<LegacyResetFinding> => {
    probedHere = true;
    if (t.config.embedded) return probeReset(t, t.phone());
    const phones = t.config.profile.phoneNumbers;
    const known = await records.readAll(phones);
    const ranked = [...phones].sort((a, b) => PROBE_PREFERENCE[known[a]!.state] - PROBE_PREFERENCE[known[b]!.state]);
    const held = await holdOrSkip(t, ranked, 1, PROBE_HOLD_WAIT_MS);
    try {
      return await watchingNumbers(t, records, new Set(held.numbers), () => probeReset(t, held.numbers[0]!));
    } finally {
      held.release();
    }
  };
  let finding: LegacyResetFinding;
  try {
    finding = await decideOncePerRun(placeOf(t), FINDING_STATE, LegacyResetFinding, decide, PROBE_WAIT_MS);
  } catch (error) {
    if (error instanceof RunLockTimeout)
      throw new SkipTest(`what POST /otp/reset does is being found out by another test, which did not finish within ${PROBE_WAIT_MS / 1000} s`);
    throw error;
  }
  if (probedHere) recordLegacyResetFinding(finding);
  return { finding, probedHere };
}

/**
 * The reset finding, probed on a number the caller holds (and watches) when no other test decided
 * it yet: a number that already has a record, so that the probe spends none that has not.
 */
async function findResetOn(t: LegacyNumbersTarget, phone: string): Promise<void> {
  let probedHere = false;
  const decide = async (): Promise<LegacyResetFinding> => {
    probedHere = true;
    return probeReset(t, phone);
  };
  try {
    const finding = await decideOncePerRun(placeOf(t), FINDING_STATE, LegacyResetFinding, decide, PROBE_WAIT_MS);
    if (probedHere) recordLegacyResetFinding(finding);
  } catch (error) {
    if (error instanceof RunLockTimeout)
      throw new SkipTest(`what POST /otp/reset does is being found out by another test, which did not finish within ${PROBE_WAIT_MS / 1000} s`);
    throw error;
  }
}

async function holdOrSkip(t: LegacyNumbersTarget, candidates: readonly string[], count = candidates.length, waitMs = HOLD_WAIT_MS): Promise<HeldNumbers> {
  const profileNumbers = t.config.profile.phoneNumbers;
  const held = await holdNumbers({ outDir: t.config.outDir, runId: t.config.runId, candidates, count, waitMs });
  if (!held)
    throw new SkipTest(
      `too few phone numbers: ${count} of the profile's ${profileNumbers.length} (phoneNumbers) were ` +
        `held by other tests for ${waitMs / 1000} s; a number in the state a test needs is used by one test at a time`,
    );
  return held;
}

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
 * The answer each step must give, as 4.5 and 7.2 state it: the kit's set-up fails the test where the
 * target breaks them. An answer with another of 7.2's codes that tell the number's state (a code that
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
    expect(codeOf(answer), `${where}: POST /${operation.slice(5)} with showcode=1 (4.5; 7.2 verification_01) ${answer.text.slice(0, 200)}`).toBe(
      'verification_01',
    );
    expect(answer.body.verification_code, `${where}: showcode=1 returns verification_code (4.5)`).toEqual(expect.any(String));
    return;
  }
  if (step === 'verify') {
    const answer = await t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: record.code } });
    // validation_05 to the code the target showed is a fault of the target (4.5), not a state to plan from.
    if (!['validation_01', 'validation_05'].includes(codeOf(answer)) && tellsState('otp-legacy/verify', codeOf(answer))) return;
    expect(codeOf(answer), `${where}: the pending code verifies (4.5; 7.2 validation_01) ${answer.text.slice(0, 200)}`).toBe('validation_01');
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
    recordBehaviour("a legacy resend's expiration_date (4.5: as in send)", finding.seen);
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
    recordBehaviour('a legacy send after the code expired (7.2 _25 "restart needed"; ambiguity otp-legacy-expired-send-code)', seen);
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
