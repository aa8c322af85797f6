/**
 * The legacy OTP states as the kit sees them and the paths between them (harness/kit/otp-legacy-states.ts):
 * what each answer of 7.2 tells, and the cheapest documented path to each need on each reading of
 * POST /otp/reset (4.5), with the charged sends and 7.2's hourly count of wrong codes.
 */
import { describe, expect, it } from 'vitest';
import {
  type LegacyNeed,
  type LegacyNumberRecord,
  NEW_NUMBER,
  observeAnswer,
  type ObservedAnswer,
  type PlanContext,
  planPath,
  type ResetEffect,
  UNKNOWN_NUMBER,
} from '../harness/kit/otp-legacy-states.ts';

const NOW = 10_000_000;
const pending = (code: string | null, wrongAt: number[] = []): LegacyNumberRecord => ({ state: 'pending', code, wrongAt });
const VERIFIED: LegacyNumberRecord = { state: 'verified', code: null, wrongAt: [] };
const answer = (operation: ObservedAnswer['operation'], body: Record<string, unknown>, request: Record<string, unknown> = {}): ObservedAnswer => ({
  operation,
  request,
  status: 200,
  body,
});

describe('what an answer tells of the number (7.2)', () => {
  const cases: [string, LegacyNumberRecord, ObservedAnswer, ResetEffect, Partial<LegacyNumberRecord>][] = [
    ['a send with showcode=1', NEW_NUMBER, answer('otp-legacy/send', { code: 'verification_01', verification_code: 'AB12' }), 'unknown', pending('AB12')],
    ['a send without showcode', NEW_NUMBER, answer('otp-legacy/send', { code: 'verification_01' }), 'unknown', pending(null)],
    ['a send meeting a code pending keeps the code known', pending('AB12'), answer('otp-legacy/send', { code: 'verification_03' }), 'unknown', pending('AB12')],
    ['a send meeting a code pending on a number not known', UNKNOWN_NUMBER, answer('otp-legacy/send', { code: 'verification_03' }), 'unknown', pending(null)],
    ['a resend without reset_code keeps the code', pending('AB12'), answer('otp-legacy/resend', { code: 'verification_01' }), 'unknown', pending('AB12')],
    [
      'a resend with reset_code=true and no showcode forgets it',
      pending('AB12'),
      answer('otp-legacy/resend', { code: 'verification_01' }, { reset_code: true }),
      'unknown',
      pending(null),
    ],
    ['a wrong code counts an attempt', pending('AB12'), answer('otp-legacy/verify', { code: 'validation_05' }), 'unknown', pending('AB12', [NOW])],
    ['the right code verifies', pending('AB12'), answer('otp-legacy/verify', { code: 'validation_01' }), 'unknown', VERIFIED],
    ['no record', UNKNOWN_NUMBER, answer('otp-legacy/verify', { code: 'validation_04' }), 'unknown', NEW_NUMBER],
    ['a refusal of a field changes nothing', pending('AB12'), answer('otp-legacy/send', { code: 'verification_09' }), 'unknown', pending('AB12')],
    ['a reset that clears', VERIFIED, answer('otp-legacy/reset', { success: true }), 'clears', NEW_NUMBER],
    ['a reset that restarts', VERIFIED, answer('otp-legacy/reset', { success: true }), 'restarts', pending(null)],
    ['a reset before the run knows what it does', VERIFIED, answer('otp-legacy/reset', { success: true }), 'unknown', UNKNOWN_NUMBER],
    ['a refused reset changes nothing', VERIFIED, answer('otp-legacy/reset', { success: false, code: 'verification_20' }), 'restarts', VERIFIED],
  ];
  for (const [what, before, seen, reset, after] of cases) it(what, () => expect(observeAnswer(before, seen, reset, NOW)).toEqual(after));

  it('a server error leaves the state unknown', () => {
    expect(observeAnswer(pending('AB12'), { ...answer('otp-legacy/verify', {}), status: 500 }, 'clears', NOW).state).toBe('unknown');
  });
});

