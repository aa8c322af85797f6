/**
 * The certification summary: for every requirement of the catalogue its status and the tests that
 * name it (not-covered when none), the profile's option and the target's observed behaviour for
 * every ambiguity, totals per area, and the expected-failures reconciliation. summary.json is for
 * machines (CI gates, comparisons between runs); summary.md is the same for people.
 */
import { AMBIGUITIES, type AmbiguityChoices } from '../../schemas/ambiguities.ts';
import { AREAS } from '../../schemas/areas.ts';
import type { VerdictLevel } from '../../schemas/quotes.ts';
import { REQUIREMENTS } from '../../schemas/requirements.ts';
import type { Reconciliation } from './expected-failures.ts';
import type { TestRecord } from './result-collector.ts';
import { isPassing, isSkipped, testStatus } from './test-status.ts';

/**
 * `not-testable`: every test of the requirement was skipped because it needs a capability the
 * profile declares but the kit cannot trigger (issue 14, item 5; test-skip.ts), a status of its own
 * rather than a failing placeholder or a plain skip.
 * `broken`: a test of the requirement could not talk to the target (test-status.ts), and none
 * failed: the requirement was not verified, and the run does not pass.
 * `inconclusive`: a test of the requirement could not decide, and none failed, broke or warned.
 */
export type RequirementStatus = 'passed' | 'failed' | 'known-deviation' | 'broken' | 'warning' | 'inconclusive' | 'recorded' | 'skipped' | 'not-testable' | 'not-covered';

/** The statuses in the order the tables of summary.md show them. */
export const REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['passed', 'failed', 'known-deviation', 'broken', 'warning', 'inconclusive', 'recorded', 'skipped', 'not-testable', 'not-covered'];

export interface RequirementSummary {
  id: string;
  area: string;
  section: string;
  severity: 'must' | 'should';
  /** fail: the document states it; warn: a reading or SHOULD; record: the document is silent. */
  level: VerdictLevel;
  /** The document's words it rests on (schemas/quotes.ts), excerpts joined by " … "; absent when none. */
  quote?: string;
  status: RequirementStatus;
  tests: string[];
  /** Why it was skipped or is not testable (a missing capability), how it failed or broke, why it was inconclusive. */
  reason?: string;
}

export interface AmbiguitySummary {
  id: string;
  title: string;
  expected: string;
  /** Distinct observations, each with how many tests saw it. */
  observed: { value: string; count: number; matches: boolean | null }[];
  /** matches: every observation matched; mismatch: one did not; recorded: record-only; not-observed. */
  verdict: 'matches' | 'mismatch' | 'recorded' | 'not-observed';
}

export interface AreaTotals {
  area: string;
  requirements: number;
  passed: number;
  failed: number;
  knownDeviations: number;
  broken: number;
  warnings: number;
  inconclusive: number;
  recorded: number;
  skipped: number;
  notTestable: number;
  notCovered: number;
}

/** Requirements per level and status: what the head of the summary shows first. */
export type LevelTotals = Record<VerdictLevel, { requirements: number } & Partial<Record<RequirementStatus, number>>>;

export interface Summary {
  target: string;
  profile: string;
  startedAt: string;
  seconds: number;
  /** Whether warnings fail the run (certify --strict). */
  strict: boolean;
  /** The run's seed (certify --seed, issue 14): the same target and seed give the same verdicts. */
  seed?: number;
  /**
   * Tests by status (test-status.ts): passed counts the passing ones with warnings or records too;
   * failed only those no expected failure covers (knownDeviations the others); broken and
   * inconclusive are apart from both; notTestable: the skipped tests (counted in skipped too) whose
   * reason is "not testable: ...". warnings and recorded count tests that carry any.
   */
  totals: { tests: number; passed: number; failed: number; broken: number; inconclusive: number; skipped: number; notTestable: number; knownDeviations: number; warnings: number; recorded: number };
  /** Requirements per status over the whole catalogue, and per level. */
  requirementTotals: { requirements: number } & Partial<Record<RequirementStatus, number>>;
  levels: LevelTotals;
  requirements: RequirementSummary[];
  ambiguities: AmbiguitySummary[];
  areas: AreaTotals[];
  expectedFailures: { id: string; kind: string; reason: string; outcome: string; tests: string[] }[];
  /** The tests counted in totals.failed, by name. */
  failedTests: string[];
  /** The broken tests, by name (transport trouble: no verdict). */
  brokenTests: string[];
  runErrors: string[];
  /**
   * Whether the run passes: no failure outside the expected ones, no broken test, no unexpected
   * pass, no run error; under --strict no warning and no inconclusive test either.
   */
  ok: boolean;
}

