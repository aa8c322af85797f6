/**
 * Numbers in a clean state for the legacy OTP set (4.5, 7.2): a number without a verification, on
 * which POST /otp/send answers verification_01, not verification_03 ("already sent, awaiting
 * verification"), _04 ("user already verified"), _02 or _25 (expired).
 *
 * On the embedded target every use gets a number never used before. On a real target legacy sends
 * are charged (4.5 has no sandbox), so they go to the profile's few phoneNumbers, used again and
 * again, and what makes a used number clean is POST /otp/reset, which 4.5 only "lists as restarting
 * an OTP verification; its parameters and response: not shown". Whether a reset leaves the number
 * clean, or restarts a verification (a new code sent, the number pending again), is therefore found
 * out, not assumed: once per run, by the first test that needs it, a number is reset and sent a
 * code, then reset and sent a code again; the second send answers verification_01 (the reset
 * clears) or verification_03 (it restarts). The finding is shared by every worker of the run
 * (run-state.ts) and recorded in the reports (ambiguity otp-reset-request-shape).
 *  - Where the reset clears, a test holds the numbers it needs (phone-number-locks.ts) and each use
 *    resets one first.
 *  - Where it does not, a test takes numbers never used in this run, or is skipped with the reason
 *    ("add numbers to phoneNumbers"), never failed against the requirement it meant to prove.
 * Either way the state of the number is checked before it is used: a free POST /otp/verify of a
 * made-up code must answer validation_04 (7.2 "no record for this number"); a number that answers
 * anything else is not clean (a code pending or expired, the number verified, left by an earlier
 * run or test), and is not used.
 */
import { z } from 'zod';
import { MEXICO_COUNTRY_CODE } from '../../schemas/sms.ts';
import { recordBehaviour } from './checks.ts';
import { currentTest, observe } from './current-test.ts';
import { holdNumbers, type HeldNumbers } from './phone-number-locks.ts';
import { decideOncePerRun, RunLockTimeout, updateRunState, type RunPlace } from './run-state.ts';
import type { Answer, Target } from './target-contract.ts';

/** What these numbers need of the file's target handle (target.ts): its run, its calls, its names. */
export type LegacyNumbersTarget = Pick<Target, 'config' | 'api' | 'name' | 'phone'>;
import { SkipTest } from './test-skip.ts';

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
});
export type LegacyResetFinding = z.infer<typeof LegacyResetFinding>;

/**
 * The profile's numbers that a test of this run has used for a legacy OTP (where a reset does not
 * clear, they are not clean any more), and those of them that were not clean when taken (left so by
 * an earlier run), with what the check answered.
 */
const UsedNumbers = z.object({ used: z.array(z.string()), notClean: z.array(z.string()).default([]) });
const NO_NUMBER_USED = { used: [], notClean: [] };

const FINDING_STATE = 'otp-legacy-reset-finding';
const USED_STATE = 'otp-legacy-used-numbers';

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

/**
 * The code of the free check of a number's state: any code will do (a wrong one changes nothing on
 * a number without a record); this one is improbable as a code the target generated (4 to 10
 * characters of 4.5's code types).
 */
const PROBE_CODE = 'ZZ00ZZ';

const placeOf = (t: LegacyNumbersTarget): RunPlace => ({ outDir: t.config.outDir, runId: t.config.runId });

const codeOf = (answer: Answer): string => (typeof answer.body.code === 'string' ? answer.body.code : `(no code; HTTP ${answer.status})`);
const describeAnswer = (answer: Answer): string => `HTTP ${answer.status} success=${String(answer.body.success)} code=${String(answer.body.code)}`;

/** 4.5 send body (phone_number, country_code 52, company, template given so that no ambiguity of template applies). */
const sendBody = (t: LegacyNumbersTarget, phone: string) => ({ phone_number: phone, country_code: MEXICO_COUNTRY_CODE, company: t.name('co'), template: 'a' });

/** POST /otp/reset in the only shape the kit knows (otp-reset-request-shape: phone-and-country). */
const reset = (t: LegacyNumbersTarget, phone: string): Promise<Answer> =>
  t.api('otp-legacy/reset', { json: { phone_number: phone, country_code: MEXICO_COUNTRY_CODE } });

/**
 * Sends, resets and sends again on `phone`, from whatever state it is in. The first reset and send
 * bring it to a verification of this probe (verification_01), so that the second reset meets a
 * number known to be pending; the send after it tells what the reset did.
 */
