/**
 * What waits out the cooldown or an expiry: 8 "Current OTP attempts | 7 per code round" and 3.1's
 * locked state, whose resend may wait out the cooldown, and the rows of the state table of 3.1
 * reached by waiting (support/otp-v2-rows.ts). One file, so that its waits overlap (concurrent where
 * one test's waits age nothing of another's) even where files run one after another (no manager
 * key); the cooldown itself is cooldown.test.ts. Starts first in a run (harness/run/suite-schedule.ts).
 */
import { describe, expect } from 'vitest';
import { type Answer, expectError, expectSchema, judge, req, useTarget } from '../../harness/kit/index.ts';
import { OtpErrorBody } from '../../schemas/envelope.ts';
import { OTP_V2_RULES, OTP_V2_TRANSITIONS } from '../../schemas/otp-v2-transitions.ts';
import { OtpDriver } from '../support/otp-v2-driver.ts';
import type { OtpSubject } from '../support/otp-v2-subject.ts';
import { rowTest } from '../support/otp-v2-row-test.ts';
import { ROW_SCENARIOS } from '../support/otp-v2-rows.ts';

const t = useTarget();
const d = new OtpDriver(t);
/**
 * Waiting tests overlap where one test's waits age nothing of another's: in real time, and with a
 * clock per test. On a test clock shared by all they run one by one (waits are instant there).
 */
const CONCURRENT = t.clock.waitsMayOverlap;

describe('waits: cooldown and expiry (concurrent unless the test clock is shared)', { concurrent: CONCURRENT }, () => {
  // 3.1 "pending | POST /v2/otp/verify | 7 attempts used up | locked | HTTP 429" and 8 "Current OTP
  // attempts | 7 per code round": after the 7 wrong codes of a round no code verifies, the right one
  // included (an 8th attempt is none of the 7), and a resend is one of a locked verification ("locked
  // | POST /v2/otp | no code_rotate | locked | HTTP 429 otp_max_attempts"), whichever wrong code the
  // profile's otp-v2-lock-point says answers 429. The state with the 401 of a 7th wrong code is not
  // stated and only recorded (OtpStates.wrongAttemptWith).
  req(
    [
      'limit:otp-v2-attempts',
      'otp2:pending-verify-exhausted',
      'otp2:locked-verify',
      'otp2:locked-create-no-rotate',
      'err:otp_max_attempts',
      'rule:otp2.cooldown-reach',
    ],
    'after the 7 wrong codes of a round no code verifies, the right one included, and POST /v2/otp without code_rotate answers 429 otp_max_attempts',
    async () => {
      // The verify's row of 3.1: with a 7th wrong code that locked (otp-v2-lock-point) a verify of the locked state, else
      // (7 answering 401) the verify that finds the 7 attempts used up.
      const lockedByRound = d.states.wrongAttemptsBeforeLock() < OTP_V2_RULES.attemptsPerRound;
      const expectLocked = (answer: Answer, why: string, row: 'otp2:locked-verify' | 'otp2:pending-verify-exhausted'): void => {
        // An 8th attempt that verifies is one attempt more than the round's 7 (8).
        judge('limit:otp-v2-attempts', '7 attempts per code round (8)', () =>
          expect(
            answer.status,
            `${why}: after the 7 wrong codes of a round the right code must not verify (3.1 "7 ` +
              `attempts used up → locked", 8 "7 per code round") — ${answer.text.slice(0, 200)}`,
          ).not.toBe(200),
        );
        judge(row, 'a verify after the round: 429, state locked (3.1, 4.4)', () => {
          expect(answer.status, `${why}: HTTP 429 (3.1; 4.4 "429 attempts exhausted")`).toBe(429);
          expect(expectSchema(row, OtpErrorBody, answer.json, 'the error body of 4.4', answer).state, `${why}: state locked (3.1)`).toBe('locked');
        });
      };
      const resendOf = async (x: OtpSubject, why: string): Promise<void> => {
        const answer = await d.cooldown.createPastCooldown(x, {}, 'locked', '3.1 locked + create (no code_rotate)');
        expectError('err:otp_max_attempts', answer, 'otp_max_attempts', 'otp-v2/create');
        judge('otp2:locked-create-no-rotate', 'locked + create without code_rotate: still locked (3.1)', () =>
          expect(answer.body.state, `${why}: state locked (3.1)`).toBe('locked'),
        );
      };
      // The right code as the 8th attempt, then a resend.
      const a = await d.calls.subject({ ownAccount: CONCURRENT });
      const { code } = await d.states.pending(a);
      await d.states.useRound(a, code);
      expectLocked(await d.calls.verify(a, code), 'the right code after 7 wrong ones', lockedByRound ? 'otp2:locked-verify' : 'otp2:pending-verify-exhausted');
      await resendOf(a, 'a resend after the right code was refused');
      // A resend straight after the 7 wrong codes, then the right code.
      const b = d.calls.sibling(a);
      const { code: codeB } = await d.states.pending(b);
      await d.states.useRound(b, codeB);
      await resendOf(b, 'a resend after 7 wrong codes');
      expectLocked(await d.calls.verify(b, codeB), 'the right code after 7 wrong codes and a resend', 'otp2:locked-verify');
    },
    { concurrent: CONCURRENT, timeout: 240_000 },
  );

  // Longest first: vitest starts a file's concurrent tests in the order they are declared, a bounded
  // number at once (maxConcurrency, harness/run/run-suites.ts), so the longest waits begin first.
  for (const row of OTP_V2_TRANSITIONS) if (ROW_SCENARIOS[row.id].waits && row.trigger === 'create' && row.state === 'pending') rowTest(t, d, row);
  for (const row of OTP_V2_TRANSITIONS) if (ROW_SCENARIOS[row.id].waits && !(row.trigger === 'create' && row.state === 'pending')) rowTest(t, d, row);
});
