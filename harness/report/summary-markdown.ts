/**
 * summary.md: the certification summary (summary.ts) for people. Its head (the verdict and what the
 * run decided, totals per level and area, ambiguities, failures) is also printed at the end of a
 * run; the whole adds a table per area with every requirement. Every table line stays under
 * LINE_MAX characters and the target's words are shown inert (inert-text.ts); summary.json keeps
 * every text whole.
 */
import { baselineMarkdown } from './baseline.ts';
import { markdownText, oneLine } from './inert-text.ts';
import { REQUIREMENT_STATUSES, type RequirementStatus } from './requirement-status.ts';
import { failLevelReachText, verdictReachText } from './run-coverage.ts';
import { runVerdict } from './run-verdict.ts';
import { skipGroupText } from './skip-remedies.ts';
import { leakHeadline, type AmbiguitySummary, type Summary } from './summary.ts';

/**
 * A Markdown table a person reads at a glance: no line over LINE_MAX characters. Long
 * cells are cut with "…" (the longest first); summary.json keeps every text whole.
 */
const LINE_MAX = 300;
const CELL_MAX = 160;

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`);

/**
 * A table cell: the kit's own words (a string, Markdown the kit wrote), text that may hold the
 * target's words (`fromTarget`: shown inert, inert-text.ts), or a cell the kit composed of both and
 * already bounded (`composed`: never cut, so that a cut cannot fall inside a code span).
 */
type Cell = string | { readonly target: string } | { readonly composed: string };
const fromTarget = (text: string): Cell => ({ target: text });

/** A cell's text before it is made Markdown: cut from here, so that a cut never breaks a code span. */
const rawOf = (c: Cell): string => (typeof c === 'string' ? c.replace(/\s*\n\s*/g, ' ') : 'target' in c ? oneLine(c.target) : c.composed);
function render(c: Cell, raw: string): string {
  if (typeof c === 'string') return raw.replace(/\|/g, '\\|');
  return 'target' in c ? markdownText(raw) : raw;
}

function row(cells: readonly Cell[]): string {
  const raws = cells.map((c) => (typeof c === 'object' && 'composed' in c ? rawOf(c) : clip(rawOf(c), CELL_MAX)));
  const line = () => `| ${cells.map((c, i) => render(c, raws[i]!)).join(' | ')} |`;
  const cuttable = (i: number) => !(typeof cells[i] === 'object' && 'composed' in cells[i]!);
  while (line().length > LINE_MAX) {
    const longest = raws.reduce((best, r, i) => (cuttable(i) && (best < 0 || r.length > raws[best]!.length) ? i : best), -1);
    if (longest < 0) break;
    const excess = line().length - LINE_MAX;
    raws[longest] = clip(raws[longest]!, Math.max(8, raws[longest]!.length - excess));
    if (raws[longest]!.length <= 8) break;
  }
  return line();
}

const table = (header: string[], rows: Cell[][]): string => [row(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(row)].join('\n');

/**
 * A reason in one cell that keeps its cause. A check's message is often a head line ending with a
 * colon ("... does not match the documented schema:") and the cause on the next ("result.credit:
 * expected string"); cut to a cell, the head alone would remain. So a long head is cut first, and the
 * cause follows it; summary.json keeps the whole.
 */
function reasonCell(text: string | undefined): Cell {
  const lines = (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const [head, cause, ...rest] = lines;
  if (head === undefined) return '';
  if (cause === undefined || !head.endsWith(':')) return fromTarget(lines.join(' '));
  const causeKept = clip(cause, CELL_MAX - 70);
  const kept = `${clip(head, CELL_MAX - causeKept.length - 2)} ${causeKept}`;
  const room = CELL_MAX - kept.length - 1;
  return fromTarget(rest.length > 0 && room > 12 ? `${kept} ${clip(rest.join(' '), room)}` : kept);
}

/** An ambiguity's observations in one cell: how many distinct values, the commonest first; each value inert and cut to 32 characters. */
function observedCell(observed: AmbiguitySummary['observed']): Cell {
  if (observed.length === 0) return '—';
  const sorted = [...observed].sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, 3).map((o) => `${markdownText(clip(oneLine(o.value), 32))} (×${o.count})`);
  return { composed: `${observed.length > 3 ? `${observed.length} distinct: ` : ''}${shown.join('; ')}${observed.length > 3 ? '; …' : ''}` };
}

/** The head of the summary: verdict, totals, per-area totals, ambiguities, failures. Printed at the end of a run. */
export function summaryHeadMarkdown(s: Summary): string {
  return [
    summaryTitle(s),
    coverageMarkdown(s),
    ...runNotices(s),
    runLine(s),
    documentCoverageLine(s),
    '## Requirements per level',
    'fail: the document states it (a failure fails the run); warn: a reading of ours or a SHOULD (a ' +
      'warning); record: the document is silent (what the target did is written down). Broken: the kit could ' +
      'not talk to the target (no verdict; the run does not pass); inconclusive: a test could not decide.',
    levelTable(s),
    '## Requirements per area',
    areaTable(s),
    '## Ambiguities (profile option and what the target did)',
    table(
      ['Ambiguity', 'Expected', 'Observed', 'Verdict'],
      s.ambiguities.map((a) => [a.id, a.expected, observedCell(a.observed), a.verdict]),
    ),
    ...failedSection(s),
    ...problemSections(s),
  ].join('\n\n');
}

const STATUS_COLUMNS = ['Passed', 'Failed', 'Known deviations', 'Broken', 'Warned', 'Inconclusive', 'Recorded', 'Skipped', 'Not testable', 'Not covered'];

/** What comes before the totals when the run is not a plain one: its comparison with a baseline, a key in the reports, an unfinished run. */
function runNotices(s: Summary): string[] {
  return [
    ...(s.baseline !== undefined ? [baselineMarkdown(s.baseline, markdownText).join('\n').trim()] : []),
    ...(s.leakCheck?.passed === false ? [`**${markdownText(leakHeadline(s.leakCheck))}**`] : []),
    ...(s.incomplete !== undefined
      ? [`**The certification is incomplete**: ${markdownText(s.incomplete)}. What did not finish has no verdict; the reports below are partial.`]
      : []),
  ];
}

/** The target, profile, seed and duration, and the tests per status. */
function runLine(s: Summary): string {
  const t = s.totals;
  return (
    `Target ${markdownText(s.target)}, profile ${markdownText(s.profile)}${s.seed !== undefined ? `, seed ${s.seed}` : ''}, ${s.seconds.toFixed(1)} ` +
    `s${s.strict ? ', strict (warnings and inconclusive tests fail the run)' : ''}. Tests: ${t.passed} ` +
    `passed, ${t.failed} failed, ${t.broken} broken, ${t.inconclusive} inconclusive, ${t.skipped} skipped (${t.notTestable} not ` +
    `testable), ${t.knownDeviations} known deviations, ${t.warnings} with warnings, ${t.recorded} recording behaviour the document leaves open.`
  );
}

/** How much of the document the catalogue quotes (the same for every run of one version of the kit). */
function documentCoverageLine(s: Summary): string {
  const dc = s.documentCoverage;
  return (
    `Document coverage: the catalogue quotes ${dc.quoted} of the document's ${dc.units} sentences and ` +
    `table rows (${(dc.quotedShare * 100).toFixed(1)}%); ${dc.untestable} are not testable, ${dc.uncovered} ` +
    `not yet quoted. spec-document.html beside this summary shows each one with its status in this run.`
  );
}

