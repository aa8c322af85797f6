/**
 * The source document as one HTML page beside the reports (spec-document.html), with an anchor per
 * numbered section (`#section-4.1`), so that the "spec §4.1" link of every Allure result opens the
 * words the test rests on, offline. A deliberately small Markdown reading: headings, tables, list
 * items, paragraphs, bold and code; nothing else occurs in the document.
 *
 * Given the run's summary, the page is also the report read through the document: every sentence
 * or table row a requirement quotes (document-text.ts: documentSentences, coverageOf over the
 * catalogue's quotes) carries the status of those requirements in this run and opens, on click,
 * their ids, levels, tests and, where one did not pass, why. Units listed as not testable
 * (untestable-sentences.ts) are greyed with their reason. A legend and counts per section head
 * the page. The page is self-contained: inline style and one inline script, nothing fetched; in
 * print every detail is expanded and each status is written out.
 *
 * Everything that came from the run (test names, reasons, which carry the target's answers) is
 * made inert with htmlText (inert-text.ts); the document's own words are escaped the same way.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { coverageOf, documentSentences, type CoveredUnit } from '../../schemas/document-text.ts';
import { REQUIREMENTS } from '../../schemas/requirements.ts';
import { UNTESTABLE_SENTENCES } from '../../schemas/untestable-sentences.ts';
import { SPEC_DOCUMENT_PATH } from '../config/project-paths.ts';
import { SPEC_PAGE_FILE } from '../kit/spec-section-link.ts';
import { htmlText } from './inert-text.ts';
import type { RequirementStatus, RequirementSummary } from './summary.ts';
import type { VerdictWord } from './run-verdict.ts';

const inline = (text: string): string =>
  htmlText(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/`([^`]+)`/g, '<code>$1</code>');

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
const isSeparator = (line: string): boolean => /^\|[\s|:-]+\|$/.test(line.trim());

/**
 * The order in which a unit quoted by several requirements takes the worst of their statuses:
 * first what fails the run (failed, then broken: no verdict at all), then what a reader must look
 * at without the run failing (warned, a known deviation, inconclusive), then the verdicts that
 * hold (passed, recorded), then what gave no verdict by choice or by design (skipped, not
 * testable), and last a requirement no test of this run named (not run: --only, --requirements).
 */
export const UNIT_STATUS_ORDER: readonly RequirementStatus[] = [
  'failed',
  'broken',
  'warning',
  'known-deviation',
  'inconclusive',
  'passed',
  'recorded',
  'skipped',
  'not-testable',
  'not-covered',
];

/** How the page names each status (summary.ts's words, as a reader says them). */
const UNIT_STATUS_LABEL: Readonly<Record<RequirementStatus, string>> = {
  failed: 'failed',
  broken: 'broken',
  warning: 'warned',
  'known-deviation': 'known deviation',
  inconclusive: 'inconclusive',
  passed: 'passed',
  recorded: 'recorded',
  skipped: 'skipped',
  'not-testable': 'not testable',
  'not-covered': 'not run',
};

const STATUS_MEANING: Readonly<Record<RequirementStatus, string>> = {
  failed: 'a stated rule the target broke: fails the run',
  broken: 'the kit could not talk to the target: no verdict, fails the run',
  warning: 'a reading of ours or a SHOULD the target did not follow',
  'known-deviation': 'failed, and listed in the expected failures',
  inconclusive: 'a test could not decide',
  passed: 'every test that names it passed',
  recorded: 'the document is silent: what the target did is written down',
  skipped: 'its tests were skipped (a capability the profile lacks)',
  'not-testable': 'the kit cannot trigger what its tests need',
  'not-covered': 'no test of this run names it (--only, --requirements)',
};

/** The worst of `statuses` by UNIT_STATUS_ORDER. */
export function worstStatus(statuses: readonly RequirementStatus[]): RequirementStatus {
  return statuses.reduce<RequirementStatus>((worst, s) => (UNIT_STATUS_ORDER.indexOf(s) < UNIT_STATUS_ORDER.indexOf(worst) ? s : worst), 'not-covered');
}

/** What the page reads of a run: summary.ts's Summary has all of it but the verdict (run-verdict.ts). */
export interface SpecPageRun {
  target: string;
  startedAt: string;
  verdict: VerdictWord;
  requirements: readonly Pick<RequirementSummary, 'id' | 'level' | 'status' | 'tests' | 'reason'>[];
  /** Tests counted as failed, and broken ones, by name: marked in the details. */
  failedTests: readonly string[];
  brokenTests: readonly string[];
  /** Where a test of the Allure report opens, by test name; the report's first page otherwise. */
  testLinks?: ReadonlyMap<string, string>;
}

