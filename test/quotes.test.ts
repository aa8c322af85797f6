/**
 * The quotes behind the requirements (schemas/quotes.ts): one entry per requirement, every quote a
 * verbatim excerpt of the document, and a level below fail wherever the quotes do not carry the
 * requirement outright (a check fails a target only where the document states the rule).
 */
import { describe, expect, it } from 'vitest';
import { REQUIREMENT_QUOTES } from '../schemas/quotes.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import { normaliseSpecText, quoteOccurs, specText } from './spec-document.ts';

const text = specText();
const ids = REQUIREMENTS.map((r) => r.id);

describe('requirement quotes', () => {
  it('has an entry for every requirement id, and only for those', () => {
    expect(ids.filter((id) => !Object.hasOwn(REQUIREMENT_QUOTES, id))).toEqual([]);
    const known = new Set(ids);
    expect(Object.keys(REQUIREMENT_QUOTES).filter((id) => !known.has(id))).toEqual([]);
  });

  it('every quote occurs verbatim in the document (white space folded, ** and backticks dropped)', () => {
    const missing = Object.entries(REQUIREMENT_QUOTES).flatMap(([id, entry]) => entry.quotes.filter((q) => !quoteOccurs(q, text)).map((q) => `${id}: ${q}`));
    expect(missing).toEqual([]);
  });

  it('a requirement without a quote is at most warn, in the entry and in the catalogue', () => {
    for (const [id, entry] of Object.entries(REQUIREMENT_QUOTES)) {
      if (entry.quotes.length === 0) expect(['warn', 'record'], id).toContain(entry.level);
    }
    for (const r of REQUIREMENTS) if (r.quotes.length === 0) expect(r.level, r.id).not.toBe('fail');
  });

  it('an entry below fail says why', () => {
    for (const [id, entry] of Object.entries(REQUIREMENT_QUOTES)) {
      if (entry.level !== undefined) expect(entry.why?.trim(), id).toBeTruthy();
    }
  });

  it('a record entry quotes a "not shown" of the document, or says what the document is silent on', () => {
    for (const [id, entry] of Object.entries(REQUIREMENT_QUOTES)) {
      if (entry.level !== 'record') continue;
      const quotesSilence = entry.quotes.some((q) => /not shown/.test(q));
      expect(quotesSilence || /does not say/.test(entry.why ?? ''), id).toBe(true);
    }
  });

  it('the catalogue carries the entry: quotes and level as written, a SHOULD at most warn', () => {
    for (const r of REQUIREMENTS) {
      const entry = REQUIREMENT_QUOTES[r.id]!;
      expect(r.quotes, r.id).toEqual(entry.quotes);
      expect(r.level, r.id).toBe(entry.level ?? (r.severity === 'should' ? 'warn' : 'fail'));
      if (r.severity === 'should') expect(r.level, r.id).not.toBe('fail');
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
