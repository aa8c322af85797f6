/**
 * The state table of 3.1 (schemas/otp-v2-transitions.ts) as test scenarios: for every row, how to
 * reach its state through the API (arrange), the trigger with the row's facts (act), the checks the
 * row itself implies (otp-v2-row-checks.ts: HTTP status, action or slug, next state, side effects,
 * charge) and the checks only that row can make. `Record<OtpTransitionId, …>`: a row added to the table without
 * a scenario does not compile.
 */
import { expect } from 'vitest';
import { type Answer, expectError, expectSchema, expectSuccess, Inconclusive, judge } from '../../harness/kit/index.ts';
import type { OtpState } from '../../schemas/envelope.ts';
import { OtpCreateResponse, OtpDeleteResponse, OtpVerifyResponse } from '../../schemas/otp-v2.ts';
import { OTP_V2_RULES, type OtpTransition, type OtpTransitionId } from '../../schemas/otp-v2-transitions.ts';
import { expectCharge } from './otp-v2-calls.ts';
import { act, actHeld, idOf, type Prior } from './otp-v2-row-checks.ts';
import { expiresAtMs, NEAR_FUTURE_SECONDS, type Timed, WINDOW_REPEATS } from './otp-v2-clock.ts';
import type { OtpDriver } from './otp-v2-driver.ts';
import { type Fields, messageExpandingTo, type OtpSubject, wrongCodeFor } from './otp-v2-subject.ts';

export interface RowScenario {
  /**
   * Waits, or may wait, for the cooldown or an expiry: runs concurrently in real time. A row whose
   * condition says nothing of the cooldown but is reached within it may wait for a target that
   * applies it there (OtpCooldown.createPastCooldown).
   */
  waits: boolean;
  /** Requirement ids the scenario proves beyond its row. */
  also?: readonly string[];
  run(d: OtpDriver, s: OtpSubject, row: OtpTransition): Promise<void>;
}

const CUSTOM = 'Ab12Cd';
const OTHER_CUSTOM = 'Zy98Xw';
/** A long stored code, so that a newly generated (default-length) code cannot equal it. */
const LONG = { code_length: OTP_V2_RULES.maxCodeLength };

/**
 * none + create → pending. `expiringSoon`: with an expiration_date a few seconds ahead (nearFuture),
 * sent again with twice the lead while the target refuses it as past (OtpStates.expiryMissed); the
 * date sent is returned.
 */
async function arrangePending(
  d: OtpDriver,
  s: OtpSubject,
  fields: Fields = {},
  expiringSoon = false,
): Promise<Prior & { code: string; answer: Answer; send: Timed; requested?: string }> {
  let send: Timed | undefined;
  let requested: string | undefined;
  let m: Awaited<ReturnType<OtpDriver['calls']['measured']>> | undefined;
  for (let lead = NEAR_FUTURE_SECONDS, tries = 1; m === undefined; lead *= 2, tries += 1) {
    requested = expiringSoon ? await d.clock.nearFuture(lead) : undefined;
    const f = requested === undefined ? fields : { expiration_date: requested, ...fields };
    const measured = await d.calls.measured(s, async () => (send = await d.clock.timed(() => d.calls.create(s, f))).answer);
    if (expiringSoon && d.states.expiryMissed(measured.answer, lead, tries)) continue;
    m = measured;
  }
  // The arranged create is 3.1's none + create (stated), judged as that row on the way to the scenario's own.
  const body = d.states.expectCreated(m.answer, 'created', 'otp2:none-create');
  judge('otp2:none-create', 'the code, requested (4.4)', () => expect(body.code, 'code_in_response=true returns the code (4.4)').toBeTypeOf('string'));
  const unit = expectCharge(s, m.spent, 1, undefined, 'arrange: none + create', 'otp2:none-create');
  return { code: body.code!, attempts: body.attempts_remaining, unit, answer: m.answer, send: send!, ...(requested === undefined ? {} : { requested }) };
}

