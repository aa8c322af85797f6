/**
 * The words behind the requirements: every requirement has them exactly once, in its rule record
 * (schemas/rules/<area>.ts) or, for an id a table builds, in schemas/quotes.ts; every quote is a
 * verbatim excerpt of the document; and a level below fail, with its reason, wherever the words do
 * not carry the requirement outright (a check fails a target only where the document states the rule).
 */
import { describe, expect, it } from 'vitest';
import type { RequirementQuote } from '../schemas/quote-level.ts';
import { REQUIREMENT_QUOTES } from '../schemas/quotes.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import { RULES } from '../schemas/rules.ts';
import { normaliseSpecText, quoteOccurs, specText } from './spec-document.ts';

const text = specText();
const ids = REQUIREMENTS.map((r) => r.id);
/** Every entry of words, by requirement id: the rule records and the entries of quotes.ts. */
const words: readonly [string, RequirementQuote][] = [...Object.entries(REQUIREMENT_QUOTES), ...RULES.map((r): [string, RequirementQuote] => [r.id, r])];

describe('requirement quotes', () => {
  it('has one entry for every requirement id, and only for those: a rule in its record, any other id in quotes.ts', () => {
    const given = words.map(([id]) => id);
    expect(
      given.filter((id, i) => given.indexOf(id) !== i),
      'an id with two entries',
    ).toEqual([]);
    expect(ids.filter((id) => !given.includes(id))).toEqual([]);
    const known = new Set(ids);
    expect(given.filter((id) => !known.has(id))).toEqual([]);
    expect(
      Object.keys(REQUIREMENT_QUOTES).filter((id) => id.startsWith('rule:')),
      'a rule keeps its words in its record',
    ).toEqual([]);
  });

  it('every quote occurs verbatim in the document (white space folded, ** and backticks dropped)', () => {
    const missing = words.flatMap(([id, entry]) => entry.quotes.filter((q) => !quoteOccurs(q, text)).map((q) => `${id}: ${q}`));
    expect(missing).toEqual([]);
  });

  it('a requirement without a quote is at most warn, in the entry and in the catalogue', () => {
    for (const [id, entry] of words) {
      if (entry.quotes.length === 0) expect(['warn', 'record'], id).toContain(entry.level);
    }
    for (const r of REQUIREMENTS) if (r.quotes.length === 0) expect(r.level, r.id).not.toBe('fail');
  });

  it('an entry below fail says why, and only such an entry', () => {
    for (const [id, entry] of words) {
      if (entry.level !== undefined) expect(entry.why?.trim(), id).toBeTruthy();
      else expect(entry.why, id).toBeUndefined();
    }
  });

  it('a record entry quotes a "not shown" of the document, or says what the document is silent on', () => {
    for (const [id, entry] of words) {
      if (entry.level !== 'record') continue;
      const quotesSilence = entry.quotes.some((q) => /not shown/.test(q));
      expect(quotesSilence || /does not say/.test(entry.why ?? ''), id).toBe(true);
    }
  });

  it('a SHOULD of the document is a reading, never stated: its record says so and is at warn', () => {
    const shoulds = RULES.filter((r) => r.why?.startsWith('a SHOULD'));
    expect(shoulds.length).toBeGreaterThan(0);
    for (const r of shoulds) expect(r.level, r.id).toBe('warn');
  });

  it('the catalogue carries the entry: quotes, level and reason as written, nothing else lowering the level', () => {
    const entryOf = new Map(words);
    for (const r of REQUIREMENTS) {
      const entry = entryOf.get(r.id)!;
      expect(r.quotes, r.id).toEqual(entry.quotes);
      expect(r.level, r.id).toBe(entry.level ?? 'fail');
      expect(r.why, r.id).toBe(entry.why);
    }
  });

  it('a rule record gives the catalogue its id, area, section and statement', () => {
    for (const rule of RULES) {
      const r = REQUIREMENTS.find((x) => x.id === rule.id)!;
      expect([r.kind, r.area, r.section, r.statement], rule.id).toEqual(['rule', rule.area, rule.section, rule.statement]);
    }
  });
});

describe('quote matcher', () => {
  const doc = 'A **bold** `code` line\nthat   wraps.\n| a | b |';

  it('normalises both sides alike', () => {
    expect(normaliseSpecText(doc)).toBe('A bold code line that wraps. | a | b |');
    expect(quoteOccurs('bold code line that wraps.', doc)).toBe(true);
    expect(quoteOccurs('**bold**   `code`\n line', doc)).toBe(true);
  });

  it('refuses a quote that is not in the text: a changed word, a paraphrase, an empty quote', () => {
    expect(quoteOccurs('bold code line that wrapped.', doc)).toBe(false);
    expect(quoteOccurs('a bold line', doc)).toBe(false);
    expect(quoteOccurs('   ', doc)).toBe(false);
  });

  it('refuses a deliberately wrong quote of the real document', () => {
    // 7.3 gives otp_throttled HTTP 429, not 409: the matcher must see the difference.
    expect(quoteOccurs('| 429 | otp_throttled | cooldown active; resend_available_in and Retry-After header |', text)).toBe(true);
    expect(quoteOccurs('| 409 | otp_throttled | cooldown active; resend_available_in and Retry-After header |', text)).toBe(false);
    // A paraphrase of 4.2 ("National numbers have 10 digits") is not a quote.
    expect(quoteOccurs('National numbers have 10 digits; other lengths are refused.', text)).toBe(false);
  });
});