export interface SummaryInput {
  target: string;
  profile: string;
  startedAt: string;
  seconds: number;
  records: readonly TestRecord[];
  choices: AmbiguityChoices;
  reconciliation: Reconciliation;
  runErrors: readonly string[];
  /** certify --strict: warnings fail the run too. */
  strict?: boolean;
  /** The run's seed (certify --seed). */
  seed?: number;
}

/**
 * A verdict first (a failure, then a warning), then what kept a verdict from being reached
 * (broken before inconclusive: broken fails the run), then a pass, then why nothing ran.
 */
function requirementStatus(tests: readonly TestRecord[], coveredFailures: ReadonlySet<string>): RequirementStatus {
  if (tests.length === 0) return 'not-covered';
  if (tests.some((t) => t.status === 'failed' && !coveredFailures.has(t.name))) return 'failed';
  if (tests.some((t) => t.status === 'failed')) return 'known-deviation';
  if (tests.some((t) => t.status === 'broken')) return 'broken';
  if (tests.some((t) => t.warnings.length > 0)) return 'warning';
  if (tests.some((t) => t.status === 'inconclusive')) return 'inconclusive';
  if (tests.some((t) => isPassing(t.status))) return 'passed';
  return tests.every((t) => t.status === 'not-testable') ? 'not-testable' : 'skipped';
}

/** Why the requirement has its status, from its tests; undefined for a pass. */
function requirementReason(status: RequirementStatus, tests: readonly TestRecord[]): string | undefined {
  const failed = () => tests.find((t) => t.status === 'failed')?.error;
  switch (status) {
    case 'skipped':
    case 'not-testable':
      return [...new Set(tests.map((t) => t.skipReason).filter(Boolean))].join('; ');
    case 'failed':
    case 'known-deviation':
      return failed();
    case 'broken':
      return tests.find((t) => t.status === 'broken')?.broken ?? tests.find((t) => t.status === 'broken')?.error;
    case 'inconclusive':
      return tests.find((t) => t.status === 'inconclusive')?.inconclusive;
    case 'warning':
      return tests.flatMap((t) => t.warnings)[0] ?? failed();
    default:
      return undefined;
  }
}

/**
 * Each record with its status decided by test-status.ts: a record the collector wrote already has
 * it; one written by hand (tests, tools) with a bare vitest outcome gets it from its fields.
 */
const decided = (records: readonly TestRecord[]): TestRecord[] => records.map((r) => ({ ...r, status: testStatus({ ...r, state: r.status }) }));

function ambiguitySummaries(records: readonly TestRecord[], choices: AmbiguityChoices): AmbiguitySummary[] {
  return AMBIGUITIES.map((a) => {
    const seen = new Map<string, { value: string; count: number; matches: boolean | null }>();
    for (const o of records.flatMap((r) => r.observations).filter((o) => o.ambiguity === a.id)) {
      const entry = seen.get(o.observed) ?? { value: o.observed, count: 0, matches: o.matches };
      entry.count += 1;
      if (o.matches === false) entry.matches = false;
      seen.set(o.observed, entry);
    }
    const observed = [...seen.values()];
    const expected = choices[a.id as keyof AmbiguityChoices];
    const verdict: AmbiguitySummary['verdict'] =
      observed.length === 0 ? 'not-observed' : expected === 'record-only' || observed.every((o) => o.matches === null) ? 'recorded' : observed.some((o) => o.matches === false) ? 'mismatch' : 'matches';
    return { id: a.id, title: a.title, expected, observed, verdict };
  });
}

