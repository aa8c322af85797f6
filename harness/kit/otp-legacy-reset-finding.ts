import { judge } from './judge.ts';
import { currentTest } from './current-test.ts';
import type { LegacyNumberRecord } from './otp-legacy-states.ts';
import { decideOncePerRun, RunLockTimeout } from './run-state.ts';
import type { Answer } from './target-contract.ts';
import { SkipTest } from './test-skip.ts';
import {
  codeOf,
  describeAnswer,
  FINDING_STATE,
  holdOrSkip,
  LegacyResetFinding,
  type LegacyNumbersTarget,
  placeOf,
  PROBE_HOLD_WAIT_MS,
  PROBE_WAIT_MS,
  recordsOf,
  resetNumber,
  sendingBody,
  watchingNumbers,
} from './otp-legacy-number-records.ts';

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
  judge(
    'otp-reset-request-shape',
    `${effect}: ${finding.seen}${shapeWords === '' ? '' : ` (${shapeWords})`}`,
    shapeChoice === 'phone-and-country' && finding.resetAccepted !== null ? finding.resetAccepted && finding.shape === 'phone-and-country' : null,
  );
  judge('legacy-reset-effect', 'POST /otp/reset (4.5: "listed as restarting an OTP verification"), found out once per run', `${effect}: ${finding.seen}`);
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
export async function findResetOn(t: LegacyNumbersTarget, phone: string): Promise<void> {
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
