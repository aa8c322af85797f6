/**
 * Unit tests of the reference server's current OTP engine (reference/otp-v2-engine.ts): the facts
 * it hands the table of 4.4 and 3.1, the rows it applies, its codes, and its bounded memory.
 */
import { describe, expect, it } from 'vitest';
import { matchOtpTransition } from '../schemas/otp-v2-transitions.ts';
import { applyRow, createFacts, createStateOf, generateCode, RecordBook, RETENTION_MS, verifyFacts, type OtpRecord } from '../reference/otp-v2-engine.ts';

describe('OTP engine', () => {
  const record = (over: Partial<OtpRecord> = {}): OtpRecord => ({
    state: 'pending',
    code: 'Ab12',
    attemptsRemaining: 7,
    expiresAt: 1e12,
    lastSentAt: 0,
    channel: 'sms',
    ...over,
  });

  it('lastAttempt follows otp-v2-lock-point', () => {
    expect(verifyFacts(record({ attemptsRemaining: 1 }), 'x', 'seventh-wrong-locks').facts.lastAttempt).toBe(true);
    expect(verifyFacts(record({ attemptsRemaining: 1 }), 'x', 'after-seventh-wrong').facts.lastAttempt).toBe(false);
    expect(verifyFacts(record({ attemptsRemaining: 0 }), 'x', 'after-seventh-wrong').facts.lastAttempt).toBe(true);
    expect(verifyFacts(record({ attemptsRemaining: 1 }), 'Ab12', 'seventh-wrong-locks')).toEqual({
      state: 'pending',
      facts: { codeMatches: true, lastAttempt: false },
    });
  });

  it("once the round's 7 attempts are used no code verifies, the right one included (3.1, 8)", () => {
    // after-seventh-wrong: the 7th wrong code left 0; the right code is the 8th attempt.
    const usedUp = verifyFacts(record({ attemptsRemaining: 0 }), 'Ab12', 'after-seventh-wrong');
    expect(usedUp).toEqual({ state: 'pending', facts: { codeMatches: false, lastAttempt: true } });
    expect(matchOtpTransition(usedUp.state, 'verify', usedUp.facts)?.id).toBe('pending-verify-exhausted');
    const locked = verifyFacts(record({ state: 'locked', attemptsRemaining: 0 }), 'Ab12', 'seventh-wrong-locks');
    expect(matchOtpTransition(locked.state, 'verify', locked.facts)?.id).toBe('locked-verify');
    // A resend of such a round is one of a locked verification.
    expect(createStateOf(record({ attemptsRemaining: 0 }))).toBe('locked');
    expect(createStateOf(record({ attemptsRemaining: 1 }))).toBe('pending');
  });

  it('facts of create: cooldown and code_custom', () => {
    expect(createFacts(record({ lastSentAt: 1000 }), { codeRotate: false }, 20_000)).toEqual({ codeRotate: false, withinCooldown: true, customCode: 'absent' });
    expect(createFacts(record({ lastSentAt: 1000 }), { codeRotate: true, codeCustom: 'Ab12' }, 31_001).customCode).toBe('same');
    expect(createFacts(record(), { codeRotate: false, codeCustom: 'ab12' }, 0).customCode).toBe('different');
    expect(createFacts(record({ lastSentAt: undefined }), { codeRotate: false }, 0).withinCooldown).toBe(false);
  });

  it('applies rows: verified restart is pending; delete is none; the 7th wrong locks with 0 left', () => {
    const restart = matchOtpTransition('verified', 'create')!;
    expect(applyRow(record({ state: 'verified' }), restart, { newCode: 'N3w1', expiresAt: 5, channel: 'voice', sentAt: 9 }, 9)).toMatchObject({
      state: 'pending',
      code: 'N3w1',
      attemptsRemaining: 7,
      lastSentAt: 9,
      channel: 'voice',
    });
    expect(applyRow(record(), matchOtpTransition('pending', 'delete')!, {}, 0)).toBeUndefined();
    const exhausted = matchOtpTransition('pending', 'verify', verifyFacts(record({ attemptsRemaining: 1 }), 'x', 'seventh-wrong-locks').facts)!;
    expect(applyRow(record({ attemptsRemaining: 1 }), exhausted, {}, 0)).toMatchObject({ state: 'locked', attemptsRemaining: 0 });
  });

  it('generates codes from the format alphabet', () => {
    expect(generateCode(10, 'numeric')).toMatch(/^\d{10}$/);
    expect(generateCode(8, 'letters')).toMatch(/^[A-Za-z]{8}$/);
  });

  it('keeps memory bounded: stale records are dropped when touched, the oldest go past the cap', () => {
    const book = new RecordBook<{ settled?: number }>((r) => r.settled, 3);
    book.put('a', { settled: 0 }, 0);
    expect(book.get('a', RETENTION_MS)).toBeDefined();
    expect(book.get('a', RETENTION_MS + 1)).toBeUndefined();
    for (const k of ['b', 'c', 'd', 'e']) book.put(k, {}, 0);
    expect(book.size).toBe(3);
    expect(book.get('b', 0)).toBeUndefined();
    expect(book.get('e', 0)).toBeDefined();
  });
});