describe('the cheapest documented path to a need (4.5)', () => {
  const context = (reset: ResetEffect, over: Partial<PlanContext> = {}): PlanContext => ({
    reset,
    attemptLimit: 5,
    expiredSendRestarts: false,
    canExpire: true,
    attempts: 2,
    now: NOW,
    ...over,
  });
  const cases: [string, LegacyNumberRecord, LegacyNeed, PlanContext, string[] | RegExp][] = [
    ['no record to a pending code: a send', NEW_NUMBER, 'pending-code', context('restarts'), ['send']],
    ['no record to verified: a send and a verify', NEW_NUMBER, 'verified', context('restarts'), ['send', 'verify']],
    ['a code not known: a resend shows it', pending(null), 'pending-code', context('restarts'), ['resend']],
    ['verified to no record where the reset clears', VERIFIED, 'no-record', context('clears'), ['reset']],
    ['verified to a pending code where the reset restarts', VERIFIED, 'pending-code', context('restarts'), ['reset', 'resend']],
    ['verified to a pending code where the reset clears', VERIFIED, 'pending-code', context('clears'), ['reset', 'send']],
    ['verified to no record where the reset restarts: none', VERIFIED, 'no-record', context('restarts'), /only a reset that clears leads back to no record/],
    ['pending to no record where the reset is refused: none', pending('AB12'), 'no-record', context('other'), /does not clear a number/],
    [
      'expired, where a send after expiry is the restart',
      { state: 'expired', code: null, wrongAt: [] },
      'pending-code',
      context('other', { expiredSendRestarts: true }),
      ['send'],
    ],
    ['expired otherwise: none', { state: 'expired', code: null, wrongAt: [] }, 'pending-code', context('other'), /no documented transition/],
    [
      'the hour used up by wrong codes: none',
      pending('AB12', [NOW - 1000, NOW - 2000, NOW - 3000, NOW - 4000]),
      'pending-code',
      context('clears'),
      /4 wrong codes of the last hour/,
    ],
    [
      'wrong codes older than an hour do not count',
      pending('AB12', [NOW - 3_700_000, NOW - 3_800_000, NOW - 3_900_000, NOW - 4_000_000]),
      'pending-code',
      context('clears'),
      [],
    ],
    ['a state not known is looked at first, never planned through', UNKNOWN_NUMBER, 'no-record', context('clears'), /not known yet/],
    ['a send that generates a code: a number with no record as it is', NEW_NUMBER, 'sendable', context('restarts'), []],
    [
      'a send that generates a code: an expired code, where a send after expiry restarts',
      { state: 'expired', code: null, wrongAt: [] },
      'sendable',
      context('restarts', { expiredSendRestarts: true }),
      [],
    ],
    ['a send that generates a code: a pending code let expire', pending(null), 'sendable', context('restarts', { expiredSendRestarts: true }), ['expire']],
    [
      'a send that generates a code: a verified number reset, then let expire',
      VERIFIED,
      'sendable',
      context('restarts', { expiredSendRestarts: true }),
      ['reset', 'expire'],
    ],
    [
      'a send that generates a code: not where a send after expiry does not restart',
      pending(null),
      'sendable',
      context('restarts'),
      /nor does a send after an expired code generate a new one here/,
    ],
    [
      'a send that generates a code: not where no code may expire',
      pending(null),
      'sendable',
      context('restarts', { expiredSendRestarts: true, canExpire: false }),
      /cannot let its code expire/,
    ],
  ];
  for (const [what, record, need, c, expected] of cases)
    it(what, () => {
      const plan = planPath(record, need, c);
      if (expected instanceof RegExp) expect('none' in plan ? plan.none : plan.steps.join(',')).toMatch(expected);
      else expect('none' in plan ? plan.none : plan.steps).toEqual(expected);
    });

  it('counts the charged sends of a path', () => {
    expect(planPath(VERIFIED, 'pending-code', context('restarts'))).toEqual({ steps: ['reset', 'resend'], charged: 2 });
    expect(planPath(VERIFIED, 'no-record', context('clears'))).toEqual({ steps: ['reset'], charged: 0 });
  });
});