/** A unit as the page shows it: its requirements' worst status, or not testable with its reason. */
interface MarkedUnit {
  unit: CoveredUnit;
  /** The DOM id of its detail. */
  ref: string;
  status?: RequirementStatus;
  requirementIds: string[];
}

/** Maps each character of the normalised form (document-text.ts normaliseDocumentText) to its place in `raw`. */
function normalisedWithPlaces(raw: string): { text: string; places: number[] } {
  let text = '';
  const places: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    if (raw.startsWith('**', i)) {
      i += 1;
      continue;
    }
    if (raw[i] === '`') continue;
    if (/\s/.test(raw[i]!)) {
      if (text !== '' && !text.endsWith(' ')) {
        text += ' ';
        places.push(i);
      }
      continue;
    }
    text += raw[i];
    places.push(i);
  }
  return { text, places };
}

/** Extends [start, end) of `raw` so that it does not cut a `**` pair or a code span in two. */
function balanced(raw: string, start: number, end: number): [number, number] {
  const count = (s: string, marker: RegExp) => (s.match(marker) ?? []).length;
  let [a, b] = [start, end];
  for (const [marker, token] of [
    [/`/g, '`'],
    [/\*\*/g, '**'],
  ] as const) {
    while (count(raw.slice(a, b), marker) % 2 === 1 && raw.startsWith(token, b)) b += token.length;
    while (a >= token.length && raw.slice(a - token.length, a) === token && count(raw.slice(a, b), marker) % 2 === 1) a -= token.length;
  }
  return [a, b];
}

/** Attributes and classes of a marked unit's element. */
function markAttributes(m: MarkedUnit): string {
  if (m.status !== undefined)
    return (
      ` class="unit st-${m.status}" data-status="${UNIT_STATUS_LABEL[m.status]}" data-detail="${m.ref}" tabindex="0" role="button" ` +
      `aria-expanded="false" title="${htmlText(`${UNIT_STATUS_LABEL[m.status]}: ${m.requirementIds.join(', ')} (click for details)`)}"`
    );
  return ` class="untestable" title="${htmlText(`not testable: ${m.unit.reason ?? ''}`)}"`;
}

/** What print shows of a unit in place of the colour and the hover. */
function printNote(m: MarkedUnit): string {
  return m.status !== undefined
    ? `<span class="print-only"> [${UNIT_STATUS_LABEL[m.status]}]</span>`
    : `<span class="print-only"> [not testable: ${htmlText(m.unit.reason ?? '')}]</span>`;
}

/** A prose line with each marked sentence wrapped; the sentences not found stay plain. */
function markedProse(raw: string, marked: readonly MarkedUnit[]): { html: string; details: MarkedUnit[] } {
  if (marked.length === 0) return { html: inline(raw), details: [] };
  const { text, places } = normalisedWithPlaces(raw);
  let html = '';
  let rawAt = 0;
  let searchFrom = 0;
  const details: MarkedUnit[] = [];
  for (const m of marked) {
    const at = text.indexOf(m.unit.text, searchFrom);
    if (at === -1) continue;
    const [start, end] = balanced(raw, places[at]!, places[at + m.unit.text.length - 1]! + 1);
    if (start < rawAt) continue;
    html += inline(raw.slice(rawAt, start));
    html += `<span${markAttributes(m)}>${inline(raw.slice(start, end))}${printNote(m)}</span>`;
    if (m.status !== undefined) details.push(m);
    rawAt = end;
    searchFrom = at + m.unit.text.length;
  }
  return { html: html + inline(raw.slice(rawAt)), details };
}

/** What the detail of a marked unit holds: each requirement quoting it, its level, status, tests and reason. */
function detailBody(m: MarkedUnit, run: SpecPageRun): string {
  const byId = new Map(run.requirements.map((r) => [r.id, r]));
  const items = m.requirementIds.map((id) => {
    const r = byId.get(id);
    if (r === undefined) return `<li><code>${htmlText(id)}</code>: not in this run's summary</li>`;
    const tests = r.tests.map((t) => {
      const mark = run.failedTests.includes(t)
        ? ' <b class="tag st-failed">failed</b>'
        : run.brokenTests.includes(t)
          ? ' <b class="tag st-broken">broken</b>'
          : '';
      const href = run.testLinks?.get(t) ?? 'allure-report/index.html';
      return `<li><a href="${htmlText(href)}">${htmlText(t)}</a>${mark}</li>`;
    });
    const reason = r.reason !== undefined && r.status !== 'passed' ? `<pre class="reason">${htmlText(r.reason)}</pre>` : '';
    return [
      `<li><code class="req">${htmlText(r.id)}</code> level ${htmlText(r.level)}: <b class="tag st-${r.status}">${UNIT_STATUS_LABEL[r.status]}</b>`,
      tests.length > 0 ? `<ul class="tests">${tests.join('')}</ul>` : '<div>no test of this run names it</div>',
      reason,
      '</li>',
    ].join('');
  });
  return `<div>${UNIT_STATUS_LABEL[m.status!]} (the worst of the requirements that quote it)</div><ul>${items.join('')}</ul>`;
}

/** Which requirement ids quote each unit, and each marked unit's status, from the run. */
function markUnits(markdown: string, run: SpecPageRun): MarkedUnit[] {
  const units = documentSentences(markdown);
  const coverage = coverageOf(
    units,
    REQUIREMENTS.flatMap((r) => r.quotes),
    UNTESTABLE_SENTENCES,
  );
  const byQuote = new Map<string, string[]>();
  for (const r of REQUIREMENTS) for (const q of r.quotes) byQuote.set(q, [...(byQuote.get(q) ?? []), r.id]);
  const statusOf = new Map(run.requirements.map((r) => [r.id, r.status]));
  const marked: MarkedUnit[] = [];
  coverage.units.forEach((unit, i) => {
    if (unit.coverage === 'quoted') {
      const requirementIds = [...new Set(unit.quotes.flatMap((q) => byQuote.get(q) ?? []))].sort();
      marked.push({ unit, ref: `unit-${i}`, status: worstStatus(requirementIds.map((id) => statusOf.get(id) ?? 'not-covered')), requirementIds });
    } else if (unit.coverage === 'untestable') marked.push({ unit, ref: `unit-${i}`, requirementIds: [] });
  });
  return marked;
}

/** Legend and counts per top-level section, over the marked units. */
function headHtml(marked: readonly MarkedUnit[], titles: ReadonlyMap<string, string>, run: SpecPageRun): string {
  const statuses = UNIT_STATUS_ORDER.filter((s) => marked.some((m) => m.status === s));
  const count = (of: readonly MarkedUnit[], s: RequirementStatus) => of.filter((m) => m.status === s).length;
  const legend = UNIT_STATUS_ORDER.map(
    (s) => `<li><span class="unit st-${s} swatch">${UNIT_STATUS_LABEL[s]}</span> ${count(marked, s)} units: ${STATUS_MEANING[s]}</li>`,
  );
  legend.push(
    `<li><span class="untestable swatch">not testable</span> ${marked.filter((m) => m.status === undefined).length} ` +
      `units: the document gives nothing to check (hover for why)</li>`,
  );
  const sections = [...new Set(marked.map((m) => m.unit.section.split('.')[0]!))];
  const rows = sections.map((top) => {
    const of = marked.filter((m) => m.unit.section.split('.')[0] === top);
    const name = top === '0' ? 'Preamble' : (titles.get(top) ?? top);
    return (
      `<tr><td><a href="#section-${top}">${htmlText(name)}</a></td>` +
      `${statuses.map((s) => `<td>${count(of, s) || ''}</td>`).join('')}` +
      `<td>${of.filter((m) => m.status === undefined).length || ''}</td></tr>`
    );
  });
  return [
    '<section class="run-head">',
    `<h2>This run, through the document</h2>`,
    `<p>Target ${htmlText(run.target)}, started ${htmlText(run.startedAt)}: <b>${run.verdict}</b>. Each ` +
      `sentence or table row a requirement quotes carries the worst status of those requirements in this run ` +
      `(order: ${UNIT_STATUS_ORDER.map((s) => UNIT_STATUS_LABEL[s]).join(' &gt; ')}); click it for the requirements, their tests and why.</p>`,
    `<ul class="legend">${legend.join('')}</ul>`,
    `<table class="counts"><tr><th>Section</th>${statuses.map((s) => `<th>${UNIT_STATUS_LABEL[s]}</th>`).join('')}<th>not ` +
      `testable</th></tr>${rows.join('')}</table>`,
    '</section>',
  ].join('\n');
}

const STYLE = [
  'body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}',
  'table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}',
  'code{background:#f3f3f3;padding:0 .2rem}.item{margin:.2rem 0 .2rem 1rem}:target{background:#fff3b0}',
  '.unit{cursor:pointer;border-radius:3px}.unit:focus{outline:2px solid #333}',
  '.st-passed{background:#d9f2d9}.st-failed{background:#f8c9c9;border-bottom:2px solid #c00}.st-broken{background:#e6d3f2;border-bottom:2px solid #729}',
  '.st-warning{background:#fde8b4}.st-known-deviation{background:#fcd9b8}.st-inconclusive{background:#dde6ee}.st-recorded{background:#d6e8fa}',
  '.st-skipped{background:#eee}.st-not-testable{background:#e4e4e4}.st-not-covered{background:none;border-bottom:1px dotted #999}',
  '.untestable{color:#888}.swatch{padding:0 .3rem}.legend{list-style:none;padding:0}.legend li{margin:.15rem 0}',
  '.detail{border-left:4px solid #999;background:#fafafa;margin:.3rem 0 .6rem 1rem;padding:.3rem .6rem;font-size:14px}',
  '.reason{white-space:pre-wrap;background:#fff;border:1px solid #ddd;padding:.3rem;max-height:20rem;overflow:auto}',
  '.tag{font-weight:600;padding:0 .25rem}.print-only{display:none}.run-head{border:1px solid #ccc;padding:.5rem 1rem;margin-bottom:2rem}',
  '@media print{.detail[hidden]{display:block}tr.detail-row[hidden]{display:table-row}.print-only{display:inline;font-weight:600}',
  '.unit,.tag,.swatch{-webkit-print-color-adjust:exact;print-color-adjust:exact}.reason{max-height:none;overflow:visible}.untestable{color:#555}}',
].join('');

/** Opens and closes a unit's detail on click, Enter or Space: the only script, inline. */
const SCRIPT =
  `document.addEventListener('click',function(e){var u=e.target.closest&&e.target.closest('[data-detail]');if(!u||e.target.closest('a'))return;var ` +
  `d=document.getElementById(u.getAttribute('data-detail'));if(!d)return;d.hidden=!d.hidden;u.setAttribute('aria-expanded',String(!d.hidden));});` +
  `document.addEventListener('keydown',function(e){if((e.key==='Enter'||e.key===' ` +
  `')&&e.target.getAttribute&&e.target.getAttribute('data-detail')){e.preventDefault();e.target.click();}});`;

/** The page for `markdown`, coloured by `run` when given: pure, for the tests. */
export function renderSpecPage(markdown: string, run?: SpecPageRun): string {
  const marked = run ? markUnits(markdown, run) : [];
  const { proseAt, rowAt } = unitsByLine(marked);
  const titles = new Map<string, string>();
  const out: string[] = [];
  const lines = markdown.split('\n');
  const prose = (lineIndex: number, before: string, raw: string, attributes: string) => {
    const { html, details } = run ? markedProse(raw, proseAt.get(lineIndex + 1) ?? []) : { html: inline(raw), details: [] };
    out.push(`<p${attributes}>${before}${html}</p>`, ...details.map((m) => `<div class="detail" id="${m.ref}" hidden>${detailBody(m, run!)}</div>`));
  };
  // Numbered list items are sub-sections where requirements cite them ("5.1": item 1 of section 5).
  let section: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      section = headingHtml(heading[1]!.length, heading[2]!, titles, out);
      continue;
    }
    if (line.trim().startsWith('|')) {
      const start = i;
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(lines[i++]!);
      i -= 1;
      out.push(...tableHtml(rows, start, rowAt, run));
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) prose(i, '• ', line.replace(/^\s*[-*]\s+/, ''), ' class="item"');
    else if (/^\d+\.\s+/.test(line)) {
      const item = /^(\d+)\./.exec(line)![1];
      prose(i, `${item}. `, line.trim().replace(/^\d+\.\s+/, ''), ` class="item"${section ? ` id="section-${section}.${item}"` : ''}`);
    } else if (line.trim() !== '') prose(i, '', line, '');
  }
  const head = run ? headHtml(marked, titles, run) : '';
  const script = run ? `<script>${SCRIPT}</script>` : '';
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Messaging Service Interface ` +
    `Specification</title><style>${STYLE}</style></head><body>\n${head}\n${out.join('\n')}\n${script}</body></html>\n`
  );
}

/** The marked units by their line (1-based): a table row is one unit, a line of prose may hold several. */
function unitsByLine(marked: readonly MarkedUnit[]): { proseAt: Map<number, MarkedUnit[]>; rowAt: Map<number, MarkedUnit> } {
  const proseAt = new Map<number, MarkedUnit[]>();
  const rowAt = new Map<number, MarkedUnit>();
  for (const m of marked) {
    if (m.unit.kind === 'table-row') rowAt.set(m.unit.line, m);
    else proseAt.set(m.unit.line, [...(proseAt.get(m.unit.line) ?? []), m]);
  }
  return { proseAt, rowAt };
}

/** A heading with its section's anchor; a top section's title is kept for the head. Returns the section's number, if any. */
function headingHtml(level: number, text: string, titles: Map<string, string>, out: string[]): string | undefined {
  // The title opens the preamble, which the requirements cite as section 0 (schemas/document-text.ts).
  const number = /^(\d+(?:\.\d+)*)\.?\s/.exec(text)?.[1] ?? (level === 1 ? '0' : undefined);
  if (number !== undefined && !number.includes('.')) titles.set(number, text.replace(/\*\*|`/g, ''));
  out.push(`<h${level}${number ? ` id="section-${number}"` : ''}>${inline(text)}</h${level}>`);
  return number;
}