async function probeReset(t: LegacyNumbersTarget, phone: string): Promise<LegacyResetFinding> {
  const firstReset = await reset(t, phone);
  const first = await t.api('otp-legacy/send', { json: sendBody(t, phone) });
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
    };
  }
  const pendingReset = await reset(t, phone);
  const next = await t.api('otp-legacy/send', { json: sendBody(t, phone) });
  const nextCode = codeOf(next);
  const effect = nextCode === 'verification_01' ? 'clears' : nextCode === 'verification_03' && accepted(pendingReset) ? 'restarts' : 'other';
  return {
    effect,
    resetStatus: pendingReset.status,
    resetAccepted: accepted(pendingReset),
    reset: describeAnswer(pendingReset),
    seen: `a reset of ${phone} with a code pending answered ${describeAnswer(pendingReset)}, and the send after it ${nextCode}`,
  };
}

/**
 * Records the finding in the running test. It is an observation of ambiguity
 * otp-reset-request-shape (4.5: "its parameters and response: not shown"): whether the reset took
 * the phone-and-country shape is what that option says (success=true on a known number); what
 * the reset left behind is written beside it, and matches or not nothing (the option says nothing
 * of it, and the document allows both readings of "restarting").
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
  observe(
    'otp-reset-request-shape',
    `${effect}: ${finding.seen}`,
    shapeChoice === 'phone-and-country' && finding.resetAccepted !== null ? finding.resetAccepted : null,
  );
  recordBehaviour('POST /otp/reset (4.5: "listed as restarting an OTP verification"), found out once per run', `${effect}: ${finding.seen}`);
}

/**
 * What POST /otp/reset does on this target: decided once per run (the first caller probes, in any
 * worker; the others wait for it), recorded in the test that probed. On a real target the probe
 * sends to a profile number never used in this run, held while it runs; it is charged there, so
 * the cost guard may refuse it (--allow-charges, --max-credits): then the caller is skipped with
 * the guard's reason and the next caller tries again.
 */
