/**
 * The certification summary: for every requirement of the catalogue its status and the tests that
 * name it (not-covered when none), the profile's option and the target's observed behaviour for
 * every ambiguity, totals per area, and the expected-failures reconciliation. summary.json is for
 * machines (CI gates, comparisons between runs); summary.md is the same for people.
 */
import { AMBIGUITIES, type AmbiguityChoices } from '../schemas/ambiguities.ts';
import { AREAS } from '../schemas/areas.ts';
import { REQUIREMENTS } from '../schemas/requirements.ts';
import type { Reconciliation } from './expected-failures.ts';
import type { TestRecord } from './result-collector.ts';

export type RequirementStatus = 'passed' | 'failed' | 'known-deviation' | 'warning' | 'skipped' | 'not-covered';

export interface RequirementSummary {
  id: string;
  area: string;
  section: string;
  severity: 'must' | 'should';
  status: RequirementStatus;
  tests: string[];
  /** Why it was skipped (a missing capability) or how it failed (first lines). */
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
  warnings: number;
  skipped: number;
  notCovered: number;
}

export interface Summary {
  target: string;
  profile: string;
  startedAt: string;
  seconds: number;
  totals: { tests: number; passed: number; failed: number; skipped: number; knownDeviations: number; warnings: number };
  requirements: RequirementSummary[];
  ambiguities: AmbiguitySummary[];
  areas: AreaTotals[];
  expectedFailures: { id: string; kind: string; reason: string; outcome: string; tests: string[] }[];
  runErrors: string[];
  /** Whether the run passes: no failure outside the expected ones, no unexpected pass, no run error. */
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
}

function requirementStatus(tests: readonly TestRecord[], coveredFailures: ReadonlySet<string>): RequirementStatus {
  if (tests.length === 0) return 'not-covered';
  if (tests.some((t) => t.status === 'failed' && !coveredFailures.has(t.name))) return 'failed';
  if (tests.some((t) => t.status === 'failed')) return 'known-deviation';
  if (tests.some((t) => t.warnings.length > 0)) return 'warning';
  if (tests.some((t) => t.status === 'passed')) return 'passed';
  return 'skipped';
}

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
  const covered = new Set(input.reconciliation.failures.filter((f) => f.covered).map((f) => f.test));
  const byRequirement = new Map<string, TestRecord[]>();
  for (const record of input.records) for (const id of record.requirements) byRequirement.set(id, [...(byRequirement.get(id) ?? []), record]);

  const requirements: RequirementSummary[] = REQUIREMENTS.map((r) => {
    const tests = byRequirement.get(r.id) ?? [];
    let status = requirementStatus(tests, covered);
    // 2 (conventions: OIDF): a SHOULD that fails is a warning, never a failure of the run.
    if (status === 'failed' && r.severity === 'should') status = 'warning';
    const reason =
      status === 'skipped'
        ? [...new Set(tests.map((t) => t.skipReason).filter(Boolean))].join('; ')
        : status === 'failed' || status === 'known-deviation'
          ? tests.find((t) => t.status === 'failed')?.error
          : status === 'warning'
            ? tests.flatMap((t) => t.warnings)[0]
            : undefined;
    return { id: r.id, area: r.area, section: r.section, severity: r.severity, status, tests: tests.map((t) => t.name), ...(reason ? { reason } : {}) };
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
      warnings: count('warning'),
      skipped: count('skipped'),
      notCovered: count('not-covered'),
    };
  }).filter((a) => a.requirements > 0);

  const failedTests = input.records.filter((t) => t.status === 'failed');
  const totals = {
    tests: input.records.length,
    passed: input.records.filter((t) => t.status === 'passed').length,
    failed: failedTests.filter((t) => !covered.has(t.name)).length,
    skipped: input.records.filter((t) => t.status === 'skipped').length,
    knownDeviations: failedTests.filter((t) => covered.has(t.name)).length,
    warnings: input.records.filter((t) => t.warnings.length > 0).length,
  };

  return {
    target: input.target,
    profile: input.profile,
    startedAt: input.startedAt,
    seconds: input.seconds,
    totals,
    requirements,
    ambiguities: ambiguitySummaries(input.records, input.choices),
    areas,
    expectedFailures: input.reconciliation.entries.map((e) => ({ id: e.entry.id, kind: e.entry.kind, reason: e.entry.reason, outcome: e.outcome, tests: e.tests })),
    runErrors: [...input.runErrors],
    ok: input.reconciliation.ok && input.runErrors.length === 0 && totals.failed === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Markdown.
// ---------------------------------------------------------------------------------------------

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const table = (header: string[], rows: string[][]): string =>
  [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');

/** The head of the summary: verdict, totals, per-area totals, ambiguities, failures. Printed at the end of a run. */
export function summaryHeadMarkdown(s: Summary): string {
  const t = s.totals;
  const parts = [
    `# Conformance summary: ${s.ok ? 'PASS' : 'FAIL'}`,
    `Target ${s.target}, profile ${s.profile}, ${s.seconds.toFixed(1)} s. Tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped, ${t.knownDeviations} known deviations, ${t.warnings} warnings.`,
    '## Requirements per area',
    table(
      ['Area', 'Requirements', 'Passed', 'Failed', 'Known deviations', 'Warnings', 'Skipped', 'Not covered'],
      s.areas.map((a) => [a.area, a.requirements, a.passed, a.failed, a.knownDeviations, a.warnings, a.skipped, a.notCovered].map(String)),
    ),
    '## Ambiguities (profile option and what the target did)',
    table(
      ['Ambiguity', 'Expected', 'Observed', 'Verdict'],
      s.ambiguities.map((a) => [a.id, a.expected, a.observed.map((o) => `${o.value} (×${o.count})`).join('; ') || '—', a.verdict]),
    ),
  ];
  const failed = s.requirements.filter((r) => r.status === 'failed');
  if (failed.length > 0) parts.push('## Failed requirements', table(['Requirement', 'Section', 'Reason'], failed.map((r) => [r.id, r.section, r.reason ?? ''])));
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
        ['Requirement', 'Section', 'Status', 'Tests', 'Note'],
        s.requirements.filter((r) => r.area === a.area).map((r) => [r.id, r.section, r.status, String(r.tests.length), r.reason ?? '']),
      ),
    ].join('\n\n'),
  );
  return [summaryHeadMarkdown(s), '## Every requirement', ...perArea].join('\n\n') + '\n';
}
