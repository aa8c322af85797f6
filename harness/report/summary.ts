/**
 * The certification summary: for every requirement of the catalogue its status and the tests that
 * name it (not-covered when none), the profile's option and the target's observed behaviour for
 * every ambiguity, totals per area, and the expected-failures reconciliation. summary.json is for
 * machines (CI gates, comparisons between runs); summary.md is the same for people (summary-markdown.ts).
 */
import { readFileSync } from 'node:fs';
import { AMBIGUITIES, type AmbiguityChoices } from '../../schemas/ambiguities.ts';
import { AREAS } from '../../schemas/areas.ts';
import { coverageOf, documentSentences } from '../../schemas/document-text.ts';
import { requirementStatusAt, type VerdictLevel } from '../../schemas/verdict-levels.ts';
import { REQUIREMENTS } from '../../schemas/requirements.ts';
import { UNTESTABLE_SENTENCES } from '../../schemas/untestable-sentences.ts';
import { SPEC_DOCUMENT_PATH } from '../config/project-paths.ts';
import type { BaselineComparison } from './baseline.ts';
import type { Reconciliation } from './expected-failures.ts';
import { REQUIREMENT_STATUSES, type RequirementStatus } from './requirement-status.ts';
import type { FailureExchange } from '../kit/test-meta.ts';
import type { TestRecord } from './result-collector.ts';
import { runCoverage, type RunCoverage } from './run-coverage.ts';
import type { RunMeans } from './skip-remedies.ts';
import { isPassing, isSkipped, testStatus } from './test-status.ts';

export { REQUIREMENT_STATUSES, type RequirementStatus };