export function buildSummary(input: SummaryInput): Summary {
  const records = decided(input.records);
  const covered = new Set(input.reconciliation.failures.filter((f) => f.covered).map((f) => f.test));
  const byRequirement = new Map<string, TestRecord[]>();
  for (const record of records) for (const id of record.requirements) byRequirement.set(id, [...(byRequirement.get(id) ?? []), record]);

  const requirements: RequirementSummary[] = REQUIREMENTS.map((r) => {
    const tests = byRequirement.get(r.id) ?? [];
    let status = requirementStatus(tests, covered);
    // Issue 13 (conventions: OIDF): only a stated rule fails a target; a reading or SHOULD warns,
    // and where the document is silent what the target did is recorded.
    if (status === 'failed' && r.level !== 'fail') status = 'warning';
    if (status === 'passed' && r.level === 'record') status = 'recorded';
    const reason = requirementReason(status, tests);
    return {
      id: r.id,
      area: r.area,
      section: r.section,
      severity: r.severity,
      level: r.level,
      ...(r.quotes.length > 0 ? { quote: r.quotes.join(' … ') } : {}),
      status,
      tests: tests.map((t) => t.name),
      ...(reason ? { reason } : {}),
    };
  });

  const areas: AreaTotals[] = AREAS.map((a) => {
    const of = requirements.filter((r) => r.area === a.id);
    const count = (s: RequirementStatus) => of.filter((r) => r.status === s).length;
    return {
      area: a.id,
      requirements: of.length,
      passed: count('passed'),
      failed: count('failed'),
      knownDeviations: count('known-deviation'),
      broken: count('broken'),
      warnings: count('warning'),
      inconclusive: count('inconclusive'),
      recorded: count('recorded'),
      skipped: count('skipped'),
      notTestable: count('not-testable'),
      notCovered: count('not-covered'),
    };
  }).filter((a) => a.requirements > 0);

  const failedTests = records.filter((t) => t.status === 'failed');
  const uncovered = failedTests.filter((t) => !covered.has(t.name));
  const brokenTests = records.filter((t) => t.status === 'broken');
  const totals = {
    tests: records.length,
    passed: records.filter((t) => isPassing(t.status)).length,
    failed: uncovered.length,
    broken: brokenTests.length,
    inconclusive: records.filter((t) => t.status === 'inconclusive').length,
    skipped: records.filter((t) => isSkipped(t.status)).length,
    notTestable: records.filter((t) => t.status === 'not-testable').length,
    knownDeviations: failedTests.length - uncovered.length,
    warnings: records.filter((t) => t.warnings.length > 0).length,
    recorded: records.filter((t) => t.recorded.length > 0).length,
  };
  const strict = input.strict ?? false;

  return {
    target: input.target,
    profile: input.profile,
    startedAt: input.startedAt,
    seconds: input.seconds,
    strict,
    ...(input.seed !== undefined ? { seed: input.seed } : {}),
    totals,
    requirementTotals: statusCounts(requirements),
    levels: {
      fail: statusCounts(requirements.filter((r) => r.level === 'fail')),
      warn: statusCounts(requirements.filter((r) => r.level === 'warn')),
      record: statusCounts(requirements.filter((r) => r.level === 'record')),
    },
    requirements,
    ambiguities: ambiguitySummaries(records, input.choices),
    areas,
    expectedFailures: input.reconciliation.entries.map((e) => ({ id: e.entry.id, kind: e.entry.kind, reason: e.entry.reason, outcome: e.outcome, tests: e.tests })),
    failedTests: uncovered.map((t) => t.name),
    brokenTests: brokenTests.map((t) => t.name),
    runErrors: [...input.runErrors],
    ok: input.reconciliation.ok && input.runErrors.length === 0 && totals.failed === 0 && totals.broken === 0 && !(strict && (totals.warnings > 0 || totals.inconclusive > 0)),
  };
}

/**
 * Whether the run certified nothing: no test reached a verdict (none passed, none failed) and
 * something went wrong (a broken test, a run error such as a setup the target did not answer).
 * certify then exits 2, as when the preflight cannot reach the target: there is no result to read.
 */
export function nothingCertified(s: Summary): boolean {
  const verdicts = s.totals.passed + s.totals.failed + s.totals.knownDeviations;
  return verdicts === 0 && (s.totals.broken > 0 || s.runErrors.length > 0);
}

