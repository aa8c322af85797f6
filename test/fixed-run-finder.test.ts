/**
 * The finder of the runs of secrets (harness/transport/fixed-run-finder.ts) and the matcher of their
 * whole forms built on it (whole-form-matcher.ts) agree with the regular expressions they replaced:
 * the leftmost occurrence of any run from any start, and the leftmost-longest replacement of any
 * form, on generated texts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedRunFinder } from '../harness/transport/fixed-run-finder.ts';
import { escapeRegExp, WholeFormMatcher } from '../harness/transport/whole-form-matcher.ts';

/** What the regular expression of the same runs finds at or after `from`. */
function byRegExp(runs: string[], text: string, from: number): { index: number; run: string } | undefined {
  const pattern = new RegExp(runs.map(escapeRegExp).join('|'), 'g');
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match === null ? undefined : { index: match.index, run: match[0] };
}

describe('the finder of fixed-length runs', () => {
  it('finds what the regular expression of the same runs finds, from every start', () => {
    // A small alphabet, so that runs occur in the texts and near misses are common.
    const alphabet = fc.constantFrom('a', 'b', 'c', '-', '\u00e9', '\ud83d\ude00');
    const run = fc.array(alphabet, { minLength: 4, maxLength: 4 }).map((chars) => chars.join('').slice(0, 4));
    fc.assert(
      fc.property(
        fc.uniqueArray(
          run.filter((r) => r.length === 4),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(alphabet, { maxLength: 60 }),
        (runs, chars) => {
          const text = chars.join('') + runs[0];
          const finder = new FixedRunFinder(runs, 4);
          for (let from = 0; from <= text.length; from++) expect(finder.find(text, from)).toEqual(byRegExp(runs, text, from));
        },
      ),
      { seed: 12, numRuns: 300 },
    );
  });

  it('finds nothing in a text shorter than a run, from past the end, or with no runs', () => {
    expect(new FixedRunFinder(['abcd'], 4).find('abc')).toBeUndefined();
    expect(new FixedRunFinder(['abcd'], 4).find('abcd', 1)).toBeUndefined();
    expect(new FixedRunFinder([], 4).find('abcd')).toBeUndefined();
    expect(new FixedRunFinder(['abc', 'abcde'], 4).size).toBe(0);
    expect(new FixedRunFinder(['abcd'], 4).find('xxabcdabcd', 3)).toEqual({ index: 6, run: 'abcd' });
  });
});

describe('the matcher of whole forms', () => {
  /** The regular expression redaction.ts used: every form, longest first. */
  const byRegExp = (forms: string[]) =>
    new RegExp(
      [...forms]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|'),
      'g',
    );

  it('replaces and finds what the alternation of the same forms does, forms sharing prefixes among them', () => {
    // Two letters and forms of 12 to 16: forms share their 12-character prefixes, and texts hold near misses.
    const alphabet = fc.constantFrom('a', 'b');
    const form = fc.array(alphabet, { minLength: 12, maxLength: 16 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.uniqueArray(form, { minLength: 1, maxLength: 6 }), fc.array(alphabet, { maxLength: 80 }), fc.nat(), (forms, chars, at) => {
        const plain = chars.join('');
        const cut = at % (plain.length + 1);
        const text = `${plain.slice(0, cut)}${forms[at % forms.length]}${plain.slice(cut)}`;
        const matcher = new WholeFormMatcher(forms);
        expect(matcher.replace(text, '#')).toBe(text.replace(byRegExp(forms), '#'));
        expect(matcher.test(text)).toBe(true);
        expect(matcher.test(plain)).toBe(byRegExp(forms).test(plain));
      }),
      { seed: 12, numRuns: 400 },
    );
  });

  it('keeps the regular expression for a set holding a form shorter than its prefixes, and finds nothing with no forms', () => {
    const short = new WholeFormMatcher(['k3y', 'a-longer-secret-value']);
    expect(short.replace('x k3y a-longer-secret-value y', '#')).toBe('x # # y');
    expect(new WholeFormMatcher([]).active).toBe(false);
    expect(new WholeFormMatcher(['']).replace('abc', '#')).toBe('abc');
  });
});