export async function legacyResetFinding(t: LegacyNumbersTarget): Promise<{ finding: LegacyResetFinding; probedHere: boolean }> {
  let probedHere = false;
  const decide = async (): Promise<LegacyResetFinding> => {
    probedHere = true;
    if (t.config.embedded) return probeReset(t, t.phone());
    const [phone] = await takeUnusedNumbers(t, 1);
    if (phone === undefined)
      throw new SkipTest(
        `what POST /otp/reset does could not be found out: every one of the profile's ${t.config.profile.phoneNumbers.length} ` +
          `numbers (phoneNumbers) was used earlier in this run; add numbers to phoneNumbers`,
      );
    const held = await holdOrSkip(t, [phone], 1, PROBE_HOLD_WAIT_MS);
    try {
      return await probeReset(t, phone);
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

/** Takes up to `count` of the profile's numbers that no test of this run has used, and marks them used. */
function takeUnusedNumbers(t: LegacyNumbersTarget, count: number): Promise<string[]> {
  return updateRunState(placeOf(t), USED_STATE, UsedNumbers, NO_NUMBER_USED, (state) => {
    const taken = t.config.profile.phoneNumbers.filter((n) => !state.used.includes(n)).slice(0, count);
    return { state: { ...state, used: [...state.used, ...taken] }, result: taken };
  });
}

/** How many of the profile's numbers no test of this run has used, and which were found not clean. */
const unusedNumbers = (t: LegacyNumbersTarget): Promise<{ left: number; notClean: string[] }> =>
  updateRunState(placeOf(t), USED_STATE, UsedNumbers, NO_NUMBER_USED, (state) => ({
    state,
    result: { left: t.config.profile.phoneNumbers.filter((n) => !state.used.includes(n)).length, notClean: state.notClean },
  }));

/** Notes a number that was not clean when taken, for the reasons of later skips. */
const noteNotClean = (t: LegacyNumbersTarget, what: string): Promise<void> =>
  updateRunState(placeOf(t), USED_STATE, UsedNumbers, NO_NUMBER_USED, (state) => ({
    state: { ...state, notClean: [...state.notClean, what] },
    result: undefined,
  }));

async function holdOrSkip(t: LegacyNumbersTarget, candidates: readonly string[], count = candidates.length, waitMs = HOLD_WAIT_MS): Promise<HeldNumbers> {
  const profileNumbers = t.config.profile.phoneNumbers;
  const held = await holdNumbers({ outDir: t.config.outDir, runId: t.config.runId, candidates, count, waitMs });
  if (!held)
    throw new SkipTest(
      `too few phone numbers: ${count} of the profile's ${profileNumbers.length} (phoneNumbers) were ` +
        `held by other tests for ${waitMs / 1000} s; a number in a clean state is used by one test at a time`,
    );
  return held;
}

/**
 * The free check of a number's state (7.2): a made-up code answers validation_04 ("no record for
 * this number") only on a number without a verification. Returns the code it answered otherwise.
 */
async function notCleanBecause(t: LegacyNumbersTarget, phone: string): Promise<string | undefined> {
  const answer = await t.api('otp-legacy/verify', { json: { phone_number: phone, verification_code: PROBE_CODE } });
  const code = codeOf(answer);
  return code === 'validation_04' ? undefined : code;
}

/** The skip of a test that needs a clean number where a reset does not give one and the unused numbers are gone. */
async function noCleanNumberLeft(t: LegacyNumbersTarget, finding: LegacyResetFinding, what: string): Promise<SkipTest> {
  const head = finding.effect === 'restarts' ? "this target's /otp/reset restarts the verification" : "this target's /otp/reset does not leave a number clean";
  const { notClean } = await unusedNumbers(t);
  const also = notClean.length > 0 ? `; not clean when taken: ${notClean.join(', ')}` : '';
  return new SkipTest(
    `${head}: add numbers to phoneNumbers (${finding.seen}; a test that needs a clean number takes one ` +
      `never used in this run, and ${what} of the profile's ${t.config.profile.phoneNumbers.length}${also})`,
  );
}

export interface CleanLegacyNumbers {
  /**
   * A number in a clean state: the `index`-th held number, reset just now (a target whose reset
   * clears), a number of the profile never used in this run (a target whose reset does not), or a
   * number never used before (the embedded target). Two calls may give the same number, reset
   * again, or two numbers: a test keeps what it got while it needs that number's state.
   */
  fresh(index?: number): Promise<string>;
}

/**
 * Runs `body` with `count` numbers in a clean state at once (see the head of this file); skips the
 * test, with the reason, when the run cannot give them.
 */
export async function withCleanLegacyNumbers<T>(t: LegacyNumbersTarget, count: number, body: (numbers: CleanLegacyNumbers) => Promise<T>): Promise<T> {
  if (t.config.embedded) return body({ fresh: async () => t.phone() });
  const profileNumbers = t.config.profile.phoneNumbers;
  if (profileNumbers.length < count)
    throw new SkipTest(
      `too few phone numbers: this test needs ${count} numbers in a clean state at once, the profile ` +
        `has ${profileNumbers.length} (phoneNumbers); real sends may only go to the profile's numbers`,
    );
  // Before any number is held: the probe holds one itself.
  const { finding } = await legacyResetFinding(t);
  return finding.effect === 'clears' ? withResetNumbers(t, count, body) : withUnusedNumbers(t, count, finding, body);
}

/** Where a reset clears: the test holds `count` numbers, and each use resets one and checks it. */
async function withResetNumbers<T>(t: LegacyNumbersTarget, count: number, body: (numbers: CleanLegacyNumbers) => Promise<T>): Promise<T> {
  const held = await holdOrSkip(t, t.config.profile.phoneNumbers, count);
  try {
    return await body({
      fresh: async (index = 0) => {
        const phone = held.numbers[index];
        if (phone === undefined) throw new Error(`fresh(${index}): the test holds ${held.numbers.length} number(s); ask withCleanLegacyNumbers for more`);
        const answer = await reset(t, phone);
        if (answer.status >= 500)
          throw new SkipTest(`the profile's number ${phone} could not be put back to a clean state: POST /otp/reset answered HTTP ${answer.status}`);
        const because = await notCleanBecause(t, phone);
        if (because !== undefined)
          throw new SkipTest(
            `the profile's number ${phone} is not in a clean state after POST /otp/reset ` +
              `(${describeAnswer(answer)}): a verify of a made-up code answered ${because}, not validation_04 (7.2)`,
          );
        return phone;
      },
    });
  } finally {
    held.release();
  }
}

/** Where a reset does not clear: each use takes a number never used in this run, checked clean. */
async function withUnusedNumbers<T>(
  t: LegacyNumbersTarget,
  count: number,
  finding: LegacyResetFinding,
  body: (numbers: CleanLegacyNumbers) => Promise<T>,
): Promise<T> {
  const { left } = await unusedNumbers(t);
  if (left < count) throw await noCleanNumberLeft(t, finding, `this test needs ${count} at once; ${left} are left`);
  const holds: HeldNumbers[] = [];
  try {
    return await body({
      fresh: async () => {
        for (;;) {
          const [phone] = await takeUnusedNumbers(t, 1);
          if (phone === undefined) throw await noCleanNumberLeft(t, finding, 'every one was used earlier in this run');
          holds.push(await holdOrSkip(t, [phone]));
          const because = await notCleanBecause(t, phone);
          if (because === undefined) return phone;
          await noteNotClean(t, `${phone} (verify answered ${because})`);
        }
      },
    });
  } finally {
    for (const held of holds) held.release();
  }
}