export interface RequirementSummary {
  id: string;
  area: string;
  section: string;
  /** fail: the document states it; warn: a reading or SHOULD; record: the document is silent. */
  level: VerdictLevel;
  /** The document's words it rests on (its rule record or schemas/quotes.ts), excerpts joined by " … "; absent when none. */
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
type LevelTotals = Record<VerdictLevel, { requirements: number } & Partial<Record<RequirementStatus, number>>>;

/**
 * How much of the document's text the catalogue quotes (document-text.ts coverageOf over every
 * requirement's quotes and the units listed as not testable): a property of the kit's catalogue,
 * the same for every run of one version of the kit, whatever ran.
 */
interface DocumentCoverageTotals {
  units: number;
  quoted: number;
  untestable: number;
  uncovered: number;
  /** quoted / units, from 0 to 1. */
  quotedShare: number;
}

let catalogueCoverage: DocumentCoverageTotals | undefined;

/** The catalogue's coverage of the document, computed once per process (it reads the document). */
function documentCoverageOfCatalogue(): DocumentCoverageTotals {
  if (catalogueCoverage === undefined) {
    const units = documentSentences(readFileSync(SPEC_DOCUMENT_PATH, 'utf8'));
    const coverage = coverageOf(
      units,
      REQUIREMENTS.flatMap((r) => r.quotes),
      UNTESTABLE_SENTENCES,
    );
    catalogueCoverage = { ...coverage.totals, quotedShare: Math.round(coverage.quotedShare * 10_000) / 10_000 };
  }
  return catalogueCoverage;
}

/**
 * What fails the gate (certify --fail-on): `failure`, any failed or broken test; `regression`,
 * only a failed or broken test the baseline did not have (with --strict, also a requirement newly
 * warning). A key in the reports, a run error, an expected failure that passed, an incomplete
 * run and a coverage below --min-coverage fail under both.
 */
const FAIL_ON = ['failure', 'regression'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface Summary {
  target: string;
  profile: string;
  startedAt: string;
  seconds: number;
  /** Whether warnings fail the run (certify --strict). */
  strict: boolean;
  /** The run's seed (certify --seed): the same target and seed give the same verdicts. */
  seed?: number;
  /**
   * Tests by status (test-status.ts): passed counts the passing ones with warnings or records too;
   * failed only those no expected failure covers (knownDeviations the others); broken and
   * inconclusive are apart from both; notTestable: the skipped tests (counted in skipped too) whose
   * reason is "not testable: ...". warnings and recorded count tests that carry any.
   */
  totals: {
    tests: number;
    passed: number;
    failed: number;
    broken: number;
    inconclusive: number;
    skipped: number;
    notTestable: number;
    knownDeviations: number;
    warnings: number;
    recorded: number;
  };
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
  /**
   * The last exchanges of each failed and broken test (those of failedTests, brokenTests and the
   * known deviations), redacted and cut as its failure message shows them, each beside the curl
   * line that sends its request again (keys as $MC_API_KEY and the like, kit/failure-exchanges.ts).
   */
  failureExchanges: { test: string; exchanges: FailureExchange[] }[];
  runErrors: string[];
  /**
   * Set when the run did not run to its end (its deadline passed, or it was interrupted by SIGINT or
   * SIGTERM): what stopped it and what did not finish. The reports are partial; it is also a run error.
   */
  incomplete?: string;
  /**
   * The search of the output folder for the run's keys (5.2), after every report was written: the
   * number of secrets searched for (the given keys, the profile's, every key the target returned),
   * and where one was found (file and place, never the key). Absent until the search ran.
   */
  leakCheck?: LeakCheckSummary;
  /**
   * Set when the target's TLS certificate was not verified (certify --insecure): whatever answered
   * may not be the target named, so every report's first line says so (IDENTITY_NOT_CHECKED).
   */
  identityNotChecked?: string;
  /** The share of the document's units the catalogue quotes (documentCoverageOfCatalogue). */
  documentCoverage: DocumentCoverageTotals;
  /**
   * What this run proved (run-coverage.ts): tests decided of those it ran, fail-level requirements
   * decided of the catalogue's, certify --min-coverage, and the skipped tests grouped by what would
   * run them (skip-remedies.ts).
   */
  coverage: RunCoverage;
  /** The run compared with an earlier summary.json (certify --baseline; baseline.ts). */
  baseline?: BaselineComparison;
  /** certify --fail-on, when it is `regression`: the gate is then gatePasses(), not ok. */
  failOn?: FailOn;
  /**
   * Whether the run passes: no failure outside the expected ones, no broken test, no unexpected
   * pass, no run error, no key in the reports, no coverage below --min-coverage; under --strict no
   * warning and no inconclusive test either.
   */
  ok: boolean;
}

export interface LeakCheckSummary {
  passed: boolean;
  secrets: number;
  /** "summary.json: $.ambiguities[3].observed[0].value", "allure-report/index.html: data/test-results/x.json (base64)". */
  findings: string[];
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
  /** Why the run is incomplete (run-suites.ts: its deadline passed, or it was interrupted). */
  incomplete?: string;
  /** What the run had (a manager key, charges, ...), so that no remedy of a skip asks for it again; absent: nothing. */
  means?: RunMeans;
  /** certify --min-coverage: below this percentage of tests decided, the run fails. */
  minCoverage?: number;
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
 * A test as one of its requirements sees it. A failed test whose failed check was about other
 * requirements of it (failedRequirements) stopped before deciding this one: for it, the test is a
 * skip with that reason, so that only the requirements whose checks failed are named failed.
 */
function asSeenBy(record: TestRecord, id: string): TestRecord {
  if (record.status !== 'failed' || record.failedRequirements === undefined || record.failedRequirements.includes(id)) return withWarningsOf(record, id);
  return {
    ...record,
    status: 'skipped',
    skipReason: `not decided: the test stopped at a failed check of ${record.failedRequirements.join(', ')}`,
    error: undefined,
  };
}

/**
 * A test's warnings as one of its requirements sees them: those about other requirements of it
 * (warnedRequirements: a judged check names its id) are not its own, and without them the test
 * passed for it (or recorded what the target did).
 */
function withWarningsOf(record: TestRecord, id: string): TestRecord {
  if (record.warnings.length === 0 || record.warnedRequirements === undefined || record.warnedRequirements.includes(id)) return record;
  // Its status decided again without them (test-status.ts): a warned test passed, or recorded, for this requirement.
  const unwarned = { ...record, warnings: [] };
  return record.status === 'warned' ? { ...unwarned, status: testStatus({ ...unwarned, state: 'passed' }) } : unwarned;
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
      observed.length === 0
        ? 'not-observed'
        : expected === 'record-only' || observed.every((o) => o.matches === null)
          ? 'recorded'
          : observed.some((o) => o.matches === false)
            ? 'mismatch'
            : 'matches';
    return { id: a.id, title: a.title, expected, observed, verdict };
  });
}

export function buildSummary(input: SummaryInput): Summary {
  const records = decided(input.records);
  const covered = new Set(input.reconciliation.failures.filter((f) => f.covered).map((f) => f.test));
  const requirements = requirementSummaries(testsByRequirement(records), covered);
  const { totals, failedTests, uncovered, brokenTests } = testTotals(records, covered);
  const strict = input.strict ?? false;
  const coverage = runCoverage({ tests: records, requirements, means: input.means, minCoverage: input.minCoverage });

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
    areas: areaTotals(requirements),
    expectedFailures: input.reconciliation.entries.map((e) => ({
      id: e.entry.id,
      kind: e.entry.kind,
      reason: e.entry.reason,
      outcome: e.outcome,
      tests: e.tests,
    })),
    failedTests: uncovered.map((t) => t.name),
    brokenTests: brokenTests.map((t) => t.name),
    failureExchanges: [...failedTests, ...brokenTests]
      .filter((t) => (t.failureExchanges ?? []).length > 0)
      .map((t) => ({ test: t.name, exchanges: t.failureExchanges! })),
    runErrors: [...input.runErrors],
    ...(input.incomplete !== undefined ? { incomplete: input.incomplete } : {}),
    documentCoverage: documentCoverageOfCatalogue(),
    coverage,
    ok: runPasses(input, totals, coverage, strict),
  };
}