/** A table of the document (its lines from index `start`), each row coloured by its unit's status, with its detail row below it. */
function tableHtml(rows: readonly string[], start: number, rowAt: ReadonlyMap<number, MarkedUnit>, run: SpecPageRun | undefined): string[] {
  const out: string[] = [];
  const [head, ...rest] = rows;
  const headCells = cells(head!);
  out.push('<table>', `<tr>${headCells.map((c) => `<th>${inline(c)}</th>`).join('')}</tr>`);
  rest.forEach((l, k) => {
    if (isSeparator(l)) return;
    const m = rowAt.get(start + 2 + k);
    const tds = cells(l).map((c) => `<td>${inline(c)}</td>`);
    if (m === undefined) {
      out.push(`<tr>${tds.join('')}</tr>`);
      return;
    }
    tds[tds.length - 1] = tds[tds.length - 1]!.replace(/<\/td>$/, `${printNote(m)}</td>`);
    out.push(`<tr${markAttributes(m)}>${tds.join('')}</tr>`);
    if (m.status !== undefined)
      out.push(`<tr class="detail-row" id="${m.ref}" hidden><td colspan="${headCells.length}"><div class="detail">${detailBody(m, run!)}</div></td></tr>`);
  });
  out.push('</table>');
  return out;
}

/**
 * Where each test opens in the Allure report, by name, from the report's own index
 * (allure-report/test-results.json: byId, each with its name); none when it is missing.
 */
