/**
 * The document's text as units a reader can tick off: every sentence of a paragraph or list item
 * and every body row of a table, each under the section it stands in. With the quotes of the
 * requirements (quotes.ts) and the sentences listed as not testable (untestable-sentences.ts),
 * coverageOf says which units the catalogue rests on, which it leaves aside on purpose and which
 * no one has accounted for yet.
 *
 * Reads nothing: the caller reads the document and passes its Markdown (schemas/ holds data and
 * pure functions only, like the tests that read spec/source for quotes.test.ts).
 */
import { z } from 'zod';

/**
 * The one form units and quotes are compared in, the same as the quote matcher's
 * (test/spec-document.ts normaliseSpecText): the Markdown markers `**` and backticks dropped,
 * runs of white space folded to one space. `**` is the only emphasis the document uses; dropping
 * single `*` or `_` would break names such as /otp/* and sms_11.
 */
export const normaliseDocumentText = (text: string): string =>
  text
    .replace(/\*\*|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const UNIT_KINDS = ['sentence', 'table-row'] as const;

export const DocumentSentence = z.object({
  /**
   * `<section>#<slug>`: the slug is the first words of the unit, as many as make it unique in its
   * section (at least six), so that an edit elsewhere renumbers nothing; identical units of one
   * section get `~2`, `~3` in order.
   */
  id: z.string().regex(/^\d+(?:\.\d+)*#[a-z0-9-]+(?:~\d+)?$/),
  /** The number of the nearest numbered heading ("4.4"); "0" for the preamble before section 1. */
  section: z.string().regex(/^\d+(?:\.\d+)*$/),
  /** The unit, normalised (normaliseDocumentText); a table row keeps its `|` cell separators. */
  text: z.string().min(1),
  kind: z.enum(UNIT_KINDS),
  /** The 1-based line of the Markdown the unit starts on, for a reader that shows the document. */
  line: z.number().int().positive(),
});
export type DocumentSentence = z.infer<typeof DocumentSentence>;

/** The heading number of a Markdown heading line ("## 1. What", "### 2.1 Common"), if it has one. */
const HEADING = /^#{1,6}\s/;
const HEADING_NUMBER = /^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/;
const FENCE = /^\s*(?:```|~~~)/;
const TABLE_LINE = /^\s*\|/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/;
const BLOCKQUOTE = /^\s*>\s?/;

interface Block {
  kind: 'prose' | 'table';
  section: string;
  lines: { text: string; line: number }[];
}

/** The Markdown as blocks: paragraphs and list items (prose) and tables; headings and code fences are not text to cover. */
function blocksOf(markdown: string): Block[] {
  const blocks: Block[] = [];
  let section = '0';
  let current: Block | undefined;
  let inFence = false;
  const flush = (): void => {
    if (current) blocks.push(current);
    current = undefined;
  };
  markdown.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (FENCE.test(raw)) {
      // A code sample shows a shape; it is not a sentence of the document.
      flush();
      inFence = !inFence;
      return;
    }
    if (inFence) return;
    const text = raw.replace(BLOCKQUOTE, '');
    if (HEADING.test(text)) {
      flush();
      const number = HEADING_NUMBER.exec(text);
      if (number) section = number[1]!;
      return;
    }
    if (text.trim() === '' || /^\s*<!--.*-->\s*$/.test(text)) {
      flush();
      return;
    }
    if (TABLE_LINE.test(text)) {
      if (current?.kind !== 'table') {
        flush();
        current = { kind: 'table', section, lines: [] };
      }
      current.lines.push({ text, line });
      return;
    }
    if (current?.kind === 'table') flush();
    if (LIST_MARKER.test(text)) {
      // Each list item is a block of its own; its continuation lines join it below.
      flush();
      current = { kind: 'prose', section, lines: [{ text: text.replace(LIST_MARKER, ''), line }] };
      return;
    }
    if (current) current.lines.push({ text, line });
    else current = { kind: 'prose', section, lines: [{ text, line }] };
  });
  flush();
  return blocks;
}

/** Words that end with a period without ending the sentence ("e.g. the", "i.e. a", "cf. 4.2"). */
const ABBREVIATIONS = /(?:^|[\s(])(?:e\.g|i\.e|cf|vs|approx|incl|resp|viz|al)$/i;
/** Ends a sentence only before a capital ("etc. Then" but "a, b etc. are"). */
const SOFT_ABBREVIATIONS = /(?:^|[\s(])(?:etc)$/i;
const CLOSERS = new Set(['"', "'", '”', '’', ']']);

/** Code spans hidden (same length), so that a period inside `a.b` never ends a sentence. */
const maskCode = (text: string): string => text.replace(/`[^`]*`/g, (span) => `\`${'x'.repeat(span.length - 2)}\``);

/** The index of every '(' that has its ')' in the text, and the reverse. */
function matchedParentheses(text: string): Set<number> {
  const matched = new Set<number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') open.push(i);
    else if (text[i] === ')' && open.length > 0) {
      matched.add(open.pop()!);
      matched.add(i);
    }
  }
  return matched;
}

/**
 * The end offsets of the sentences of a prose block: after `.`, `!` or `?` (and any closing quote)
 * followed by white space, outside a code span and outside parentheses (a parenthetical such as
 * "(max 3 days)" stays with its sentence; one that is a sentence itself, "(The examples use GET.)",
 * ends after its ')'). A period inside a number ("4.5", "HH:MM:SS") is never followed by a space.
 */
function sentenceEnds(text: string): number[] {
  const masked = maskCode(text);
  const parentheses = matchedParentheses(masked);
  const ends: number[] = [];
  let depth = 0;
  for (let i = 0; i < masked.length; i++) {
    const c = masked[i]!;
    if (c === '(' && parentheses.has(i)) depth++;
    if (c === ')' && parentheses.has(i)) {
      depth--;
      // "(A sentence of its own.) Next": the ')' ends it when a terminator precedes it.
      if (depth === 0 && /[.!?]/.test(masked[i - 1] ?? '') && /^\s+\S/.test(masked.slice(i + 1))) ends.push(i + 1);
      continue;
    }
    if (depth > 0 || !/[.!?]/.test(c)) continue;
    let j = i + 1;
    while (j < masked.length && CLOSERS.has(masked[j]!)) j++;
    const rest = masked.slice(j);
    const next = /^\s+(\S)/.exec(rest)?.[1];
    if (next === undefined) continue;
    const before = masked.slice(0, i);
    if (ABBREVIATIONS.test(before)) continue;
    if (SOFT_ABBREVIATIONS.test(before) && !/[A-Z]/.test(next)) continue;
    if (c === '.' && (masked[i - 1] === '.' || masked[i + 1] === '.')) {
      // An ellipsis ends a sentence only before a capital.
      if (masked[i + 1] === '.' || !/[A-Z]/.test(next)) continue;
    }
    ends.push(j);
  }
  return ends;
}

/** A lead-in to a table or list ("Body:"): a colon after fewer than three words, kept with the sentence before it. */
const isLeadIn = (text: string): boolean => text.endsWith(':') && text.split(' ').length < 3;

/** The sentences of one prose block, each with the line it starts on. */
function sentencesOf(block: Block): { text: string; line: number }[] {
  // Join the lines with one space, remembering where each line starts.
  let joined = '';
  const starts: { offset: number; line: number }[] = [];
  for (const l of block.lines) {
    if (joined !== '') joined += ' ';
    starts.push({ offset: joined.length, line: l.line });
    joined += l.text.trim();
  }
  const lineAt = (offset: number): number => starts.filter((s) => s.offset <= offset).at(-1)?.line ?? block.lines[0]!.line;
  const pieces: { text: string; line: number }[] = [];
  let from = 0;
  for (const end of [...sentenceEnds(joined), joined.length]) {
    const raw = joined.slice(from, end);
    const offset = from + (raw.length - raw.trimStart().length);
    from = end;
    const text = normaliseDocumentText(raw);
    if (text === '') continue;
    const previous = pieces.at(-1);
    if (previous && isLeadIn(text)) previous.text = `${previous.text} ${text}`;
    else pieces.push({ text, line: lineAt(offset) });
  }
  return pieces;
}

/** The body rows of a table: its header and separator rows are not units. */
function rowsOf(block: Block): { text: string; line: number }[] {
  const hasHeader = block.lines.length > 1 && TABLE_SEPARATOR.test(block.lines[1]!.text);
  return block.lines
    .filter((l, i) => !(hasHeader && i < 2) && !TABLE_SEPARATOR.test(l.text))
    .map((l) => ({ text: normaliseDocumentText(l.text), line: l.line }));
}

const words = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
const MIN_SLUG_WORDS = 6;

/** Ids `<section>#<slug>`: the first words, as many as tell the unit from every other of its section. */
function withIds(units: Omit<DocumentSentence, 'id'>[]): DocumentSentence[] {
  const unitWords = units.map((u) => words(u.text));
  const seen = new Map<string, number>();
  return units.map((u, index) => {
    const own = unitWords[index]!;
    const others = unitWords.filter((_, i) => i !== index && units[i]!.section === u.section);
    const prefix = (w: readonly string[], k: number): string => w.slice(0, k).join('-');
    const longest = Math.max(own.length, ...others.map((w) => w.length));
    let k = Math.min(MIN_SLUG_WORDS, own.length);
    while (k < longest && others.some((w) => prefix(w, k) === prefix(own, k))) k++;
    const slug = prefix(own, k) || 'unit';
    const base = `${u.section}#${slug}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { id: count === 1 ? base : `${base}~${count}`, ...u };
  });
}

/**
 * The document as units: each body row of a table, each sentence of a paragraph or list item
 * (list markers dropped), in document order. Headings, table header and separator rows and code
 * fences are not units.
 */
export function documentSentences(markdown: string): DocumentSentence[] {
  const units = blocksOf(markdown).flatMap((block) =>
    (block.kind === 'table' ? rowsOf(block) : sentencesOf(block)).map((p) => ({
      section: block.section,
      text: p.text,
      kind: block.kind === 'table' ? ('table-row' as const) : ('sentence' as const),
      line: p.line,
    })),
  );
  return withIds(units);
}

// ---- Coverage ----

/**
 * The shortest quote that counts for a unit it lies inside (characters, normalised). A shorter
 * excerpt ("default 0", "max 11 chars") recurs across rows and says too little to claim a whole
 * sentence; a unit that lies wholly inside a quote counts whatever its length.
 */
export const MIN_QUOTE_CHARS = 20;

const UNIT_COVERAGE = ['quoted', 'untestable', 'uncovered'] as const;
type UnitCoverage = (typeof UNIT_COVERAGE)[number];

export interface CoveredUnit extends DocumentSentence {
  coverage: UnitCoverage;
  /** The quotes (as given) that cover the unit; empty unless coverage is 'quoted'. */
  quotes: string[];
  /** How many characters of `text` the quotes cover (0 unless quoted; text.length when wholly quoted). */
  quotedChars: number;
  /** Why the unit is not testable (untestable-sentences.ts); set only when coverage is 'untestable'. */
  reason?: string;
}

export interface DocumentCoverage {
  units: CoveredUnit[];
  totals: { units: number; quoted: number; untestable: number; uncovered: number };
  /** quoted / units, from 0 to 1. */
  quotedShare: number;
}

type Span = readonly [start: number, end: number];

/** Every place a text occurs in a unit, as spans. */
function occurrences(unit: string, text: string): Span[] {
  const spans: Span[] = [];
  for (let at = unit.indexOf(text); at !== -1; at = unit.indexOf(text, at + 1)) spans.push([at, at + text.length]);
  return spans;
}

/**
 * The parts of a unit a quote covers (both normalised), empty when it covers none: the whole unit
 * when it lies inside the quote; else each occurrence of the quote inside the unit, and the part
 * of a quote that runs on into the next unit or comes from the previous one, each counted only
 * when it is at least `minChars` long.
 */
function coveredSpans(unit: string, quote: string, minChars: number): Span[] {
  if (unit === '' || quote === '') return [];
  if (quote.includes(unit)) return [[0, unit.length]];
  if (quote.length < minChars || unit.length < minChars) return [];
  const spans = occurrences(unit, quote);
  // The quote starts inside the unit and runs past its end: a suffix of the unit opens the quote.
  for (const [at] of occurrences(unit, quote.slice(0, minChars))) if (quote.startsWith(unit.slice(at))) spans.push([at, unit.length]);
  // The quote starts before the unit and ends inside it: a prefix of the unit closes the quote.
  for (const [, end] of occurrences(unit, quote.slice(-minChars))) if (quote.endsWith(unit.slice(0, end))) spans.push([0, end]);
  return spans;
}

/**
 * Whether a quote covers a unit (both normalised): the unit lies inside the quote; or a part of
 * the quote of at least `minChars` lies inside the unit, whether the whole quote or the part of a
 * quote that runs on into the next unit (a quote of two sentences covers both, each by its own
 * part). A quote names words, not a place (test/quotes.test.ts matches it anywhere): where the
 * document repeats the same words, each occurrence counts as quoted.
 */
export const quoteCovers = (unit: string, quote: string, minChars: number = MIN_QUOTE_CHARS): boolean => coveredSpans(unit, quote, minChars).length > 0;

/** The number of characters the spans cover together. */
function coveredLength(spans: readonly Span[]): number {
  let covered = 0;
  let reach = 0;
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
    covered += Math.max(0, end - Math.max(start, reach));
    reach = Math.max(reach, end);
  }
  return covered;
}

/**
 * Each unit as quoted (some quote covers it: quoteCovers), untestable (listed with a reason and not
 * quoted) or uncovered, with the totals and the share quoted. A quoted unit stays quoted even when
 * it is listed: the test flags such an entry as stale. A quoted unit also says how much of its text
 * the quotes cover (`quotedChars`): a long enumeration (the codes of 7.2 and 7.4) counts as quoted
 * as soon as one item is, and the share shows how far the quotes go.
 */
export function coverageOf(
  units: readonly DocumentSentence[],
  quotes: readonly string[],
  untestable: readonly { id: string; reason: string }[],
): DocumentCoverage {
  const normalised = [...new Set(quotes)].map((q) => ({ quote: q, text: normaliseDocumentText(q) })).filter((q) => q.text !== '');
  const reasons = new Map(untestable.map((u) => [u.id, u.reason]));
  const covered = units.map((u): CoveredUnit => {
    const by = normalised.map((q) => ({ ...q, spans: coveredSpans(u.text, q.text, MIN_QUOTE_CHARS) })).filter((q) => q.spans.length > 0);
    if (by.length > 0) {
      // Once the unit is quoted, a shorter quote inside it ("_02 code expired;") adds to the part covered.
      const short = normalised.filter((q) => q.text.length < MIN_QUOTE_CHARS).flatMap((q) => occurrences(u.text, q.text));
      const quotedChars = coveredLength([...by.flatMap((q) => q.spans), ...short]);
      return { ...u, coverage: 'quoted', quotes: by.map((q) => q.quote), quotedChars };
    }
    const reason = reasons.get(u.id);
    const base = { ...u, quotes: [], quotedChars: 0 };
    return reason === undefined ? { ...base, coverage: 'uncovered' } : { ...base, coverage: 'untestable', reason };
  });
  const count = (c: UnitCoverage): number => covered.filter((u) => u.coverage === c).length;
  const totals = { units: covered.length, quoted: count('quoted'), untestable: count('untestable'), uncovered: count('uncovered') };
  return { units: covered, totals, quotedShare: totals.units === 0 ? 0 : totals.quoted / totals.units };
}

/** "312 of 401 units quoted (77.8%), 80 untestable, 9 uncovered": the line a report prints. */
export function coverageSummary(coverage: DocumentCoverage): string {
  const { units, quoted, untestable, uncovered } = coverage.totals;
  return `${quoted} of ${units} units quoted (${(coverage.quotedShare * 100).toFixed(1)}%), ${untestable} untestable, ${uncovered} uncovered`;
}