/** Requirements per level (fail, warn, record) and over the whole catalogue, by status. */
function levelTable(s: Summary): string {
  const levelRow = (name: string, counts: { requirements: number } & Partial<Record<RequirementStatus, number>>) => [
    name,
    String(counts.requirements),
    ...REQUIREMENT_STATUSES.map((st) => String(counts[st] ?? 0)),
  ];
  return table(
    ['Level', 'Requirements', ...STATUS_COLUMNS],
    [levelRow('fail', s.levels.fail), levelRow('warn', s.levels.warn), levelRow('record', s.levels.record), levelRow('all', s.requirementTotals)],
  );
}

/** Requirements per area, by status. */
function areaTable(s: Summary): string {
  return table(
    ['Area', 'Requirements', ...STATUS_COLUMNS],
    s.areas.map((a) =>
      [
        a.area,
        a.requirements,
        a.passed,
        a.failed,
        a.knownDeviations,
        a.broken,
        a.warnings,
        a.inconclusive,
        a.recorded,
        a.skipped,
        a.notTestable,
        a.notCovered,
      ].map(String),
    ),
  );
}

/** The failed requirements with the document's words and why, then the tests that failed each; nothing when none failed. */
function failedSection(s: Summary): string[] {
  const failed = s.requirements.filter((r) => r.status === 'failed');
  if (failed.length === 0) return [];
  // Where to look: the tests that failed each, by their names as junit.xml and Allure give them.
  const failedBy = failed.flatMap((r) =>
    r.tests.filter((t) => s.failedTests.includes(t)).map((t) => `- ${r.id}: ${markdownText(clip(oneLine(t), LINE_MAX - 40))}`),
  );
  return [
    '## Failed requirements',
    table(
      ['Requirement', 'Section', 'The document says', 'Reason'],
      failed.map((r) => [r.id, r.section, r.quote ?? '', reasonCell(r.reason)]),
    ),
    ...(failedBy.length > 0 ? ['### The tests that failed them', failedBy.join('\n')] : []),
  ];
}

