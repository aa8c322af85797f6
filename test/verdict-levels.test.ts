/**
 * The verdict levels decided in one place (schemas/verdict-levels.ts): what a failed check does at
 * each level, a test's level from its requirements, a requirement's status at its level, what kills
 * a mutant, and a catalogue that is not built with a requirement missing from quotes.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILED_CHECK_AT, failsTest, requirementLevel, requirementStatusAt, testLevel, WARNING_KILLS_MUTANT } from '../schemas/verdict-levels.ts';

describe('verdict levels', () => {
  it('a failed check fails its test only at fail; warn warns, record records', () => {
    expect(FAILED_CHECK_AT).toEqual({ fail: 'test-fails', warn: 'warning', record: 'recorded' });
    expect(['fail', 'warn', 'record'].filter((l) => failsTest(l as 'fail' | 'warn' | 'record'))).toEqual(['fail']);
  });

  it('a test is at fail when one of its requirements is stated, else it can only warn', () => {
    expect(testLevel(['warn', 'fail', 'record'])).toBe('fail');
    expect(testLevel(['warn', 'record'])).toBe('warn');
    expect(testLevel(['record'])).toBe('warn');
    expect(testLevel([])).toBe('warn');
  });

  it('a requirement takes the level its words give; else fail, at most warn with no quoted words', () => {
    expect(requirementLevel('record', true)).toBe('record');
    expect(requirementLevel('warn', true)).toBe('warn');
    expect(requirementLevel(undefined, true)).toBe('fail');
    expect(requirementLevel(undefined, false)).toBe('warn');
    expect(requirementLevel('record', false)).toBe('record');
  });

  it("a requirement's status at its level: only a stated rule fails; a pass of a silence is recorded; the rest stays", () => {
    expect(requirementStatusAt('failed', 'fail')).toBe('failed');
    expect(requirementStatusAt('failed', 'warn')).toBe('warning');
    expect(requirementStatusAt('failed', 'record')).toBe('warning');
    expect(requirementStatusAt('passed', 'warn')).toBe('passed');
    expect(requirementStatusAt('passed', 'record')).toBe('recorded');
    expect(requirementStatusAt('broken', 'record')).toBe('broken');
    expect(requirementStatusAt('known-deviation', 'warn')).toBe('known-deviation');
  });

  it('a new warning kills a mutant of a reading or a silence, never one of a stated rule', () => {
    expect(WARNING_KILLS_MUTANT).toEqual({ fail: false, warn: true, record: true });
  });
});

describe('the catalogue and quotes.ts', () => {
  afterEach(() => {
    vi.doUnmock('../schemas/quotes.ts');
    vi.resetModules();
  });

  it('is not built when a requirement has no entry in quotes.ts', async () => {
    const real = await vi.importActual<typeof import('../schemas/quotes.ts')>('../schemas/quotes.ts');
    const { 'op:credits/consult': _dropped, ...others } = real.REQUIREMENT_QUOTES;
    vi.resetModules();
    vi.doMock('../schemas/quotes.ts', () => ({ ...real, REQUIREMENT_QUOTES: others }));
    await expect(import('../schemas/requirements.ts')).rejects.toThrow(/without an entry in schemas\/quotes\.ts.*op:credits\/consult/);
  });
});