/** Each requirement id with the tests that name it (or whose failed or warned check names it), each test as that requirement sees it. */
function testsByRequirement(records: readonly TestRecord[]): Map<string, TestRecord[]> {
  const byRequirement = new Map<string, TestRecord[]>();
  for (const record of records)
    for (const id of new Set([...record.requirements, ...(record.failedRequirements ?? []), ...(record.warnedRequirements ?? [])]))
      byRequirement.set(id, [...(byRequirement.get(id) ?? []), asSeenBy(record, id)]);
  return byRequirement;
}

/** Every requirement of the catalogue, in its order, with its status at its level and the tests behind it. */
function requirementSummaries(byRequirement: ReadonlyMap<string, TestRecord[]>, covered: ReadonlySet<string>): RequirementSummary[] {
  return REQUIREMENTS.map((r) => {
    const tests = byRequirement.get(r.id) ?? [];
    // Only a stated rule fails a target; a reading or SHOULD warns, and where the document is
    // silent what the target did is recorded (schemas/verdict-levels.ts).
    const status = requirementStatusAt(requirementStatus(tests, covered), r.level);
    const reason = requirementReason(status, tests);
    return {
      id: r.id,
      area: r.area,
      section: r.section,
      level: r.level,
      ...(r.quotes.length > 0 ? { quote: r.quotes.join(' … ') } : {}),
      status,
      tests: tests.map((t) => t.name),
      ...(reason ? { reason } : {}),
    };
  });
}

/** Requirements per status in each area that has any, in the order of schemas/areas.ts. */
function areaTotals(requirements: readonly RequirementSummary[]): AreaTotals[] {
  return AREAS.map((a) => {
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
}

/** Tests per status (Summary.totals), and the failed ones (all, and those no expected failure covers) and the broken ones. */
function testTotals(records: readonly TestRecord[], covered: ReadonlySet<string>) {
  const failedTests = records.filter((t) => t.status === 'failed');
  const uncovered = failedTests.filter((t) => !covered.has(t.name));
  const brokenTests = records.filter((t) => t.status === 'broken');
  const totals: Summary['totals'] = {
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
  return { totals, failedTests, uncovered, brokenTests };
}

/** Summary.ok before the leak check: the conditions its comment lists. */
function runPasses(input: SummaryInput, totals: Summary['totals'], coverage: RunCoverage, strict: boolean): boolean {
  return (
    input.incomplete === undefined &&
    input.reconciliation.ok &&
    input.runErrors.length === 0 &&
    totals.failed === 0 &&
    totals.broken === 0 &&
    !coverage.belowMinimum &&
    !(strict && (totals.warnings > 0 || totals.inconclusive > 0))
  );
}

/**
 * The summary once the output folder was searched for the run's keys: a key found fails the run,
 * and every report says so first (summaryHeadMarkdown, junit.xml's headline and run errors).
 */
export function withLeakCheck(s: Summary, check: LeakCheckSummary): Summary {
  return { ...s, leakCheck: check, ok: s.ok && check.passed };
}

/** The summary with a comparison against a baseline, and the gate it is judged by. */
export function withBaseline(s: Summary, baseline: BaselineComparison, failOn: FailOn): Summary {
  return { ...s, baseline, ...(failOn === 'regression' ? { failOn } : {}) };
}

/** What a leak means, in one line naming where it is (never the key). */
export function leakHeadline(check: LeakCheckSummary): string {
  const shown = check.findings.slice(0, 5).join('; ');
  return (
    `a key of the run was found in the reports (5.2), which must not be ` +
    `shared: ${shown}${check.findings.length > 5 ? `; and ${check.findings.length - 5} more (summary.json leakCheck)` : ''}`
  );
}

function statusCounts(requirements: readonly RequirementSummary[]): { requirements: number } & Partial<Record<RequirementStatus, number>> {
  const counts: { requirements: number } & Partial<Record<RequirementStatus, number>> = { requirements: requirements.length };
  for (const r of requirements) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** What every first line says of a run whose target's certificate was not verified (certify --insecure). */
export const IDENTITY_NOT_CHECKED = "the target's identity was not checked: --insecure, its TLS certificate was not verified";

/** " (the target's identity was not checked: …)" after the verdict word, or nothing. */
export const identityCaveat = (s: Pick<Summary, 'identityNotChecked'>): string => (s.identityNotChecked ? ` (${s.identityNotChecked})` : '');
