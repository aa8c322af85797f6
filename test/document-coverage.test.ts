/**
 * Coverage of the document's text: every sentence and table row of spec/source (document-text.ts
 * splits it into units) is quoted by a requirement (quotes.ts, through the catalogue), listed as not
 * testable with its reason, or listed as testable but not yet quoted (untestable-sentences.ts). A
 * unit in none of them fails with its id and text; a listed unit that is gone, changed, or now
 * quoted fails as a stale entry. The share quoted is printed, for the reports.
 */
import { describe, expect, it } from 'vitest';
import { AMBIGUITIES } from '../schemas/ambiguities.ts';
import {
  coverageOf,
  coverageSummary,
  DocumentSentence,
  documentSentences,
  MIN_QUOTE_CHARS,
  normaliseDocumentText,
  quoteCovers,
} from '../schemas/document-text.ts';
import { isRequirementId, REQUIREMENTS } from '../schemas/requirements.ts';
import { UNQUOTED_TESTABLE, UnquotedTestable, UNTESTABLE_SENTENCES, UntestableSentence } from '../schemas/untestable-sentences.ts';
import { normaliseSpecText, specText } from './spec-document.ts';

const markdown = specText();
const units = documentSentences(markdown);
const quotes = REQUIREMENTS.flatMap((r) => r.quotes);
const coverage = coverageOf(units, quotes, UNTESTABLE_SENTENCES);
const unquotedIds = new Set(UNQUOTED_TESTABLE.map((e) => e.id));
const unitById = new Map(units.map((u) => [u.id, u]));
const entries = [
  ...UNTESTABLE_SENTENCES.map((e) => ({ list: 'UNTESTABLE_SENTENCES', ...e })),
  ...UNQUOTED_TESTABLE.map((e) => ({ list: 'UNQUOTED_TESTABLE', ...e })),
];

const summary =
  `${coverage.totals.quoted} of ${coverage.totals.units} units quoted ` +
  `(${(coverage.quotedShare * 100).toFixed(1)}%), ${coverage.totals.untestable} untestable, ${UNQUOTED_TESTABLE.length} unquoted but testable`;

describe(`the document's text is accounted for: ${summary}`, () => {
  it('every unit is quoted by a requirement, listed as not testable, or listed as testable but unquoted', () => {
    console.log(`document coverage: ${summary}`);
    const uncovered = coverage.units.filter((u) => u.coverage === 'uncovered' && !unquotedIds.has(u.id)).map((u) => `${u.id}: ${u.text}`);
    expect(uncovered, 'units no quote covers: add a quote, or list them in schemas/untestable-sentences.ts').toEqual([]);
  });

  it('every listed unit still exists and still opens with the listed text', () => {
    const stale = entries.flatMap((e) => {
      const unit = unitById.get(e.id);
      if (unit === undefined) return [`${e.list} ${e.id}: no such unit`];
      return unit.text.startsWith(e.text) ? [] : [`${e.list} ${e.id}: listed "${e.text}", the document now says "${unit.text}"`];
    });
    expect(stale).toEqual([]);
  });

  it('no listed unit is quoted: an entry whose unit a quote now covers goes', () => {
    const quoted = new Map(coverage.units.filter((u) => u.coverage === 'quoted').map((u) => [u.id, u.quotes]));
    const both = entries.filter((e) => quoted.has(e.id)).map((e) => `${e.list} ${e.id}: quoted by "${quoted.get(e.id)![0]}"`);
    expect(both).toEqual([]);
  });

  it('each unit is listed at most once, and the entries have their shape', () => {
    const ids = entries.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const e of UNTESTABLE_SENTENCES) expect(UntestableSentence.safeParse(e).success, e.id).toBe(true);
    for (const e of UNQUOTED_TESTABLE) expect(UnquotedTestable.safeParse(e).success, e.id).toBe(true);
  });

  it('reasons are specific: no two entries give the same reason or the same check', () => {
    const reasons = UNTESTABLE_SENTENCES.map((e) => e.reason);
    expect(reasons.filter((r, i) => reasons.indexOf(r) !== i)).toEqual([]);
    const whys = UNQUOTED_TESTABLE.map((e) => e.why);
    expect(whys.filter((w, i) => whys.indexOf(w) !== i)).toEqual([]);
  });

  it('the requirements and ambiguities an entry names exist', () => {
    const ambiguityIds = new Set<string>(AMBIGUITIES.map((a) => a.id));
    const unknown = entries.flatMap((e) => {
      const words = 'reason' in e ? e.reason : e.why;
      const requirements = [...words.matchAll(/\b(?:op|err|limit|otp2|webhook|event|rule):[A-Za-z0-9_./-]*[A-Za-z0-9_]/g)]
        .map((m) => m[0])
        .filter((id) => !isRequirementId(id));
      const ambiguities = [...words.matchAll(/\bambiguity ([a-z0-9-]+)/g)].map((m) => m[1]!).filter((id) => !ambiguityIds.has(id));
      return [...requirements, ...ambiguities].map((id) => `${e.id}: ${id}`);
    });
    expect(unknown).toEqual([]);
  });
});