/** A section per kind of trouble the run has (broken, warned, inconclusive, expected failures, run errors, keys found), in that order. */
function problemSections(s: Summary): string[] {
  const parts: string[] = [];
  const broken = s.requirements.filter((r) => r.status === 'broken');
  if (broken.length > 0)
    parts.push(
      '## Broken (the kit could not talk to the target: no verdict)',
      table(
        ['Requirement', 'Section', 'Transport trouble'],
        broken.map((r) => [r.id, r.section, reasonCell(r.reason)]),
      ),
    );
  const warned = s.requirements.filter((r) => r.status === 'warning');
  if (warned.length > 0)
    parts.push(
      '## Warnings',
      table(
        ['Requirement', 'Level', 'Reason'],
        warned.map((r) => [r.id, r.level, reasonCell(r.reason)]),
      ),
    );
  const inconclusive = s.requirements.filter((r) => r.status === 'inconclusive');
  if (inconclusive.length > 0)
    parts.push(
      '## Inconclusive',
      table(
        ['Requirement', 'Level', 'Why no decision'],
        inconclusive.map((r) => [r.id, r.level, reasonCell(r.reason)]),
      ),
    );
  return [...parts, ...closingSections(s)];
}

/** The expected failures and how each came out, the run errors, and where a key of the run was found. */
function closingSections(s: Summary): string[] {
  const parts: string[] = [];
  if (s.expectedFailures.length > 0)
    parts.push(
      '## Expected failures',
      table(
        ['Entry', 'Outcome', 'Reason'],
        s.expectedFailures.map((e) => [e.id, e.outcome, fromTarget(e.reason)]),
      ),
    );
  if (s.runErrors.length > 0) parts.push('## Run errors', s.runErrors.map((e) => `- ${markdownText(clip(oneLine(e), LINE_MAX - 10))}`).join('\n'));
  if (s.leakCheck?.passed === false)
    parts.push(
      '## Keys found in the reports (file and place; the key is never shown)',
      s.leakCheck.findings.map((f) => `- ${markdownText(clip(f, LINE_MAX - 10))}`).join('\n'),
    );
  return parts;
}

/**
 * The first line: the verdict, and when it is no plain failure, why (an incomplete run, a key in the
 * reports, a coverage below --min-coverage); then how much the run decided (run-coverage.ts), which
 * is part of the verdict: "PASS: 192 of 423 tests decided (45 %); 231 skipped".
 */
function summaryTitle(s: Summary): string {
  // An unchecked identity comes before the reach: what the verdict is about may not be the target named.
  const reach = `${s.identityNotChecked ? `${s.identityNotChecked}; ` : ''}${verdictReachText(s.coverage)}`;
  const { word, cause, gate } = runVerdict(s);
  if (cause === 'leak') return `# Conformance summary: ${word} (a key of the run was found in the reports); ${reach}`;
  if (cause === 'incomplete') return `# Conformance summary: ${word} (the run did not finish: no verdict on what did not run); ${reach}`;
  if (gate !== undefined)
    return (
      `# Conformance summary: ${word}; gate (--fail-on ` +
      `regression): ${gate === 'PASS' ? 'PASS, nothing failed or broke that had not in the baseline' : 'FAIL'}; ${reach}`
    );
  return `# Conformance summary: ${word}: ${reach}`;
}

/**
 * Below the first line: the fail-level requirements decided, then the skipped tests grouped by what
 * would run them, each group with its remedy (skip-remedies.ts; every group's tests and reasons are
 * in summary.json coverage.skipGroups).
 */
function coverageMarkdown(s: Summary): string {
  const { failLevelRequirements, skipGroups, tests } = s.coverage;
  const head = `Reach: ${failLevelReachText(failLevelRequirements)}.`;
  if (skipGroups.length === 0) return head;
  return [`${head} What would run the ${tests.skipped} skipped tests:`, '', ...skipGroups.map((g) => `- ${skipGroupText(g)}`)].join('\n');
}

/** The whole summary: the head, then a table per area with every requirement. */
export function summaryMarkdown(s: Summary): string {
  const perArea = s.areas.map((a) =>
    [
      `### ${a.area}`,
      table(
        ['Requirement', 'Section', 'Level', 'Status', 'Tests', 'Note'],
        s.requirements.filter((r) => r.area === a.area).map((r) => [r.id, r.section, r.level, r.status, String(r.tests.length), reasonCell(r.reason)]),
      ),
    ].join('\n\n'),
  );
  return `${[summaryHeadMarkdown(s), '## Every requirement', ...perArea].join('\n\n')}\n`;
}