function statusCounts(requirements: readonly RequirementSummary[]): { requirements: number } & Partial<Record<RequirementStatus, number>> {
  const counts: { requirements: number } & Partial<Record<RequirementStatus, number>> = { requirements: requirements.length };
  for (const r of requirements) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Markdown.
// ---------------------------------------------------------------------------------------------

/**
 * A Markdown table a person reads at a glance (issue 18): no line over LINE_MAX characters. Long
 * cells are cut with "…" (the longest first); summary.json keeps every text whole.
 */
export const LINE_MAX = 300;
const CELL_MAX = 160;

const clip = (text: string, max: number): string => (text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`);
const cell = (text: string): string => clip(text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|'), CELL_MAX);

function row(cells: readonly string[]): string {
  const fitted = cells.map(cell);
  const line = () => `| ${fitted.join(' | ')} |`;
  while (line().length > LINE_MAX) {
    const longest = fitted.reduce((best, c, i) => (c.length > fitted[best]!.length ? i : best), 0);
    const excess = line().length - LINE_MAX;
    fitted[longest] = clip(fitted[longest]!, Math.max(8, fitted[longest]!.length - excess));
    if (fitted[longest]!.length <= 8) break;
  }
  return line();
}

const table = (header: string[], rows: string[][]): string => [row(header), `| ${header.map(() => '---').join(' | ')} |`, ...rows.map(row)].join('\n');

/** An ambiguity's observations in one cell: how many distinct values, the commonest first. */
function observedCell(observed: AmbiguitySummary['observed']): string {
  if (observed.length === 0) return '—';
  const sorted = [...observed].sort((a, b) => b.count - a.count);
  const shown = sorted.slice(0, 3).map((o) => `${clip(o.value, 40)} (×${o.count})`);
  return `${observed.length > 3 ? `${observed.length} distinct: ` : ''}${shown.join('; ')}${observed.length > 3 ? '; …' : ''}`;
}

/** The head of the summary: verdict, totals, per-area totals, ambiguities, failures. Printed at the end of a run. */
export function summaryHeadMarkdown(s: Summary): string {
  const t = s.totals;
  const levelRow = (name: string, counts: { requirements: number } & Partial<Record<RequirementStatus, number>>) => [name, String(counts.requirements), ...REQUIREMENT_STATUSES.map((st) => String(counts[st] ?? 0))];
  const statusColumns = ['Passed', 'Failed', 'Known deviations', 'Broken', 'Warned', 'Inconclusive', 'Recorded', 'Skipped', 'Not testable', 'Not covered'];
  const parts = [
    `# Conformance summary: ${s.ok ? 'PASS' : 'FAIL'}`,
    `Target ${s.target}, profile ${s.profile}${s.seed !== undefined ? `, seed ${s.seed}` : ''}, ${s.seconds.toFixed(1)} s${s.strict ? ', strict (warnings and inconclusive tests fail the run)' : ''}. Tests: ${t.passed} passed, ${t.failed} failed, ${t.broken} broken, ${t.inconclusive} inconclusive, ${t.skipped} skipped (${t.notTestable} not testable), ${t.knownDeviations} known deviations, ${t.warnings} with warnings, ${t.recorded} recording behaviour the document leaves open.`,
    '## Requirements per level',
    'fail: the document states it (a failure fails the run); warn: a reading of ours or a SHOULD (a warning); record: the document is silent (what the target did is written down). Broken: the kit could not talk to the target (no verdict; the run does not pass); inconclusive: a test could not decide.',
    table(
      ['Level', 'Requirements', ...statusColumns],
      [levelRow('fail', s.levels.fail), levelRow('warn', s.levels.warn), levelRow('record', s.levels.record), levelRow('all', s.requirementTotals)],
    ),
    '## Requirements per area',
    table(
      ['Area', 'Requirements', ...statusColumns],
      s.areas.map((a) => [a.area, a.requirements, a.passed, a.failed, a.knownDeviations, a.broken, a.warnings, a.inconclusive, a.recorded, a.skipped, a.notTestable, a.notCovered].map(String)),
    ),
    '## Ambiguities (profile option and what the target did)',
    table(
      ['Ambiguity', 'Expected', 'Observed', 'Verdict'],
      s.ambiguities.map((a) => [a.id, a.expected, observedCell(a.observed), a.verdict]),
    ),
  ];
  const failed = s.requirements.filter((r) => r.status === 'failed');
  if (failed.length > 0) parts.push('## Failed requirements', table(['Requirement', 'Section', 'The document says', 'Reason'], failed.map((r) => [r.id, r.section, r.quote ?? '', r.reason ?? ''])));
  const broken = s.requirements.filter((r) => r.status === 'broken');
  if (broken.length > 0)
    parts.push('## Broken (the kit could not talk to the target: no verdict)', table(['Requirement', 'Section', 'Transport trouble'], broken.map((r) => [r.id, r.section, r.reason ?? ''])));
  const warned = s.requirements.filter((r) => r.status === 'warning');
  if (warned.length > 0) parts.push('## Warnings', table(['Requirement', 'Level', 'Reason'], warned.map((r) => [r.id, r.level, r.reason ?? ''])));
  const inconclusive = s.requirements.filter((r) => r.status === 'inconclusive');
  if (inconclusive.length > 0) parts.push('## Inconclusive', table(['Requirement', 'Level', 'Why no decision'], inconclusive.map((r) => [r.id, r.level, r.reason ?? ''])));
  if (s.expectedFailures.length > 0)
    parts.push('## Expected failures', table(['Entry', 'Outcome', 'Reason'], s.expectedFailures.map((e) => [e.id, e.outcome, e.reason])));
  if (s.runErrors.length > 0) parts.push('## Run errors', s.runErrors.map((e) => `- ${e}`).join('\n'));
  return parts.join('\n\n');
}

/** The whole summary: the head, then a table per area with every requirement. */
export function summaryMarkdown(s: Summary): string {
  const perArea = s.areas.map((a) =>
    [
      `### ${a.area}`,
      table(
        ['Requirement', 'Section', 'Level', 'Status', 'Tests', 'Note'],
        s.requirements.filter((r) => r.area === a.area).map((r) => [r.id, r.section, r.level, r.status, String(r.tests.length), r.reason ?? '']),
      ),
    ].join('\n\n'),
  );
  return [summaryHeadMarkdown(s), '## Every requirement', ...perArea].join('\n\n') + '\n';
}