describe('the units of the document', () => {
  it('have their shape and unique ids, and each is a contiguous excerpt of the document', () => {
    const document = normaliseSpecText(markdown);
    for (const u of units) {
      expect(DocumentSentence.safeParse(u).success, u.id).toBe(true);
      expect(document.includes(u.text), u.id).toBe(true);
    }
    const ids = units.map((u) => u.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('are normalised as the quote matcher normalises (test/spec-document.ts)', () => {
    expect(normaliseDocumentText(markdown)).toBe(normaliseSpecText(markdown));
  });

  it('cover every numbered section that has text, and no heading', () => {
    const sections = new Set(units.map((u) => u.section));
    for (const s of ['0', '1', '2.1', '3.1', '4', '4.4', '5', '6.3', '7.4', '8', '9']) expect(sections.has(s), s).toBe(true);
    expect(units.some((u) => /^#/.test(u.text))).toBe(false);
  });
});

const SAMPLE = [
  '# Title',
  '',
  'Intro sentence one. Intro two, e.g. with an abbreviation.',
  '',
  '## 1. First',
  '',
  'A value of 4.5 is accepted. Dates are YYYY-MM-DD HH:MM:SS. Then `a.b. c` stays whole.',
  '- Item one (max 3 days). Item two.',
  '- Item three, i.e. one more',
  '  continued on the next line.',
  '',
  '```',
  'Code. Not a unit.',
  '```',
  '',
  '### 1.1 Sub',
  '',
  '| Field | Type |',
  '|---|---|',
  '| a | **bold** `x` |',
  '| b | y. Z |',
  '',
  '**POST /x**: no body. result array (section 2.5), code x_01. Body:',
  '',
  '1. Numbered first. Numbered second?',
  '2. (A parenthetical sentence.) After it, more words.',
].join('\n');

describe('the splitter, on a made-up document', () => {
  const sample = documentSentences(SAMPLE);

  it('splits paragraphs and list items into sentences, keeps table rows whole, skips headings, header rows and code', () => {
    expect(sample.map((u) => [u.section, u.kind, u.text])).toEqual([
      ['0', 'sentence', 'Intro sentence one.'],
      ['0', 'sentence', 'Intro two, e.g. with an abbreviation.'],
      ['1', 'sentence', 'A value of 4.5 is accepted.'],
      ['1', 'sentence', 'Dates are YYYY-MM-DD HH:MM:SS.'],
      ['1', 'sentence', 'Then a.b. c stays whole.'],
      ['1', 'sentence', 'Item one (max 3 days).'],
      ['1', 'sentence', 'Item two.'],
      ['1', 'sentence', 'Item three, i.e. one more continued on the next line.'],
      ['1.1', 'table-row', '| a | bold x |'],
      ['1.1', 'table-row', '| b | y. Z |'],
      ['1.1', 'sentence', 'POST /x: no body.'],
      // A lead-in to a table ("Body:") stays with the sentence before it; a short sentence does not.
      ['1.1', 'sentence', 'result array (section 2.5), code x_01. Body:'],
      ['1.1', 'sentence', 'Numbered first.'],
      ['1.1', 'sentence', 'Numbered second?'],
      ['1.1', 'sentence', '(A parenthetical sentence.)'],
      ['1.1', 'sentence', 'After it, more words.'],
    ]);
  });

  it('gives ids of section and first words, with the line each unit starts on', () => {
    expect(sample.slice(0, 3).map((u) => u.id)).toEqual(['0#intro-sentence-one', '0#intro-two-e-g-with-an', '1#a-value-of-4-5-is']);
    expect(sample.find((u) => u.text === '| b | y. Z |')).toMatchObject({ id: '1.1#b-y-z', line: 21 });
    expect(sample.find((u) => u.text.startsWith('Item three'))?.line).toBe(9);
  });

  it('keeps the ids of a section when another section changes, and tells alike openings apart', () => {
    const edited = documentSentences(SAMPLE.replace('Intro sentence one.', 'A new opening sentence. Intro sentence one.'));
    const before = new Map(sample.map((u) => [u.text, u.id]));
    for (const u of edited) if (before.has(u.text)) expect(u.id, u.text).toBe(before.get(u.text));
    const alike = documentSentences('## 2. S\n\nThe code is wrong here. The code is wrong there. The code is wrong here.');
    expect(alike.map((u) => u.id)).toEqual(['2#the-code-is-wrong-here', '2#the-code-is-wrong-there', '2#the-code-is-wrong-here~2']);
  });
});

describe('coverage of units by quotes', () => {
  const unit = (id: string, text: string): DocumentSentence => ({ id, section: '1', text, kind: 'sentence', line: 1 });
  const sample = [
    unit('1#a', 'POST /x: no body.'),
    unit('1#b', 'Success: message=ok, code=x_01, request_id.'),
    unit('1#c', 'The default is 0 and the value is at most 10 characters.'),
    unit('1#d', 'Informational only.'),
  ];

  it('counts a unit inside a quote, a quote of at least MIN_QUOTE_CHARS inside a unit, and each side of a quote across two units', () => {
    expect(quoteCovers('POST /x: no body.', 'POST /x: no body. Success:')).toBe(true);
    expect(quoteCovers(sample[2]!.text, 'at most 10 characters.')).toBe(true);
    expect(quoteCovers(sample[2]!.text, 'default is 0')).toBe(false);
    expect('default is 0'.length).toBeLessThan(MIN_QUOTE_CHARS);
    const across = 'the value is at most 10 characters. Informational';
    expect(quoteCovers(sample[2]!.text, across)).toBe(true);
    // The part in the next unit is too short to claim it.
    expect(quoteCovers(sample[3]!.text, across)).toBe(false);
  });

  it('sorts units into quoted, untestable and uncovered, with totals and the share', () => {
    const result = coverageOf(
      sample,
      ['**POST /x**: no body. Success: message=ok, code=x_01', 'at most 10 characters.'],
      [{ id: '1#d', reason: 'informational' }],
    );
    expect(result.units.map((u) => [u.id, u.coverage])).toEqual([
      ['1#a', 'quoted'],
      ['1#b', 'quoted'],
      ['1#c', 'quoted'],
      ['1#d', 'untestable'],
    ]);
    expect(result.units[3]!.reason).toBe('informational');
    expect(result.units[0]!.quotedChars).toBe(sample[0]!.text.length);
    expect(result.units[2]!.quotedChars).toBe('at most 10 characters.'.length);
    expect(result.totals).toEqual({ units: 4, quoted: 3, untestable: 1, uncovered: 0 });
    expect(result.quotedShare).toBe(0.75);
    expect(coverageSummary(result)).toBe('3 of 4 units quoted (75.0%), 1 untestable, 0 uncovered');
    const none = coverageOf(sample, [], []);
    expect(none.totals.uncovered).toBe(4);
    expect(none.quotedShare).toBe(0);
  });
});