async function arrangeLocked(d: OtpDriver, s: OtpSubject, fields: Fields = {}): Promise<Prior & { code: string }> {
  const p = await arrangePending(d, s, fields);
  await d.states.useAttemptsBeforeLock(s, p.code);
  await d.states.lockingAttempt(s, p.code);
  return { ...p, attempts: 0 };
}

async function arrangeVerified(d: OtpDriver, s: OtpSubject, fields: Fields = {}): Promise<Prior & { code: string }> {
  const p = await arrangePending(d, s, fields);
  expectSuccess(await d.calls.verify(s, p.code), 'otp-v2/verify', OtpVerifyResponse);
  return p;
}

async function arrangeExpired(d: OtpDriver, s: OtpSubject, fields: Fields = {}): Promise<Prior & { code: string }> {
  const p = await arrangePending(d, s, fields, true);
  await d.clock.waitPast(expiresAtMs(p.answer));
  return p;
}

/** Pending with one wrong attempt used, the cooldown waited out as the target reported it. */
async function arrangePendingAfterCooldown(d: OtpDriver, s: OtpSubject, fields: Fields = {}): Promise<Prior & { code: string }> {
  const p = await arrangePending(d, s, fields);
  await d.states.wrongAttempt(s, p.code, OTP_V2_RULES.attemptsPerRound - 1);
  const send = await d.cooldown.waitOutCooldown(s, p.send);
  return { ...p, attempts: OTP_V2_RULES.attemptsPerRound - 1, send };
}

/**
 * POST /v2/otp on `row`, whose condition says nothing of the cooldown: a target applying it there
 * is waited out first (OtpCooldown.createPastCooldown), then the row's statements are asserted.
 */
const createOnRow =
  (d: OtpDriver, s: OtpSubject, row: OtpTransition, fields: Fields = {}) =>
  (): Promise<Answer> =>
    d.cooldown.createPastCooldown(s, fields, row.state === 'any' ? 'none' : row.state, `3.1 ${row.state} + create (${row.condition})`);

/** The right code verifies (HTTP 200 and 4.4's body): what the row, `requirement`, states of the code it leaves. */
async function expectVerifies(d: OtpDriver, s: OtpSubject, code: string, why: string, requirement: string): Promise<void> {
  const answer = await d.calls.verify(s, code);
  judge(requirement, why, () => expect(answer.status, `${why} — ${answer.text.slice(0, 200)}`).toBe(200));
  expectSuccess(answer, 'otp-v2/verify', OtpVerifyResponse);
}

