/**
 * How much a run proved, decided here and nowhere else: of the tests it ran, how many reached a
 * verdict, and of the requirements the document states (fail level), how many a test settled. A
 * PASS over half the suite is not a PASS over the document, so this reach is part of the verdict
 * wherever the verdict is shown (summary.md's first line, summary.json `coverage`, the terminal's
 * closing lines, the Allure banner), and certify --min-coverage judges it.
 */
import { isNotSelected, skipGroups, type RunMeans, type SkipGroup } from './skip-remedies.ts';
import type { RequirementStatus } from './requirement-status.ts';
import type { TestStatus } from './test-status.ts';

/**
 * A test decides when it ran to a verdict on its requirements: passed, failed (a known deviation is
 * a failed test that an expected failure covers: decided too), warned, recorded. A skipped or not
 * testable test never ran its checks; an inconclusive one ran them but could not judge; a broken one
 * could not talk to the target: none of them decides anything.
 */
const DECIDING_TEST_STATUSES: readonly TestStatus[] = ['passed', 'failed', 'warned', 'recorded'];

/**
 * A requirement is decided when a test settled it: passed, failed, known deviation, warning,
 * recorded. Broken, inconclusive, skipped, not testable and not covered leave it undecided.
 */
const DECIDING_REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['passed', 'failed', 'known-deviation', 'warning', 'recorded'];

export const decidesTest = (status: TestStatus): boolean => DECIDING_TEST_STATUSES.includes(status);
export const decidesRequirement = (status: RequirementStatus): boolean => DECIDING_REQUIREMENT_STATUSES.includes(status);

/** A share, with its percentage rounded down to a whole number: a figure never claims more than was proven. */
export interface Share {
  decided: number;
  total: number;
  /** 0 when total is 0. */
  percent: number;
}

export interface TestReach extends Share {
  /** Skipped tests, the not testable ones among them (each with what would run it: skip-remedies.ts). */
  skipped: number;
  notTestable: number;
  inconclusive: number;
  broken: number;
  /** Tests --requirements left out: outside the total, as the files --only leaves out are. */
  notSelected: number;
}

export const shareOf = (decided: number, total: number): Share => ({ decided, total, percent: total === 0 ? 0 : Math.floor((decided * 100) / total) });

/** The tests' reach: decided of those the run selected. */
export function testReach(statuses: readonly { status: TestStatus; notSelected: boolean }[]): TestReach {
  const selected = statuses.filter((s) => !s.notSelected);
  const count = (...of: TestStatus[]) => selected.filter((s) => of.includes(s.status)).length;
  return {
    ...shareOf(selected.filter((s) => decidesTest(s.status)).length, selected.length),
    skipped: count('skipped', 'not-testable'),
    notTestable: count('not-testable'),
    inconclusive: count('inconclusive'),
    broken: count('broken'),
    notSelected: statuses.length - selected.length,
  };
}

/** The reach over the rules the document states: fail-level requirements of the whole catalogue, decided by this run. */
export function failLevelReach(requirements: readonly { level: string; status: RequirementStatus }[]): Share {
  const stated = requirements.filter((r) => r.level === 'fail');
  return shareOf(stated.filter((r) => decidesRequirement(r.status)).length, stated.length);
}

/**
 * Whether the tests' reach is below certify --min-coverage PCT, compared exactly (decided × 100 <
 * PCT × total), not on the rounded percentage.
 */
export const belowMinimum = (tests: Share, minCoverage: number | undefined): boolean =>
  minCoverage !== undefined && tests.decided * 100 < minCoverage * tests.total;

/** "192 of 423 tests decided (45 %); 231 skipped", with the inconclusive, broken and unselected tests when there are. */
export function testReachText(t: TestReach): string {
  return [
    `${t.decided} of ${t.total} tests decided (${t.percent} %)`,
    `${t.skipped} skipped`,
    ...(t.inconclusive > 0 ? [`${t.inconclusive} inconclusive`] : []),
    ...(t.broken > 0 ? [`${t.broken} broken`] : []),
    ...(t.notSelected > 0 ? [`${t.notSelected} not selected (--requirements)`] : []),
  ].join('; ');
}

/** "fail-level requirements: 150 of 210 decided (71 %)". */
export const failLevelReachText = (r: Share): string => `fail-level requirements: ${r.decided} of ${r.total} decided (${r.percent} %)`;

/** Why the run fails on its coverage: "coverage 45 % below --min-coverage 90". */
const belowMinimumText = (t: Share, minCoverage: number): string => `coverage ${t.percent} % below --min-coverage ${minCoverage}`;

/** summary.json's `coverage`: the run's reach, the minimum it was held to, and what would run its skipped tests. */
export interface RunCoverage {
  tests: TestReach;
  failLevelRequirements: Share;
  /** certify --min-coverage, when given. */
  minCoverage?: number;
  /** The tests' reach is below minCoverage: the run fails (exit 1). */
  belowMinimum: boolean;
  /** The skipped tests by what would run them (skip-remedies.ts). */
  skipGroups: SkipGroup[];
}

export interface CoverageInput {
  tests: readonly { name: string; status: TestStatus; skipReason?: string | undefined }[];
  requirements: readonly { level: string; status: RequirementStatus }[];
  means?: RunMeans | undefined;
  minCoverage?: number | undefined;
}

export function runCoverage(input: CoverageInput): RunCoverage {
  const tests = testReach(input.tests.map((t) => ({ status: t.status, notSelected: isNotSelected(t.skipReason) })));
  return {
    tests,
    failLevelRequirements: failLevelReach(input.requirements),
    ...(input.minCoverage !== undefined ? { minCoverage: input.minCoverage } : {}),
    belowMinimum: belowMinimum(tests, input.minCoverage),
    skipGroups: skipGroups(
      input.tests.filter((t) => t.status === 'skipped' || t.status === 'not-testable'),
      input.means,
    ),
  };
}

/** What follows the verdict word: why the coverage fails the run when it does, then the tests' reach. */
export const verdictReachText = (c: RunCoverage): string =>
  c.belowMinimum && c.minCoverage !== undefined ? `${belowMinimumText(c.tests, c.minCoverage)}; ${testReachText(c.tests)}` : testReachText(c.tests);