function allureTestLinks(outDir: string): Map<string, string> {
  const links = new Map<string, string>();
  try {
    const index: unknown = JSON.parse(readFileSync(join(outDir, 'allure-report', 'test-results.json'), 'utf8'));
    const byId = typeof index === 'object' && index !== null && 'byId' in index ? index.byId : undefined;
    if (typeof byId !== 'object' || byId === null) return links;
    for (const [id, entry] of Object.entries(byId)) {
      const name = typeof entry === 'object' && entry !== null && 'name' in entry ? entry.name : undefined;
      if (typeof name === 'string' && /^[0-9a-f-]+$/i.test(id)) links.set(name, `allure-report/index.html#/${id}`);
    }
  } catch {
    // No index (an older Allure, a report not generated): the links go to the report's first page.
  }
  return links;
}

/**
 * Writes the page into the output folder of a run; coloured by `run` when given. The summary
 * names a test by its full name ("POST /credits/consult (4.1) > answers ..."), the Allure report
 * by its own; a link is found by the name's end.
 */
export function writeSpecPage(outDir: string, run?: Omit<SpecPageRun, 'testLinks'>): void {
  const markdown = readFileSync(SPEC_DOCUMENT_PATH, 'utf8');
  if (run === undefined) {
    writeFileSync(join(outDir, SPEC_PAGE_FILE), renderSpecPage(markdown));
    return;
  }
  const byAllureName = allureTestLinks(outDir);
  const testLinks = new Map<string, string>();
  for (const t of run.requirements.flatMap((r) => r.tests)) {
    const short = t.split(' > ').pop() ?? t;
    const link = byAllureName.get(t) ?? byAllureName.get(short);
    if (link !== undefined) testLinks.set(t, link);
  }
  writeFileSync(join(outDir, SPEC_PAGE_FILE), renderSpecPage(markdown, { ...run, testLinks }));
}
