/**
 * The one judging verb of the kit (harness/kit/judge.ts), outside a running test: the level comes
 * from the catalogue's id (a stated rule fails, a reading warns, a silence records), a failed check
 * is tagged with the id for req() to attribute, an id the catalogue does not hold is a kit error
 * before the check runs, and what is no verdict (Inconclusive) goes through at every level. What a
 * target did is written down only about an entry that leaves it open (a latitude, an ambiguity, a
 * silence), never about a stated rule or a reading. Then the
 * catalogue entries that the suites' inline readings became keep the level the suites gave them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Inconclusive } from '../harness/kit/inconclusive.ts';
import { judge, judgedLevel } from '../harness/kit/judge.ts';
import { failedRequirementsOf } from '../harness/kit/requirement-checks.ts';
import { requirementById } from '../schemas/requirements.ts';

/** One id of each level, as the catalogue gives them (checked below, so that a changed level is seen here first). */
const STATED = 'rule:sms.total-messages';
const READING = 'rule:envelope.no-server-error';
const SILENCE = 'op:wallet/get-contact';

const failing = (): void => {
  throw new Error('expected 500 to be less than 500');
};

describe('judge(id, what, check)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('takes the level of the catalogue: the ids used here are at fail, warn and record', () => {
    expect([STATED, READING, SILENCE].map(judgedLevel)).toEqual(['fail', 'warn', 'record']);
    expect([STATED, READING, SILENCE].map((id) => requirementById(id).level)).toEqual(['fail', 'warn', 'record']);
  });

  it('at fail, a failed check throws, tagged with the id; a check that holds returns true', () => {
    expect(judge(STATED, 'total_messages', () => undefined)).toBe(true);
    let thrown: unknown;
    try {
      judge(STATED, 'total_messages', failing);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(failedRequirementsOf(thrown)).toEqual([STATED]);
  });

  it('at warn, a failed check is a warning naming what was checked, and the test goes on', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    expect(judge(READING, 'a malformed JSON body: not a 5xx', failing)).toBe(false);
    expect(written.join('')).toContain('a malformed JSON body: not a 5xx: expected 500 to be less than 500');
    expect(judge(READING, 'a malformed JSON body: not a 5xx', () => undefined)).toBe(true);
  });

  it('at record, a failed check neither throws nor warns: it says whether the check held', () => {
    const write = vi.spyOn(process.stderr, 'write');
    expect(judge(SILENCE, 'the answer', failing)).toBe(false);
    expect(judge(SILENCE, 'the answer', () => undefined)).toBe(true);
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses an id the catalogue does not hold before running the check, at once', () => {
    const check = vi.fn();
    expect(() => judge('rule:envelope.no-such-rule', 'anything', check)).toThrow(/unknown requirement id rule:envelope\.no-such-rule/);
    expect(check).not.toHaveBeenCalled();
  });

  it('lets what is no verdict through at every level: an Inconclusive is neither a warning nor a record', () => {
    for (const id of [STATED, READING, SILENCE])
      expect(() =>
        judge(id, 'a measurement', () => {
          throw new Inconclusive('the clock could not decide');
        }),
      ).toThrow(Inconclusive);
  });
});

describe('judge(id, what, observed) and judge(ambiguity, observed, matches): what a target did, never a verdict', () => {
  it('writes down what a target did about a latitude, an ambiguity or a silence, without throwing', () => {
    for (const id of ['check-order', 'otp-v2-lock-point', SILENCE]) expect(judge(id, 'what the target did', 'HTTP 404')).toBeUndefined();
    expect(judge('sandbox-daily-limit', 'send 51: refused', true)).toBeUndefined();
    expect(judge('unnamed-validation-codes', 'code x', null)).toBeUndefined();
  });

  it('refuses to write down a requirement above the record level: its checks go through judge(id, what, check), at its level', () => {
    expect(() => judge(STATED, 'total_messages', 'it was 2')).toThrow(/rule:sms\.total-messages is at level fail: .* checked, not recorded/);
    expect(() => judge(READING, 'a malformed body', 'HTTP 500')).toThrow(/is at level warn/);
    expect(() => judge('no-such-latitude', 'anything', 'seen')).toThrow(/unknown requirement id no-such-latitude/);
  });

  it('matches against an option only on an ambiguity of the register', () => {
    // @ts-expect-error: only an ambiguity id takes whether it matches
    expect(() => judge('check-order', 'seen', true)).toThrow(/not an ambiguity of the register/);
  });
});

describe("the suites' inline readings as catalogue entries", () => {
  it('each is a reading (warn) with its reason and the document words it reads, as the suites judged them before', () => {
    for (const id of [
      'rule:envelope.no-server-error',
      'rule:envelope.unknown-request-refused',
      'rule:otp2.hint-names-parameter',
      'rule:otp2.plus-country-code-refusal',
      'rule:envelope.invalid-input-refused',
      'rule:voice.template-k-needs-message',
      'rule:webhooks.disputed-private-hosts',
    ]) {
      const r = requirementById(id);
      expect(r.level, id).toBe('warn');
      expect(r.why, id).toMatch(/\w/);
      expect(r.quotes.length, id).toBeGreaterThan(0);
    }
  });

  it('"not a server error" reads the server_01 row of 7.1 and says how else a careful team reads it', () => {
    const r = requirementById('rule:envelope.no-server-error');
    expect(r.quotes.join(' ')).toContain('server_01');
    expect(r.why).toContain('Every endpoint can return the common errors of section 7.1');
  });
});