export const ROW_SCENARIOS: Record<OtpTransitionId, RowScenario> = {
  'none-create': {
    waits: false,
    also: ['op:otp-v2/create', 'limit:otp-v2-cooldown'],
    async run(d, s, row) {
      let send: Timed | undefined;
      const answer = await act(d, s, row, {}, async () => (send = await d.clock.timed(() => d.calls.create(s))).answer);
      expectSchema('op:otp-v2/create', OtpCreateResponse, answer.json, 'created body', answer);
      // Right after the send the whole cooldown is left, less the create's own measured round trip.
      d.cooldown.expectResendAvailableIn(send!, send!, 'the answer of the send');
    },
  },
  'expired-create': {
    waits: true,
    also: ['rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangeExpired(d, s, LONG);
      // 3.1 "expired | POST /v2/otp | always": reached a few seconds after the first send.
      const answer = await act(d, s, row, p, createOnRow(d, s, row));
      await d.states.wrongAttempt(s, p.code, OTP_V2_RULES.attemptsPerRound - 1);
      await expectVerifies(d, s, String(answer.body.code), 'the new code of expired + create verifies', idOf(row));
    },
  },
  'pending-create-throttled': {
    waits: false,
    also: ['err:otp_throttled', 'rule:otp2.retry-after', 'limit:otp-v2-cooldown', 'rule:otp2.error-body'],
    async run(d, s, row) {
      // The row's premise, "within the 30 s cooldown", holds when the kit's clock proves it
      // (OtpCooldown.judgeThrottled); a target too slow to prove it is tried again with a fresh number.
      const seen: Timed[] = [];
      for (let attempt = 0; attempt <= WINDOW_REPEATS; attempt++) {
        const x = attempt === 0 ? s : d.calls.sibling(s);
        const p = await arrangePending(d, x);
        let resend: Timed | undefined;
        const answer = await act(
          d,
          x,
          row,
          p,
          async () => {
            const r = await d.clock.timed(() => d.calls.create(x));
            // Not judged here: expectRow would fail an answer the measured times cannot place.
            if (d.cooldown.judgeThrottled(p.send, r, 'a resend right after the send') !== undefined) resend = r;
            return r.answer;
          },
          () => resend !== undefined,
        );
        if (resend === undefined) {
          seen.push(p.send);
          continue;
        }
        judge(idOf(row), 'a resend the kit placed inside the cooldown answers 429 (3.1)', () =>
          expect(answer.status, 'a resend inside the cooldown').toBe(429),
        );
        // A throttled resend sent nothing: the code and its attempts are unchanged.
        await d.states.wrongAttempt(x, p.code, OTP_V2_RULES.attemptsPerRound - 1);
        await expectVerifies(d, x, p.code, 'the code still verifies after a throttled resend', idOf(row));
        return;
      }
      throw new Inconclusive(
        `a resend could not be placed inside the ${OTP_V2_RULES.cooldownSeconds} s cooldown by the kit's ` +
          `clock in ${WINDOW_REPEATS + 1} tries (${d.clock.latenciesText(seen)}), and the target carried it out`,
      );
    },
  },
  'pending-create-custom-same': {
    waits: true,
    also: ['rule:otp2.whatsapp-warning', 'rule:otp2.channel-switch', 'rule:otp2.retry-after', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangePendingAfterCooldown(d, s, { code_custom: CUSTOM });
      // "whether a round restarts depends on the code, not on code_rotate": code_rotate=true is ignored.
      const answer = await act(d, s, row, p, () => d.calls.create(s, { code_custom: CUSTOM, code_rotate: true, channel: 'whatsapp' }));
      judge('rule:otp2.whatsapp-warning', 'whatsapp ignores company and message: warning present (4.4)', () =>
        expect(answer.body.warning, 'whatsapp ignores company and message: warning present (4.4)').toBeTypeOf('string'),
      );
      await expectVerifies(d, s, CUSTOM, 'the custom code still verifies', idOf(row));
    },
  },
  'pending-create-custom-different': {
    waits: true,
    also: ['limit:otp-v2-attempts', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangePendingAfterCooldown(d, s, { code_custom: CUSTOM });
      const answer = await act(d, s, row, p, () => d.calls.create(s, { code_custom: OTHER_CUSTOM, code_rotate: false }));
      judge(idOf(row), 'the new round uses the new custom code (3.1 "replaces the code")', () =>
        expect(answer.body.code, 'the new round uses the new custom code').toBe(OTHER_CUSTOM),
      );
      await d.states.wrongAttempt(s, OTHER_CUSTOM, OTP_V2_RULES.attemptsPerRound - 1);
      const old = await d.calls.verify(s, CUSTOM);
      judge(idOf(row), 'the replaced custom code no longer verifies (3.1 "replaces the code")', () =>
        expect(old.status, 'the replaced custom code no longer verifies').toBe(401),
      );
      await expectVerifies(d, s, OTHER_CUSTOM, 'the new custom code verifies', idOf(row));
    },
  },
  'pending-create-rotate': {
    waits: true,
    also: ['limit:otp-v2-attempts', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangePendingAfterCooldown(d, s, LONG);
      const answer = await act(d, s, row, p, () => d.calls.create(s, { code_rotate: true }));
      const old = await d.calls.verify(s, p.code);
      expectError(idOf(row), old, 'otp_incorrect_code', 'otp-v2/verify');
      judge(idOf(row), 'the rotated round counts from 7 (3.1 "7 fresh attempts")', () =>
        expect(old.body.attempts_remaining, 'the rotated round counts from 7').toBe(OTP_V2_RULES.attemptsPerRound - 1),
      );
      await expectVerifies(d, s, String(answer.body.code), 'the rotated code verifies', idOf(row));
    },
  },
  'pending-create-resend': {
    waits: true,
    also: [
      'rule:otp2.channel-switch',
      'rule:otp2.message-checked-at-resend',
      'rule:otp2.code-length-new-code-only',
      'rule:otp2.message-invalid-untouched',
      'limit:otp-v2-message-length',
      'err:otp_message_invalid',
      'rule:otp2.cooldown-reach',
    ],
    async run(d, s, row) {
      const max = OTP_V2_RULES.maxMessageLength;
      const atMaxWithStored = messageExpandingTo(max, OTP_V2_RULES.maxCodeLength);
      // Stored code of 10 characters; the message is exactly 160 once expanded with it (8).
      const p = await arrangePendingAfterCooldown(d, s, { ...LONG, message: atMaxWithStored });
      // 4.4: the message is checked with the real length of the code being sent: 160 with a 4-character
      // code, 166 with the stored 10-character code that a resend reuses.
      const fitsShortCode = messageExpandingTo(max, OTP_V2_RULES.minCodeLength);
      const refused = await d.calls.measured(s, () => d.calls.create(s, { code_length: OTP_V2_RULES.minCodeLength, message: fitsShortCode }));
      expectError('err:otp_message_invalid', refused.answer, 'otp_message_invalid', 'otp-v2/create');
      expectCharge(s, refused.spent, 0, p.unit, 'otp_message_invalid', 'rule:otp2.charging');
      // 7.3: the verification is untouched; the resend below shows the same code and attempts.
      const answer = await act(d, s, row, p, () => d.calls.create(s, { code_length: OTP_V2_RULES.minCodeLength, message: atMaxWithStored, channel: 'voice' }));
      judge('rule:otp2.code-length-new-code-only', 'code_length applies only to a new code (4.4)', () =>
        expect(String(answer.body.code).length, 'code_length applies only to a new code: the resent code keeps its length (4.4)').toBe(
          OTP_V2_RULES.maxCodeLength,
        ),
      );
      await expectVerifies(d, s, p.code, 'the resent code (now on voice) verifies', idOf(row));
    },
  },
  'locked-create-custom-same': {
    waits: true,
    also: ['err:otp_max_attempts', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangeLocked(d, s, { code_custom: CUSTOM });
      await act(d, s, row, p, createOnRow(d, s, row, { code_custom: CUSTOM }));
      const still = await d.calls.verify(s, CUSTOM);
      judge(idOf(row), 'still locked: the same custom code did not start a round (3.1)', () =>
        expect(still.status, 'still locked: the same custom code did not start a round').toBe(429),
      );
    },
  },
  'locked-create-custom-different': {
    waits: true,
    also: ['limit:otp-v2-attempts', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangeLocked(d, s, { code_custom: CUSTOM });
      const answer = await act(d, s, row, p, createOnRow(d, s, row, { code_custom: OTHER_CUSTOM }));
      judge(idOf(row), 'the new round uses the new custom code (3.1 "replaces the code")', () =>
        expect(answer.body.code, 'the new round uses the new custom code').toBe(OTHER_CUSTOM),
      );
      await expectVerifies(d, s, OTHER_CUSTOM, 'the new custom code verifies', idOf(row));
    },
  },
  'locked-create-rotate': {
    waits: true,
    also: ['limit:otp-v2-attempts', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangeLocked(d, s, LONG);
      const answer = await act(d, s, row, p, createOnRow(d, s, row, { code_rotate: true }));
      // 7 fresh attempts: 6 wrong codes, and the right one as the 7th attempt of the round verifies
      // (under either lock point; an 8th would not, 8 "7 per code round").
      const code = String(answer.body.code);
      for (let left = OTP_V2_RULES.attemptsPerRound - 1; left >= 1; left--) await d.states.wrongAttempt(s, code, left);
      await expectVerifies(d, s, code, 'the rotated code verifies as the 7th attempt of a fresh round', idOf(row));
    },
  },
  'locked-create-no-rotate': {
    waits: true,
    also: ['err:otp_max_attempts', 'rule:otp2.error-body', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangeLocked(d, s);
      await act(d, s, row, p, createOnRow(d, s, row));
      await act(d, s, row, p, createOnRow(d, s, row, { code_rotate: false }));
    },
  },
  'verified-create': {
    waits: true,
    also: ['rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const p = await arrangeVerified(d, s, LONG);
      // 3.1 "verified | POST /v2/otp | always": reached right after the first send.
      const answer = await act(d, s, row, p, createOnRow(d, s, row));
      await expectVerifies(d, s, String(answer.body.code), 'the code of the new cycle verifies', idOf(row));
    },
  },
  'pending-verify-correct': {
    waits: false,
    also: ['op:otp-v2/verify'],
    async run(d, s, row) {
      const p = await arrangePending(d, s);
      await act(d, s, row, p, () => d.calls.verify(s, p.code));
      await d.reads.expectState(s, 'verified', 'a verified number reads verified', idOf(row));
    },
  },
  'pending-verify-wrong': {
    waits: false,
    also: ['err:otp_incorrect_code', 'rule:otp2.attempts-remaining', 'rule:otp2.error-body'],
    async run(d, s, row) {
      const p = await arrangePending(d, s);
      const first = await act(d, s, row, p, () => d.calls.verify(s, wrongCodeFor(p.code)));
      const second = await act(d, s, row, { ...p, attempts: Number(first.body.attempts_remaining) }, () => d.calls.verify(s, wrongCodeFor(p.code)));
      judge(idOf(row), 'two wrong codes: two attempts used (3.1 "attempts_remaining decremented")', () =>
        expect(second.body.attempts_remaining, 'two wrong codes: two attempts used').toBe(OTP_V2_RULES.attemptsPerRound - 2),
      );
      await expectVerifies(d, s, p.code, 'the right code still verifies after wrong ones', idOf(row));
    },
  },
  'pending-verify-exhausted': {
    waits: false,
    also: ['limit:otp-v2-attempts'],
    async run(d, s, row) {
      const p = await arrangePending(d, s);
      await d.states.useAttemptsBeforeLock(s, p.code);
      const answer = await act(d, s, row, { ...p, attempts: 0 }, () => d.calls.verify(s, wrongCodeFor(p.code)));
      judge(
        'otp-v2-lock-point',
        `after ${d.states.wrongAttemptsBeforeLock()} wrong codes answering 401, the next answered HTTP ${answer.status}`,
        answer.status === 429,
      );
      await d.reads.expectState(s, 'locked', 'the attempts are used up', idOf(row));
    },
  },
  'verified-verify': {
    waits: false,
    async run(d, s, row) {
      const p = await arrangeVerified(d, s);
      await act(d, s, row, p, () => d.calls.verify(s, p.code));
      await act(d, s, row, p, () => d.calls.verify(s, wrongCodeFor(p.code)));
    },
  },
  'none-verify': {
    waits: false,
    async run(d, s, row) {
      await act(d, s, row, {}, () => d.calls.verify(s, '123456'));
    },
  },
  'expired-verify': {
    waits: true,
    async run(d, s, row) {
      const p = await arrangeExpired(d, s);
      await act(d, s, row, p, () => d.calls.verify(s, p.code));
      await act(d, s, row, p, () => d.calls.verify(s, wrongCodeFor(p.code)));
    },
  },
  'locked-verify': {
    waits: false,
    async run(d, s, row) {
      const p = await arrangeLocked(d, s);
      await act(d, s, row, p, () => d.calls.verify(s, p.code));
    },
  },
  'pending-expires': {
    waits: true,
    also: ['limit:otp-v2-expiry', 'rule:otp2.expires-at', 'otp2:any-delete'],
    async run(d, s, row) {
      // The read "before its expiry" counts only where the kit's clock proves it came before; the
      // expiry's lead grows with the measured latency (nearFuture), and a fresh number is tried again.
      let x = s;
      let p: (Prior & { code: string; answer: Answer }) | undefined;
      for (let attempt = 0; p === undefined; attempt++) {
        if (attempt > WINDOW_REPEATS)
          throw new Inconclusive(
            `a status read could not be placed before an expiry ${d.clock.latencySeconds().toFixed(2)} ` +
              `s of round trip ahead by the kit's clock in ${WINDOW_REPEATS + 1} tries`,
          );
        x = attempt === 0 ? s : d.calls.sibling(s);
        const arranged = await arrangePending(d, x, {}, true);
        judge('limit:otp-v2-expiry', 'expires_at is the expiration_date given (4.4, 2.10, 8)', () =>
          expect(arranged.answer.body.expires_at, 'expires_at is the expiration_date given (4.4, 2.10)').toBe(arranged.requested),
        );
        const before = await d.reads.stateBefore(x, expiresAtMs(arranged.answer), idOf(row));
        if (before === undefined) continue;
        if (d.calls.choices['otp-status-request-shape'] === 'query')
          judge(idOf(row), 'pending before its expiry (3.1)', () => expect(before.state, 'GET /v2/otp/status: before its expiry').toBe('pending'));
        p = arranged;
      }
      await d.clock.waitPast(expiresAtMs(p.answer));
      // 3.1 pending + time → expired: "verify answers HTTP 410".
      await d.reads.expectState(x, row.next as OtpState, 'the code passed its expiry', idOf(row));
      d.reads.expectVerifyRefusal(await d.calls.verify(x, p.code), 410, 'expired', idOf(row));
      // 3.1 any + DELETE, from expired.
      const removed = await d.calls.measured(x, () => d.calls.remove(x));
      expectSuccess(removed.answer, 'otp-v2/delete', OtpDeleteResponse);
      expectCharge(x, removed.spent, 0, p.unit, 'DELETE', 'rule:otp2.free-operations');
      // The delete's own row, a reading (its request shape is not shown): at its level, the last check here.
      d.reads.expectVerifyRefusal(await d.calls.verify(x, p.code), 404, 'none', 'otp2:any-delete');
    },
  },
  'any-delete': {
    waits: true,
    also: ['op:otp-v2/delete', 'rule:otp2.free-operations', 'rule:otp2.cooldown-reach'],
    async run(d, s, row) {
      const arrangements: [OtpState, (x: OtpSubject) => Promise<Prior>][] = [
        ['none', async () => ({})],
        ['pending', (x) => arrangePending(d, x)],
        ['verified', (x) => arrangeVerified(d, x)],
        ['locked', (x) => arrangeLocked(d, x)],
      ];
      for (const [state, arrange] of arrangements) {
        const x = state === 'none' ? s : d.calls.sibling(s);
        const p = await arrange(x);
        // The row is a reading (its request shape is not shown): a check that does not hold is its one
        // warning, and the scenario stops there as a failed check ended it.
        if (!(await actHeld(d, x, row, p, () => d.calls.remove(x)))) return;
        if (!d.reads.expectVerifyRefusal(await d.calls.verify(x, p.code ?? '123456'), 404, 'none', idOf(row))) return;
        if (!(await d.reads.expectState(x, 'none', `deleted from ${state}`, idOf(row)))) return;
        // Back to none: a create is none + create again (3.1 "always": HTTP 201, created).
        const again = await d.cooldown.createPastCooldown(x, {}, 'none', `3.1 none + create after DELETE from ${state}`);
        if (!d.states.judgeCreated(again, expectSuccess(again, 'otp-v2/create', OtpCreateResponse), 'created', idOf(row))) return;
      }
    },
  },
};
